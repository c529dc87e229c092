use super::*;

#[test]
fn shadow_tracks_written_ranges() {
    let mut ub = Ub::new(256);
    assert!(!ub.all_init(0..1));
    ub.write(60, &[1, 2, 3, 4, 5, 6, 7, 8]);
    assert!(ub.all_init(60..68));
    assert!(!ub.all_init(59..68));
    assert_eq!(ub.first_uninit(0..256), Some(0));
    assert_eq!(ub.first_uninit(60..70), Some(68));
    assert_eq!(ub.first_uninit(60..68), None);
    assert_eq!(ub.slice(60..62), &[1, 2]);
    ub.mark_init(0..256);
    assert!(ub.all_init(0..256));
    assert!(
        ub.all_init(10..10),
        "an empty range is trivially initialised"
    );
}

#[test]
fn masked_stores_mark_only_their_bytes() {
    // Start 32 bytes into a shadow word, 256 bytes, every other 2-byte lane (0b0011 …).
    let mut m = Ub::new(1024);
    let data: Vec<u8> = (0..=255).collect();
    let mask = ByteMask::new([0x3333_3333_3333_3333u64; 4]);
    assert!(m.store_masked(96, &data, &mask));
    for i in 0..256u32 {
        let on = i % 4 < 2;
        assert_eq!(m.is_init(96 + i), on, "byte {i}");
        assert_eq!(m.is_written(96 + i), on, "byte {i}");
        let want = if on { i as u8 } else { 0 };
        assert_eq!(m.slice(96 + i..97 + i), &[want], "byte {i}");
    }
    assert!(!m.is_init(95) && !m.is_init(352));
    // The first active byte that is not initialised: byte 2 of the next repeat's range
    // is active and uninitialised where the store above skipped it.
    assert_eq!(m.first_uninit_masked(96, 256, &mask.bits), None);
    assert_eq!(m.first_uninit_masked(96, 256, &[u64::MAX; 4]), Some(2));
    assert_eq!(m.first_uninit_masked(352, 8, &[1, 0, 0, 0]), Some(0));
    assert!(
        !m.store_masked(1000, &data, &mask),
        "beyond the UB: nothing stored"
    );
    // Word-aligned (whole-word blends) and not (bytes): the same bytes and shadows,
    // relative to the start, for a full repeat and for a short odd length.
    let old: Vec<u8> = (0..=255).map(|i: u8| i.wrapping_mul(7) | 1).collect();
    for (len, bits) in [
        (256, [0x0f0f_f0f0_1234_8765u64, 0, u64::MAX, 5]),
        (37, [0x1_5555_0f0f, 0, 0, 0]),
    ] {
        let mask = ByteMask::new(bits);
        let mut u = Ub::new(2048);
        u.write(512, &old);
        u.write(1029, &old);
        assert!(u.store_masked(512, &data[..len], &mask));
        assert!(u.store_masked(1029, &data[..len], &mask));
        for i in 0..256u32 {
            let on = (i as usize) < len && bits[(i / 64) as usize] >> (i % 64) & 1 == 1;
            let want = if on { i as u8 } else { old[i as usize] };
            for at in [512, 1029] {
                assert_eq!(
                    u.slice(at + i..at + i + 1),
                    &[want],
                    "{len} bytes at {at}, byte {i}"
                );
                assert_eq!(u.is_written(at + i), on, "{len} bytes at {at}, byte {i}");
            }
        }
    }
}

#[test]
fn global_memory_is_a_second_region() {
    let mut m = Ub::with_gm(256, 128);
    let g = GM_BASE;
    assert!(m.holds(g as u64..g as u64 + 128));
    assert!(
        !m.holds(g as u64 + 64..g as u64 + 129),
        "past the end of GM"
    );
    assert!(!m.holds(200..300), "past the end of the UB");
    assert!(!m.holds(256..GM_BASE as u64), "between the regions");
    m.write(g + 8, &[9, 8]);
    assert_eq!(m.slice(g + 8..g + 10), &[9, 8]);
    assert_eq!(m.first_uninit(g..g + 16), Some(g));
    assert_eq!(m.first_uninit(g + 8..g + 16), Some(g + 10));
    assert!(!m.is_init(8), "the UB is untouched by a GM write");
    m.slice_mut(g + 32..g + 40).fill(7);
    assert!(m.is_written(g + 39) && !m.is_written(g + 40));
    m.mark_undefined(g + 32..g + 36);
    assert!(!m.is_init(g + 33) && m.is_init(g + 36) && m.is_written(g + 33));
    assert!(
        !m.all_init(300..301),
        "outside both regions is never initialised"
    );
}

