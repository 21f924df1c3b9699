//! Reading what the bot sent: buttons and names in messages.

use super::fake::{Attachment, Sent};

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

/// Asserts that `sent`'s text contains `words`, and shows the text where it does not.
#[track_caller]
pub fn says(sent: &Sent, words: &str) {
    let text = sent.text();
    assert!(text.contains(words), "{words:?} is not in {text}");
}

/// The first attachment of `sent` whose file name ends with `.ext` (any case).
pub fn attachment<'a>(sent: &'a Sent, ext: &str) -> &'a Attachment {
    sent.attachments
        .iter()
        .find(|a| {
            std::path::Path::new(&a.filename)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case(ext))
        })
        .unwrap_or_else(|| panic!("no {ext} attachment in {sent:?}"))
}

/// The alt text sent with the first attachment.
pub fn alt_of(sent: &Sent) -> String {
    let body = if sent.body["data"].is_object() {
        &sent.body["data"]
    } else {
        &sent.body
    };
    body["attachments"][0]["description"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}
