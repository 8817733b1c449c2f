//! The eight-lane algorithms, written once and instantiated twice (`hw`: real AVX-512 IFMA
//! instructions; `emu`: the bit-exact software model of them). The macro expands in a module
//! that provides the vector type `V`, the mask type `Mask` and the operations `vzero`, `vsplat`,
//! `vfrom_lanes`, `vto_lanes`, `vadd`, `vsub`, `vand`, `vsrl`, `madd52lo`, `madd52hi` and
//! `vblend`; its argument is the attribute every generated function carries (the target
//! features for `hw`, nothing for `emu`). The generated code touches lanes only through those
//! operations, so the model runs exactly the instruction sequence that `hw` compiles to.
//!
//! Radix 2⁵², five limbs; limb bounds and their proofs: docs/notes.md ("The IFMA backend").

/// Expands the eight-lane field, point and bucket-pass code (see the module doc).
macro_rules! ifma_algorithms {
    ($(#[$tf:meta])*) => {
        use crate::field::Fe;
        use super::convert::{fe_to_limbs52, limbs52_to_fe};

        /// 2⁵² − 1.
        const MASK52: u64 = (1 << 52) - 1;
        /// 2⁴⁷ − 1: the top limb keeps 47 bits in a carry (4·52 + 47 = 255).
        const MASK47: u64 = (1 << 47) - 1;
        /// 2²⁶⁰ mod p = 2⁵·19: the weight of column 5 of a product, folded onto column 0.
        const FOLD: u64 = 608;
        /// 32·p limb by limb (2²⁶⁰ − 608): 2⁵³ − 608, 2⁵³ − 2 (three times), 2⁵² − 2; each at
        /// least the matching limb of a normalized element, so `a + 32p − b` never borrows.
        const P32: [u64; 5] = [
            (1 << 53) - 608,
            (1 << 53) - 2,
            (1 << 53) - 2,
            (1 << 53) - 2,
            (1 << 52) - 2,
        ];

        /// Eight field elements, limb-sliced: `limbs[i]` holds radix-2⁵² limb i of each lane.
        /// Always *normalized*: limbs 0–3 below 2⁵², limb 4 below 2⁴⁸ (so every limb is a valid
        /// multiplicand of the 52-bit multiply-adds, which read bits 51:0 only).
        #[derive(Clone, Copy)]
        pub struct Fe8 {
            limbs: [V; 5],
        }

        /// One round of sequential carries from columns below 2⁶³ to a normalized element:
        /// first the top limb's bits from 47 up (times 19 into limb 0, 2²⁵⁵ ≡ 19), then limb
        /// 0 → 1 → 2 → 3 → 4. Limbs 0–3 leave masked to 52 bits; limb 4 receives a carry below
        /// 2¹² after its mask, so stays below 2⁴⁷ + 2¹² < 2⁴⁸.
        $(#[$tf])*
        #[inline]
        fn normalize(z: [V; 5]) -> Fe8 {
            let [r0, r1, r2, r3, r4] = z;
            let m52 = vsplat(MASK52);
            let c4 = vsrl::<47>(r4); // below 2¹⁶
            let r4 = vand(r4, vsplat(MASK47));
            let r0 = madd52lo(r0, c4, vsplat(19)); // + 19·c4, below 2²¹
            let r1 = vadd(r1, vsrl::<52>(r0));
            let r0 = vand(r0, m52);
            let r2 = vadd(r2, vsrl::<52>(r1));
            let r1 = vand(r1, m52);
            let r3 = vadd(r3, vsrl::<52>(r2));
            let r2 = vand(r2, m52);
            let r4 = vadd(r4, vsrl::<52>(r3));
            let r3 = vand(r3, m52);
            Fe8 {
                limbs: [r0, r1, r2, r3, r4],
            }
        }

        /// Folds the ten columns of a product (each below 2⁵⁶) into five below 2⁵⁷ and
        /// normalizes them. Column k ≥ 5 has weight 2⁵²ᵏ ≡ 608·2⁵²⁽ᵏ⁻⁵⁾: it is split into
        /// m = its low 52 bits and q = the rest (below 2⁴); 608·m (below 2⁶²) goes in by a low
        /// and a high multiply-add into columns k − 5 and k − 4, 608·q (below 2¹⁴) by one low
        /// multiply-add into column k − 4. Whatever lands on column 5 again (the high half of
        /// 608·m₉ and 608·q₉) is folded once more by 608 onto column 0.
        $(#[$tf])*
        #[inline]
        fn fold(c: [V; 10]) -> Fe8 {
            let m52 = vsplat(MASK52);
            let f = vsplat(FOLD);
            let mut m = [vzero(); 5];
            let mut q = [vzero(); 5];
            let mut r = [vzero(); 5];
            for j in 0..5 {
                m[j] = vand(c[j + 5], m52);
                q[j] = vsrl::<52>(c[j + 5]);
                r[j] = madd52lo(c[j], m[j], f);
            }
            for j in 0..4 {
                r[j + 1] = madd52hi(r[j + 1], m[j], f);
                r[j + 1] = madd52lo(r[j + 1], q[j], f);
            }
            let h4 = madd52hi(vzero(), m[4], f); // below 2¹⁰
            r[0] = madd52lo(r[0], h4, f);
            r[0] = madd52lo(r[0], q[4], vsplat(FOLD * FOLD));
            normalize(r)
        }

        impl Fe8 {
            /// Packs eight portable elements (radix 2⁵¹, any limbs) into normalized lanes.
            $(#[$tf])*
            #[inline]
            pub fn pack(x: &[Fe; 8]) -> Fe8 {
                let mut lanes = [[0u64; 8]; 5];
                for k in 0..8 {
                    let l = fe_to_limbs52(&x[k]);
                    for i in 0..5 {
                        lanes[i][k] = l[i];
                    }
                }
                let mut limbs = [vzero(); 5];
                for i in 0..5 {
                    limbs[i] = vfrom_lanes(lanes[i]);
                }
                Fe8 { limbs }
            }

            /// Eight lanes given as raw radix-2⁵² limbs (`[lane][limb]`); the caller keeps them
            /// normalized (limbs 0–3 below 2⁵², limb 4 below 2⁴⁸): a testing aid for the bounds.
            $(#[$tf])*
            #[inline]
            pub fn from_lane_limbs(l: &[[u64; 5]; 8]) -> Fe8 {
                let mut limbs = [vzero(); 5];
                for i in 0..5 {
                    let mut lanes = [0u64; 8];
                    for k in 0..8 {
                        lanes[k] = l[k][i];
                    }
                    limbs[i] = vfrom_lanes(lanes);
                }
                Fe8 { limbs }
            }

            /// The same element in every lane.
            $(#[$tf])*
            #[inline]
            pub fn splat(x: &Fe) -> Fe8 {
                let l = fe_to_limbs52(x);
                let mut limbs = [vzero(); 5];
                for i in 0..5 {
                    limbs[i] = vsplat(l[i]);
                }
                Fe8 { limbs }
            }

            /// The eight lanes as portable elements (the same field elements, weakly reduced).
            $(#[$tf])*
            #[inline]
            pub fn unpack(&self) -> [Fe; 8] {
                let mut lanes = [[0u64; 8]; 5];
                for i in 0..5 {
                    lanes[i] = vto_lanes(self.limbs[i]);
                }
                let mut out = [Fe::ZERO; 8];
                for k in 0..8 {
                    out[k] = limbs52_to_fe([
                        lanes[0][k],
                        lanes[1][k],
                        lanes[2][k],
                        lanes[3][k],
                        lanes[4][k],
                    ]);
                }
                out
            }

            /// The raw limbs of the eight lanes, `[lane][limb]` (tests check the normalized
            /// bounds on them).
            $(#[$tf])*
            #[inline]
            pub fn lane_limbs(&self) -> [[u64; 5]; 8] {
                let mut out = [[0u64; 5]; 8];
                for i in 0..5 {
                    let l = vto_lanes(self.limbs[i]);
                    for k in 0..8 {
                        out[k][i] = l[k];
                    }
                }
                out
            }

            /// Lane-wise sum, normalized.
            $(#[$tf])*
            #[inline]
            pub fn add(&self, rhs: &Fe8) -> Fe8 {
                let mut z = [vzero(); 5];
                for i in 0..5 {
                    z[i] = vadd(self.limbs[i], rhs.limbs[i]); // below 2⁵³
                }
                normalize(z)
            }

            /// Lane-wise difference `self + 32p − rhs`, normalized.
            $(#[$tf])*
            #[inline]
            pub fn sub(&self, rhs: &Fe8) -> Fe8 {
                let mut z = [vzero(); 5];
                for i in 0..5 {
                    // P32[i] ≥ every normalized limb i: no borrow; below 2⁵⁴.
                    z[i] = vsub(vadd(self.limbs[i], vsplat(P32[i])), rhs.limbs[i]);
                }
                normalize(z)
            }

            /// Lane-wise product: 25 products, each as a low and a high 52-bit half (50
            /// multiply-adds) into ten columns, then [`fold`]. The halves go into separate
            /// accumulators (shorter dependency chains), added per column.
            $(#[$tf])*
            #[inline]
            pub fn mul(&self, rhs: &Fe8) -> Fe8 {
                let a = self.limbs;
                let b = rhs.limbs;
                let mut lo = [vzero(); 10];
                let mut hi = [vzero(); 10];
                for i in 0..5 {
                    for j in 0..5 {
                        lo[i + j] = madd52lo(lo[i + j], a[i], b[j]);
                        hi[i + j + 1] = madd52hi(hi[i + j + 1], a[i], b[j]);
                    }
                }
                let mut c = [vzero(); 10];
                for k in 0..10 {
                    // At most five halves of each kind: below 10·2⁵² < 2⁵⁶.
                    c[k] = vadd(lo[k], hi[k]);
                }
                fold(c)
            }

            /// Lane-wise square: the 10 cross products once, doubled by an addition, then the
            /// 5 squares (30 multiply-adds instead of 50).
            $(#[$tf])*
            #[inline]
            pub fn square(&self) -> Fe8 {
                let a = self.limbs;
                let mut cross = [vzero(); 10];
                for i in 0..5 {
                    for j in (i + 1)..5 {
                        cross[i + j] = madd52lo(cross[i + j], a[i], a[j]);
                        cross[i + j + 1] = madd52hi(cross[i + j + 1], a[i], a[j]);
                    }
                }
                let mut c = [vzero(); 10];
                for k in 0..10 {
                    c[k] = vadd(cross[k], cross[k]);
                }
                for i in 0..5 {
                    c[2 * i] = madd52lo(c[2 * i], a[i], a[i]);
                    c[2 * i + 1] = madd52hi(c[2 * i + 1], a[i], a[i]);
                }
                // Column k: at most ten halves (cross ones counted twice), below 2⁵⁶.
                fold(c)
            }

            /// `self^(2^k)`, k ≥ 1 (k = 0 returns `self`).
            $(#[$tf])*
            #[inline]
            pub fn pow2k(&self, k: u32) -> Fe8 {
                let mut x = *self;
                for _ in 0..k {
                    x = x.square();
                }
                x
            }

            /// Lane by lane: `if_set` where bit j of `mask` is set, `self` elsewhere.
            $(#[$tf])*
            #[inline]
            pub fn select(&self, if_set: &Fe8, mask: Mask) -> Fe8 {
                let mut z = self.limbs;
                for i in 0..5 {
                    z[i] = vblend(mask, self.limbs[i], if_set.limbs[i]);
                }
                Fe8 { limbs: z }
            }
        }

        /// `(a^(2²⁵⁰ − 1), a¹¹)` for eight lanes: the portable `pow22501`'s addition chain.
        $(#[$tf])*
        pub fn pow22501_x8(x: &[Fe; 8]) -> [(Fe, Fe); 8] {
            let a = Fe8::pack(x);
            let t0 = a.square(); // a²
            let t1 = t0.pow2k(2).mul(&a); // a⁹
            let t0 = t0.mul(&t1); // a¹¹
            let t1 = t1.mul(&t0.square()); // a³¹
            let t1 = t1.pow2k(5).mul(&t1); // 2¹⁰ − 1
            let t2 = t1.pow2k(10).mul(&t1); // 2²⁰ − 1
            let t3 = t2.pow2k(20).mul(&t2); // 2⁴⁰ − 1
            let t1 = t3.pow2k(10).mul(&t1); // 2⁵⁰ − 1
            let t2 = t1.pow2k(50).mul(&t1); // 2¹⁰⁰ − 1
            let t3 = t2.pow2k(100).mul(&t2); // 2²⁰⁰ − 1
            let hi = t3.pow2k(50).mul(&t1); // 2²⁵⁰ − 1
            let hi = hi.unpack();
            let lo = t0.unpack();
            let mut out = [(Fe::ZERO, Fe::ZERO); 8];
            for k in 0..8 {
                out[k] = (hi[k], lo[k]);
            }
            out
        }

        /// Lane-wise `(a + b, a − b, a·b, a², a^(2⁵))` through the eight-lane representation
        /// (packing and unpacking included): a test hook.
        $(#[$tf])*
        pub fn field_ops_x8(a: &[Fe; 8], b: &[Fe; 8]) -> [[Fe; 8]; 5] {
            field_ops_fe8(&Fe8::pack(a), &Fe8::pack(b))
        }

        /// [`field_ops_x8`] on lanes given as raw normalized radix-2⁵² limbs (`[lane][limb]`):
        /// a test hook for operands at the limb bounds.
        $(#[$tf])*
        pub fn field_ops_x8_raw(a: &[[u64; 5]; 8], b: &[[u64; 5]; 8]) -> [[Fe; 8]; 5] {
            field_ops_fe8(&Fe8::from_lane_limbs(a), &Fe8::from_lane_limbs(b))
        }

        $(#[$tf])*
        #[inline]
        fn field_ops_fe8(fa: &Fe8, fb: &Fe8) -> [[Fe; 8]; 5] {
            [
                fa.add(&fb).unpack(),
                fa.sub(&fb).unpack(),
                fa.mul(&fb).unpack(),
                fa.square().unpack(),
                fa.pow2k(5).unpack(),
            ]
        }

        /// The raw limbs (`[op][lane][limb]`) of the results of [`field_ops_x8`] (tests check
        /// that every output is normalized).
        $(#[$tf])*
        pub fn field_ops_x8_limbs(a: &[Fe; 8], b: &[Fe; 8]) -> [[[u64; 5]; 8]; 5] {
            let (fa, fb) = (Fe8::pack(a), Fe8::pack(b));
            [
                fa.add(&fb).lane_limbs(),
                fa.sub(&fb).lane_limbs(),
                fa.mul(&fb).lane_limbs(),
                fa.square().lane_limbs(),
                fa.pow2k(5).lane_limbs(),
            ]
        }
    };
}
