//! Helpers shared by the CLI's integration tests: a temporary directory that runs `bpkit` in
//! itself, and a finished run with its exit code and output. Each test file uses a part of them.
#![allow(dead_code)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh directory under the system temporary directory, removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(name: &str) -> Self {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let unique = format!(
            "bpkit-cli-{name}-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(unique);
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    pub fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }

    pub fn read(&self, file: &str) -> String {
        std::fs::read_to_string(self.path(file)).unwrap()
    }

    pub fn write(&self, file: &str, contents: &str) {
        std::fs::write(self.path(file), contents).unwrap();
    }

    pub fn json(&self, file: &str) -> Value {
        serde_json::from_str(&self.read(file)).unwrap()
    }

    /// Runs `bpkit` in this directory.
    pub fn run(&self, args: &[&str]) -> Run {
        run_in(&self.0, args)
    }

    /// `bpkit commit --value V --out FILE`, checked to succeed.
    pub fn commit(&self, value: &str, file: &str) {
        self.run(&["commit", "--value", value, "--out", file])
            .expect_code(0);
    }

    /// Commits to each `(value, file)`.
    pub fn commit_all(&self, pairs: &[(&str, &str)]) {
        for (value, file) in pairs {
            self.commit(value, file);
        }
    }

    /// The `commitment` field of each opening file.
    pub fn commitments(&self, files: &[&str]) -> Vec<Value> {
        files
            .iter()
            .map(|f| self.json(f)["commitment"].clone())
            .collect()
    }

    /// Runs `bpkit verify ARGS` here: (exit code, stdout, stderr).
    pub fn verify(&self, args: &[&str]) -> (i32, String, String) {
        let mut all = vec!["verify"];
        all.extend_from_slice(args);
        let run = self.run(&all);
        (run.code(), run.stdout(), run.stderr())
    }

    /// Writes `envelope` to `file` and runs `verify` on it.
    pub fn verify_json(&self, file: &str, envelope: &Value) -> Run {
        self.write(file, &envelope.to_string());
        self.run(&["verify", file])
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A finished run of `bpkit`: its arguments and output.
pub struct Run {
    args: String,
    out: Output,
}

impl Run {
    pub fn code(&self) -> i32 {
        self.out.status.code().expect("terminated by a signal")
    }
    pub fn stdout(&self) -> String {
        String::from_utf8(self.out.stdout.clone()).unwrap()
    }
    pub fn stderr(&self) -> String {
        String::from_utf8(self.out.stderr.clone()).unwrap()
    }
    #[track_caller]
    pub fn expect_code(&self, code: i32) -> &Self {
        assert_eq!(
            self.code(),
            code,
            "bpkit {}\nstdout:\n{}\nstderr:\n{}",
            self.args,
            self.stdout(),
            self.stderr()
        );
        self
    }
}

/// Runs `bpkit ARGS` in `dir`, without the engine's IFMA switch from the environment.
pub fn run_in(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_bpkit"))
        .current_dir(dir)
        .env_remove("BPKIT_ENGINE_IFMA") // the engine's IFMA switch (tested explicitly)
        .args(args)
        .output()
        .unwrap();
    Run {
        args: args.join(" "),
        out,
    }
}
