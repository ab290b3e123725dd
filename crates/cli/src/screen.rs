//! The terminal screen of `eons play`: colour, choice keys and typed answers.
//!
//! Plain ANSI codes, no dependency: bold, dim and one colour for the keys,
//! and "clear the screen" before each decision when stdout is a terminal.
//! Colour follows `--color` and <https://no-color.org>: `auto` colours a
//! terminal unless `NO_COLOR` is set to a non-empty value; `always` and
//! `never` override it, as a command-line flag should.

use crate::common::{match_choice, MatchError};
use std::ffi::OsStr;

/// Moves the cursor home and clears the screen.
pub const CLEAR: &str = "\x1b[H\x1b[2J";

/// The commands `eons play` reads besides choices; never used as keys.
pub const COMMANDS: [&str; 6] = ["?", "help", "log", "undo", "q", "quit"];

/// When `eons play` uses colour (`--color`).
#[derive(clap::ValueEnum, Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ColorWhen {
    /// When stdout is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always, even when piped or with `NO_COLOR`.
    Always,
    /// Never.
    Never,
}

/// Whether to colour the output: `when` as asked, `terminal` when stdout is
/// a terminal, `no_color` the value of the `NO_COLOR` variable.
pub fn colour_wanted(when: ColorWhen, terminal: bool, no_color: Option<&OsStr>) -> bool {
    match when {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => terminal && no_color.is_none_or(OsStr::is_empty),
    }
}

/// Text styles, or none.
#[derive(Copy, Clone, Debug)]
pub struct Style {
    /// Whether escape codes are written at all.
    pub colour: bool,
}

impl Style {
    /// `text` in the style of an SGR `code`, or as it is without colour.
    fn paint(self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// A heading: the prompt.
    pub fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }

    /// Something secondary: events, the header line.
    pub fn dim(self, text: &str) -> String {
        self.paint("2", text)
    }

    /// A choice's key.
    pub fn key(self, text: &str) -> String {
        self.paint("1;36", text)
    }

    /// A refusal or a warning.
    pub fn warn(self, text: &str) -> String {
        self.paint("33", text)
    }
}

/// Letters of the keys: `q` is left out, since it quits.
const KEY_LETTERS: &[u8] = b"abcdefghijklmnoprstuvwxyz";

/// The keys of `n` choices, in the engine's legal order: `a`, `b`, `c`…
/// while one letter is enough, else `aa`, `ab`… for every choice, all of one
/// length so that no key is the start of another. They depend only on the
/// number of choices, so a key means the same choice for as long as the
/// decision lasts. No key is a command (`q`, `log`…).
pub fn choice_keys(n: usize) -> Vec<String> {
    let base = KEY_LETTERS.len();
    // The keys of one length, less the commands spelt with key letters.
    let capacity = |len: u32| {
        let commands = COMMANDS
            .iter()
            .filter(|c| c.len() == len as usize && c.bytes().all(|b| KEY_LETTERS.contains(&b)))
            .count();
        base.saturating_pow(len) - commands
    };
    let mut len = 1;
    while capacity(len) < n {
        len += 1;
    }
    let len = len as usize;
    let mut keys = Vec::with_capacity(n);
    let mut i = 0usize;
    while keys.len() < n {
        let mut digits = vec![0u8; len];
        let mut x = i;
        for d in digits.iter_mut().rev() {
            *d = KEY_LETTERS[x % base];
            x /= base;
        }
        let key = String::from_utf8_lossy(&digits).into_owned();
        if !COMMANDS.contains(&key.as_str()) {
            keys.push(key);
        }
        i += 1;
    }
    keys
}

/// The range of keys, for a prompt: "a", "a or b", "a to f".
pub fn key_range(keys: &[String]) -> String {
    match keys {
        [] => String::new(),
        [one] => one.clone(),
        [first, second] => format!("{first} or {second}"),
        [first, .., last] => format!("{first} to {last}"),
    }
}

/// Choices an error lists at most.
const LISTED: usize = 6;

