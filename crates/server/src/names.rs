//! Seat names as players type them, made safe to show: no control
//! characters, no bidirectional overrides or isolates, no other invisible
//! format characters that could disguise a name ("bot (greedy)" written
//! backwards, a name that reverses the text after it), trimmed and at most
//! [`MAX_NAME_CHARS`] characters. Whether a seat is a bot is never read from
//! its name: the seat carries its bot spec in a field of its own
//! ([`crate::hub::LiveGame::seats_json`]).

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// The longest seat name kept, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// The longest seat name a request may send, in bytes, before it is
/// cleaned: [`MAX_NAME_CHARS`] characters of four bytes each, with room
/// for the characters cleaning removes. Longer is refused (400) unread.
pub const MAX_NAME_BYTES: usize = 4 * MAX_NAME_CHARS * 2;

/// True for a character a name keeps. Dropped: control characters (`Cc`),
/// format characters (`Cf`: the bidirectional embeddings, overrides and
/// isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E and U+200F,
/// zero-width spaces and joiners, U+FEFF, tag characters…), line and
/// paragraph separators, private-use, surrogate and unassigned code points.
fn kept(c: char) -> bool {
    !matches!(
        c.general_category(),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
            | GeneralCategory::PrivateUse
            | GeneralCategory::Surrogate
            | GeneralCategory::Unassigned
    )
}

/// A typed name made safe to show: the characters [`kept`] keeps, every run
/// of white space as one space, trimmed, at most [`MAX_NAME_CHARS`]
/// characters. Empty when nothing is left (the caller then gives the seat
/// its default name).
pub fn clean_name(raw: &str) -> String {
    clean_text(raw, MAX_NAME_CHARS)
}

/// Any typed text made safe to show on one line (a name, a chat message):
/// the characters [`kept`] keeps, every run of white space as one space,
/// trimmed, cut at `most` characters.
pub fn clean_text(raw: &str, most: usize) -> String {
    let mut out = String::new();
    let mut chars = 0;
    let mut space = false;
    for c in raw.chars() {
        if c.is_whitespace() {
            // A control character that is white space (a tab, a newline)
            // separates words as a space would.
            space = !out.is_empty();
            continue;
        }
        if !kept(c) {
            continue;
        }
        let needed = if space { 2 } else { 1 };
        if chars + needed > most {
            break;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
        chars += needed;
    }
    out
}

/// A request's name cleaned ([`clean_name`]), or None when nothing is left
/// of it (or none was given); refused when it is longer than
/// [`MAX_NAME_BYTES`] before cleaning.
pub fn requested_name(raw: Option<&str>) -> Result<Option<String>, String> {
    let Some(raw) = raw else { return Ok(None) };
    if raw.len() > MAX_NAME_BYTES {
        return Err(format!(
            "a name is at most {MAX_NAME_CHARS} characters ({} bytes sent)",
            raw.len()
        ));
    }
    let name = clean_name(raw);
    Ok((!name.is_empty()).then_some(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_name_is_kept() {
        assert_eq!(clean_name("Ann"), "Ann");
        assert_eq!(clean_name("  Zoë  Ångström "), "Zoë Ångström");
        assert_eq!(clean_name("李小龍 🦖"), "李小龍 🦖");
    }

    #[test]
    fn bidirectional_overrides_and_isolates_are_removed() {
        // "\u{202E}(ydeerg) tob" shows as "bot (greedy)" reversed on screen.
        assert_eq!(clean_name("\u{202E}(ydeerg) tob"), "(ydeerg) tob");
        for c in [
            '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}',
            '\u{2068}', '\u{2069}', '\u{200E}', '\u{200F}', '\u{061C}',
        ] {
            assert_eq!(clean_name(&format!("A{c}nn")), "Ann", "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn invisible_format_characters_are_removed() {
        for c in [
            '\u{200B}',
            '\u{200D}',
            '\u{2060}',
            '\u{FEFF}',
            '\u{00AD}',
            '\u{E0041}',
        ] {
            assert_eq!(clean_name(&format!("A{c}nn")), "Ann", "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn control_characters_are_removed_and_white_space_is_one_space() {
        assert_eq!(clean_name("A\u{0}n\u{7}n\u{1b}[31m"), "Ann[31m");
        assert_eq!(clean_name("Ann\r\n\tBob"), "Ann Bob");
        assert_eq!(clean_name("Ann\u{2028}Bob\u{85}"), "Ann Bob");
        assert_eq!(clean_name("\u{E000}Ann"), "Ann");
    }

    #[test]
    fn a_name_is_cut_at_forty_characters() {
        let long = "é".repeat(100);
        assert_eq!(clean_name(&long).chars().count(), MAX_NAME_CHARS);
        // A space is not left dangling at the cut.
        let name = format!("{} b", "a".repeat(39));
        assert_eq!(clean_name(&name), "a".repeat(39));
    }

    #[test]
    fn nothing_left_is_no_name() {
        assert_eq!(requested_name(Some(" \u{202E}\u{200F}\t ")), Ok(None));
        assert_eq!(requested_name(None), Ok(None));
        assert_eq!(requested_name(Some(" Ann ")), Ok(Some("Ann".into())));
    }

    #[test]
    fn a_name_far_over_the_limit_is_refused_unread() {
        let e = requested_name(Some(&"a".repeat(MAX_NAME_BYTES + 1))).unwrap_err();
        assert!(e.contains("at most 40 characters"), "{e}");
    }
}
