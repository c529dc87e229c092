//! Files ascstep writes: always atomically (a temporary file in the same directory, then a
//! rename), so a reader never sees half a file and an interrupted run leaves the old one.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically. With `replace` false an existing `path` is an error
/// (the caller asks the user for `--force`).
pub fn write_atomic(path: &Path, bytes: &[u8], replace: bool) -> std::io::Result<()> {
    if !replace && path.exists() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            format!("{} exists", path.display()),
        ));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let tmp = dir.join(format!(".{name}.ascstep-{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_replaces_only_when_asked_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("ascstep-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("out.xml");
        let _ = std::fs::remove_file(&p);
        write_atomic(&p, b"one", false).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"one");
        let e = write_atomic(&p, b"two", false).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&p).unwrap(), b"one");
        write_atomic(&p, b"two", true).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        let left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, vec![std::ffi::OsString::from("out.xml")]);
        // A directory that does not exist: an error, nothing written.
        assert!(write_atomic(&dir.join("no/such/dir.xml"), b"x", true).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
