//! The `eons` command-line program: play, simulate, run bot tournaments,
//! replay, check, benchmark and serve any registered game (the library
//! `eons_cli` holds the commands).

#![forbid(unsafe_code)]

use std::process::ExitCode;

/// mimalloc rather than the system allocator: `eons serve` spent ~40% of its
/// CPU under load in glibc's malloc and free (the JSON of every push).
#[cfg(feature = "serve")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    eons_cli::main_with_args(std::env::args_os())
}
