//! The check every game's setup options pass before the game reads them:
//! only options the game lists in [`Game::OPTIONS`](crate::Game::OPTIONS),
//! each at most once, each short. The game's own `setup` still reads their
//! values; this check only refuses what no game reads (an unknown name, the
//! same option twice, a list longer than the game's options), so that a
//! request of 190,000 options is refused before anything is built from it.

use crate::game::{OptionInfo, SetupError};

/// The longest option a game is given, in bytes (`animals=` with every
/// animal of the longest game fits several times over).
pub const MAX_OPTION_BYTES: usize = 64;

/// The key of an option as typed: the text before `=`, trimmed (as every
/// game's `setup` reads it).
pub fn option_key(option: &str) -> &str {
    match option.split_once('=') {
        Some((key, _)) => key.trim(),
        None => option.trim(),
    }
}

/// Refuses options no game could accept: more options than `known` lists,
/// an option over [`MAX_OPTION_BYTES`], an option whose key is not one of
/// `known`, or the same key twice (`x` and `x=…` count as the same). The
/// error names the option. The values are left to the game's `setup`.
pub fn check_options(known: &[OptionInfo], options: &[String]) -> Result<(), SetupError> {
    if options.len() > known.len() {
        return Err(SetupError(format!(
            "{} options given; this game has {} ({})",
            options.len(),
            known.len(),
            names(known)
        )));
    }
    let mut seen: Vec<&str> = Vec::with_capacity(options.len());
    for option in options {
        if option.len() > MAX_OPTION_BYTES {
            return Err(SetupError(format!(
                "option `{}…` is longer than {MAX_OPTION_BYTES} bytes",
                clipped(option)
            )));
        }
        let key = option_key(option);
        if !known.iter().any(|o| o.key() == key) {
            return Err(SetupError(format!(
                "unknown option `{option}` (this game has: {})",
                names(known)
            )));
        }
        if seen.contains(&key) {
            return Err(SetupError(format!("option `{key}` given twice")));
        }
        seen.push(key);
    }
    Ok(())
}

/// The game's options as typed, for an error message ("none" when it has none).
fn names(known: &[OptionInfo]) -> String {
    if known.is_empty() {
        return "none".into();
    }
    known.iter().map(|o| o.name).collect::<Vec<_>>().join(", ")
}

/// The first 16 characters of a long option, for an error message.
fn clipped(option: &str) -> String {
    option.chars().take(16).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::OptionKind;

    const KNOWN: &[OptionInfo] = &[
        OptionInfo {
            name: "random-earth",
            help: "",
            label: "",
            kind: OptionKind::Flag,
        },
        OptionInfo {
            name: "animals=A,B,...",
            help: "",
            label: "",
            kind: OptionKind::SeatList {
                values: &["birds", "insects"],
                all_with: None,
            },
        },
    ];

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn known_options_once_each_pass() {
        assert_eq!(check_options(KNOWN, &[]), Ok(()));
        let options = strings(&["random-earth", " animals = birds,insects"]);
        assert_eq!(check_options(KNOWN, &options), Ok(()));
    }

    #[test]
    fn an_unknown_option_is_refused_by_name() {
        let e = check_options(KNOWN, &strings(&["colour=red"])).unwrap_err();
        assert!(e.0.contains("`colour=red`"), "{e}");
    }

    #[test]
    fn the_same_option_twice_is_refused_by_name() {
        for twice in [
            ["random-earth", "random-earth"],
            ["animals=birds", "animals=insects"],
            ["random-earth", "random-earth=yes"],
        ] {
            let e = check_options(KNOWN, &strings(&twice)).unwrap_err();
            assert!(e.0.contains("given twice"), "{e}");
            assert!(e.0.contains(option_key(twice[0])), "{e}");
        }
    }

    #[test]
    fn more_options_than_the_game_has_are_refused_before_reading_them() {
        let many = vec!["random-earth".to_string(); 190_000];
        let e = check_options(KNOWN, &many).unwrap_err();
        assert!(e.0.starts_with("190000 options given"), "{e}");
        assert!(check_options(&[], &strings(&["x"])).is_err());
    }

    #[test]
    fn a_long_option_is_refused() {
        let long = format!("animals={}", "birds,".repeat(20));
        let e = check_options(KNOWN, &[long]).unwrap_err();
        assert!(e.0.contains("longer than 64 bytes"), "{e}");
    }
}
