//! Broadside: a sea-battle bot for Discord.
//!
//! The crate is split so that the rules can be tested without Discord:
//! [`game`] holds the pure rules, [`render`] draws what a player may see,
//! [`session`] runs the match lifecycle and keeps it durable through [`store`],
//! [`bot`] is the thin Discord layer on top.

pub mod ai;
pub mod bot;
pub mod game;
pub mod ids;
pub mod rating;
pub mod render;
pub mod session;
pub mod store;
pub mod tournament;
