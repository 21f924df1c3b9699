//! Pairs the next round of a tournament given in FIDE's report format (TRF-16), the way
//! FIDE checks pairing engines:
//!
//! ```sh
//! cargo run --release --example pair -- FILE.trf
//! ```
//!
//! Prints the number of pairs, then one `white black` pair of starting numbers per line,
//! the pairing-allocated bye as `N 0`. Players with an arbiter's bye already entered in
//! the next round's column (`0000 - H`, `F` or `Z`) are not paired. An unreadable file is
//! an error naming its line; a tournament that cannot be paired (or is complete) says
//! so; both exit with code 1 and print no pairing.

use std::process::ExitCode;

use broadside::tournament::trf;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(path), None) = (args.next(), args.next()) else {
        eprintln!("usage: pair FILE.trf");
        return ExitCode::FAILURE;
    };
    let text = match std::fs::read(&path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    match trf::pair_next(&text) {
        Ok(round) => {
            print!("{round}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{path}: {e}");
            ExitCode::FAILURE
        }
    }
}
