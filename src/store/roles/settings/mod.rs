//! The settings role: what servers and members chose. Its SQL is `sql.rs`.

use crate::game::PlayerId;
#[cfg(doc)]
use crate::store::GLOBAL_BOARD;
use crate::store::{GuildId, StoreFuture, Timestamp};

/// A change of a server's settings that holds only if nobody changed them meanwhile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettingsSwap<'a> {
    /// The settings (JSON) as read before the change (`None`: none stored).
    pub old: Option<&'a str>,
    /// The settings (JSON) to store.
    pub new: &'a str,
}

/// What servers and members chose: a server's settings, a member's reminders and whether
/// they are shown on the global leaderboard.
pub trait SettingsStore: Send + Sync {
    /// The settings of `guild` as stored (JSON), if it changed any.
    fn server(&self, guild: GuildId) -> StoreFuture<'_, Option<String>>;

    /// Stores the settings of `guild` (JSON); `None` removes them (the defaults again).
    fn save_settings<'a>(
        &'a self,
        guild: GuildId,
        settings: Option<&'a str>,
        at: Timestamp,
    ) -> StoreFuture<'a, ()>;

    /// Stores `swap.new` as the settings of `guild` if the stored ones are still `swap.old`:
    /// a compare-and-swap; whether they were stored.
    fn replace_settings<'a>(
        &'a self,
        guild: GuildId,
        swap: SettingsSwap<'a>,
        at: Timestamp,
    ) -> StoreFuture<'a, bool>;

    /// Whether `player` turned the reminders of their daily matches off.
    fn reminders_off(&self, player: PlayerId) -> StoreFuture<'_, bool>;

    /// Turns `player`'s reminders on or off.
    fn set_reminders(&self, player: PlayerId, on: bool, at: Timestamp) -> StoreFuture<'_, ()>;

    /// Whether `player` let their name be shown on the global leaderboard (hidden until
    /// they ask).
    fn leaderboard_visible(&self, player: PlayerId) -> StoreFuture<'_, bool>;

    /// Shows (`visible`) or hides `player` on the global leaderboard ([`GLOBAL_BOARD`]), in
    /// one transaction: shown, they are placed there in every rule set they have a rating
    /// in, and follow their ratings from then on; hidden, their places there are deleted.
    fn set_leaderboard_visible(
        &self,
        player: PlayerId,
        visible: bool,
        at: Timestamp,
    ) -> StoreFuture<'_, ()>;
}
