//! The Broadside binary.
fn main() {}
