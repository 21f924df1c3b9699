//! Reading what the bot sent: buttons and names in messages.

use super::fake::Sent;

/// The custom id of the button whose action is `action` (`bs:<match>:<action>…`).
pub fn button(sent: &Sent, action: &str) -> String {
    sent.custom_ids()
        .into_iter()
        .find(|id| id.split(':').nth(2) == Some(action))
        .unwrap_or_else(|| panic!("no {action} button in {sent:?}"))
}

/// The user id in "**<@id>** fires first".
pub fn first_mention(text: &str) -> u64 {
    let at = text
        .find("** fires first")
        .expect("the start message names the first player");
    let start = text[..at].rfind("<@").expect("a mention") + 2;
    text[start..at - 1].parse().expect("a user id")
}
