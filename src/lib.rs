//! Broadside: a sea-battle bot for Discord.
//!
//! The crate is split so that the rules can be tested without Discord:
//! [`game`] holds the pure rules, [`render`] draws what a player may see,
//! [`session`] runs the match lifecycle and keeps it durable through [`store`],
//! [`bot`] is the thin Discord layer on top.
//!
//! The pure cores are crates of the workspace (`crates/`), re-exported here under the names
//! the rest of the code uses: [`game`], [`ai`], [`rating`], [`render`], [`tournament`] and [`daily`].
//! None of them depends on Discord, tokio or a database.

pub use broadside_ai as ai;
pub mod bot;
pub use broadside_daily as daily;
pub use broadside_game as game;
pub mod ids;
pub use broadside_rating as rating;
pub use broadside_render as render;
pub mod session;
pub mod store;
pub use broadside_tournament as tournament;
