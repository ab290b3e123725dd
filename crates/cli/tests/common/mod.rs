//! Helpers shared by the end-to-end tests of the `eons` binary.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs `eons` with `args`, feeding `input` on stdin.
pub fn eons(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_eons"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the eons binary starts");
    {
        let mut stdin = child.stdin.take().expect("stdin is piped");
        // The program may stop reading early (game over, quit): ignore a closed pipe.
        let _ = stdin.write_all(input.as_bytes());
    }
    child.wait_with_output().expect("eons runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts a clean success and returns stdout.
pub fn ok(o: &Output) -> String {
    assert!(
        o.status.success(),
        "expected success, got {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status,
        stdout(o),
        stderr(o)
    );
    stdout(o)
}

/// Asserts a clean failure (exit code 1, no panic) and returns stderr.
pub fn fails(o: &Output) -> String {
    let err = stderr(o);
    assert!(
        !o.status.success(),
        "expected failure, got success\nstdout:\n{}",
        stdout(o)
    );
    assert!(!err.contains("panicked"), "panic: {err}");
    assert_ne!(o.status.code(), None, "killed by a signal: {err}");
    err
}

/// A fresh path in the test scratch directory.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("eons-cli-tests");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

pub fn path_str(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}
