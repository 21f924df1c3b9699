//! Guard rail: every catalogue key the code uses exists in all four catalogues, and every
//! sentence gets exactly the arguments its message uses. The code is read as text: each
//! `tr!` call's key is a literal, an expression whose literals are its keys (a `match`),
//! or a variable bound to such an expression just before in the same function.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::Lang;
use super::tests::variables;

/// The code with comments blanked out (strings and char literals kept as they are).
fn without_comments(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    out.push(b' ');
                    i += 1;
                }
            }
            b'"' => {
                out.push(b'"');
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        out.push(b[i]);
                        i += 1;
                    }
                    out.push(b[i]);
                    i += 1;
                }
                out.push(b'"');
                i += 1;
            }
            b'\'' if b.get(i + 1) == Some(&b'\\') || b.get(i + 2) == Some(&b'\'') => {
                // A char literal: copied blank, so `'"'` opens no string.
                let end = (i + 2..b.len()).find(|&j| b[j] == b'\'').unwrap_or(i);
                out.extend(std::iter::repeat_n(b' ', end + 1 - i));
                i = end + 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).expect("the code is UTF-8")
}

/// The top-level, comma-separated arguments of the call whose `(` is at `open`.
fn arguments(code: &str, open: usize) -> Vec<String> {
    let (mut depth, mut in_string, mut args, mut cur) = (0, false, Vec::new(), String::new());
    let mut chars = code[open..].chars();
    while let Some(c) = chars.next() {
        if in_string {
            cur.push(c);
            if c == '\\' {
                cur.extend(chars.next());
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                cur.push(c);
            }
            '(' | '[' | '{' => {
                depth += 1;
                if depth > 1 {
                    cur.push(c);
                }
            }
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    args.push(cur.trim().to_owned());
                    return args;
                }
                cur.push(c);
            }
            ',' if depth == 1 => args.push(std::mem::take(&mut cur).trim().to_owned()),
            c => cur.push(c),
        }
    }
    panic!("an unclosed call");
}

/// The string literals in `text` that read like catalogue keys.
fn key_literals(text: &str) -> Vec<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            s.contains('-')
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        })
        .map(str::to_owned)
        .collect()
}

/// The keys a call's key expression `key` can give, read at `at` in `code`; `None` for
/// a key built at run time (checked by the tests of what builds it).
fn keys_of(code: &str, at: usize, key: &str) -> Option<Vec<String>> {
    if key.starts_with('"') || key.starts_with("match ") || key.starts_with("if ") {
        return Some(key_literals(key));
    }
    if key.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
        // `let key = …;` earlier in the same function.
        let before = &code[..at];
        let function = before.rfind("fn ").unwrap_or(0);
        let binding = before[function..]
            .rfind(&format!("let {key} ="))
            .map(|i| function + i)?;
        return Some(key_literals(&code[binding..statement_end(code, binding)]));
    }
    None
}

/// Where the statement that begins at `from` ends: its `;` outside brackets and
/// strings.
fn statement_end(code: &str, from: usize) -> usize {
    let (mut depth, mut in_string, mut escaped) = (0_i32, false, false);
    for (i, c) in code[from..].char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ';' if depth == 0 => return from + i,
            _ => {}
        }
    }
    code.len()
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_key_the_code_uses_is_in_every_catalogue_with_its_arguments() {
    let catalogues: Vec<_> = Lang::ALL.iter().map(|&l| (l, variables(l))).collect();
    let english = &catalogues[0].1;
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let (mut checked, mut dynamic) = (0, BTreeSet::new());
    for file in files {
        let code = without_comments(&std::fs::read_to_string(&file).expect("read a file"));
        let name = file.display().to_string();
        // `tr!(lang, key, …)` words a message now; `says!(key, …)` keeps it for the
        // hooks to word (`error::Message`).
        let calls = code
            .match_indices("tr!(")
            .map(|(at, _)| (at, 3, 1))
            .chain(code.match_indices("says!(").map(|(at, _)| (at, 5, 0)));
        for (at, open, key_at) in calls {
            // `include_str!(` is no call, nor `"tr!("` in this very test.
            let before = code[..at].chars().next_back().unwrap_or(' ');
            if before.is_alphanumeric() || before == '_' || before == '"' {
                continue;
            }
            let args = arguments(&code, at + open);
            let Some(key) = args.get(key_at) else {
                panic!("{name}: tr! or says! without a key");
            };
            let passed: BTreeSet<String> = args[key_at + 1..]
                .iter()
                .filter_map(|a| a.split_once('=').map(|(n, _)| n.trim().to_owned()))
                .collect();
            let Some(keys) = keys_of(&code, at, key) else {
                let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
                let shown = file
                    .strip_prefix(&src)
                    .unwrap_or(&file)
                    .display()
                    .to_string();
                dynamic.insert(format!("{shown}: {key}"));
                continue;
            };
            assert!(!keys.is_empty(), "{name}: no key found in `{key}`");
            for k in keys {
                for (lang, messages) in &catalogues {
                    assert!(messages.contains_key(&k), "{name}: `{k}` is not in {lang}");
                }
                assert_eq!(
                    english[&k], passed,
                    "{name}: `{k}` is given {passed:?} but uses {:?}",
                    english[&k]
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 200, "only {checked} uses of keys found");
    // Keys built at run time: the names of the permissions the bot needs, checked
    // here, and every command's texts, checked by the registration tests.
    for thread in [false, true] {
        for (_, k) in crate::bot::kit::permissions::needed(thread) {
            for (lang, messages) in &catalogues {
                assert!(messages.contains_key(k), "`{k}` is not in {lang}");
            }
            assert!(english[k].is_empty(), "{k} takes no arguments");
        }
    }
    let expected: BTreeSet<String> = [
        "bot/features/help/mod.rs: &desc_key(&c.name)",
        "bot/features/help/mod.rs: &help_key(&c.name)",
        "bot/features/help/mod.rs: &option_desc_key(&c.name, &p.name)",
    ]
    .into_iter()
    .map(str::to_owned)
    .collect();
    assert_eq!(
        dynamic, expected,
        "a key built at run time must be enumerable"
    );
}

/// The other way round: every message of the catalogues is read somewhere in the code (its
/// key stands as a string literal outside comments), so a text that no code shows any more
/// is removed with the code, not left for translators. The command texts (`cmd-…`) and
/// choice names (`choice-…`) are read by names built from the commands themselves
/// (`commands.rs`).
#[test]
fn every_message_is_read_by_the_code() {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut literals = BTreeSet::new();
    for file in files {
        let code = without_comments(&std::fs::read_to_string(&file).expect("read a file"));
        literals.extend(code.split('"').skip(1).step_by(2).map(str::to_owned));
    }
    let unread: Vec<String> = variables(Lang::ALL[0])
        .into_keys()
        .filter(|k| !k.starts_with("cmd-") && !k.starts_with("choice-"))
        .filter(|k| !literals.contains(k))
        .collect();
    assert!(unread.is_empty(), "messages no code reads: {unread:?}");
}
