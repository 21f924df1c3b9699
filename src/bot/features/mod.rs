//! The bot's features, one folder each: its command(s), its buttons and its words. A
//! feature stands on [`crate::bot::kit`]; features do not import each other, except the
//! tournament, which opens and ends its rounds' matches through [`r#match`].
//!
//! A new feature is a folder here, a line in the command list (`bot/commands`) and, if it
//! has buttons, its id in `kit/buttons` and a line in the router (`bot/components.rs`).

pub mod daily;
pub mod editor;
pub mod help;
pub mod history;
pub mod leaderboard;
pub mod r#match;
pub mod privacy;
pub mod reminders;
pub mod replay;
pub mod seasons;
pub mod settings;
pub mod stats;
pub mod tournament;
