//! Interleaved A/B timing, robust to a loaded machine: after one warm-up call each, every round
//! runs every contender once, in turn, so that the load hits them alike; the minimum and the
//! median over the rounds are reported, with ratios to the first contender. Shared by the
//! `compare` and `gadgets_compare` benches (`#[path]`-included).
#![allow(dead_code, clippy::indexing_slicing)]

use std::time::{Duration, Instant};

/// A named contender.
pub type Job<'a> = (&'a str, Box<dyn FnMut() + 'a>);

/// One contender's minimum and median over the rounds.
#[derive(Clone, Copy, Debug)]
pub struct Stat {
    pub min: Duration,
    pub median: Duration,
}

/// Calls every job once (warm-up), then `rounds` (at least 1) rounds of every job in turn.
pub fn run(rounds: usize, jobs: &mut [Job<'_>]) -> Vec<Stat> {
    for (_, job) in jobs.iter_mut() {
        job();
    }
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); jobs.len()];
    for _ in 0..rounds.max(1) {
        for ((_, job), t) in jobs.iter_mut().zip(&mut times) {
            let start = Instant::now();
            job();
            t.push(start.elapsed());
        }
    }
    times
        .iter_mut()
        .map(|t| {
            t.sort();
            Stat {
                min: t[0],
                median: t[t.len() / 2],
            }
        })
        .collect()
}

/// The unit times are printed in.
#[derive(Clone, Copy, Debug)]
pub enum Unit {
    Micros,
    Millis,
}

impl Unit {
    fn of(self, d: Duration) -> f64 {
        match self {
            Unit::Micros => d.as_secs_f64() * 1e6,
            Unit::Millis => d.as_secs_f64() * 1e3,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Unit::Micros => "µs",
            Unit::Millis => "ms",
        }
    }
}

/// Prints one line per job: minimum and median, and their ratios to the first job's.
pub fn report(jobs: &[Job<'_>], stats: &[Stat], unit: Unit) {
    let u = unit.name();
    for ((name, _), s) in jobs.iter().zip(stats) {
        println!(
            "  {name:<28} min {:>10.1} {u}  median {:>10.1} {u}  ratio(min) {:.3}  ratio(median) {:.3}",
            unit.of(s.min),
            unit.of(s.median),
            s.min.as_secs_f64() / stats[0].min.as_secs_f64(),
            s.median.as_secs_f64() / stats[0].median.as_secs_f64(),
        );
    }
}
