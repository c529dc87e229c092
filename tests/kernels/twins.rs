//! C++ kernels and their RON twins (tests/twins) run to the same bytes.

use super::*;

/// A RON program's text without comments, blank lines and indentation, up to its `expect`.
fn program_text(ron: &str) -> Vec<String> {
    ron.lines()
        .map(|l| match l.find("//") {
            Some(i) => l[..i].trim(),
            None => l.trim(),
        })
        .take_while(|l| !l.starts_with("expect:"))
        .filter(|l| !l.is_empty() && *l != ")" && *l != "],")
        .map(str::to_string)
        .collect()
}

/// Per header area (docs/format.md §12.3), a small C++ kernel and its RON twin written from
/// the documentation: the import of the kernel's recording is the twin (comments and
/// expectations aside), and the twin's expectations, the documented values, hold.
fn twin(name: &str) -> Run {
    let dir = scratch(&format!("twin_{name}"));
    let asc = format!("{name}.asc");
    std::fs::copy(root(&format!("tests/twins/{asc}")), dir.join(&asc)).unwrap();
    let twin_path = root(&format!("tests/twins/{name}.ron"));
    let twin = std::fs::read_to_string(&twin_path).unwrap();
    let r = ascstep_in(&dir, &["import", &asc], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    assert_eq!(program_text(&r.stdout), program_text(&twin), "{}", r.stdout);
    let t = ascstep_in(&dir, &["run", twin_path.to_str().unwrap()], &[]);
    assert_eq!(t.code, 0, "{}", t.dump());
    assert!(
        t.stdout.contains("  pass  ") && !t.stdout.contains("FAIL"),
        "{}",
        t.dump()
    );
    let r = ascstep_in(&dir, &["run", &asc], &[]);
    assert_eq!(r.code, 0, "{}", r.dump());
    let _ = std::fs::remove_dir_all(&dir);
    r
}

#[test]
fn gather_mask_and_gather_match_their_ron_twin() {
    let r = twin("gather");
    // rsvdCnt as the C++ reads it: 32 odd lanes of 64; 2 lanes of each 32.
    assert_eq!(
        r.stdout,
        "kept 32 picked 4\n0 3 6 9 12 15 18 21 \n",
        "{}",
        r.dump()
    );
}

#[test]
fn register_calls_match_their_ron_twin() {
    twin("registers");
}

/// SetAtomicAdd/SetAtomicMax per launch block, switched off by DisableDmaAtomic and
/// SetAtomicNone: the twin's sums and maxima, and the host reads them back (§18.3).
#[test]
fn the_atomic_mode_matches_its_ron_twin() {
    let r = twin("atomic");
    assert_eq!(r.stdout, "out 106 106 mx 20\n", "{}", r.dump());
}

/// GetReduceRepeatMaxMinSpr's two-argument form answers the register as the documentation's
/// example gives it (256 at index 255, the index bit-wise in a half), and DumpTensor prints
/// the reduction's value–index pairs without a step.
#[test]
fn reduce_register_read_and_dump_match_their_ron_twin() {
    let r = twin("reduce_spr");
    assert_eq!(
        r.stdout,
        "max 256 at 255\nDumpTensor: desc=5, data_type=half, position=UB, size=4\n[128 7.57e-6 256 7.57e-6]\n",
        "{}",
        r.dump()
    );
    has(&r.stderr, "4 API calls recorded", &r);
}

/// One binary call in each documented C++ overload (count; mask + repeatTimes + braced
/// params; `uint64_t mask[2]` with field-assigned params; isSetMask = false after
/// SetVectorMask) equals its RON twin, whose expectations hold.
#[test]
fn the_documented_overloads_match_their_ron_twin() {
    twin("forms");
}

/// Gatherb (a catalog instruction since the vendor's gather sample calls it) equals its RON
/// twin, whose expectations are the documentation's pseudo-code on the twin's data.
#[test]
fn gatherb_matches_its_ron_twin() {
    twin("gatherb");
}

/// One call of each remaining header area (Cast, Compares, Select, WholeReduceSum,
/// BlockReduceMax, the UB → UB DataCopy, PipeBarrier, GetValue/SetValue) equals its RON twin,
/// whose expectations are worked out from the documentation by hand.
#[test]
fn the_other_header_areas_match_their_ron_twin() {
    twin("areas");
}
