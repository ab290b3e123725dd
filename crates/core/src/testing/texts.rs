//! The text test, shared by every game: everything a player reads (choice
//! and event texts, as each viewer reads them, and the terminal rendering)
//! is plain English that names things as the board shows them.
//!
//! [`lint`] finds the faults a reader trips over in one text: a plural after
//! "1" ("1 birds"), "a" before a vowel ("a ocean tile") or "an" before a
//! consonant, "(s)", a card named by its number, an internal code (Rust's
//! `Some(…)`, `snake_case`, CamelCase, a bracketed list of letter codes), a
//! seat counted from 0, axial coordinates ("(1,-2)", "E(0,1)", "(0,0).se")
//! that nothing on the board shows, "a" before a plural name ("a Fishes
//! species"), "’s" after a plural in s ("Cephalopods’s"), a place named
//! only as "this tile", and a corner named by two hexes alone ("F11/G10",
//! which two corners could be), and what the three games must say alike
//! (issue 33): no parentheses inside parentheses ("(… (p.12))"), a
//! scoring place spelled out ("first place", never "1st place"), and a
//! free action called "free", never "costs 0 AP". [`check_texts`] plays
//! seeded random games and lints every text a player could read in them,
//! the prompt of every decision among them, which must also cite its
//! rulebook page ([`lint_prompt`]); it requires that the legal choices of each
//! decision read differently from each other (two buttons with the same
//! words leave the player guessing), and that an event reads the same
//! before and after the choice that logged it is applied, so that no event text depends on what changed
//! later (the terrain of a tile belongs in the event, not in the state
//! read after the whole apply). [`check_choice_texts`] requires only that
//! the choices read apart, over many more games than the whole lint can
//! read in the same time (issue 36).

use crate::game::{Game, Seat, Turn};
use crate::rng::GameRng;
use regex::Regex;
use std::fmt;
use std::sync::OnceLock;

/// One fault of a text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TextFault {
    /// A plural noun after "1" or "one" ("1 birds").
    PluralAfterOne(String),
    /// "a" before a vowel sound or "an" before a consonant sound.
    Article(String),
    /// "(s)" instead of the number's own form.
    OptionalPlural(String),
    /// A card named by its number rather than its name.
    UnnamedCard(String),
    /// A code from the program rather than a word.
    InternalCode(String),
    /// A seat or player counted from 0.
    ZeroBasedSeat(String),
    /// Axial coordinates or a corner code instead of the board's labels.
    Coordinates(String),
    /// Doubled, leading or trailing spaces, or an empty text.
    Spacing(String),
    /// Two legal choices of one decision that read the same, so that the
    /// player cannot tell which is which.
    SameWords(String),
    /// "a" or "an" before a plural name ("a Fishes species").
    PluralAfterArticle(String),
    /// "’s" after a plural ending in "s" ("Cephalopods’s").
    Possessive(String),
    /// A place named only as "this tile" or "this hex".
    UnnamedPlace(String),
    /// A corner named by two hexes alone ("F11/G10", "the corner of F11
    /// and G10"): two hexes side by side share two corners.
    AmbiguousCorner(String),
    /// Parentheses inside parentheses ("(Wanderlust (p.13))"): one pair
    /// holds all that is said aside ("(Wanderlust, p.13)").
    NestedParentheses(String),
    /// A scoring place in figures ("1st place"): the three games spell it
    /// out ("first place"), as the rulebooks do.
    PlaceInFigures(String),
    /// A cost of nothing in AP ("costs 0 AP", "(0 AP)"): the three games
    /// call it "free", on cards and in events alike.
    ZeroCost(String),
    /// A prompt that cites no rulebook page ("p.12").
    PromptWithoutPage(String),
}

