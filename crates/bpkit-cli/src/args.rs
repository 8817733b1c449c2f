//! Hand-written argument parsing: `--flag value`, `--flag=value`, boolean `--flag`,
//! positionals, and `--` to end the flags.
//!
//! Strict: an unknown flag, a repeated flag, a missing value or a value given to a boolean flag
//! is a usage error. A value may not start with `--` when written as the next argument (so that
//! `--out --bits 8` is caught); `--flag=--value` is accepted.

use crate::error::CliError;

/// A flag a command accepts.
#[derive(Debug, Clone, Copy)]
pub struct Flag {
    /// The flag, with its dashes: `--bits`.
    pub name: &'static str,
    /// Whether it takes a value.
    pub takes_value: bool,
}

impl Flag {
    /// A flag that takes a value.
    pub const fn value(name: &'static str) -> Self {
        Flag {
            name,
            takes_value: true,
        }
    }

    /// A boolean flag.
    pub const fn switch(name: &'static str) -> Self {
        Flag {
            name,
            takes_value: false,
        }
    }
}

/// A parsed command line (after the command name).
#[derive(Debug, Default)]
pub struct Parsed {
    /// `--help` or `-h` was given.
    pub help: bool,
    flags: Vec<(&'static str, Option<String>)>,
    /// The positional arguments, in order.
    pub positionals: Vec<String>,
}

impl Parsed {
    /// The value of a flag that takes one, if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.flags
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// The value of a flag that must be given.
    pub fn required(&self, name: &str) -> Result<&str, CliError> {
        self.value(name)
            .ok_or_else(|| CliError::Usage(format!("missing required flag {name}")))
    }

    /// Whether a boolean flag was given.
    pub fn switch(&self, name: &str) -> bool {
        self.flags.iter().any(|(n, _)| *n == name)
    }
}

/// Most threads `--threads` accepts (a local pool of that many is built).
pub const MAX_THREADS: usize = 256;

/// Parses `--threads N`: 0 (rayon's pool: `RAYON_NUM_THREADS`, else one per core) or 1 to
/// [`MAX_THREADS`].
pub fn parse_threads(text: &str) -> Result<usize, CliError> {
    bpkit_envelope::decimal::parse_u64(text)
        .and_then(|t| usize::try_from(t).ok())
        .filter(|t| *t <= MAX_THREADS)
        .ok_or_else(|| {
            CliError::Usage(format!(
                "--threads {text:?}: expected 0 (one per core) or 1 to {MAX_THREADS}"
            ))
        })
}

/// Parses `args` against the flags a command accepts.
pub fn parse(args: &[String], accepted: &[Flag]) -> Result<Parsed, CliError> {
    let mut parsed = Parsed::default();
    let mut iter = args.iter();
    let mut flags_done = false;
    while let Some(arg) = iter.next() {
        if flags_done || arg == "-" || !arg.starts_with('-') {
            parsed.positionals.push(arg.clone());
            continue;
        }
        if arg == "--" {
            flags_done = true;
            continue;
        }
        if arg == "--help" || arg == "-h" {
            parsed.help = true;
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value.to_owned())),
            None => (arg.as_str(), None),
        };
        let flag = accepted
            .iter()
            .find(|f| f.name == name)
            .ok_or_else(|| CliError::Usage(format!("unknown flag {name}")))?;
        if parsed.switch(flag.name) {
            return Err(CliError::Usage(format!("flag {name} given twice")));
        }
        let value = match (flag.takes_value, inline) {
            (false, None) => None,
            (false, Some(_)) => {
                return Err(CliError::Usage(format!("flag {name} takes no value")));
            }
            (true, Some(v)) => Some(v),
            (true, None) => match iter.next() {
                Some(v) if !v.starts_with("--") => Some(v.clone()),
                _ => return Err(CliError::Usage(format!("flag {name} needs a value"))),
            },
        };
        parsed.flags.push((flag.name, value));
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    const FLAGS: &[Flag] = &[Flag::value("--bits"), Flag::switch("--quick")];

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn flags_and_positionals() {
        let p = parse(
            &args(&["a", "--bits", "8", "b", "--quick", "--", "--c"]),
            FLAGS,
        )
        .unwrap();
        assert_eq!(p.value("--bits"), Some("8"));
        assert!(p.switch("--quick"));
        assert!(!p.help);
        assert_eq!(p.positionals, args(&["a", "b", "--c"]));
        let p = parse(&args(&["--bits=--x", "-"]), FLAGS).unwrap();
        assert_eq!(p.value("--bits"), Some("--x"));
        assert_eq!(p.positionals, args(&["-"]));
        assert!(parse(&args(&["-h"]), FLAGS).unwrap().help);
    }

    #[test]
    fn usage_errors() {
        for bad in [
            &["--nope"][..],
            &["--bits"],
            &["--bits", "--quick"],
            &["--bits", "8", "--bits", "8"],
            &["--quick=1"],
            &["--quick", "--quick"],
            &["-x"],
        ] {
            let e = parse(&args(bad), FLAGS).unwrap_err();
            assert!(matches!(e, CliError::Usage(_)), "{bad:?}");
        }
    }

    #[test]
    fn required_reports_the_flag() {
        let p = parse(&[], FLAGS).unwrap();
        let e = p.required("--bits").unwrap_err();
        assert!(e.to_string().contains("--bits"));
    }
}
