//! The bot's ground floor: what every feature stands on and nothing of a feature.
//!
//! [`Data`], [`Error`] and [`Context`]; who an interaction speaks to and where the bot is
//! there ([`audience`], [`presence`]); a click ([`click`]) and an answer where the bot can
//! only answer ([`answer`]); where a match's words go ([`venue`]) and the one way they go
//! out ([`outbox`]); the typed custom ids of every button ([`buttons`]); the aim panel the
//! daily sea and a match share ([`aim`]); the choices the
//! commands offer ([`choices`]); the server's policy for where a match may be played
//! ([`policy`]); and the plumbing: talking to Discord ([`discord`], [`deliver`]), markup,
//! metrics, pictures, permissions, and the languages ([`i18n`]).
//!
//! Nothing here imports a feature (`super::features`) or the wiring above it.

pub mod aim;
pub mod answer;
pub mod asks;
pub mod audience;
pub mod buttons;
pub mod choices;
pub mod click;
pub mod context;
pub mod deliver;
pub mod discord;
pub mod error;
pub mod held;
pub mod i18n;
pub mod markup;
pub mod metrics;
pub mod outbox;
pub mod permissions;
pub mod pictures;
pub mod policy;
pub mod presence;
pub mod split;
pub mod venue;
pub mod words;

pub use context::{Context, Data};
pub use error::Error;
