//! Shared helpers of the engine's tests: RFC 9496 vectors, random points and scalars.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// RFC 9496 Appendix A.1: encodings of 0·B … 15·B.
pub const MULTIPLES: [&str; 16] = [
    "0000000000000000000000000000000000000000000000000000000000000000",
    "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
    "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919",
    "94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259",
    "da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57",
    "e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e",
    "f64746d3c92b13050ed8d80236a7f0007c3b3f962f5ba793d19a601ebb1df403",
    "44f53520926ec81fbd5a387845beb7df85a96a24ece18738bdcfa6a7822a176d",
    "903293d8f2287ebe10e2374dc1a53e0bc887e592699f02d077d5263cdd55601c",
    "02622ace8f7303a31cafc63f8fc48fdc16e1c8c8d234b2f0d6685282a9076031",
    "20706fd788b2720a1ed2a5dad4952b01f413bcf0e7564de8cdc816689e2db95f",
    "bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42",
    "e4549ee16b9aa03099ca208c67adafcafa4c3f3e4e5303de6026e3ca8ff84460",
    "aa52e000df2e16f55fb1032fc33bc42742dad6bd5a8fc0be0167436c5948501f",
    "46376b80f409b29dc2b5f6f0c52591990896e5716f41477cd30085ab7f10301e",
    "e0c418f7c8d9c4cdd7395b93ea124f3ad99021bb681dfc3302a9d99a2e53e64e",
];