impl fmt::Display for TextFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, found) = match self {
            TextFault::PluralAfterOne(s) => ("a plural after one", s),
            TextFault::Article(s) => ("the wrong article", s),
            TextFault::OptionalPlural(s) => ("\"(s)\"", s),
            TextFault::UnnamedCard(s) => ("a card without its name", s),
            TextFault::InternalCode(s) => ("an internal code", s),
            TextFault::ZeroBasedSeat(s) => ("a seat counted from 0", s),
            TextFault::Coordinates(s) => ("coordinates the board does not show", s),
            TextFault::Spacing(s) => ("stray spaces", s),
            TextFault::SameWords(s) => ("two legal choices with the same words", s),
            TextFault::PluralAfterArticle(s) => ("a plural after \"a\"", s),
            TextFault::Possessive(s) => ("\"’s\" after a plural in s", s),
            TextFault::UnnamedPlace(s) => ("a place without its label", s),
            TextFault::AmbiguousCorner(s) => ("a corner two hexes share twice", s),
            TextFault::NestedParentheses(s) => ("parentheses inside parentheses", s),
            TextFault::PlaceInFigures(s) => ("a scoring place in figures", s),
            TextFault::ZeroCost(s) => ("a cost of 0 AP rather than \"free\"", s),
            TextFault::PromptWithoutPage(s) => ("a prompt without its rulebook page", s),
        };
        write!(f, "{what}: \"{found}\"")
    }
}

/// Words ending in "s" that are singular (or the same in both numbers).
const SINGULAR_S: &[&str] = &[
    "species",
    "bonus",
    "status",
    "is",
    "was",
    "has",
    "as",
    "its",
    "this",
    "plus",
    "minus",
    "less",
    "across",
    "always",
    "us",
    "gas",
    "glass",
    "grass",
    "moss",
    "series",
    "chaos",
    "octopus",
    "nautilus",
    "asterisk",
    "analysis",
    "axis",
    "basis",
    "cross",
    "loss",
    "pass",
    "process",
    "success",
    "focus",
    "genus",
    "thesis",
    "yes",
    "does",
    "goes",
    "sometimes",
    "towards",
    "tectonics",
    "genetics",
];

/// Words that a number names rather than counts ("seat 1 draws").
const NUMBERED_NAMES: &[&str] = &[
    "seat", "player", "round", "stage", "turn", "space", "niche", "age", "level", "tier", "step",
    "number", "row", "column", "wave", "phase", "era", "track", "box", "slot", "stack", "pile",
    "position", "#",
];

/// Words starting with a vowel letter that take "a" ("a unique", "a one").
const VOWEL_LETTER_CONSONANT_SOUND: &[&str] = &[
    "one", "once", "unique", "unit", "united", "use", "used", "user", "usual",
];

/// Words starting with a consonant letter that take "an" ("an hour").
const CONSONANT_LETTER_VOWEL_SOUND: &[&str] = &["hour", "honest", "honour", "honor", "heir"];

/// Capital letters whose name starts with a vowel sound ("an AP", "an MCTS").
const VOWEL_SOUND_CAPITALS: &str = "AEFHILMNORSX";

struct Patterns {
    word_after_one: Regex,
    article: Regex,
    unnamed_card: Regex,
    zero_seat: Regex,
    coordinates: Regex,
    corner_code: Regex,
    marine_corner: Regex,
    debug: Regex,
    snake: Regex,
    camel: Regex,
    letter_codes: Regex,
    plural_after_article: Regex,
    possessive: Regex,
    unnamed_place: Regex,
    two_hex_corner: Regex,
    two_hex_corner_words: Regex,
    place_in_figures: Regex,
    zero_cost: Regex,
    page: Regex,
}

