//! End-to-end tests: the real bot binary against a fake Discord on loopback
//! ([`support`]), one module per area. One test binary, so that the suite links once.

#[path = "../fleets/mod.rs"]
mod fleets;
#[path = "../pg/mod.rs"]
mod pg;
mod support;

mod admin;
mod anywhere;
mod anywhere_fake;
mod autocomplete;
mod bot;
mod cli;
mod editor;
mod fake;
mod fake_more;
mod faults;
mod findings;
mod game;
mod i18n;
mod multi;
mod postgres;
mod replay;
mod restart;
mod seasons;
mod secrecy;
mod servers;
mod shards;
mod standings;
mod tournament;
mod unreadable;
