//! Long text as several messages that Discord accepts: cut between lines, in order, each
//! message under a heading of its own (which says which part it is).

use std::ops::Range;

/// Discord's limit on a message's text, in characters.
pub const MESSAGE_LIMIT: usize = 2000;

/// The most characters the bot writes in one message it splits: [`MESSAGE_LIMIT`] less a
/// margin, for what Discord counts differently from `char`s.
pub const ROOM: usize = MESSAGE_LIMIT - 100;

/// What is cut off the end of a single line longer than a message can hold.
const CUT: &str = "…";

/// The length of `text` as Discord counts it (in characters).
#[must_use]
pub fn chars(text: &str) -> usize {
    text.chars().count()
}

/// One message of a split text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The message: its heading, then its lines, one per line.
    pub text: String,
    /// Which of the given lines it holds.
    pub lines: Range<usize>,
}

/// `lines` as messages of at most `room` characters each, in order, cut only between
/// lines. Each message begins with `head(part, parts)` on a line of its own (1-based; the
/// heading may leave the part out when `parts` is 1). A single line too long for a
/// message on its own is shortened with "…". No line is lost, none is repeated.
#[must_use]
pub fn split_lines<S: AsRef<str>>(
    lines: &[S],
    room: usize,
    head: impl Fn(usize, usize) -> String,
) -> Vec<Part> {
    // Room for the widest heading there could be: never more parts than lines.
    let most = lines.len().max(1);
    let head_room = (1..=most).map(|i| chars(&head(i, most))).max().unwrap_or(0);
    let line_room = room.saturating_sub(head_room + 1).max(1);
    let mut cuts: Vec<Range<usize>> = Vec::new();
    let mut start = 0;
    let mut used = 0;
    for (i, line) in lines.iter().enumerate() {
        let len = chars(line.as_ref()).min(line_room - 1) + 1;
        if i > start && used + len > line_room {
            cuts.push(start..i);
            start = i;
            used = 0;
        }
        used += len;
    }
    cuts.push(start..lines.len());
    let parts = cuts.len();
    cuts.into_iter()
        .enumerate()
        .map(|(i, range)| {
            let mut text = head(i + 1, parts);
            for line in &lines[range.clone()] {
                text.push('\n');
                text.push_str(&shortened(line.as_ref(), line_room - 1));
            }
            Part { text, lines: range }
        })
        .collect()
}

/// `line` in at most `most` characters: cut, with "…" at the end, when longer.
fn shortened(line: &str, most: usize) -> String {
    if chars(line) <= most {
        return line.to_owned();
    }
    let mut out: String = line.chars().take(most.saturating_sub(chars(CUT))).collect();
    out.push_str(CUT);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(i: usize, n: usize) -> String {
        if n == 1 {
            "Round 3".to_owned()
        } else {
            format!("Round 3 (part {i} of {n})")
        }
    }

    #[test]
    fn short_text_is_one_message_with_its_heading() {
        let parts = split_lines(&["a", "b"], ROOM, head);
        assert_eq!(
            parts,
            vec![Part {
                text: "Round 3\na\nb".to_owned(),
                lines: 0..2
            }]
        );
        let none: [&str; 0] = [];
        assert_eq!(split_lines(&none, ROOM, head)[0].text, "Round 3");
    }

    #[test]
    fn long_text_is_cut_between_lines_in_order_each_part_headed() {
        let lines: Vec<String> = (0..500)
            .map(|i| format!("line {i:03} {}", "x".repeat(i % 90)))
            .collect();
        let parts = split_lines(&lines, ROOM, head);
        assert!(parts.len() > 1);
        let mut next = 0;
        for (i, p) in parts.iter().enumerate() {
            assert!(chars(&p.text) <= ROOM, "part {i}: {}", chars(&p.text));
            assert_eq!(p.lines.start, next);
            next = p.lines.end;
            let mut rows = p.text.lines();
            assert_eq!(rows.next(), Some(head(i + 1, parts.len()).as_str()));
            assert_eq!(
                rows.collect::<Vec<_>>(),
                lines[p.lines.clone()]
                    .iter()
                    .map(String::as_str)
                    .collect::<Vec<_>>()
            );
        }
        assert_eq!(next, lines.len());
    }

    #[test]
    fn a_line_longer_than_a_message_is_shortened_not_lost() {
        let lines = ["short".to_owned(), "y".repeat(5000), "after".to_owned()];
        let parts = split_lines(&lines, ROOM, head);
        assert_eq!(parts.len(), 3);
        for p in &parts {
            assert!(chars(&p.text) <= ROOM);
        }
        assert!(parts[1].text.ends_with('…'));
        assert!(parts[2].text.ends_with("after"));
    }
}
