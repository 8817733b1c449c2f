//! The envelope format: round trips, verification, strict decoding.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]
use bpkit::plus::ExtendedOpening;
use bpkit::plus::{PlusProof, PlusStatement};
use bpkit::Opening;
use bpkit::RangeProof;
use bpkit_envelope::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

fn sample(m: usize) -> Envelope {
    let mut rng = StdRng::seed_from_u64(5);
    let openings: Vec<_> = (0..m as u64)
        .map(|v| Opening::random(v * 1000, &mut rng))
        .collect();
    let (proof, statement) =
        RangeProof::prove(&mut transcript("unit"), &openings, 16, &mut rng).unwrap();
    Envelope {
        scheme: Scheme::Bp { range: None },
        bits: 16,
        label: "unit".into(),
        commitments: statement.commitments().to_vec(),
        proof: proof.to_bytes(),
    }
}

fn sample_plus(m: usize, generators: GeneratorSet, min: u64) -> Envelope {
    let mut rng = StdRng::seed_from_u64(6);
    let openings: Vec<_> = (0..m as u64)
        .map(|v| ExtendedOpening::random(min + v * 1000, 1, &mut rng))
        .collect();
    let gens = generators.gens(1).unwrap();
    let statement =
        PlusStatement::commit(gens.pedersen(), 16, &openings, Some(vec![min; m])).unwrap();
    let proof = PlusProof::prove(
        &mut transcript("unit"),
        &gens,
        &statement,
        &openings,
        &mut rng,
    )
    .unwrap();
    Envelope {
        scheme: Scheme::Plus {
            generators,
            minimums: vec![min; m],
        },
        bits: 16,
        label: "unit".into(),
        commitments: statement.commitments().to_vec(),
        proof: proof.to_bytes(),
    }
}

#[test]
fn round_trip_and_verify() {
    let env = sample(3);
    let text = to_json(&env).unwrap();
    assert!(text.ends_with("}\n") && text.lines().count() == 1);
    let back = parse(&text).unwrap();
    assert_eq!(back, env);
    verify(&back).unwrap();
}

#[test]
fn plus_round_trip_and_verify() {
    for (generators, min) in [
        (GeneratorSet::Bpkit, 0),
        (GeneratorSet::Tari, 0),
        (GeneratorSet::Bpkit, 40_000),
        (GeneratorSet::Tari, 7),
    ] {
        let env = sample_plus(3, generators, min);
        let text = to_json(&env).unwrap();
        assert!(text.ends_with("}\n") && text.lines().count() == 1);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["scheme"], "bp+");
        assert_eq!(
            v.get("generators").is_some(),
            generators == GeneratorSet::Tari
        );
        assert_eq!(v.get("minimums").is_some(), min != 0);
        assert!(v.get("range").is_none());
        let back = parse(&text).unwrap();
        assert_eq!(back, env);
        verify(&back).unwrap();
        // Under the other generator set, or with another minimum, the proof is false.
        let flip = |g: &mut GeneratorSet| {
            *g = match g {
                GeneratorSet::Bpkit => GeneratorSet::Tari,
                GeneratorSet::Tari => GeneratorSet::Bpkit,
            }
        };
        let mut other_gens = back.clone();
        let mut other_min = back.clone();
        match (&mut other_gens.scheme, &mut other_min.scheme) {
            (Scheme::Plus { generators, .. }, Scheme::Plus { minimums, .. }) => {
                flip(generators);
                minimums[1] += 1;
            }
            _ => unreachable!(),
        }
        assert_eq!(verify(&other_gens), Err(bpkit::Error::VerificationFailed));
        assert_eq!(verify(&other_min), Err(bpkit::Error::VerificationFailed));
    }
}

#[test]
fn minimum_fits_the_bit_size() {
    assert!(minimum_fits(255, 8));
    assert!(!minimum_fits(256, 8));
    assert!(minimum_fits(0, 8));
    assert!(minimum_fits(u64::MAX, 64));
    assert!(!minimum_fits(1 << 32, 32));
}

#[test]
fn label_is_the_transcript_label() {
    let mut env = sample(1);
    env.label = "other".into();
    assert_eq!(verify(&env), Err(bpkit::Error::VerificationFailed));
}

fn edit(f: impl FnOnce(&mut serde_json::Value)) -> Result<Envelope, EnvelopeError> {
    let mut v: serde_json::Value = serde_json::from_str(&to_json(&sample(1)).unwrap()).unwrap();
    f(&mut v);
    parse(&v.to_string())
}