/// A store's allocation placed elsewhere in another memory: its bytes and initialised bits (a
/// range not a multiple of 64 bytes long, initialised in pieces) as they were, none written
/// there, global memory grown to its end, what was before it kept.
#[test]
fn a_stored_allocation_is_placed_with_its_bytes_and_initialised_bits() {
    let g = GM_BASE;
    let mut old = Ub::with_gm(256, 4096);
    old.write(g + 512, &[1, 2, 3]);
    old.slice_mut(g + 512 + 70..g + 512 + 90).fill(5);
    old.write(g + 512 + 95, &[6]);
    let store = old.gm_store();
    let mut new = Ub::with_gm(256, 64);
    new.write(g, &[0xEE; 8]);
    new.place_gm(&store, 512, 1024, 96);
    let at = |i: u32| g + 1024 + i;
    assert_eq!(new.slice(at(0)..at(3)), &[1, 2, 3]);
    assert_eq!(new.slice(at(70)..at(90)), &[5; 20]);
    assert_eq!(new.slice(at(95)..at(96)), &[6]);
    for i in 0..96 {
        let want = i < 3 || (70..90).contains(&i) || i == 95;
        assert_eq!(new.is_init(at(i)), want, "byte {i}");
        assert!(!new.is_written(at(i)), "byte {i}");
    }
    assert_eq!(new.slice(at(3)..at(70)), &[0; 67][..]);
    assert_eq!(
        new.slice(g..g + 8),
        &[0xEE; 8],
        "memory before the place is kept"
    );
    assert!(new.holds(at(0) as u64..at(96) as u64) && !new.holds(at(0) as u64..at(97) as u64));
    assert_eq!(store.read(512 + 70, 4), vec![5; 4]);
    assert_eq!(
        store.read(4094, 4),
        vec![0; 4],
        "zeros past the store's end"
    );
}

#[test]
fn a_snapshot_shares_the_pages_no_write_reached() {
    // A UB of 3 pages and a bit (its last page partial), and 2 pages of GM.
    let mut m = Ub::with_gm(3 * PAGE as u32 + 96, 2 * PAGE as u32);
    m.write(10, &[1; 40]);
    let a = m.freeze();
    assert_eq!(a.ub.pages.len(), 4, "the partial page is a page");
    // One byte in page 2 of the UB: every other page is the first snapshot's.
    m.slice_mut(2 * PAGE as u32 + 5..2 * PAGE as u32 + 6)[0] = 9;
    let b = m.freeze();
    for p in 0..4 {
        assert_eq!(
            Arc::ptr_eq(&a.ub.pages[p], &b.ub.pages[p]),
            p != 2,
            "page {p}"
        );
    }
    assert!(Arc::ptr_eq(&a.gm.pages[0], &b.gm.pages[0]));
    // Each snapshot thaws to the memory as it was when taken.
    let (ta, tb) = (Ub::thaw(&a), Ub::thaw(&b));
    assert_eq!(ta.slice(2 * PAGE as u32 + 5..2 * PAGE as u32 + 6), &[0]);
    assert!(!ta.is_written(2 * PAGE as u32 + 5));
    assert_eq!(tb.slice(2 * PAGE as u32 + 5..2 * PAGE as u32 + 6), &[9]);
    assert!(tb.is_written(2 * PAGE as u32 + 5) && tb.is_init(10));
    assert_eq!(tb, m);
    // A write straddling two pages of GM marks both.
    let g = GM_BASE + PAGE as u32 - 4;
    m.slice_mut(g..g + 8).fill(3);
    let c = m.freeze();
    assert!(!Arc::ptr_eq(&b.gm.pages[0], &c.gm.pages[0]));
    assert!(!Arc::ptr_eq(&b.gm.pages[1], &c.gm.pages[1]));
    assert!(Arc::ptr_eq(&b.ub.pages[2], &c.ub.pages[2]));
}

