//! Discord's markup for members, channels and times, shared by every text the bot writes.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::game::PlayerId;

/// `<@id>`: a mention Discord shows as the member's name.
#[must_use]
pub fn mention(p: PlayerId) -> String {
    format!("<@{}>", p.0)
}

/// `<#id>`: a channel link.
#[must_use]
pub fn channel(id: u64) -> String {
    format!("<#{id}>")
}

/// A Discord relative timestamp (`in 5 minutes`) for `t`.
#[must_use]
pub fn relative(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    format!("<t:{secs}:R>")
}
