//! End-to-end tests: the real bot binary against a fake Discord on loopback
//! ([`support`]), one module per area. Part of the one test binary (`tests/suite.rs`).

mod support;

mod admin;
mod aim;
mod anywhere;
mod anywhere_fake;
mod autocomplete;
mod bot;
mod cli;
mod daily;
mod editor;
mod fake;
mod fake_guilds;
mod fake_more;
mod faults;
mod findings;
mod forged;
mod game;
mod guild_cache;
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
mod tournament_256;
mod tournament_big;
mod tournament_signup;
mod tournament_threads;
mod unreadable;
mod venues;
