//! The vector generators `G_j, H_j` of each party `j`.

use crate::group::hash::GeneratorsChain;
use crate::group::RistrettoPoint;
use alloc::vec::Vec;

/// Vector generators: for each party `j`, the chains `G_j` and `H_j`.
///
/// Party `j`'s `G` points are the chain `GeneratorsChain("G" ‖ j as u32 little-endian)`, its `H`
/// points the chain with `"H"`; an aggregated proof for `m` parties of `n` bits uses the first `n`
/// points of parties `0..m`, in party order.
///
/// Parties may hold different numbers of points: [`new`](Self::new),
/// [`increase_capacity`](Self::increase_capacity) and [`add_parties`](Self::add_parties) give
/// every party the same number, while [`grow`](Self::grow) builds only what one shape of proof
/// needs (a circuit's long party 0 next to many short parties of aggregated range proofs).
/// [`covers`](Self::covers) is the exact test. The chains are deterministic, so party `j`'s first
/// `k` points are the same however the generators were built.
#[derive(Clone, Debug)]
pub struct BulletproofGens {
    /// Party 0's length (the most any party holds), or, with no parties yet, the length
    /// [`add_parties`](Self::add_parties) gives new ones.
    gens_capacity: usize,
    g: Vec<Vec<RistrettoPoint>>,
    h: Vec<Vec<RistrettoPoint>>,
}

fn chain(
    letter: u8,
    party: usize,
    skip: usize,
    count: usize,
) -> impl Iterator<Item = RistrettoPoint> {
    let mut label = [letter, 0, 0, 0, 0];
    // Party indices above u32::MAX would not fit the label; capacities are bounded far below.
    let index = u32::try_from(party).unwrap_or(u32::MAX).to_le_bytes();
    label[1..].copy_from_slice(&index);
    let mut c = GeneratorsChain::new(&label);
    c.skip_points(skip);
    c.take(count)
}

/// Extends party `j`'s chains `g`, `h` (equally long) to `len` points; no-op if they are longer.
fn extend_party(j: usize, g: &mut Vec<RistrettoPoint>, h: &mut Vec<RistrettoPoint>, len: usize) {
    let held = g.len();
    let extra = len.saturating_sub(held);
    if extra == 0 {
        return;
    }
    g.extend(chain(b'G', j, held, extra));
    h.extend(chain(b'H', j, held, extra));
}

impl BulletproofGens {
    /// Generators for `party_capacity` parties of `gens_capacity` points each.
    pub fn new(gens_capacity: usize, party_capacity: usize) -> Self {
        let mut gens = BulletproofGens {
            gens_capacity: 0,
            g: Vec::new(),
            h: Vec::new(),
        };
        gens.increase_capacity(gens_capacity);
        gens.add_parties(party_capacity);
        gens
    }

    /// Points held by party 0, the most any party holds. Generators made by [`new`](Self::new),
    /// [`increase_capacity`](Self::increase_capacity) and [`add_parties`](Self::add_parties)
    /// alone give every party this many; after [`grow`](Self::grow) later parties may hold fewer
    /// (see [`party_len`](Self::party_len) and [`covers`](Self::covers)).
    pub fn gens_capacity(&self) -> usize {
        self.gens_capacity
    }

    /// Number of parties.
    pub fn party_capacity(&self) -> usize {
        self.g.len()
    }

    /// Points held by party `j` in `G` (the same number in `H`); 0 beyond the last party.
    pub fn party_len(&self, j: usize) -> usize {
        self.g.get(j).map_or(0, Vec::len)
    }

    /// Points held in `G` over every party (the same number in `H`): what these generators cost
    /// to build and keep, in points per vector set.
    pub fn point_count(&self) -> usize {
        self.g.iter().map(Vec::len).fold(0, usize::saturating_add)
    }

    /// Grows every party's chains to `gens_capacity` points (no-op for those already that long).
    pub fn increase_capacity(&mut self, gens_capacity: usize) {
        for (j, (g, h)) in self.g.iter_mut().zip(self.h.iter_mut()).enumerate() {
            extend_party(j, g, h, gens_capacity);
        }
        self.gens_capacity = self.gens_capacity.max(gens_capacity);
    }

    /// Adds parties of [`gens_capacity`](Self::gens_capacity) points each until there are
    /// `party_capacity` of them (no-op if already that many).
    pub fn add_parties(&mut self, party_capacity: usize) {
        while self.g.len() < party_capacity {
            let j = self.g.len();
            self.g.push(chain(b'G', j, 0, self.gens_capacity).collect());
            self.h.push(chain(b'H', j, 0, self.gens_capacity).collect());
        }
    }