fn patterns() -> &'static Patterns {
    static PATTERNS: OnceLock<Patterns> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        let re = |s: &str| Regex::new(s).expect("a valid pattern");
        Patterns {
            word_after_one: re(r"(?i)(?:^|[^\w.,/-])(1|one) ([a-z]+)\b"),
            article: re(r"(?:^|[^\w'-])([Aa]n?) ([\w]+)"),
            unnamed_card: re(r"(?i)\bcard #?\d+\b"),
            zero_seat: re(r"(?i)\b(?:seat|player) #?0\b"),
            coordinates: re(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)"),
            corner_code: re(r"\b[EW]\(-?\d"),
            marine_corner: re(r"\)\.(?:n|ne|se|s|sw|nw|e|w)\b"),
            debug: re(r"\b(?:Some|Ok|Err)\(|\bNone\b|::|[{}]"),
            snake: re(r"\b[a-z]+_[a-z_]+\b"),
            camel: re(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b"),
            letter_codes: re(r"\[[A-Z][a-z]?(?:, ?[A-Z][a-z]?)*\]"),
            plural_after_article: re(r"(?:^|[^\w'-])([Aa]n?) ([A-Z][a-z]+s)\b"),
            possessive: re(r"\b(\w+s)['’]s\b"),
            two_hex_corner: re(
                r"\b[A-G](?:1[0-3]|[1-9])/[A-G](?:1[0-3]|[1-9])\b(/| (?:north-east|north-west|south-east|south-west|east|west)\b)?",
            ),
            two_hex_corner_words: re(
                r"\bthe corner of [A-G](?:1[0-3]|[1-9]) and [A-G](?:1[0-3]|[1-9])\b",
            ),
            unnamed_place: re(r"(?i)\bth(?:is|at) (?:[a-z]+ )?(?:tile|hex)\b"),
            place_in_figures: re(r"(?i)\b\d+(?:st|nd|rd|th) place\b"),
            zero_cost: re(r"(?i)\bcosts? 0 (?:AP|action points?)\b|\(0 AP\)|\bcost: 0\b"),
            page: re(r"\bpp?\.\s?\d+"),
        }
    })
}

/// Every fault of the card texts a game's catalog shows, each named by its card: the table
/// shows them beside the choices and the log, so they follow the same rules (a free action is
/// "free" on the card as in the log).
pub fn lint_cards(cards: &[crate::CatalogCard]) -> Vec<String> {
    cards
        .iter()
        .flat_map(|c| {
            lint(&c.text)
                .into_iter()
                .map(move |f| format!("{}: {f}", c.name))
        })
        .collect()
}

