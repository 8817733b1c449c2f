//! The canonical JSON description of a circuit (spec §12.2): written by [`Circuit::to_json`],
//! read back strictly by [`Circuit::from_json`] (only the canonical bytes are accepted).

use crate::circuit::{Challenge, Circuit, CircuitError, LinearCombination, Variable};
use crate::group::Scalar;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

/// The largest JSON description accepted, in bytes.
pub const MAX_JSON_SIZE: usize = 1 << 30;

const HEX: &[u8; 16] = b"0123456789abcdef";

fn push_hex(out: &mut String, bytes: &[u8]) {
    for b in bytes {
        out.push(char::from(
            HEX.get(usize::from(b >> 4)).copied().unwrap_or(b'0'),
        ));
        out.push(char::from(
            HEX.get(usize::from(b & 15)).copied().unwrap_or(b'0'),
        ));
    }
}

fn push_variable(out: &mut String, v: &Variable) {
    let _ = match *v {
        Variable::Committed(i) => write!(out, "\"V{i}\""),
        Variable::MultiplierLeft(i) => write!(out, "\"L{i}\""),
        Variable::MultiplierRight(i) => write!(out, "\"R{i}\""),
        Variable::MultiplierOutput(i) => write!(out, "\"O{i}\""),
        Variable::One => write!(out, "\"1\""),
    };
}

fn push_row(out: &mut String, row: &LinearCombination) {
    out.push('[');
    for (k, t) in row.terms().iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        out.push('[');
        push_variable(out, &t.variable);
        out.push_str(",\"");
        push_hex(out, t.coefficient.as_bytes());
        out.push('"');
        if let Some(c) = t.challenge {
            let _ = write!(out, ",{}", c.0);
        }
        out.push(']');
    }
    out.push(']');
}

fn push_rows(out: &mut String, rows: &[LinearCombination]) {
    out.push('[');
    for (k, row) in rows.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        push_row(out, row);
    }
    out.push(']');
}

impl Circuit {
    /// The canonical JSON description (spec §12.2): no whitespace, rows in canonical order,
    /// coefficients as 64 lowercase hex digits of their 32-byte little-endian encoding.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "{{\"bpkit_circuit\":1,\"commitments\":{},\"multipliers\":[{},{}],\"challenges\":[",
            self.num_commitments,
            self.phase_one_multipliers,
            self.phase_two_multipliers()
        );
        for (k, l) in self.challenge_labels.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            out.push('"');
            push_hex(&mut out, l);
            out.push('"');
        }
        out.push_str("],\"phase1\":");
        push_rows(
            &mut out,
            self.rows.get(..self.phase_one_rows).unwrap_or(&[]),
        );
        out.push_str(",\"phase2\":");
        push_rows(
            &mut out,
            self.rows.get(self.phase_one_rows..).unwrap_or(&[]),
        );
        out.push('}');
        out
    }

    /// Reads a canonical JSON description. Anything but the exact canonical bytes of a valid
    /// circuit is refused with [`CircuitError::InvalidDescription`] (or the validation error).
    pub fn from_json(json: &str) -> Result<Circuit, CircuitError> {
        if json.len() > MAX_JSON_SIZE {
            return Err(CircuitError::InvalidDescription);
        }
        let mut p = Parser {
            s: json.as_bytes(),
            at: 0,
        };
        let c = p.circuit().ok_or(CircuitError::InvalidDescription)?;
        if p.at != p.s.len() {
            return Err(CircuitError::InvalidDescription);
        }
        let c = Circuit::new(
            c.num_commitments,
            c.phase_one_multipliers,
            c.multipliers,
            c.rows,
            c.phase_one_rows,
            c.challenge_labels,
        )?;
        // Canonical form only: rows sorted and merged, no zero coefficients, no spacing.
        if c.to_json() != json {
            return Err(CircuitError::InvalidDescription);
        }
        Ok(c)
    }
}

