//! Tests of the computer opponent.