/// Every fault of one text (empty: the text reads well).
pub fn lint(text: &str) -> Vec<TextFault> {
    let p = patterns();
    let mut faults = Vec::new();
    if text.trim().is_empty() || text.contains("  ") || text != text.trim() {
        faults.push(TextFault::Spacing(text.to_string()));
    }
    if text.contains("(s)") {
        faults.push(TextFault::OptionalPlural(text.to_string()));
    }
    for m in p.word_after_one.captures_iter(text) {
        let word = m[2].to_lowercase();
        let start = m.get(1).map_or(0, |g| g.start());
        // "Seat 1 draws", "Migration 1 holds": the number is a name there.
        let named = text[..start]
            .split_whitespace()
            .next_back()
            .map(|before| before.trim_matches(|c: char| !c.is_alphanumeric() && c != '#'))
            .is_some_and(|before| {
                before.starts_with(|c: char| c.is_uppercase())
                    || NUMBERED_NAMES.contains(&before.to_lowercase().as_str())
            });
        // "one Fishes species": the group's name qualifies "species";
        // "one worms element": the element's name qualifies "element".
        let after = &text[m.get(2).map_or(0, |g| g.end())..];
        let group = m[2].starts_with(|c: char| c.is_uppercase()) && after.starts_with(" species")
            || after.starts_with(" element");
        if !named
            && !group
            && word.len() > 2
            && word.ends_with('s')
            && !word.ends_with("ss")
            && !SINGULAR_S.contains(&word.as_str())
        {
            faults.push(TextFault::PluralAfterOne(m[0].trim().to_string()));
        }
    }
    for m in p.article.captures_iter(text) {
        let (article, word) = (&m[1], &m[2]);
        if article_is_wrong(article, word) {
            faults.push(TextFault::Article(format!("{article} {word}")));
        }
    }
    for m in p.plural_after_article.captures_iter(text) {
        let word = m[2].to_lowercase();
        if !word.ends_with("ss") && !SINGULAR_S.contains(&word.as_str()) {
            faults.push(TextFault::PluralAfterArticle(m[0].trim().to_string()));
        }
    }
    for m in p.possessive.captures_iter(text) {
        // "the boss's", "the bonus's" are singular owners; "species" is
        // plural too ("the species’ tile").
        let owner = m[1].to_lowercase();
        if owner == "species" || !owner.ends_with("ss") && !SINGULAR_S.contains(&owner.as_str()) {
            faults.push(TextFault::Possessive(m[0].to_string()));
        }
    }
    if let Some(m) = p.unnamed_place.find(text) {
        faults.push(TextFault::UnnamedPlace(m.as_str().to_string()));
    }
    // "D7/E6/E8" and "G6/G8 east" name one corner; "G6/G8" two.
    for m in p.two_hex_corner.captures_iter(text) {
        if m.get(1).is_none() {
            faults.push(TextFault::AmbiguousCorner(m[0].to_string()));
        }
    }
    if let Some(m) = p.two_hex_corner_words.find(text) {
        faults.push(TextFault::AmbiguousCorner(m.as_str().to_string()));
    }
    if let Some(nested) = nested_parentheses(text) {
        faults.push(TextFault::NestedParentheses(nested));
    }
    if let Some(m) = p.place_in_figures.find(text) {
        faults.push(TextFault::PlaceInFigures(m.as_str().to_string()));
    }
    if let Some(m) = p.zero_cost.find(text) {
        faults.push(TextFault::ZeroCost(m.as_str().to_string()));
    }
    if let Some(m) = p.unnamed_card.find(text) {
        faults.push(TextFault::UnnamedCard(m.as_str().to_string()));
    }
    if let Some(m) = p.zero_seat.find(text) {
        faults.push(TextFault::ZeroBasedSeat(m.as_str().to_string()));
    }
    for re in [&p.coordinates, &p.corner_code, &p.marine_corner] {
        if let Some(m) = re.find(text) {
            faults.push(TextFault::Coordinates(m.as_str().to_string()));
        }
    }
    for re in [&p.debug, &p.snake, &p.camel, &p.letter_codes] {
        if let Some(m) = re.find(text) {
            faults.push(TextFault::InternalCode(m.as_str().to_string()));
        }
    }
    faults
}

