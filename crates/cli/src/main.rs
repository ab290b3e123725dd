//! The `eons` command-line program.

fn main() {
    eprintln!("eons: not built yet");
    std::process::exit(2);
}