/// The sizes at the head of a circuit description (spec §12.2: `commitments`, then
/// `multipliers` of both phases), read by [`Circuit::description_header`] without reading the
/// rows: what a verifier checks against its own limits before anything of the size of the
/// circuit is allocated or any generator built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DescriptionHeader {
    /// Committed variables `m`.
    pub commitments: usize,
    /// Multipliers of the first phase `n₁`.
    pub phase_one_multipliers: usize,
    /// Multipliers of the second phase `n₂`.
    pub phase_two_multipliers: usize,
}

impl DescriptionHeader {
    /// `n = n₁ + n₂` (saturating: a sum beyond `usize` is beyond every limit too).
    pub fn multipliers(&self) -> usize {
        self.phase_one_multipliers
            .saturating_add(self.phase_two_multipliers)
    }
}

impl Circuit {
    /// The header of a description: the exact canonical bytes up to the end of `multipliers`
    /// (`{"bpkit_circuit":1,"commitments":m,"multipliers":[n1,n2],`), numbers without overflow.
    /// Reads nothing further and allocates nothing; the rest is checked by
    /// [`Circuit::from_json`] (which also refuses non-canonical numbers such as leading zeros,
    /// and sizes above [`crate::circuit::MAX_MULTIPLIERS`]).
    pub fn description_header(json: &str) -> Result<DescriptionHeader, CircuitError> {
        let mut p = Parser {
            s: json.as_bytes(),
            at: 0,
        };
        p.header().ok_or(CircuitError::InvalidDescription)
    }
}

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }

    fn lit(&mut self, l: &str) -> Option<()> {
        let end = self.at.checked_add(l.len())?;
        (self.s.get(self.at..end)? == l.as_bytes()).then_some(())?;
        self.at = end;
        Some(())
    }

    fn number(&mut self) -> Option<usize> {
        let start = self.at;
        let mut n: usize = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            n = n
                .checked_mul(10)?
                .checked_add(usize::from(d.checked_sub(b'0')?))?;
            self.at = self.at.checked_add(1)?;
        }
        (self.at > start).then_some(n)
    }

    fn hex(&mut self) -> Option<Vec<u8>> {
        self.lit("\"")?;
        let mut out = Vec::new();
        loop {
            match self.peek()? {
                b'"' => {
                    self.at = self.at.checked_add(1)?;
                    return Some(out);
                }
                _ => {
                    let hi = self.nibble()?;
                    let lo = self.nibble()?;
                    out.push(hi.checked_mul(16)?.checked_add(lo)?);
                }
            }
        }
    }

    fn nibble(&mut self) -> Option<u8> {
        let c = self.peek()?;
        let v = HEX.iter().position(|h| *h == c)?;
        self.at = self.at.checked_add(1)?;
        u8::try_from(v).ok()
    }

    /// `[` item (`,` item)* `]`, or `[]`.
    fn list<T>(&mut self, mut item: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        self.lit("[")?;
        let mut out = Vec::new();
        if self.peek()? == b']' {
            self.at = self.at.checked_add(1)?;
            return Some(out);
        }
        loop {
            out.push(item(self)?);
            match self.peek()? {
                b',' => self.at = self.at.checked_add(1)?,
                b']' => {
                    self.at = self.at.checked_add(1)?;
                    return Some(out);
                }
                _ => return None,
            }
        }
    }

    fn variable(&mut self) -> Option<Variable> {
        self.lit("\"")?;
        let kind = self.peek()?;
        self.at = self.at.checked_add(1)?;
        let v = match kind {
            b'1' => Variable::One,
            b'V' => Variable::Committed(self.number()?),
            b'L' => Variable::MultiplierLeft(self.number()?),
            b'R' => Variable::MultiplierRight(self.number()?),
            b'O' => Variable::MultiplierOutput(self.number()?),
            _ => return None,
        };
        self.lit("\"")?;
        Some(v)
    }

    fn term(&mut self) -> Option<LinearCombination> {
        self.lit("[")?;
        let v = self.variable()?;
        self.lit(",")?;
        let bytes: [u8; 32] = self.hex()?.try_into().ok()?;
        let coeff: Scalar = Option::from(Scalar::from_canonical_bytes(bytes))?;
        let mut lc = LinearCombination::from(v).scale(coeff);
        if self.peek()? == b',' {
            self.at = self.at.checked_add(1)?;
            lc = lc.times_challenge(Challenge(self.number()?));
        }
        self.lit("]")?;
        Some(lc)
    }

    fn row(&mut self) -> Option<LinearCombination> {
        let terms = self.list(Parser::term)?;
        Some(
            terms
                .into_iter()
                .fold(LinearCombination::default(), LinearCombination::plus),
        )
    }

    fn header(&mut self) -> Option<DescriptionHeader> {
        self.lit("{\"bpkit_circuit\":1,\"commitments\":")?;
        let m = self.number()?;
        self.lit(",\"multipliers\":[")?;
        let n1 = self.number()?;
        self.lit(",")?;
        let n2 = self.number()?;
        self.lit("],")?;
        Some(DescriptionHeader {
            commitments: m,
            phase_one_multipliers: n1,
            phase_two_multipliers: n2,
        })
    }

    fn circuit(&mut self) -> Option<Circuit> {
        let DescriptionHeader {
            commitments: m,
            phase_one_multipliers: n1,
            phase_two_multipliers: n2,
        } = self.header()?;
        self.lit("\"challenges\":")?;
        let labels = self.list(Parser::hex)?;
        self.lit(",\"phase1\":")?;
        let mut rows = self.list(Parser::row)?;
        let q1 = rows.len();
        self.lit(",\"phase2\":")?;
        rows.extend(self.list(Parser::row)?);
        self.lit("}")?;
        Some(Circuit {
            num_commitments: m,
            phase_one_multipliers: n1,
            multipliers: n1.checked_add(n2)?,
            rows,
            phase_one_rows: q1,
            challenge_labels: labels,
            digest: [0; 32],
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn header_is_read_without_the_rows() {
        let rows = alloc::vec![
            LinearCombination::from(Variable::MultiplierLeft(0)) - Variable::Committed(1)
        ];
        let c = Circuit::new(2, 3, 5, rows, 1, alloc::vec![b"z".to_vec()]).unwrap();
        let json = c.to_json();
        let h = Circuit::description_header(&json).unwrap();
        assert_eq!(
            h,
            DescriptionHeader {
                commitments: 2,
                phase_one_multipliers: 3,
                phase_two_multipliers: 2,
            }
        );
        assert_eq!(h.multipliers(), c.multipliers());
        // Only the header is read: what follows it may be anything (from_json refuses it).
        let head = "{\"bpkit_circuit\":1,\"commitments\":0,\"multipliers\":[4194304,7],";
        let h = Circuit::description_header(&alloc::format!("{head}garbage")).unwrap();
        assert_eq!(h.multipliers(), 4194311);
        assert!(Circuit::from_json(&alloc::format!("{head}garbage")).is_err());
        let max = usize::MAX;
        let huge = alloc::format!(
            "{{\"bpkit_circuit\":1,\"commitments\":0,\"multipliers\":[{max},{max}],"
        );
        assert_eq!(
            Circuit::description_header(&huge).unwrap().multipliers(),
            usize::MAX
        );
        for bad in [
            "",
            "{}",
            &head[..head.len() - 1],
            "{\"bpkit_circuit\":2,\"commitments\":0,\"multipliers\":[1,0],",
            "{\"bpkit_circuit\":1,\"commitments\":0,\"multipliers\":[1],",
            "{\"bpkit_circuit\":1,\"commitments\":0,\"multipliers\":[99999999999999999999999,0],",
            " {\"bpkit_circuit\":1,\"commitments\":0,\"multipliers\":[1,0],",
        ] {
            assert_eq!(
                Circuit::description_header(bad),
                Err(CircuitError::InvalidDescription),
                "{bad}"
            );
        }
    }
}
