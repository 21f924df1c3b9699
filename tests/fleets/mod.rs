//! The fleets the tests place, shared by every part of the test binary (`tests/suite.rs`):
//! two legal classic fleets and two legal Game 2000 fleets that do not overlap their
//! partner's cells in a way any test relies on. A test that needs a fleet of its own
//! (a particular shape or position) still writes it where it is used.

/// A legal classic fleet along the top rows and the left half (A1-A4 is its battleship).
pub const CLASSIC_A: &str = "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10";
/// A legal classic fleet for the other seat (J1-J4 is its battleship).
pub const CLASSIC_B: &str = "J1-J4 H1-H3 A10-C10 A1-A2 C1-D1 F1 E5-E6 G8 I7 I10";
/// The two classic fleets above, seat by seat.
pub const CLASSIC: [&str; 2] = [CLASSIC_A, CLASSIC_B];
/// A legal Game 2000 fleet (B3-D3 and F3-F5 are its lengths of three).
pub const G2000_A: &str = "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1";
/// A legal Game 2000 fleet for the other seat.
pub const G2000_B: &str = "B2-B4 D2-F2 H2-H3 D5-E5 B6-B7 G6 E9";