/// The outer parenthesis of `text` that holds another one, if any.
fn nested_parentheses(text: &str) -> Option<String> {
    let mut depth = 0usize;
    let mut start = 0usize;
    let mut nested = false;
    for (i, c) in text.char_indices() {
        match c {
            '(' => {
                if depth == 0 {
                    start = i;
                } else {
                    nested = true;
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 && nested {
                    return Some(text[start..=i].to_string());
                }
            }
            _ => {}
        }
    }
    nested.then(|| text[start..].to_string())
}

/// Every fault of a decision's prompt: those of any text, and a prompt
/// must cite the rulebook page of the rule it asks under ("p.12"), as the
/// three games' prompts do, unless the game is over.
pub fn lint_prompt(prompt: &str) -> Vec<TextFault> {
    let mut faults = lint(prompt);
    if !patterns().page.is_match(prompt) {
        faults.push(TextFault::PromptWithoutPage(prompt.to_string()));
    }
    faults
}

/// True when `article` ("a", "an", "A", "An") does not suit the sound `word`
/// starts with.
fn article_is_wrong(article: &str, word: &str) -> bool {
    let Some(first) = word.chars().next() else {
        return false;
    };
    let lower = word.to_lowercase();
    let wants_an = if word.len() > 1 && word.chars().all(|c| c.is_ascii_uppercase()) {
        // An abbreviation read letter by letter: "an AP", "a VP".
        VOWEL_SOUND_CAPITALS.contains(first)
    } else if first.is_ascii_digit() {
        // "an 8", "an 11", "an 18": the numbers read with a vowel first.
        lower.starts_with('8')
            || ((lower.len() == 2 || lower.len() == 5) && lower.starts_with("11"))
            || ((lower.len() == 2 || lower.len() == 5) && lower.starts_with("18"))
    } else if lower.starts_with("uni")
        || VOWEL_LETTER_CONSONANT_SOUND
            .iter()
            .any(|w| lower == *w || (w.len() > 3 && lower.starts_with(w)))
    {
        false
    } else if CONSONANT_LETTER_VOWEL_SOUND
        .iter()
        .any(|w| lower.starts_with(w))
    {
        true
    } else if first.is_alphabetic() && word.len() == 1 {
        // A single letter ("a B", "an M") is read by its name.
        VOWEL_SOUND_CAPITALS.contains(first.to_ascii_uppercase())
    } else {
        "aeiou".contains(first.to_ascii_lowercase()) && !lower.starts_with("u")
            || lower.starts_with("un")
            || lower.starts_with("up")
    };
    let is_an = article.eq_ignore_ascii_case("an");
    if first.is_alphabetic() || first.is_ascii_digit() {
        is_an != wants_an
    } else {
        false
    }
}

/// Which texts [`check_texts`] looks at.
pub struct TextCheck<G: Game> {
    /// The setup to play.
    pub setup: G::Setup,
    /// The seeds of the games to play.
    pub seeds: std::ops::Range<u64>,
    /// Every this many decisions, the texts of every legal choice and the
    /// rendering of every seat's view (not just the choice taken).
    pub every: usize,
}

/// What [`check_texts`] read.
#[derive(Clone, Copy, Debug, Default)]
pub struct TextReport {
    /// Texts read.
    pub texts: usize,
    /// Games played.
    pub games: usize,
}

/// Plays each seed's random game and lints every text: the choice taken as
/// every viewer reads it, every legal choice and every seat's rendering at
/// every `every`-th decision, and every event (which must read the same
/// before and after its choice is applied). Panics with the distinct faults
/// found (up to 8 of each kind), each with the text, the seed and the decision.
pub fn check_texts<G: Game>(run: TextCheck<G>) -> TextReport {
    let mut report = TextReport::default();
    let mut found = Faults::default();
    for seed in run.seeds.clone() {
        report.games += 1;
        let mut state = G::new(&run.setup, seed)
            .unwrap_or_else(|e| panic!("{} seed {seed}: the setup is refused: {e}", G::ID));
        let mut rng = GameRng::new(seed ^ 0x7e475);
        let mut legal = Vec::new();
        let mut events = Vec::new();
        let mut decisions = 0usize;
        let seats = G::seats(&state);
        let viewers: Vec<Option<Seat>> = (0..seats)
            .map(|s| Some(Seat(s as u8)))
            .chain([None])
            .collect();
        while let Turn::Seat(seat) = G::turn(&state) {
            let context = || format!("{} seed {seed} decision {decisions}", G::ID);
            legal.clear();
            G::legal(&state, &mut legal);
            if legal.is_empty() {
                panic!("{}: no legal choice", context());
            }
            found.note_prompt(&G::prompt(&state), &context, &mut report);
            for text in same_words::<G>(&state, &legal) {
                found.fault(TextFault::SameWords(text.clone()), &text, &context);
            }
            if run.every > 0 && decisions % run.every == 0 {
                for &choice in &legal {
                    found.note(&G::describe_choice(&state, choice), &context, &mut report);
                }
                for &viewer in &viewers {
                    // A rendering aligns its columns with spaces.
                    for line in G::render(&G::view(&state, viewer)).lines() {
                        let squeezed = line.split_whitespace().collect::<Vec<_>>().join(" ");
                        if !squeezed.is_empty() {
                            found.note(&squeezed, &context, &mut report);
                        }
                    }
                }
            }
            let choice = legal[rng.index(legal.len())];
            found.note(&G::describe_choice(&state, choice), &context, &mut report);
            for &viewer in &viewers {
                found.note(
                    &G::describe_choice_for(&state, choice, seat, viewer),
                    &context,
                    &mut report,
                );
            }
            let before = state.clone();
            events.clear();
            if let Err(e) = G::apply(&mut state, choice, &mut events) {
                panic!("{}: the legal {choice:?} is refused: {e}", context());
            }
            for event in &events {
                let text = G::describe_event(&state, event);
                let earlier = G::describe_event(&before, event);
                if text != earlier {
                    found.push(format!(
                        "the event {event:?} reads \"{earlier}\" before its choice and \"{text}\" after ({})",
                        context()
                    ));
                }
                found.note(&text, &context, &mut report);
            }
            decisions += 1;
        }
    }
    assert!(
        found.lines.is_empty(),
        "{} texts read badly:\n{}",
        found.lines.len(),
        found.lines.join("\n")
    );
    report
}

/// [`check_texts`] on `G`'s setup for `players` with `options`, over the
/// games of `seeds`, reading every legal choice and rendering at every 7th
/// decision; panics when the setup is refused or fewer than 1,000 texts
/// were read (a run too short to mean anything). Each game's
/// `tests/texts.rs` calls it for every player count and variant.
pub fn check_setup_texts<G: Game>(
    players: usize,
    options: &[&str],
    seeds: std::ops::Range<u64>,
) -> TextReport {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let setup = G::setup(players, &options)
        .unwrap_or_else(|e| panic!("{} {players} players {options:?}: {e}", G::ID));
    let report = check_texts::<G>(TextCheck {
        setup,
        seeds,
        every: 7,
    });
    assert!(
        report.texts > 1000,
        "{} {players} players {options:?}: only {} texts read",
        G::ID,
        report.texts
    );
    report
}

/// The texts that two or more legal choices of the decision at `state`
/// share, each once. Every legal choice of a decision reads differently, so
/// that the player knows which one each button takes: two circles holding
/// the same element say which circle (issue 36).
fn same_words<G: Game>(state: &G::State, legal: &[G::Choice]) -> Vec<String> {
    let mut texts: Vec<String> = legal
        .iter()
        .map(|&choice| G::describe_choice(state, choice))
        .collect();
    texts.sort_unstable();
    let mut same: Vec<String> = texts
        .windows(2)
        .filter(|pair| pair[0] == pair[1])
        .map(|pair| pair[0].clone())
        .collect();
    same.dedup();
    same
}

/// [`check_texts`]'s requirement that the legal choices of every decision
/// read differently ([`TextFault::SameWords`]), alone, over the random games
/// of `seeds` on `setup` (the games [`check_texts`] plays for the same
/// seeds). It reads only the choice texts, not every text through the lint,
/// so a game takes a tenth to a fiftieth of the time: a decision a handful
/// of games may never reach is looked for in hundreds. Panics
/// with the distinct texts found twice (up to 8), each with the seed, the
/// decision and its prompt; the report counts the choice texts read.
pub fn check_choice_texts<G: Game>(setup: &G::Setup, seeds: std::ops::Range<u64>) -> TextReport {
    let mut report = TextReport::default();
    let mut found = Faults::default();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for seed in seeds {
        report.games += 1;
        let mut state = G::new(setup, seed)
            .unwrap_or_else(|e| panic!("{} seed {seed}: the setup is refused: {e}", G::ID));
        let mut rng = GameRng::new(seed ^ 0x7e475);
        let mut decisions = 0usize;
        while let Turn::Seat(_) = G::turn(&state) {
            let context = || {
                format!(
                    "{} seed {seed} decision {decisions}, asked \"{}\"",
                    G::ID,
                    G::prompt(&state)
                )
            };
            legal.clear();
            G::legal(&state, &mut legal);
            if legal.is_empty() {
                panic!("{}: no legal choice", context());
            }
            report.texts += legal.len();
            for text in same_words::<G>(&state, &legal) {
                found.fault(TextFault::SameWords(text.clone()), &text, &context);
            }
            let choice = legal[rng.index(legal.len())];
            events.clear();
            if let Err(e) = G::apply(&mut state, choice, &mut events) {
                panic!(
                    "{} seed {seed} decision {decisions}: the legal {choice:?} is refused: {e}",
                    G::ID
                );
            }
            decisions += 1;
        }
    }
    assert!(
        found.lines.is_empty(),
        "{} texts are shared by two legal choices of one decision:\n{}",
        found.lines.len(),
        found.lines.join("\n")
    );
    report
}

/// [`check_choice_texts`] on `G`'s setup for `players` with `options`, over
/// the games of `seeds`; panics when the setup is refused. Each game's
/// `tests/texts.rs` calls it for every player count and variant, over many
/// more games than [`check_setup_texts`] lints.
pub fn check_setup_choice_texts<G: Game>(
    players: usize,
    options: &[&str],
    seeds: std::ops::Range<u64>,
) -> TextReport {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let setup = G::setup(players, &options)
        .unwrap_or_else(|e| panic!("{} {players} players {options:?}: {e}", G::ID));
    check_choice_texts::<G>(&setup, seeds)
}

/// The distinct faults found so far, as lines of the failure message (at
/// most [`Faults::PER_KIND`] of each kind, so that one kind does not hide
/// the others).
#[derive(Default)]
struct Faults {
    seen: std::collections::HashSet<TextFault>,
    per_kind: std::collections::HashMap<std::mem::Discriminant<TextFault>, usize>,
    lines: Vec<String>,
}

impl Faults {
    /// Lints one text read in the game at `context`.
    fn note(&mut self, text: &str, context: &dyn Fn() -> String, report: &mut TextReport) {
        report.texts += 1;
        for fault in lint(text) {
            self.fault(fault, text, context);
        }
    }

    /// Lints the prompt of a decision in the game at `context`.
    fn note_prompt(&mut self, text: &str, context: &dyn Fn() -> String, report: &mut TextReport) {
        report.texts += 1;
        for fault in lint_prompt(text) {
            self.fault(fault, text, context);
        }
    }

    /// Keeps one fault found in `text` (unless it was seen before, or its
    /// kind has filled its lines).
    fn fault(&mut self, fault: TextFault, text: &str, context: &dyn Fn() -> String) {
        let kind = self
            .per_kind
            .entry(std::mem::discriminant(&fault))
            .or_default();
        if *kind < Self::PER_KIND && self.seen.insert(fault.clone()) {
            *kind += 1;
            self.push(format!("{fault} in \"{text}\" ({})", context()));
        }
    }

    /// Lines kept of each kind of fault.
    const PER_KIND: usize = 8;

    fn push(&mut self, line: String) {
        if self.lines.len() < 80 {
            self.lines.push(line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faults(text: &str) -> Vec<TextFault> {
        lint(text)
    }

    #[test]
    fn plain_sentences_pass() {
        for text in [
            "Birds add 1 species to D7 desert",
            "An ocean tile is placed on C4",
            "Insects place an action pawn on Migration 7",
            "Seat 1 draws 2 adaptation cards",
            "Reptiles gain 1 VP (Wanderlust bonus)",
            "Mammals take an element from the corner of D7, E6 and E8",
            "Invertebrates in A2 move to niche 2",
            "a unique chance, an hour, a one-off, a VP, an AP, an 8, a 7",
            "Sabre Fangs is activated",
            "1 species",
            "eliminate one Fishes species, a species of the Reptiles",
            "the Cephalopods’ turn, the boss's desk, a Biomass, the species’ tile",
            "choose whose species is eliminated on D7 sea",
            "an element on D7/E6/E8, on G6/G8 east, on the east corner of G6 and G8, on A4 west",
            "the corner of D7, E6 and E8, Evolution 5/5",
            "Birds gain 4 VP (first place on D7 desert, p.16) (Glaciation bonus)",
            "Invertebrates take Populate (free), then Migrate (1 AP)",
            "a tile that has at least one worms element on its corners",
        ] {
            assert_eq!(faults(text), vec![], "{text}");
        }
    }

    #[test]
    fn each_fault_of_the_issue_is_found() {
        type Case = (&'static str, fn(&TextFault) -> bool);
        let cases: &[Case] = &[
            ("one birds moves", |f| {
                matches!(f, TextFault::PluralAfterOne(_))
            }),
            ("1 insects added to D7", |f| {
                matches!(f, TextFault::PluralAfterOne(_))
            }),
            ("a ocean tile is placed", |f| {
                matches!(f, TextFault::Article(_))
            }),
            ("an tundra tile", |f| matches!(f, TextFault::Article(_))),
            ("place a AP", |f| matches!(f, TextFault::Article(_))),
            ("draws 2 adaptation card(s)", |f| {
                matches!(f, TextFault::OptionalPlural(_))
            }),
            ("Seat 1 activates evolution card 2", |f| {
                matches!(f, TextFault::UnnamedCard(_))
            }),
            ("Neutral Synapsids roll 6: [M, P, Mr]", |f| {
                matches!(f, TextFault::InternalCode(_))
            }),
            ("to_move", |f| matches!(f, TextFault::InternalCode(_))),
            ("Some(3)", |f| matches!(f, TextFault::InternalCode(_))),
            ("ApOnSpace", |f| matches!(f, TextFault::InternalCode(_))),
            ("for seat 0", |f| matches!(f, TextFault::ZeroBasedSeat(_))),
            ("one birds moves (0,-1) → (1,0)", |f| {
                matches!(f, TextFault::Coordinates(_))
            }),
            ("speciate at W(2,-1)", |f| {
                matches!(f, TextFault::Coordinates(_))
            }),
            ("element at (0,0).se", |f| {
                matches!(f, TextFault::Coordinates(_))
            }),
            ("two  spaces", |f| matches!(f, TextFault::Spacing(_))),
            ("eliminate a Fishes species", |f| {
                matches!(f, TextFault::PluralAfterArticle(_))
            }),
            ("Cephalopods’s turn", |f| {
                matches!(f, TextFault::Possessive(_))
            }),
            ("Birds's turn", |f| matches!(f, TextFault::Possessive(_))),
            ("a sun element is placed on F11/G10", |f| {
                matches!(f, TextFault::AmbiguousCorner(_))
            }),
            (
                "a sun element is placed on the corner of F11 and G10",
                |f| matches!(f, TextFault::AmbiguousCorner(_)),
            ),
            ("choose whose species is eliminated on this tile", |f| {
                matches!(f, TextFault::UnnamedPlace(_))
            }),
            (
                "Birds gain 4 VP (1st place on D7 geyser vent (on land))",
                |f| matches!(f, TextFault::NestedParentheses(_)),
            ),
            ("place on the space (Wanderlust (p.13)", |f| {
                matches!(f, TextFault::NestedParentheses(_))
            }),
            ("Birds gain 4 VP (1st place on D7 desert)", |f| {
                matches!(f, TextFault::PlaceInFigures(_))
            }),
            ("Your next Populate this turn costs 0 AP", |f| {
                matches!(f, TextFault::ZeroCost(_))
            }),
            ("Cost: 0 active adaptation cards.", |f| {
                matches!(f, TextFault::ZeroCost(_))
            }),
            ("Invertebrates take Populate (0 AP)", |f| {
                matches!(f, TextFault::ZeroCost(_))
            }),
        ];
        for (text, is) in cases {
            let found = faults(text);
            assert!(found.iter().any(is), "{text}: {found:?}");
        }
    }

    #[test]
    fn a_prompt_cites_its_page() {
        assert_eq!(
            lint_prompt("Birds: place an AP on an empty eyeball space (Planning, p.9)"),
            vec![]
        );
        assert!(lint_prompt("Fishes: choose an action or pass")
            .iter()
            .any(|f| matches!(f, TextFault::PromptWithoutPage(_))));
    }
}
