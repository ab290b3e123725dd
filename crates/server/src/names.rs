//! Seat and profile names as players type them, made safe to show and
//! hard to fake.
//!
//! Cleaning ([`clean_name`]): the name is normalised (NFKC: a fullwidth
//! `Ａｌｉｃｅ` is `Alice`, a ligature its letters), then control
//! characters, bidirectional overrides and isolates, other invisible format
//! characters ("bot (greedy)" written backwards, a name that reverses the
//! text after it) are removed, white space is one space, and the name is
//! trimmed to at most [`MAX_NAME_CHARS`] characters.
//!
//! Refusing ([`requested_name`], [`NameError`]): a name that holds a letter
//! that shows as blank space (a Hangul filler such as U+3164, the braille
//! blank U+2800, the combining grapheme joiner…) or that stacks more than
//! [`MAX_MARKS_PER_LETTER`] combining marks on one letter is refused, saying
//! which: such names exist to look like another name or like nothing.
//!
//! Telling names apart ([`alike`], [`look_alike_key`]): two names are alike
//! when they are the same without regard to case, or when their confusable
//! skeletons (Unicode TS #39, the `unicode-security` crate) are the same: a
//! Cyrillic `Аlice` is alike to a Latin `Alice`. The callers refuse a name
//! alike to another seat's in the same game, or to a profile's (see
//! [`crate::services::profiles`]). Whether a seat is a bot is never read from its
//! name: the seat carries its bot spec in a field of its own
//! ([`crate::services::live::LiveGame::seats_json`]).

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// The longest seat name kept, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// The longest seat name a request may send, in bytes, before it is
/// cleaned: [`MAX_NAME_CHARS`] characters of four bytes each, with room
/// for the characters cleaning removes. Longer is refused (400) unread.
pub const MAX_NAME_BYTES: usize = 4 * MAX_NAME_CHARS * 2;

/// The most combining marks (nonspacing or enclosing) one letter of a name
/// may carry after normalisation: enough for the scripts that stack marks
/// (Vietnamese, Thai, Tibetan, Hebrew with points), far below a "zalgo"
/// name's pile.
pub const MAX_MARKS_PER_LETTER: usize = 4;

/// Why a typed name is refused (answered 400 with its text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Longer than [`MAX_NAME_BYTES`] as sent.
    #[error("a name is at most {MAX_NAME_CHARS} characters ({sent} bytes sent)")]
    TooLong {
        /// The bytes sent.
        sent: usize,
    },
    /// It holds a character that shows as blank space.
    #[error(
        "a name may not hold {what} (U+{code:04X}): it shows as blank space, so the name could pass for another"
    )]
    Invisible {
        /// The character's code point.
        code: u32,
        /// What it is, in words.
        what: &'static str,
    },
    /// A letter carries more than [`MAX_MARKS_PER_LETTER`] combining marks.
    #[error("a name may not stack more than {MAX_MARKS_PER_LETTER} combining marks on one letter")]
    StackedMarks,
    /// A combining mark with no letter under it (at the start of the name
    /// or after a space).
    #[error("a name may not hold a combining mark with no letter under it")]
    LoneMark,
}

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

/// What `c` is, in words, when it is a letter, mark or symbol that shows
/// as blank space (the default-ignorable code points that are not format
/// characters, and the blank symbols): refused in names.
fn blank(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{034F}' => "the combining grapheme joiner",
        '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' => "a Hangul filler",
        '\u{17B4}' | '\u{17B5}' => "an inherent Khmer vowel",
        '\u{2800}' => "the braille blank",
        '\u{16FE4}' => "the Khitan filler",
        '\u{1D159}' => "a null notehead",
        _ => return None,
    })
}

/// True for a variation selector (U+FE00–U+FE0F, U+E0100–U+E01EF) or a
/// Mongolian free variation selector: kept in a name (an emoji's
/// presentation, an ideograph's variant), left out of [`look_alike_key`].
fn variation_selector(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}' | '\u{180B}'..='\u{180D}' | '\u{180F}')
}

