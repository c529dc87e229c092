//! The properties over random programs: a run equals stepping at every granularity, in pieces,
//! back and forth, across product switches; the write log's last writers equal the replay.

use super::*;
use crate::generator::program;

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]
    #[test]
    fn run_equals_stepping(
        product in 0usize..6,
        dt in 0u8..5,
        init_seed in any::<u64>(),
        specs in prop::collection::vec((any::<u8>(), any::<u64>()), 1..6),
    ) {
        let product = Product::ALL[product];
        let p = Arc::new(program(product, dt, init_seed, &specs));
        let mut fast = Machine::new(p.clone(), product);
        fast.run();
        for g in [Granularity::Block, Granularity::Repeat, Granularity::Instruction] {
            let m = stepped(&p, product, g);
            let d = diff(&fast, &m);
            prop_assert!(d.is_none(), "run vs {:?} stepping: {}\nprogram: {:#?}", g, d.unwrap_or_default(), p.code);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
    /// `run_to` a step inside an instruction runs the whole repeats before it on the fast path
    /// and the rest block by block: a run in pieces of random lengths, each piece checked
    /// against block stepping to the same step, ends where one run does.
    #[test]
    fn runs_in_pieces_equal_stepping(
        product in 0usize..6,
        dt in 0u8..5,
        init_seed in any::<u64>(),
        specs in prop::collection::vec((any::<u8>(), any::<u64>()), 1..6),
        pieces in prop::collection::vec(1u64..40, 1..12),
    ) {
        let product = Product::ALL[product];
        let p = Arc::new(program(product, dt, init_seed, &specs));
        let mut pieced = Machine::new(p.clone(), product);
        let mut stepped_m = Machine::new(p.clone(), product);
        for (i, &k) in pieces.iter().cycle().take(64).enumerate() {
            if pieced.status() != ascstep::sim::Status::Running {
                break;
            }
            let target = pieced.step_count() + k;
            pieced.run_to(target);
            if pieced.status() == ascstep::sim::Status::Running {
                prop_assert_eq!(pieced.step_count(), target, "piece {} stopped elsewhere", i);
            }
            while stepped_m.step_count() < pieced.step_count()
                && stepped_m.step(Granularity::Block).is_some()
            {}
            if pieced.status() == ascstep::sim::Status::Failed {
                stepped_m.run();
            }
            let d = diff(&pieced, &stepped_m);
            prop_assert!(d.is_none(), "piece {} ({} steps): {}\nprogram: {:#?}", i, k, d.unwrap_or_default(), p.code);
        }
        pieced.run();
        let mut fast = Machine::new(p.clone(), product);
        fast.run();
        let d = diff(&pieced, &fast);
        prop_assert!(d.is_none(), "pieces vs one run: {}", d.unwrap_or_default());
    }
}

/// Guards the generator: the property above is only meaningful if random programs finish,
/// fail, write data and take the fast path in useful proportions, and if every family —
/// the packed-bit, packed-output, conversion and whole-tensor ones included — really executes.
/// The seeds are those of 1000 proptest cases' worth of programs.
#[test]
fn generator_covers_finished_failed_and_fast_runs() {
    let (mut finished, mut failed, mut blocks, mut fast) = (0, 0, 0u64, 0);
    // Instructions that wrote something, per family.
    let mut wrote: std::collections::HashMap<Family, u32> = Default::default();
    for seed in 0..1000u64 {
        let mut r = Rng(SplitMix64::new(seed));
        let product = Product::ALL[r.below(6) as usize];
        let specs: Vec<(u8, u64)> = (0..1 + r.below(4))
            .map(|_| (r.next() as u8, r.next()))
            .collect();
        let p = Arc::new(program(product, r.below(5) as u8, r.next(), &specs));
        let mut m = Machine::new(p.clone(), product);
        loop {
            let idx = m.pos().instruction;
            if let Ok(prep) =
                ascstep::sim::reach::prepare(&p, idx, product, UB, m.regs(), m.scalars())
            {
                fast += (prep.fast && prep.plan.repeats > 0) as u32;
            }
            let Some(ev) = m.step(Granularity::Instruction) else {
                break;
            };
            if ev.accesses.iter().any(|a| a.kind == AccessKind::Write) {
                if let Some(ins) = p.code.get(ev.pos.instruction as usize) {
                    *wrote.entry(ins.op.family()).or_default() += 1;
                }
            }
        }
        match m.status() {
            ascstep::sim::Status::Finished => finished += 1,
            _ => failed += 1,
        }
        blocks += m.counts().blocks;
    }
    eprintln!(
        "finished {finished}, failed {failed}, blocks {blocks}, fast-path instructions {fast}"
    );
    assert!(
        finished >= 200,
        "only {finished} of 1000 random programs finished"
    );
    assert!(
        failed >= 100,
        "only {failed} of 1000 random programs failed"
    );
    assert!(
        blocks >= 30_000,
        "random programs executed only {blocks} blocks"
    );
    assert!(fast >= 100, "only {fast} instructions took the fast path");
    eprintln!("instructions that wrote, per family: {wrote:?}");
    for fam in [
        Family::Unary,
        Family::Binary,
        Family::Scalar,
        Family::Reduce,
        Family::Compare,
        Family::Select,
        Family::GatherMask,
        Family::Cast,
        Family::CastBinary,
        Family::Brcb,
        Family::VecIndex,
        Family::Whole,
        Family::Copy,
        Family::DataCopy,
        Family::Gather,
        Family::ScalarUnit,
    ] {
        let n = wrote.get(&fam).copied().unwrap_or(0);
        assert!(n >= 10, "only {n} {fam:?} instructions wrote anything");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]
    #[test]
    fn random_walk_back_and_forth_matches_a_fresh_run(
        product in 0usize..6,
        dt in 0u8..5,
        init_seed in any::<u64>(),
        specs in prop::collection::vec((any::<u8>(), any::<u64>()), 1..5),
        walk in prop::collection::vec((0u8..6, 1u64..40), 1..25),
        interval in 1u64..20,
    ) {
        let product = Product::ALL[product];
        let p = Arc::new(program(product, dt, init_seed, &specs));
        let mut s = Session::with_history(p.clone(), product, interval, 4);
        let gs = [Granularity::Block, Granularity::Repeat, Granularity::Instruction];
        for (i, &(op, n)) in walk.iter().enumerate() {
            match op {
                0 | 1 => { s.step(gs[(n % 3) as usize], n % 4 + 1); }
                2 | 3 => { s.back(gs[(n % 3) as usize], n % 4 + 1); }
                4 => s.goto(n * 7),
                _ => { s.cont(); }
            }
            // A session that has tried and failed the next instruction is Failed at that step;
            // a fresh machine gets there by running until it fails too.
            let mut fresh = Machine::new(p.clone(), product);
            if s.machine().status() == ascstep::sim::Status::Failed {
                fresh.run();
            } else {
                fresh.run_to(s.step_count());
            }
            let d = diff(&fresh, s.machine());
            prop_assert!(d.is_none(), "after move {} ({:?}): {}", i, (op, n), d.unwrap_or_default());
        }
    }
}

/// The machine a fresh run on `product` has at `step` (or where it fails before).
fn fresh_at(p: &Arc<Program>, product: Product, step: u64, failed: bool) -> Machine {
    let mut fresh = Machine::new(p.clone(), product);
    if failed {
        fresh.run();
    } else {
        fresh.run_to(step);
    }
    fresh
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]
    /// A product switch takes over the run it leaves up to the first instruction the new
    /// product prepares differently (`Session::set_product`, the divergence log): at the same
    /// step, then after moving back and forth and after a second switch, the session's machine
    /// is what a fresh run on its product reaches (random programs on random products, valid
    /// or not, most of them differing somewhere).
    #[test]
    fn product_switches_match_a_fresh_run(
        products in (0usize..6, 0usize..6, 0usize..6),
        dt in 0u8..5,
        init_seed in any::<u64>(),
        specs in prop::collection::vec((any::<u8>(), any::<u64>()), 1..6),
        at in 0u64..400,
        back in 0u64..100,
        interval in 1u64..20,
    ) {
        let (a, b, c) = (Product::ALL[products.0], Product::ALL[products.1], Product::ALL[products.2]);
        let p = Arc::new(program(a, dt, init_seed, &specs));
        let mut s = Session::with_history(p.clone(), a, interval, 6);
        s.goto(at);
        for (k, product) in [b, c].into_iter().enumerate() {
            let here = s.step_count();
            s.set_product(product);
            s.goto(here);
            let failed = s.machine().status() == ascstep::sim::Status::Failed;
            let want = fresh_at(&p, product, s.step_count(), failed);
            prop_assert_eq!(s.machine().product(), product);
            let d = diff(&want, s.machine());
            prop_assert!(d.is_none(), "switch {} to {:?} at {}: {}", k, product, here, d.unwrap_or_default());
            let to = s.step_count().saturating_sub(back);
            s.goto(to);
            let failed = s.machine().status() == ascstep::sim::Status::Failed;
            let d = diff(&fresh_at(&p, product, s.step_count(), failed), s.machine());
            prop_assert!(d.is_none(), "back to {} on {:?}: {}", to, product, d.unwrap_or_default());
            s.goto(to + 2 * back + 3);
            let failed = s.machine().status() == ascstep::sim::Status::Failed;
            let d = diff(&fresh_at(&p, product, s.step_count(), failed), s.machine());
            prop_assert!(d.is_none(), "forward on {:?}: {}", product, d.unwrap_or_default());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
    /// The failing-expectation report's last writer from the run's write log (exact extents
    /// answer at once, inexact ones replayed) is the block-by-block replay's answer, for bytes
    /// all over the generator's tensors.
    #[test]
    fn last_writers_from_the_write_log_equal_the_replay(
        product in 0usize..6,
        dt in 0u8..5,
        init_seed in any::<u64>(),
        specs in prop::collection::vec((any::<u8>(), any::<u64>()), 1..8),
        picks in prop::collection::vec((any::<u32>(), any::<u32>()), 1..24),
    ) {
        let product = Product::ALL[product];
        let p = Arc::new(program(product, dt, init_seed, &specs));
        let mut m = Machine::new(p.clone(), product);
        m.keep_write_log();
        m.run();
        let log = m.write_log().unwrap_or(&[]).to_vec();
        // Mostly bytes inside some logged extent, now and then anywhere in the UB.
        let picks: Vec<u32> = picks
            .iter()
            .map(|&(a, b)| match log.get(a as usize % (log.len() + 1)) {
                Some(r) if r.bytes.end <= UB as u64 => {
                    (r.bytes.start + b as u64 % (r.bytes.end - r.bytes.start).max(1)) as u32
                }
                _ => b % UB,
            })
            .collect();
        let start = Machine::new(p.clone(), product);
        // The truth, from the replay of the same steps the run took (a failed run stops where
        // it failed).
        let truth: Vec<Option<u32>> =
            ascstep::sim::trace::last_writes(start.clone(), m.step_count(), &picks)
                .into_iter()
                .map(|w| w.map(|w| w.pos.instruction))
                .collect();
        let got = ascstep::sim::trace::last_writers_from_log(start, &log, &picks);
        prop_assert_eq!(got, truth, "program: {:#?}", p.code);
    }
}
