//! The vector generators `G_j, H_j` of each party `j`.

use crate::group::hash::GeneratorsChain;
use crate::group::RistrettoPoint;

/// Vector generators: for each party `j`, `G_j` and `H_j`, each `gens_capacity` points long.
///
/// Party `j`'s `G` points are the chain `GeneratorsChain("G" ‖ j as u32 little-endian)`, its `H`
/// points the chain with `"H"`; an aggregated proof for `m` parties of `n` bits uses the first `n`
/// points of parties `0..m`, in party order.
#[derive(Clone, Debug)]
pub struct BulletproofGens {
    gens_capacity: usize,
    g: alloc::vec::Vec<alloc::vec::Vec<RistrettoPoint>>,
    h: alloc::vec::Vec<alloc::vec::Vec<RistrettoPoint>>,
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

impl BulletproofGens {
    /// Generators for `party_capacity` parties of `gens_capacity` points each.
    pub fn new(gens_capacity: usize, party_capacity: usize) -> Self {
        let mut gens = BulletproofGens {
            gens_capacity: 0,
            g: alloc::vec::Vec::new(),
            h: alloc::vec::Vec::new(),
        };
        gens.increase_capacity(gens_capacity);
        gens.add_parties(party_capacity);
        gens
    }

    /// Points per party.
    pub fn gens_capacity(&self) -> usize {
        self.gens_capacity
    }

    /// Number of parties.
    pub fn party_capacity(&self) -> usize {
        self.g.len()
    }

    /// Grows every party's chains to `gens_capacity` points (no-op if already that long).
    pub fn increase_capacity(&mut self, gens_capacity: usize) {
        if gens_capacity <= self.gens_capacity {
            return;
        }
        let extra = gens_capacity.saturating_sub(self.gens_capacity);
        for (j, (g, h)) in self.g.iter_mut().zip(self.h.iter_mut()).enumerate() {
            g.extend(chain(b'G', j, self.gens_capacity, extra));
            h.extend(chain(b'H', j, self.gens_capacity, extra));
        }
        self.gens_capacity = gens_capacity;
    }

    /// Adds parties until there are `party_capacity` of them (no-op if already that many).
    pub fn add_parties(&mut self, party_capacity: usize) {
        while self.g.len() < party_capacity {
            let j = self.g.len();
            self.g.push(chain(b'G', j, 0, self.gens_capacity).collect());
            self.h.push(chain(b'H', j, 0, self.gens_capacity).collect());
        }
    }

    /// True when the generators cover `m` parties of `n` points.
    pub fn covers(&self, n: usize, m: usize) -> bool {
        n <= self.gens_capacity && m <= self.party_capacity()
    }

    /// Party `j`'s first `n` points of `G` and of `H`, if the generators cover them.
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