/// True for a combining mark that draws on the letter before it.
fn combining(c: char) -> bool {
    matches!(
        c.general_category(),
        GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark
    ) && !variation_selector(c)
}

/// A typed name made safe to show: normalised (NFKC), the characters
/// [`kept`] keeps, every run of white space as one space, trimmed, at most
/// [`MAX_NAME_CHARS`] characters. Empty when nothing is left (the caller
/// then gives the seat its default name).
pub fn clean_name(raw: &str) -> String {
    let normalised: String = raw.nfkc().collect();
    clean_text(&normalised, MAX_NAME_CHARS)
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

/// The first blank letter or symbol of `text` (see [`blank`]), refused.
fn refuse_blanks(text: &str) -> Result<(), NameError> {
    match text.chars().find_map(|c| blank(c).map(|what| (c, what))) {
        Some((c, what)) => Err(NameError::Invisible {
            code: u32::from(c),
            what,
        }),
        None => Ok(()),
    }
}

/// Refuses a cleaned name ([`clean_name`]) that holds a blank letter or
/// symbol, or a stack of combining marks (see [`NameError`]).
pub fn check_shown(name: &str) -> Result<(), NameError> {
    refuse_blanks(name)?;
    let mut marks = 0;
    let mut after_letter = false;
    for c in name.chars() {
        if combining(c) {
            if !after_letter {
                return Err(NameError::LoneMark);
            }
            marks += 1;
            if marks > MAX_MARKS_PER_LETTER {
                return Err(NameError::StackedMarks);
            }
        } else if !variation_selector(c) {
            marks = 0;
            after_letter = c != ' ';
        }
    }
    Ok(())
}

/// A request's name cleaned ([`clean_name`]) and checked
/// ([`check_shown`]), or None when nothing is left of it (or none was
/// given); refused when it is longer than [`MAX_NAME_BYTES`] before
/// cleaning, or holds what [`check_shown`] refuses.
pub fn requested_name(raw: Option<&str>) -> Result<Option<String>, NameError> {
    let Some(raw) = raw else { return Ok(None) };
    if raw.len() > MAX_NAME_BYTES {
        return Err(NameError::TooLong { sent: raw.len() });
    }
    // As typed first, so that the refusal names the character sent (NFKC
    // makes some blanks others).
    refuse_blanks(raw)?;
    let name = clean_name(raw);
    check_shown(&name)?;
    Ok((!name.is_empty()).then_some(name))
}

/// The confusable skeleton of a name, without regard to case: names that
/// look alike have the same key (`Аlice` with a Cyrillic А and `Alice`;
/// `B0t` and `Bot`; `Ian` with a capital I and `lan`). The name is
/// normalised (NFKC) and its variation selectors left out; then its
/// skeleton (Unicode TS #39) is taken, lowercased, and its skeleton taken
/// again (lowercasing can make a letter that has a skeleton of its own).
pub fn look_alike_key(name: &str) -> String {
    let shown: String = name.nfkc().filter(|c| !variation_selector(*c)).collect();
    let first: String = unicode_security::skeleton(&shown).collect();
    unicode_security::skeleton(&first.to_lowercase()).collect()
}

/// Whether two names would pass for each other: the same without regard to
/// case (after normalisation), or the same [`look_alike_key`].
pub fn alike(a: &str, b: &str) -> bool {
    let lower = |s: &str| s.nfkc().collect::<String>().to_lowercase();
    lower(a) == lower(b) || look_alike_key(a) == look_alike_key(b)
}

/// Whether `name` is, or looks like, `word` alone or `word` followed by a
/// space or an opening bracket and anything (`bot`, `Bot (greedy)`,
/// `Вot(x)`, `Bot（greedy）`), without regard to case.
pub fn starts_as_word(name: &str, word: &str) -> bool {
    let lower = |s: &str| s.nfkc().collect::<String>().to_lowercase();
    [
        (lower(name), lower(word)),
        (look_alike_key(name), look_alike_key(word)),
    ]
    .iter()
    .any(|(name, word)| match name.strip_prefix(word.as_str()) {
        Some(rest) => rest.is_empty() || rest.starts_with(' ') || rest.starts_with('('),
        None => false,
    })
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
        assert!(e.to_string().contains("at most 40 characters"), "{e}");
    }

    #[test]
    fn a_name_is_normalised() {
        assert_eq!(
            clean_name("\u{FF21}\u{FF4C}\u{FF49}\u{FF43}\u{FF45}"),
            "Alice"
        );
        assert_eq!(clean_name("Bot\u{FF08}greedy\u{FF09}"), "Bot(greedy)");
        assert_eq!(clean_name("\u{FB01}sh"), "fish");
        // The same letter typed composed or decomposed is one name.
        assert_eq!(clean_name("Zoe\u{0308}"), "Zoë");
        // White space of every width is one space.
        assert_eq!(clean_name("Ann\u{3000}\u{00A0}Bob"), "Ann Bob");
    }

    #[test]
    fn blank_letters_are_refused_saying_which() {
        for (name, code) in [
            ("Ann\u{3164}", "U+3164"),
            ("\u{3164}", "U+3164"),
            ("\u{FFA0}Ann", "U+FFA0"),
            ("Ann\u{115F}", "U+115F"),
            ("Ann\u{2800}", "U+2800"),
            ("A\u{034F}nn", "U+034F"),
            ("Ann\u{17B4}", "U+17B4"),
        ] {
            let e = requested_name(Some(name)).unwrap_err();
            assert!(matches!(e, NameError::Invisible { .. }), "{name:?}: {e:?}");
            assert!(e.to_string().contains(code), "{name:?}: {e}");
        }
    }

    #[test]
    fn stacked_marks_are_refused_and_a_few_are_writing() {
        let zalgo = format!("Z{}ed", "\u{0300}\u{0301}\u{0302}".repeat(4));
        assert_eq!(requested_name(Some(&zalgo)), Err(NameError::StackedMarks));
        assert_eq!(
            requested_name(Some("\u{0301}Ann")),
            Err(NameError::LoneMark)
        );
        assert_eq!(
            requested_name(Some("Ann \u{0301}")),
            Err(NameError::LoneMark)
        );
        for name in [
            "Tiến",
            "Nguyễn",
            "T\u{0300}\u{0301}a",
            "สวัสดี",
            "བསྒྲུབས",
            "שָׁלוֹם",
            "❤\u{FE0F} Ann",
            "1\u{FE0F}\u{20E3}",
        ] {
            assert!(requested_name(Some(name)).is_ok(), "{name:?}");
        }
    }

    #[test]
    fn look_alike_names_are_alike() {
        for (a, b) in [
            ("Alice", "\u{0410}lice"),
            ("Alice", "Al\u{0456}ce"),
            ("Alice", "\u{FF21}\u{FF4C}\u{FF49}\u{FF43}\u{FF45}"),
            ("Alice", "ALICE"),
            ("Bob", "B\u{043E}b"),
            ("Ian", "lan"),
            ("Bot", "B0t"),
            ("Ann", "Ann\u{FE0F}"),
        ] {
            assert!(alike(a, b), "{a:?} and {b:?}");
        }
        for (a, b) in [("Ann", "Anne"), ("Bob", "Rob"), ("Alice", "Alice 2")] {
            assert!(!alike(a, b), "{a:?} and {b:?}");
        }
    }

    #[test]
    fn a_word_is_found_however_written() {
        for name in [
            "Bot",
            "bot (greedy)",
            "BOT x",
            "Bot(greedy)",
            "Bot\u{FF08}greedy\u{FF09}",
            "\u{0412}ot (greedy)",
            "B\u{043E}t",
            "B0T",
        ] {
            assert!(starts_as_word(name, "bot"), "{name:?}");
        }
        for name in ["Botticelli", "Ann", "Robot", "Bo t"] {
            assert!(!starts_as_word(name, "bot"), "{name:?}");
        }
    }
}