/// RFC 9496 Appendix A.2: every listed invalid encoding, with its group.
pub const BAD: [(&str, &str); 29] = [
    (
        "non-canonical",
        "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    ),
    (
        "non-canonical",
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ),
    (
        "non-canonical",
        "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ),
    (
        "non-canonical",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ),
    (
        "negative",
        "0100000000000000000000000000000000000000000000000000000000000000",
    ),
    (
        "negative",
        "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ),
    (
        "negative",
        "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
    ),
    (
        "negative",
        "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562",
    ),
    (
        "negative",
        "c940e5a4404157cfb1628b108db051a8d439e1a421394ec4ebccb9ec92a8ac78",
    ),
    (
        "negative",
        "47cfc5497c53dc8e61c91d17fd626ffb1c49e2bca94eed052281b510b1117a24",
    ),
    (
        "negative",
        "f1c6165d33367351b0da8f6e4511010c68174a03b6581212c71c0e1d026c3c72",
    ),
    (
        "negative",
        "87260f7a2f12495118360f02c26a470f450dadf34a413d21042b43b9d93e1309",
    ),
    (
        "non-square",
        "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
    ),
    (
        "non-square",
        "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
    ),
    (
        "non-square",
        "de6a7b00deadc788eb6b6c8d20c0ae96c2f2019078fa604fee5b87d6e989ad7b",
    ),
    (
        "non-square",
        "bcab477be20861e01e4a0e295284146a510150d9817763caf1a6f4b422d67042",
    ),
    (
        "non-square",
        "2a292df7e32cababbd9de088d1d1abec9fc0440f637ed2fba145094dc14bea08",
    ),
    (
        "non-square",
        "f4a9e534fc0d216c44b218fa0c42d99635a0127ee2e53c712f70609649fdff22",
    ),
    (
        "non-square",
        "8268436f8c4126196cf64b3c7ddbda90746a378625f9813dd9b8457077256731",
    ),
    (
        "non-square",
        "2810e5cbc2cc4d4eece54f61c6f69758e289aa7ab440b3cbeaa21995c2f4232b",
    ),
    (
        "negative xy",
        "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",
    ),
    (
        "negative xy",
        "a45fdc55c76448c049a1ab33f17023edfb2be3581e9c7aade8a6125215e04220",
    ),
    (
        "negative xy",
        "d483fe813c6ba647ebbfd3ec41adca1c6130c2beeee9d9bf065c8d151c5f396e",
    ),
    (
        "negative xy",
        "8a2e1d30050198c65a54483123960ccc38aef6848e1ec8f5f780e8523769ba32",
    ),
    (
        "negative xy",
        "32888462f8b486c68ad7dd9610be5192bbeaf3b443951ac1a8118419d9fa097b",
    ),
    (
        "negative xy",
        "227142501b9d4355ccba290404bde41575b037693cef1f438c47f8fbf35d1165",
    ),
    (
        "negative xy",
        "5c37cc491da847cfeb9281d407efc41e15144c876e0170b499a96a22ed31e01e",
    ),
    (
        "negative xy",
        "445425117cb8c90edcbc7c1cc0e74f747f2c1efa5630a967c64f287792a48a4b",
    ),
    (
        "s = -1 (y = 0)",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ),
];

pub fn hex32(s: &str) -> [u8; 32] {
    let v = hex::decode(s).unwrap();
    v.try_into().unwrap()
}

pub fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

pub fn random_bytes(rng: &mut ChaCha20Rng) -> [u8; 32] {
    let mut b = [0u8; 32];
    rng.fill_bytes(&mut b);
    b
}

pub fn random_point(rng: &mut ChaCha20Rng) -> RistrettoPoint {
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    RistrettoPoint::from_uniform_bytes(&wide)
}

pub fn random_scalar(rng: &mut ChaCha20Rng) -> Scalar {
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    Scalar::from_bytes_mod_order_wide(&wide)
}

/// The backend the tests exercise (printed, as the issue asks).
pub fn announce(test: &str) {
    eprintln!(
        "{test}: engine backend = {}; Pippenger bucket pass = {}",
        bpkit_engine::backend(),
        if bpkit_engine::backend::ifma_active() {
            "avx512-ifma eight lanes"
        } else if bpkit_engine::backend::simd_buckets_active() {
            "avx2 four lanes"
        } else {
            "portable"
        }
    );
}

pub fn random_u64(rng: &mut ChaCha20Rng) -> u64 {
    rng.next_u64()
}

/// Scalar i of a mixed list: 0, 1, ℓ − 1, 2⁶⁴ − 1 and random ones.
pub fn special_scalar(rng: &mut ChaCha20Rng, i: usize) -> Scalar {
    match i % 7 {
        0 => Scalar::ZERO,
        1 => Scalar::ONE,
        2 => -Scalar::ONE, // ℓ − 1
        3 => Scalar::from(u64::MAX),
        _ => random_scalar(rng),
    }
}

/// n points mixing random, identity, repeated and negated ones.
pub fn mixed_points(rng: &mut ChaCha20Rng, n: usize) -> Vec<RistrettoPoint> {
    use curve25519_dalek::traits::Identity;
    let mut points: Vec<RistrettoPoint> = Vec::with_capacity(n);
    for i in 0..n {
        let p = match (i % 11, points.len()) {
            (3, k) if k > 0 => points[k - 1],     // repeated
            (5, k) if k > 0 => -points[k / 2],    // negated
            (7, _) => RistrettoPoint::identity(), // identity
            _ => random_point(rng),
        };
        points.push(p);
    }
    points
}

/// The engine's points (decoded from dalek's encodings).
pub fn engine_points(points: &[RistrettoPoint]) -> Vec<bpkit_engine::Point> {
    let enc: Vec<[u8; 32]> = points.iter().map(|p| p.compress().to_bytes()).collect();
    bpkit_engine::decode_batch_all(&enc).unwrap()
}

/// The engine's affine points (decoded from dalek's encodings).
pub fn engine_affine(points: &[RistrettoPoint]) -> Vec<bpkit_engine::AffineNiels> {
    engine_points(points)
        .iter()
        .map(bpkit_engine::Point::to_affine_niels)
        .collect()
}

pub fn scalar_bytes(scalars: &[Scalar]) -> Vec<[u8; 32]> {
    scalars.iter().map(Scalar::to_bytes).collect()
}

/// An extended point whose coordinates are taken cyclically from `v` from index `i` (not
/// necessarily on the curve: the addition formulas are polynomials, so backends must agree on
/// any coordinates, and edge values in `v` exercise the limb bounds).
pub fn cyclic_extended(v: &[bpkit_engine::field::Fe], i: usize) -> bpkit_engine::point::Extended {
    let n = v.len();
    bpkit_engine::point::Extended::from_coordinates_unchecked([
        v[i % n],
        v[(i + 1) % n],
        v[(i + 2) % n],
        v[(i + 3) % n],
    ])
}

/// An affine Niels operand taken cyclically from `v` like [`cyclic_extended`].
pub fn cyclic_niels(v: &[bpkit_engine::field::Fe], i: usize) -> bpkit_engine::AffineNiels {
    let n = v.len();
    bpkit_engine::AffineNiels::from_coordinates_unchecked(v[i % n], v[(i + 5) % n], v[(i + 11) % n])
}

/// The backend switches are process-wide: tests that flip them run one at a time.
pub static SWITCH: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The configurations of the bucket pass this CPU can run: (name, portable backend, SIMD pass,
/// IFMA pass).
pub fn configurations() -> Vec<(&'static str, bool, bool, bool)> {
    let mut c = vec![("portable backend", true, false, false)];
    bpkit_engine::backend::dispatch::force_portable(false);
    bpkit_engine::backend::simd_buckets(false);
    bpkit_engine::backend::ifma(false);
    c.push(("portable pass", false, false, false));
    bpkit_engine::backend::simd_buckets(true);
    if bpkit_engine::backend::simd_buckets_active() {
        c.push(("AVX2 pass", false, true, false));
    }
    bpkit_engine::backend::ifma(true);
    if bpkit_engine::backend::ifma_active() {
        c.push(("IFMA pass", false, true, true));
    }
    c
}

/// Sets the backend switches: portable backend only, the SIMD bucket pass, the IFMA pass.
pub fn set(portable: bool, simd: bool, ifma: bool) {
    bpkit_engine::backend::dispatch::force_portable(portable);
    bpkit_engine::backend::simd_buckets(simd);
    bpkit_engine::backend::ifma(ifma);
}
