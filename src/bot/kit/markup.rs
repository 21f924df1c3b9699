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

/// A display name as plain text in a message (the one helper every text that shows a
/// name uses): Markdown and mention syntax are escaped, so a name like `*star*` neither
/// turns bold nor breaks the formatting around it, `[x](https://…)` is no link, and
/// `<@&1>`, `<#2>` or `<t:3>` name no role, channel or time. Discord drops the backslash
/// before any punctuation, so the name reads as written.
#[must_use]
pub fn plain(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if matches!(
            c,
            '*' | '_'
                | '`'
                | '~'
                | '|'
                | '\\'
                | '['
                | ']'
                | '('
                | ')'
                | '<'
                | '>'
                | '#'
                | '@'
                | ':'
                | '-'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A Discord relative timestamp (`in 5 minutes`) for `t`.
#[must_use]
pub fn relative(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    format!("<t:{secs}:R>")
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_are_shown_as_written() {
        for (written, shown) in [
            ("Ann", "Ann"),
            ("Bjørn Ægir", "Bjørn Ægir"),
            ("*star*_x_", "\\*star\\*\\_x\\_"),
            ("a`b|c~d\\e", "a\\`b\\|c\\~d\\\\e"),
            (
                "[win](https://x.example)",
                "\\[win\\]\\(https\\://x.example\\)",
            ),
            (
                "<@&12> <#3> <t:4:R>",
                "\\<\\@&12\\> \\<\\#3\\> \\<t\\:4\\:R\\>",
            ),
            ("# Big", "\\# Big"),
            ("@everyone", "\\@everyone"),
        ] {
            assert_eq!(super::plain(written), shown, "{written}");
        }
    }
}