#[test]
fn strict_fields() {
    use serde_json::json;
    assert!(edit(|_| {}).is_ok());
    type Edit = Box<dyn FnOnce(&mut serde_json::Value)>;
    let cases: Vec<Edit> = vec![
        Box::new(|v| v["extra"] = json!(1)),
        Box::new(|v| v["version"] = json!(2)),
        Box::new(|v| v["version"] = json!("1")),
        Box::new(|v| v["scheme"] = json!("bp2")),
        Box::new(|v| v["scheme"] = json!("BP")),
        Box::new(|v| v["generators"] = json!("tari")),
        Box::new(|v| v["minimums"] = json!(["1"])),
        Box::new(|v| v["bits"] = json!(12)),
        Box::new(|v| v["bits"] = json!(-64)),
        Box::new(|v| v["commitments"] = json!([])),
        Box::new(|v| v["commitments"] = json!(vec!["00".repeat(32); 65])),
        Box::new(|v| v["commitments"] = json!(["00".repeat(31)])),
        Box::new(|v| v["commitments"] = json!([format!("{}zz", "00".repeat(31))])),
        Box::new(|v| v["proof"] = json!("0")),
        Box::new(|v| v["range"] = serde_json::Value::Null),
        Box::new(|v| v["range"] = json!(["5", "5"])),
        Box::new(|v| v["range"] = json!(["05", "9"])),
        Box::new(|v| v["range"] = json!([5, 9])),
        Box::new(|v| v["range"] = json!(["0", "18446744073709551617"])),
        Box::new(|v| v["range"] = json!(["0", "65537"])),
        Box::new(|v| {
            v.as_object_mut().unwrap().remove("label");
        }),
    ];
    for (i, f) in cases.into_iter().enumerate() {
        let e = edit(f).unwrap_err();
        assert_eq!(e.kind(), "malformed-envelope", "case {i}: {e}");
    }
}

fn edit_plus(f: impl FnOnce(&mut serde_json::Value)) -> Result<Envelope, EnvelopeError> {
    let env = sample_plus(2, GeneratorSet::Tari, 5);
    let mut v: serde_json::Value = serde_json::from_str(&to_json(&env).unwrap()).unwrap();
    f(&mut v);
    parse(&v.to_string())
}

#[test]
fn strict_plus_fields() {
    use serde_json::json;
    assert!(edit_plus(|_| {}).is_ok());
    assert!(edit_plus(|v| {
        v.as_object_mut().unwrap().remove("generators");
    })
    .is_ok());
    assert!(edit_plus(|v| {
        v.as_object_mut().unwrap().remove("minimums");
    })
    .is_ok());
    assert!(edit_plus(|v| v["minimums"] = json!(["0", "65535"])).is_ok());
    type Edit = Box<dyn FnOnce(&mut serde_json::Value)>;
    let cases: Vec<Edit> = vec![
        Box::new(|v| v["range"] = json!(["0", "5"])),
        Box::new(|v| v["generators"] = json!("bpkit")),
        Box::new(|v| v["generators"] = json!("Tari")),
        Box::new(|v| v["generators"] = json!("")),
        Box::new(|v| v["generators"] = json!(1)),
        Box::new(|v| v["generators"] = serde_json::Value::Null),
        Box::new(|v| v["minimums"] = serde_json::Value::Null),
        Box::new(|v| v["minimums"] = json!([])),
        Box::new(|v| v["minimums"] = json!(["5"])),
        Box::new(|v| v["minimums"] = json!(["5", "5", "5"])),
        Box::new(|v| v["minimums"] = json!(["0", "0"])),
        Box::new(|v| v["minimums"] = json!([5, 5])),
        Box::new(|v| v["minimums"] = json!(["05", "5"])),
        Box::new(|v| v["minimums"] = json!(["-5", "5"])),
        Box::new(|v| v["minimums"] = json!(["5", "65536"])),
        Box::new(|v| v["minimums"] = json!(["5", "18446744073709551616"])),
        Box::new(|v| v["minimums"] = json!("5")),
        Box::new(|v| v["extension_degree"] = json!(1)),
    ];
    for (i, f) in cases.into_iter().enumerate() {
        let e = edit_plus(f).unwrap_err();
        assert_eq!(e.kind(), "malformed-envelope", "case {i}: {e}");
    }
}

#[test]
fn duplicate_fields_and_trailing_garbage() {
    let text = to_json(&sample(1)).unwrap();
    assert!(parse(&format!("{text} ")).is_ok());
    assert!(parse(&format!("{text}x")).is_err());
    assert!(parse(&format!("{text}{text}")).is_err());
    let dup = text.replacen("{", "{\"bits\":16,", 1);
    assert!(parse(&dup).is_err());
}
