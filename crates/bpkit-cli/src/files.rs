//! Reading inputs with a size limit, writing outputs (secrets with mode 0600), and printing.

use crate::error::CliError;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, Read, Write};
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

/// Writes a public file (a proof), replacing it if it exists.
pub fn write_public(path: &str, contents: &str) -> Result<(), CliError> {
    let mut file =
        File::create(path).map_err(|e| CliError::io(format!("cannot create {path}"), e))?;
    file.write_all(contents.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| CliError::io(format!("cannot write {path}"), e))
}

/// Writes a secret file (an opening): created with mode 0600 on Unix, and never over an
/// existing file (whose permissions could be wider, and whose secret would be lost).
pub fn write_secret(path: &str, contents: &str) -> Result<(), CliError> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options
        .open(path)
        .map_err(|e| CliError::io(format!("cannot create {path}"), e))?;
    file.write_all(contents.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| CliError::io(format!("cannot write {path}"), e))
}

/// Writes to standard output; a closed pipe or full disk is an I/O error, not a panic.
pub fn print(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| CliError::io("cannot write to standard output", e))
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