/// The choice a typed answer picks: a key (in any capitals), else the text
/// of a choice as [`match_choice`] matches it (the whole text, then a part
/// that only one choice contains). A number, or a few letters no longer
/// than a key, is no part of a text: it is a misread position or a mistyped
/// key, and picks a choice only if it is that choice's whole text. The error
/// is a sentence for the player.
pub fn pick(input: &str, keys: &[String], descriptions: &[String]) -> Result<usize, String> {
    let input = input.trim();
    let lower = input.to_lowercase();
    if let Some(i) = keys.iter().position(|k| *k == lower) {
        return Ok(i);
    }
    let range = key_range(keys);
    let key_len = keys.first().map_or(1, String::len);
    let number = input.bytes().all(|b| b.is_ascii_digit());
    let short = input.len() <= key_len && input.bytes().all(|b| b.is_ascii_alphabetic());
    if number || short {
        return descriptions.iter().position(|d| d == input).ok_or_else(|| {
            format!(
                "\"{input}\" is not a key: type the letters before a choice ({range}), \
                 or part of its text"
            )
        });
    }
    match match_choice(input, descriptions) {
        Ok(i) => Ok(i),
        Err(MatchError::Ambiguous(hits)) => {
            let mut which: Vec<String> = hits
                .iter()
                .take(LISTED)
                .filter_map(|&i| Some(format!("{} {}", keys.get(i)?, descriptions.get(i)?)))
                .collect();
            if hits.len() > LISTED {
                which.push(format!("{} more", hits.len() - LISTED));
            }
            Err(format!(
                "\"{input}\" matches {} choices ({}): type more of the text, or a key",
                hits.len(),
                which.join("; ")
            ))
        }
        Err(_) => Err(format!(
            "No choice matches \"{input}\": type a key ({range}) or part of a choice's text"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn keys_are_letters_of_one_length_and_never_commands() {
        assert_eq!(choice_keys(3), ["a", "b", "c"]);
        let k = choice_keys(18);
        assert_eq!(k[15], "p");
        assert_eq!(k[16], "r", "q quits, so it is no key");
        let k = choice_keys(25);
        assert!(k.iter().all(|k| k.len() == 1), "{k:?}");
        assert_eq!(k[24], "z");
        let k = choice_keys(26);
        assert!(k.iter().all(|k| k.len() == 2), "{k:?}");
        assert_eq!(&k[..3], ["aa", "ab", "ac"]);
        let k = choice_keys(30);
        assert!(k.iter().all(|k| k.len() == 2), "{k:?}");
        assert_eq!(&k[24..27], ["az", "ba", "bb"]);
        let mut unique = k.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 30);
        let k = choice_keys(5000);
        assert_eq!(k.len(), 5000);
        for c in COMMANDS {
            assert!(!k.iter().any(|k| k == c), "{c} is a key");
        }
        assert!(choice_keys(0).is_empty());
    }

    #[test]
    fn a_key_a_text_or_a_part_picks_one_choice() {
        let ds = d(&["play 1", "play 2", "play 6", "2"]);
        let keys = choice_keys(ds.len());
        assert_eq!(pick("b", &keys, &ds), Ok(1));
        assert_eq!(pick(" B ", &keys, &ds), Ok(1));
        assert_eq!(pick("play 6", &keys, &ds), Ok(2));
        assert_eq!(pick("AY 6", &keys, &ds), Ok(2), "a part of a text");
        assert_eq!(pick("2", &keys, &ds), Ok(3), "a whole text, not a number");
        // A number could be a misread position in the list: it is no part.
        assert!(pick("6", &keys, &ds).is_err());
        // Nor is a mistyped key: "e" is in "play", but no key here.
        let e = pick("e", &keys, &ds).expect_err("no key e");
        assert!(e.contains("not a key"), "{e}");
        let many: Vec<String> = (1..=30).map(|i| format!("place AP on {i}")).collect();
        let many_keys = choice_keys(many.len());
        let e = pick("a", &many_keys, &many).expect_err("a is no key of two letters");
        assert!(e.contains("not a key") && e.contains("aa to be"), "{e}");
        assert_eq!(pick("on 17", &many_keys, &many), Ok(16));
        let e = pick("place", &many_keys, &many).expect_err("ambiguous");
        assert!(
            e.contains("matches 30 choices (aa place AP on 1;")
                && e.ends_with("; 24 more): type more of the text, or a key"),
            "{e}"
        );
        let e = pick("3", &keys, &ds).expect_err("numbers are not keys");
        assert!(e.contains("not a key"), "{e}");
        assert!(e.contains("a to d"), "{e}");
        let e = pick("play", &keys, &ds).expect_err("ambiguous");
        assert!(e.contains("a play 1; b play 2; c play 6"), "{e}");
        let e = pick("fly", &keys, &ds).expect_err("no match");
        assert!(e.starts_with("No choice matches \"fly\""), "{e}");
    }

    #[test]
    fn colour_follows_the_flag_then_no_color_then_the_terminal() {
        let set = Some(OsStr::new("1"));
        let empty = Some(OsStr::new(""));
        assert!(colour_wanted(ColorWhen::Auto, true, None));
        assert!(!colour_wanted(ColorWhen::Auto, true, set), "NO_COLOR");
        assert!(
            colour_wanted(ColorWhen::Auto, true, empty),
            "empty NO_COLOR"
        );
        assert!(!colour_wanted(ColorWhen::Auto, false, None), "piped");
        assert!(colour_wanted(ColorWhen::Always, false, set));
        assert!(!colour_wanted(ColorWhen::Never, true, None));
        let plain = Style { colour: false };
        assert_eq!(plain.bold("x"), "x");
        assert_eq!(Style { colour: true }.bold("x"), "\x1b[1mx\x1b[0m");
    }
}