    /// Makes these cover `m` parties of `n` points, building only the points missing from
    /// parties `0..m` (parties are added as needed; later parties are left as they are). Party 0
    /// is grown to [`gens_capacity`](Self::gens_capacity) if it is created here.
    pub fn grow(&mut self, n: usize, m: usize) {
        if m == 0 {
            return;
        }
        self.gens_capacity = self.gens_capacity.max(n);
        if self.g.len() < m {
            // New parties start empty; their lengths are set below.
            self.g.resize_with(m, Vec::new);
            self.h.resize_with(m, Vec::new);
        }
        for (j, (g, h)) in self.g.iter_mut().zip(self.h.iter_mut()).enumerate().take(m) {
            let len = if j == 0 { self.gens_capacity } else { n };
            extend_party(j, g, h, len);
        }
    }

    /// True when each of the first `m` parties holds at least `n` points.
    pub fn covers(&self, n: usize, m: usize) -> bool {
        m <= self.party_capacity() && self.g.iter().take(m).all(|g| g.len() >= n)
    }

    /// Party `j`'s first `n` points of `G` and of `H`, if it holds them.
    pub fn party(&self, j: usize, n: usize) -> Option<(&[RistrettoPoint], &[RistrettoPoint])> {
        let g = self.g.get(j)?.get(..n)?;
        let h = self.h.get(j)?.get(..n)?;
        Some((g, h))
    }

    /// The `G` points of an `n`-bit, `m`-party proof, in party order (`n·m` points when covered).
    pub fn g_iter(&self, n: usize, m: usize) -> impl Iterator<Item = &RistrettoPoint> + Clone {
        self.g.iter().take(m).flat_map(move |p| p.iter().take(n))
    }

    /// The `H` points of an `n`-bit, `m`-party proof, in party order.
    pub fn h_iter(&self, n: usize, m: usize) -> impl Iterator<Item = &RistrettoPoint> + Clone {
        self.h.iter().take(m).flat_map(move |p| p.iter().take(n))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    /// Party lengths, in party order.
    fn lengths(gens: &BulletproofGens) -> Vec<usize> {
        (0..gens.party_capacity())
            .map(|j| gens.party_len(j))
            .collect()
    }

    #[test]
    fn grow_builds_only_what_each_shape_needs() {
        let mut gens = BulletproofGens::new(8, 1);
        gens.grow(16, 4);
        assert_eq!(lengths(&gens), [16, 16, 16, 16]);
        gens.grow(100, 1);
        assert_eq!(lengths(&gens), [100, 16, 16, 16]);
        gens.grow(40, 2);
        assert_eq!(lengths(&gens), [100, 40, 16, 16]);
        gens.grow(8, 6);
        assert_eq!(lengths(&gens), [100, 40, 16, 16, 8, 8]);
        gens.grow(1000, 0);
        assert_eq!(gens.point_count(), 100 + 40 + 16 + 16 + 8 + 8);
        assert_eq!(gens.gens_capacity(), 100);
        assert!(gens.covers(100, 1) && gens.covers(40, 2) && gens.covers(16, 4));
        assert!(gens.covers(8, 6) && gens.covers(0, 6));
        assert!(!gens.covers(101, 1) && !gens.covers(41, 2) && !gens.covers(17, 3));
        assert!(!gens.covers(9, 5) && !gens.covers(1, 7));
        assert!(gens.party(1, 41).is_none() && gens.party(1, 40).is_some());
        assert!(gens.party(6, 0).is_none());
        assert_eq!(gens.party_len(6), 0);

        // The points are those of generators built in one go, whatever the order of growth.
        let fresh = BulletproofGens::new(100, 6);
        for j in 0..6 {
            let len = gens.party_len(j);
            assert_eq!(gens.party(j, len).unwrap(), fresh.party(j, len).unwrap());
        }
        let g: Vec<_> = gens.g_iter(8, 6).collect();
        let h: Vec<_> = gens.h_iter(8, 6).collect();
        assert_eq!(g, fresh.g_iter(8, 6).collect::<Vec<_>>());
        assert_eq!(h, fresh.h_iter(8, 6).collect::<Vec<_>>());
        assert_ne!(g, h);
    }

    #[test]
    fn uniform_growth_keeps_every_party_equal() {
        let mut gens = BulletproofGens::new(8, 2);
        gens.grow(32, 1);
        gens.increase_capacity(16);
        assert_eq!(lengths(&gens), [32, 16]);
        gens.add_parties(3);
        // New parties get gens_capacity() points, as before.
        assert_eq!(lengths(&gens), [32, 16, 32]);
        gens.increase_capacity(64);
        assert_eq!(lengths(&gens), [64, 64, 64]);
        assert_eq!(gens.point_count(), 3 * 64);
        let fresh = BulletproofGens::new(64, 3);
        assert_eq!(
            gens.g_iter(64, 3).collect::<Vec<_>>(),
            fresh.g_iter(64, 3).collect::<Vec<_>>()
        );

        // With no parties yet, the first one grown gets gens_capacity() points.
        let mut empty = BulletproofGens::new(24, 0);
        assert_eq!((empty.gens_capacity(), empty.party_capacity()), (24, 0));
        assert!(empty.covers(1000, 0) && !empty.covers(0, 1));
        empty.grow(8, 2);
        assert_eq!(lengths(&empty), [24, 8]);
    }
}
