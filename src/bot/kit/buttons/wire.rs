//! What every custom id of ours shares: its prefix, and the refusal of one that is not ours.

/// Prefix of every custom id this bot creates.
pub const PREFIX: &str = "bs:";

/// A custom id that is not one of ours, or is malformed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a Broadside button id")]
pub struct NotOurs;
