//! Reading inputs with a size limit, writing outputs (secrets with mode 0600), and printing.

use crate::error::CliError;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use zeroize::Zeroize;

/// Largest input file accepted: far above any envelope or opening (a 64-value proof envelope is
/// about 7 KiB), small enough that a wrong file is refused before it is read.
pub const MAX_INPUT: u64 = 1 << 20;

/// Reads a UTF-8 file of at most [`MAX_INPUT`] bytes.
///
/// The size is checked from the metadata before reading, and again while reading (for files
/// whose metadata does not tell, such as pipes or files growing meanwhile). Exit 4 if the file
/// cannot be read, 3 if it is too large or not UTF-8.
pub fn read_input(path: &str) -> Result<String, CliError> {
    let (file, meta) = open_file(path)?;
    if meta.len() > MAX_INPUT {
        return Err(too_large(path));
    }
    let mut bytes = Vec::new();
    file.take(MAX_INPUT.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::io(format!("cannot read {path}"), e))?;
    if u64::try_from(bytes.len()).map_or(true, |len| len > MAX_INPUT) {
        return Err(too_large(path));
    }
    String::from_utf8(bytes).map_err(|_| CliError::Malformed(format!("{path}: not UTF-8 text")))
}

/// Opens a file for reading with its metadata; a directory is an I/O error (exit 4).
fn open_file(path: &str) -> Result<(File, std::fs::Metadata), CliError> {
    let file = File::open(path).map_err(|e| CliError::io(format!("cannot open {path}"), e))?;
    let meta = file
        .metadata()
        .map_err(|e| CliError::io(format!("cannot read {path}"), e))?;
    if meta.is_dir() {
        return Err(CliError::io(
            format!("cannot read {path}"),
            std::io::Error::other("is a directory"),
        ));
    }
    Ok((file, meta))
}

fn too_large(path: &str) -> CliError {
    CliError::Malformed(format!(
        "{path}: larger than {MAX_INPUT} bytes, refusing to read it"
    ))
}

/// `--force` was given: outputs may replace existing regular files (set once by `main`).
static FORCE: AtomicBool = AtomicBool::new(false);

/// Records whether `--force` was given (every command that writes files accepts it).
pub fn set_force(force: bool) {
    FORCE.store(force, Ordering::Relaxed);
}

/// What is at an output path now.
enum Existing {
    /// Nothing: the file is created.
    Nothing,
    /// A regular file: replaced only with `--force`.
    File,
    /// A device, pipe or socket (`/dev/null`, `/dev/stdout`, a FIFO): written to as it is.
    Special,
}

/// The one overwrite policy of every command: `-` is standard output; an existing regular file
/// is refused unless `--force` (exit 4); special files (`/dev/null`, FIFOs) are written to; a
/// directory is refused.
fn existing(path: &str) -> Result<Existing, CliError> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Existing::Nothing),
        Err(e) => Err(CliError::io(format!("cannot create {path}"), e)),
        Ok(m) if m.is_dir() => Err(CliError::io(
            format!("cannot create {path}"),
            std::io::Error::other("is a directory"),
        )),
        Ok(m) if m.is_file() => {
            if FORCE.load(Ordering::Relaxed) {
                Ok(Existing::File)
            } else {
                Err(CliError::io(
                    format!("{path} exists"),
                    std::io::Error::new(
                        std::io::ErrorKind::AlreadyExists,
                        "refusing to overwrite it (give --force to replace it)",
                    ),
                ))
            }
        }
        Ok(_) => Ok(Existing::Special),
    }
}

/// Writes a public file (a proof) under the overwrite policy of [`existing`].
pub fn write_public(path: &str, contents: &str) -> Result<(), CliError> {
    write_output(path, contents, false)
}

/// Writes a secret file (an opening): created with mode 0600 on Unix. An existing regular file
/// is refused unless `--force`, and then removed first and created anew with mode 0600 (its
/// permissions could have been wider). `-` prints it.
pub fn write_secret(path: &str, contents: &str) -> Result<(), CliError> {
    write_output(path, contents, true)
}

/// [`write_public`] and [`write_secret`]: `-` prints; otherwise the policy of [`existing`],
/// a regular file synced to disk.
fn write_output(path: &str, contents: &str, secret: bool) -> Result<(), CliError> {
    if path == "-" {
        return print(contents);
    }
    let kind = existing(path)?;
    let mut options = OpenOptions::new();
    options.write(true);
    match kind {
        Existing::Special => {}
        Existing::File if secret => {
            std::fs::remove_file(path)
                .map_err(|e| CliError::io(format!("cannot replace {path}"), e))?;
            options.create_new(true);
        }
        Existing::File => {
            options.truncate(true);
        }
        Existing::Nothing => {
            options.create_new(true);
        }
    }
    #[cfg(unix)]
    if secret {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options
        .open(path)
        .map_err(|e| CliError::io(format!("cannot create {path}"), e))?;
    let regular = !matches!(kind, Existing::Special);
    // Only regular files are synced (`fsync` of `/dev/null` or a pipe fails with EINVAL).
    file.write_all(contents.as_bytes())
        .and_then(|()| {
            if regular {
                file.sync_all()
            } else {
                file.flush()
            }
        })
        .map_err(|e| CliError::io(format!("cannot write {path}"), e))
}

/// Writes to standard output; a closed pipe or full disk is an I/O error, not a panic.
pub fn print(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| CliError::io("cannot write to standard output", e))
}

/// The "wrote FILE: …" line after an output was written: on standard output, or on standard
/// error when the output itself went to standard output (`--out -`).
pub fn report_written(out: &str, text: &str) -> Result<(), CliError> {
    if out == "-" {
        let mut err = std::io::stderr().lock();
        return err
            .write_all(text.as_bytes())
            .map_err(|e| CliError::io("cannot write to standard error", e));
    }
    print(text)
}

/// Zeroizes a string holding a secret before it is dropped.
pub fn wipe(mut text: String) {
    text.zeroize();
}

/// Reads a file line by line (lines split at `\n`), each line at most `max_line` bytes, and
/// returns the lines with their 1-based numbers, line endings removed. The file as a whole has
/// no size limit: a batch may be large, only each line is bounded.
///
/// Exit 4 if the file cannot be read, 3 (naming the line) if a line is too long.
pub fn read_lines(path: &str, max_line: u64) -> Result<Vec<(usize, Vec<u8>)>, CliError> {
    let (file, _) = open_file(path)?;
    let mut reader = std::io::BufReader::new(file);
    let mut lines = Vec::new();
    let mut number: usize = 0;
    loop {
        let mut line = Vec::new();
        let read = std::io::Read::take(&mut reader, max_line.saturating_add(2))
            .read_until(b'\n', &mut line)
            .map_err(|e| CliError::io(format!("cannot read {path}"), e))?;
        if read == 0 {
            return Ok(lines);
        }
        number = number.saturating_add(1);
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        if u64::try_from(line.len()).map_or(true, |len| len > max_line) {
            return Err(CliError::Malformed(format!(
                "{path}: line {number} is longer than {max_line} bytes, refusing to read it"
            )));
        }
        lines.push((number, line));
    }
}