proptest::proptest! {
    /// Every way to change memory marks what it changes: snapshots taken between random
    /// changes (and from thawed memory) thaw to the memory as it was when taken.
    #[test]
    fn snapshots_thaw_to_the_memory_they_were_taken_of(
        ops in proptest::collection::vec((0u8..10, 0u32..20_000, 0u32..600, proptest::prelude::any::<u64>()), 1..60)
    ) {
        let mut m = Ub::with_gm(12_288 + 160, 9_000);
        let mut snaps: Vec<(FrozenUb, Ub)> = Vec::new();
        for (kind, at, len, bits) in ops {
            let gm = bits & 1 == 1;
            let size = if gm { m.gm_size() } else { m.size() };
            let base = if gm { GM_BASE } else { 0 };
            let at = at % size;
            let len = len.min(size - at);
            let a = base + at;
            let data: Vec<u8> = (0..len).map(|i| (i as u64 ^ bits) as u8).collect();
            match kind {
                0 => m.write(a, &data),
                1 => m.slice_mut(a..a + len).copy_from_slice(&data),
                2 => {
                    let _ = m.store_masked(a, &data[..len.min(256) as usize], &ByteMask::new([bits, !bits, bits >> 3, u64::MAX]));
                }
                3 => {
                    let masks = [bits as u32, u32::MAX, 0, (bits >> 32) as u32, 1, 0, 7, u32::MAX];
                    let data = vec![(bits >> 8) as u8; 2 * 256];
                    let _ = m.store_strided(a as u64, (320, 64), 2, &masks, &data);
                }
                4 => m.mark_undefined(a..a + len),
                5 => m.mark_init(a..a + len),
                6 => {
                    if let Some((bytes, off, _)) = m.run_mut(a..a + len) {
                        bytes[off..off + len as usize].fill(bits as u8);
                    }
                }
                7 => m.grow_gm(m.gm_size() + len),
                8 => m.select_core((bits % 3) as u32),
                _ => {
                    // Go back to an earlier snapshot and go on from there: thawed anew,
                    // or the memory rewound (only the pages that may differ copied).
                    if let Some((f, want)) = snaps.get((bits as usize) % snaps.len().max(1)) {
                        if bits >> 40 & 1 == 0 {
                            m = Ub::thaw(f);
                        } else {
                            m.rewind(f);
                            proptest::prop_assert!(m == *want, "rewound");
                        }
                    }
                }
            }
            if bits >> 60 < 6 {
                let copy = m.clone();
                snaps.push((m.freeze(), copy));
            }
        }
        for (i, (f, want)) in snaps.iter().enumerate() {
            proptest::prop_assert!(Ub::thaw(f) == *want, "snapshot {}", i);
        }
        // The memory rewound to each snapshot in turn, latest first (sharing most pages
        // with the memory's base) then oldest.
        for (i, (f, want)) in snaps.iter().enumerate().rev().chain(snaps.iter().enumerate()) {
            m.rewind(f);
            proptest::prop_assert!(m == *want, "rewound to snapshot {}", i);
        }
    }

    /// The full-page summary never claims a page with an uninitialised byte, and the
    /// first uninitialised byte of any range is the one a byte-by-byte look finds,
    /// through every way to initialise or un-initialise memory, thaws and core switches.
    #[test]
    fn first_uninit_equals_looking_at_every_byte(
        ops in proptest::collection::vec((0u8..9, 0u32..20_000, 0u32..12_000, proptest::prelude::any::<u64>()), 1..40),
        looks in proptest::collection::vec((0u32..20_000, 0u32..12_000), 8)
    ) {
        let mut m = Ub::new(20_000);
        let mut snaps: Vec<FrozenUb> = Vec::new();
        for (kind, at, len, bits) in ops {
            let at = at % m.size();
            let len = len.min(m.size() - at);
            let data = vec![bits as u8; len as usize];
            match kind {
                0 => m.write(at, &data),
                1 => m.slice_mut(at..at + len).fill(1),
                2 => {
                    let _ = m.store_masked(at, &data[..len.min(256) as usize], &ByteMask::new([bits, !bits, u64::MAX, bits >> 5]));
                }
                3 => m.mark_undefined(at..at + len.min(bits as u32 % 9_000)),
                4 | 5 => m.mark_init(at..at + len),
                6 => {
                    let _ = m.run_mut(at..at + len);
                }
                7 => {
                    m.select_core((bits % 2) as u32);
                }
                _ => {
                    snaps.push(m.freeze());
                    if let Some(f) = snaps.get((bits as usize) % snaps.len()) {
                        if bits >> 40 & 1 == 0 {
                            m = Ub::thaw(f);
                        } else {
                            m.rewind(f);
                        }
                    }
                }
            }
            let r = &m.ub;
            for p in 0..(r.size as usize).div_ceil(PAGE) {
                if get_bit(&r.full, p) {
                    let words = &r.init[p * PAGE / 64..(p + 1) * PAGE / 64];
                    proptest::prop_assert!(words.iter().all(|&w| w == u64::MAX), "page {}", p);
                }
            }
            for &(a, n) in &looks {
                let a = a % m.size();
                let e = (a + n).min(m.size());
                let want = (a..e).find(|&b| !m.is_init(b));
                proptest::prop_assert_eq!(m.first_uninit(a..e), want, "{:#x}..{:#x}", a, e);
            }
        }
    }
}
