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
            let (hi, lo) = pow22501_fe8(&Fe8::pack(x));
            let (hi, lo) = (hi.unpack(), lo.unpack());
            let mut out = [(Fe::ZERO, Fe::ZERO); 8];
            for k in 0..8 {
                out[k] = (hi[k], lo[k]);
            }
            out
        }

        /// `(a^(2²⁵⁰ − 1), a¹¹)` lane-wise on eight-lane elements (the portable addition chain).
        $(#[$tf])*
        #[inline]
        fn pow22501_fe8(a: &Fe8) -> (Fe8, Fe8) {
            let t0 = a.square(); // a²
            let t1 = t0.pow2k(2).mul(a); // a⁹
            let t0 = t0.mul(&t1); // a¹¹
            let t1 = t1.mul(&t0.square()); // a³¹
            let t1 = t1.pow2k(5).mul(&t1); // 2¹⁰ − 1
            let t2 = t1.pow2k(10).mul(&t1); // 2²⁰ − 1
            let t3 = t2.pow2k(20).mul(&t2); // 2⁴⁰ − 1
            let t1 = t3.pow2k(10).mul(&t1); // 2⁵⁰ − 1
            let t2 = t1.pow2k(50).mul(&t1); // 2¹⁰⁰ − 1
            let t3 = t2.pow2k(100).mul(&t2); // 2²⁰⁰ − 1
            (t3.pow2k(50).mul(&t1), t0) // 2²⁵⁰ − 1, a¹¹
        }

        /// Eight lanes of `field::decode_core` (the same field elements): u₁ = 1 − s²,
        /// u₂ = 1 + s², v = −d·u₁² − u₂², w = v·u₂², r = w³·(w⁷)^((p−5)/8), check = w·r².
        $(#[$tf])*
        pub fn decode_core_x8(s: &[Fe; 8]) -> [crate::field::DecodeCore; 8] {
            let s8 = Fe8::pack(s);
            let one = Fe8::splat(&Fe::ONE);
            let zero = Fe8::splat(&Fe::ZERO);
            let d = Fe8::splat(&crate::field::EDWARDS_D);
            let ss = s8.square();
            let u1 = one.sub(&ss);
            let u2 = one.add(&ss);
            let u2_sqr = u2.square();
            // v = −(d·u₁²) − u₂², as the portable code computes it.
            let v = zero.sub(&d.mul(&u1.square())).sub(&u2_sqr);
            let w = v.mul(&u2_sqr);
            let w3 = w.square().mul(&w);
            let w7 = w3.square().mul(&w);
            let (t, _) = pow22501_fe8(&w7);
            let r = w3.mul(&t.pow2k(2).mul(&w7));
            let check = w.mul(&r.square());
            let (u1, u2, v, r, check) = (u1.unpack(), u2.unpack(), v.unpack(), r.unpack(), check.unpack());
            let mut out = [crate::field::DecodeCore::ZERO; 8];
            for k in 0..8 {
                out[k] = crate::field::DecodeCore {
                    u1: u1[k],
                    u2: u2[k],
                    v: v[k],
                    r: r[k],
                    check: check[k],
                };
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

        // ---------------------------------------------------------------------------------
        // Points: eight independent points per vector (lane k of every coordinate belongs to
        // point k), the same formulas as the portable `add_affine` / `sub_affine` / `add`,
        // operation for operation, so every lane yields the portable point (the same field
        // elements; limbs differ only in radix). Every coordinate is a normalized `Fe8`.
        // ---------------------------------------------------------------------------------

        use crate::point::{AffineNiels, Extended};

        /// Lanes of the vectors.
        pub const LANES8: usize = 8;

        pub use super::convert::{pack_niels, PackedNiels};

        /// Eight affine Niels points, one per lane, y ± x already swapped in negative lanes;
        /// the sign of 2d·x·y is applied inside [`Ext8::add_affine`].
        #[derive(Clone, Copy)]
        pub struct Niels8 {
            y_plus_x: Fe8,
            y_minus_x: Fe8,
            xy2d: Fe8,
        }

        impl Niels8 {
            /// Gathers eight packed points into lanes; where bit k of `negative` is set, lane
            /// k's y + x and y − x are swapped (the first half of negating the point).
            $(#[$tf])*
            #[inline]
            pub fn gather(p: &[&PackedNiels; 8], negative: Mask) -> Niels8 {
                let mut yp = [vzero(); 5];
                let mut ym = [vzero(); 5];
                let mut t = [vzero(); 5];
                for i in 0..5 {
                    let mut a = [0u64; 8];
                    let mut b = [0u64; 8];
                    let mut c = [0u64; 8];
                    for k in 0..8 {
                        let (plus, minus) = if (negative >> k) & 1 == 1 { (5, 0) } else { (0, 5) };
                        a[k] = p[k][plus + i];
                        b[k] = p[k][minus + i];
                        c[k] = p[k][10 + i];
                    }
                    yp[i] = vfrom_lanes(a);
                    ym[i] = vfrom_lanes(b);
                    t[i] = vfrom_lanes(c);
                }
                Niels8 {
                    y_plus_x: Fe8 { limbs: yp },
                    y_minus_x: Fe8 { limbs: ym },
                    xy2d: Fe8 { limbs: t },
                }
            }
        }

        /// Eight extended points (X : Y : Z : T), one per lane.
        #[derive(Clone, Copy)]
        pub struct Ext8 {
            x: Fe8,
            y: Fe8,
            z: Fe8,
            t: Fe8,
        }

        /// The lane mask with bit k set where `flags[k]`.
        #[inline]
        pub fn lane_mask(flags: &[bool; 8]) -> Mask {
            let mut m: Mask = 0;
            for (k, f) in flags.iter().enumerate() {
                if *f {
                    m |= 1 << k;
                }
            }
            m
        }

        impl Ext8 {
            /// Eight portable points into lanes.
            $(#[$tf])*
            #[inline]
            pub fn pack(p: &[Extended; 8]) -> Ext8 {
                let mut c = [[Fe::ZERO; 8]; 4];
                for k in 0..8 {
                    c[0][k] = p[k].x;
                    c[1][k] = p[k].y;
                    c[2][k] = p[k].z;
                    c[3][k] = p[k].t;
                }
                Ext8 {
                    x: Fe8::pack(&c[0]),
                    y: Fe8::pack(&c[1]),
                    z: Fe8::pack(&c[2]),
                    t: Fe8::pack(&c[3]),
                }
            }

            /// The identity (0 : 1 : 1 : 0) in every lane.
            $(#[$tf])*
            #[inline]
            pub fn identity() -> Ext8 {
                Ext8 {
                    x: Fe8::splat(&Fe::ZERO),
                    y: Fe8::splat(&Fe::ONE),
                    z: Fe8::splat(&Fe::ONE),
                    t: Fe8::splat(&Fe::ZERO),
                }
            }

            /// The eight lanes as portable points (the same field elements).
            $(#[$tf])*
            #[inline]
            pub fn unpack(&self) -> [Extended; 8] {
                let (x, y, z, t) = (
                    self.x.unpack(),
                    self.y.unpack(),
                    self.z.unpack(),
                    self.t.unpack(),
                );
                let mut out = [Extended::IDENTITY; 8];
                for k in 0..8 {
                    out[k] = Extended {
                        x: x[k],
                        y: y[k],
                        z: z[k],
                        t: t[k],
                    };
                }
                out
            }

            /// The lanes where `which[k]` as portable points (the identity elsewhere): the
            /// vectors are read out once, only the flagged lanes converted (the bucket pass
            /// hands over only the lanes whose bucket changed).
            $(#[$tf])*
            #[inline]
            pub fn unpack_where(&self, which: &[bool; 8]) -> [Extended; 8] {
                let coords = [&self.x, &self.y, &self.z, &self.t];
                let mut lanes = [[[0u64; 8]; 5]; 4];
                for c in 0..4 {
                    for i in 0..5 {
                        lanes[c][i] = vto_lanes(coords[c].limbs[i]);
                    }
                }
                let mut out = [Extended::IDENTITY; 8];
                for k in 0..8 {
                    if which[k] {
                        let mut f = [Fe::ZERO; 4];
                        for c in 0..4 {
                            f[c] = limbs52_to_fe([
                                lanes[c][0][k],
                                lanes[c][1][k],
                                lanes[c][2][k],
                                lanes[c][3][k],
                                lanes[c][4][k],
                            ]);
                        }
                        out[k] = Extended {
                            x: f[0],
                            y: f[1],
                            z: f[2],
                            t: f[3],
                        };
                    }
                }
                out
            }

            /// `other` in the lanes set in `mask`, `self` elsewhere.
            $(#[$tf])*
            #[inline]
            pub fn select(&self, other: &Ext8, mask: Mask) -> Ext8 {
                Ext8 {
                    x: self.x.select(&other.x, mask),
                    y: self.y.select(&other.y, mask),
                    z: self.z.select(&other.z, mask),
                    t: self.t.select(&other.t, mask),
                }
            }

            /// Lane-wise `self ± q`: `+` where bit k of `negative` is clear, `−` where it is set
            /// (and q's y ± x were swapped by [`Niels8::gather`]). Operation for operation the
            /// portable `add_affine` / `sub_affine` (7 products).
            $(#[$tf])*
            #[inline]
            pub fn add_affine(&self, q: &Niels8, negative: Mask) -> Ext8 {
                let pp = self.y.add(&self.x).mul(&q.y_plus_x);
                let mm = self.y.sub(&self.x).mul(&q.y_minus_x);
                let txy2d = self.t.mul(&q.xy2d);
                let z2 = self.z.add(&self.z);
                // z2 ± 2d·x·y·T: the sign of q's 2d·x·y is the sign of the lane.
                let plus = z2.add(&txy2d);
                let minus = z2.sub(&txy2d);
                let cz = plus.select(&minus, negative);
                let ct = minus.select(&plus, negative);
                let cx = pp.sub(&mm);
                let cy = pp.add(&mm);
                Ext8 {
                    x: cx.mul(&ct),
                    y: cy.mul(&cz),
                    z: cz.mul(&ct),
                    t: cx.mul(&cy),
                }
            }

            /// Lane-wise `self + q` (9 products): operation for operation the portable
            /// `Extended::add`, i.e. `add_niels(q.to_projective_niels())`.
            $(#[$tf])*
            #[inline]
            pub fn add(&self, q: &Ext8, d2: &Fe8) -> Ext8 {
                let q_plus = q.y.add(&q.x);
                let q_minus = q.y.sub(&q.x);
                let q_t2d = q.t.mul(d2);
                let pp = self.y.add(&self.x).mul(&q_plus);
                let mm = self.y.sub(&self.x).mul(&q_minus);
                let tt2d = self.t.mul(&q_t2d);
                let zz = self.z.mul(&q.z);
                let zz2 = zz.add(&zz);
                let cx = pp.sub(&mm);
                let cy = pp.add(&mm);
                let cz = zz2.add(&tt2d);
                let ct = zz2.sub(&tt2d);
                Ext8 {
                    x: cx.mul(&ct),
                    y: cy.mul(&cz),
                    z: cz.mul(&ct),
                    t: cx.mul(&cy),
                }
            }
        }

        /// `lanes ± q` lane by lane, `iterations` times over: a test hook (lane k must equal
        /// the portable `add_affine` / `sub_affine` repeated).
        $(#[$tf])*
        pub fn add_affine_chain(
            lanes: &[Extended; 8],
            q: &[AffineNiels; 8],
            negative: [bool; 8],
            iterations: usize,
        ) -> [Extended; 8] {
            let packed: [PackedNiels; 8] = core::array::from_fn(|k| pack_niels(&q[k]));
            let refs = [
                &packed[0], &packed[1], &packed[2], &packed[3], &packed[4], &packed[5],
                &packed[6], &packed[7],
            ];
            let mask = lane_mask(&negative);
            let q8 = Niels8::gather(&refs, mask);
            let mut acc = Ext8::pack(lanes);
            for _ in 0..iterations {
                acc = acc.add_affine(&q8, mask);
            }
            acc.unpack()
        }

        /// `lanes + q` lane by lane (general additions), `iterations` times over: a test hook
        /// (lane k must equal the portable `Extended::add` repeated).
        $(#[$tf])*
        pub fn add_chain(lanes: &[Extended; 8], q: &[Extended; 8], iterations: usize) -> [Extended; 8] {
            let d2 = Fe8::splat(&crate::field::EDWARDS_D2);
            let q8 = Ext8::pack(q);
            let mut acc = Ext8::pack(lanes);
            for _ in 0..iterations {
                acc = acc.add(&q8, &d2);
            }
            acc.unpack()
        }

        // ---------------------------------------------------------------------------------
        // Pippenger's method with the bucket additions in eight lanes: the AVX2 pass
        // (`backend::avx2::msm`) with eight runs instead of four (`msm::schedule::lane_run_of`).
        // ---------------------------------------------------------------------------------

        use crate::msm::lanes::{self, Buckets};
        use crate::msm::pippenger::running_sum;
        use crate::msm::schedule::{lane_run_of, Entry};
        use crate::msm::window::Share;

        /// `Σ sᵢ·Pᵢ` by Pippenger's method with eight-lane bucket additions (window width
        /// chosen by cost unless given; `share` of its windows). The same point as
        /// `msm::pippenger::pippenger_body`.
        $(#[$tf])*
        pub fn pippenger(
            scalars: &[[u64; 4]],
            points: &[AffineNiels],
            c: Option<u32>,
            share: Share,
            hint: impl Fn(&PackedNiels),
        ) -> Extended {
            let d2 = Fe8::splat(&crate::field::EDWARDS_D2);
            lanes::pippenger(
                scalars,
                points,
                c,
                share,
                pack_niels,
                |entries, packed, identity, buckets| {
                    bucket_pass(entries, packed, identity, buckets, &hint);
                    running_sum_x8(&buckets.sums, &d2)
                },
            )
        }

        /// `Σ dₖ·Qₖ` for small signed digits (|dₖ| ≤ `buckets`) over packed points, eight
        /// lanes at a time: the one window of a shifted table (`msm::shifted`).
        $(#[$tf])*
        pub fn one_window(
            digits: &[i32],
            buckets: usize,
            packed: &[PackedNiels],
            hint: impl Fn(&PackedNiels),
        ) -> Extended {
            let d2 = Fe8::splat(&crate::field::EDWARDS_D2);
            let identity = pack_niels(&AffineNiels::IDENTITY);
            lanes::one_window(digits, buckets, packed, &identity, |entries, packed, identity, sums| {
                bucket_pass(entries, packed, identity, sums, &hint);
                running_sum_x8(&sums.sums, &d2)
            })
        }

        /// Steps ahead whose points the eight-lane bucket pass asks the cache for.
        const AHEAD8: usize = 2;

        /// One window's bucket additions, eight lanes at a time: lane k walks the k-th of eight
        /// contiguous runs of the sorted additions, handing its accumulator over (and restarting
        /// from the identity) when the bucket changes along its run.
        $(#[$tf])*
        fn bucket_pass(
            entries: &[Entry],
            packed: &[PackedNiels],
            identity: &PackedNiels,
            buckets: &mut Buckets,
            hint: &impl Fn(&PackedNiels),
        ) {
            let runs: [&[Entry]; LANES8] = core::array::from_fn(|k| {
                entries
                    .get(lane_run_of(entries.len(), k, LANES8))
                    .unwrap_or(&[])
            });
            let steps = runs[0].len();
            let start = Ext8::identity();
            let mut acc = start;
            // The bucket each lane is accumulating (None before its first addition).
            let mut current: [Option<u32>; LANES8] = [None; LANES8];
            for step in 0..steps {
                // The points AHEAD8 steps on, on their way to the cache (read in bucket order,
                // scattered over the points); `hint`: the dispatch module's prefetch.
                for run in &runs {
                    if let Some(p) = run
                        .get(step + AHEAD8)
                        .and_then(|e| packed.get(e.point as usize))
                    {
                        hint(p);
                    }
                }
                let mut pts: [&PackedNiels; LANES8] = [identity; LANES8];
                let mut negative = [false; LANES8];
                let mut switch = [false; LANES8];
                let previous = current;
                for k in 0..LANES8 {
                    // Lanes past the end of their run add the identity (no bucket change).
                    if let Some(e) = runs[k].get(step) {
                        if let Some(p) = packed.get(e.point as usize) {
                            pts[k] = p;
                            negative[k] = e.negative;
                            if current[k] != Some(e.bucket) {
                                switch[k] = current[k].is_some();
                                current[k] = Some(e.bucket);
                            }
                        }
                    }
                }
                if switch.iter().any(|&s| s) {
                    let lanes = acc.unpack_where(&switch);
                    for k in 0..LANES8 {
                        if let (true, Some(b)) = (switch[k], previous[k]) {
                            buckets.hand_over(b, &lanes[k]);
                        }
                    }
                    acc = acc.select(&start, lane_mask(&switch));
                }
                let mask = lane_mask(&negative);
                acc = acc.add_affine(&Niels8::gather(&pts, mask), mask);
            }
            let lanes = acc.unpack();
            for k in 0..LANES8 {
                if let Some(b) = current[k] {
                    buckets.hand_over(b, &lanes[k]);
                }
            }
        }

        /// `Σₖ (k+1)·buckets[k]` with eight running sums side by side: lane j sums the j-th
        /// eighth (L = len/8 buckets from jL), giving Sⱼ and Aⱼ = Σ_{i<L} B_{jL+i}; then
        /// Σₖ (k+1)·Bₖ = Σⱼ Sⱼ + L·Σⱼ j·Aⱼ, the last as L·(A₇ + (A₇ + A₆) + … + (A₇ + … + A₁)),
        /// L a power of two (2ᶜ⁻⁴) so that L· is doublings. Fewer than sixteen buckets (or a
        /// count not a power of two): the portable running sum.
        $(#[$tf])*
        fn running_sum_x8(buckets: &[Extended], d2: &Fe8) -> Extended {
            let n = buckets.len();
            if n < 16 || !n.is_power_of_two() {
                return running_sum(buckets);
            }
            let l = n / LANES8;
            let mut acc = Ext8::identity();
            let mut sum = Ext8::identity();
            for i in (0..l).rev() {
                let mut b = [Extended::IDENTITY; 8];
                for j in 0..LANES8 {
                    b[j] = buckets[j * l + i];
                }
                acc = acc.add(&Ext8::pack(&b), d2);
                sum = sum.add(&acc, d2);
            }
            let s = sum.unpack();
            let a = acc.unpack();
            let mut r = a[7];
            let mut weighted = a[7];
            for j in (1..7).rev() {
                r = r.add(&a[j]);
                weighted = weighted.add(&r);
            }
            let mut total = s[0];
            for sj in &s[1..] {
                total = total.add(sj);
            }
            // L = len/8 is a power of two (checked above).
            total.add(&weighted.mul_by_pow2(l.trailing_zeros()))
        }
    };
}
