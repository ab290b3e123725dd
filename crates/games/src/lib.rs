//! `eons-games`: the one list of the games Eons plays.
//!
//! A game is an engine crate whose game type implements the four traits of
//! [`Registered`]: its rules ([`Game`]), its positions in files
//! ([`Positions`]), its action space and observations for learning agents
//! ([`Learnable`]) and how the table shows it ([`Presentation`]). Listing
//! the type in [`games!`](crate) below is all it takes for every program
//! to offer it: the command line (`eons sim ds`), the server (`/api/kinds`,
//! and the web table, which loads the renderer the kind names), and the
//! Python package (`eons.Game("ds")`).
//!
//! Programs reach a game in two ways. Generic code over one game type is
//! written once as a [`Visitor`] and run for the game a player named with
//! [`visit`] (or for every game with [`visit_each`]); what the lobby needs
//! without a type is in [`kinds`]. See `docs/engine-shape.md`, "Adding a
//! game", for every file a new game touches.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use eons_core::{Game, Learnable, OptionInfo, Positions, Presentation};

/// What every game of the list implements.
pub trait Registered: Game + Positions + Learnable + Presentation {}

impl<G: Game + Positions + Learnable + Presentation> Registered for G {}

/// Code written once for any game type, run for a game picked at run time.
pub trait Visitor {
    /// What running it gives.
    type Output;
    /// Runs it with the game type `G`.
    fn visit<G: Registered>(self) -> Self::Output;
}

/// A game of the list, described without its type: what a lobby, a help
/// text or a form needs.
#[derive(Copy, Clone, Debug)]
pub struct Kind {
    /// The short id used on the command line, in records and in URLs (`ds`).
    pub id: &'static str,
    /// The full name.
    pub name: &'static str,
    /// Other names a person may type for it (lower case).
    pub other_names: &'static [&'static str],
    /// The web table's renderer: `web/js/games/<renderer>.js`.
    pub renderer: &'static str,
    /// Setup options.
    pub options: &'static [OptionInfo],
    /// Seats see different things ([`Game::HIDDEN_INFORMATION`]).
    pub hidden_information: bool,
}

/// A game id (or another name) that is not in the list; the visitor comes
/// back, so that a caller with games of its own (a test's toy game) can try
/// those.
#[derive(Debug)]
pub struct Unknown<V> {
    /// The visitor, not run.
    pub visitor: V,
}

impl<V> Unknown<V> {
    /// The sentence to show a person who typed `name`.
    pub fn message(name: &str) -> String {
        let ids: Vec<&str> = kinds().iter().map(|k| k.id).collect();
        format!("unknown game `{name}` (the games are {})", ids.join(", "))
    }
}

fn kind<G: Registered>() -> Kind {
    Kind {
        id: G::ID,
        name: G::NAME,
        other_names: G::OTHER_NAMES,
        renderer: G::RENDERER,
        options: G::OPTIONS,
        hidden_information: G::HIDDEN_INFORMATION,
    }
}

/// Defines [`visit`], [`visit_each`] and [`kinds`] from the list of game
/// types.
macro_rules! games {
    ($($game:ty),* $(,)?) => {
        /// Runs `visitor` with the game whose id is `id` (exactly: see
        /// [`canonical`] for the other names).
        pub fn visit<V: Visitor>(id: &str, visitor: V) -> Result<V::Output, Unknown<V>> {
            $(
                if id == <$game as Game>::ID {
                    return Ok(visitor.visit::<$game>());
                }
            )*
            Err(Unknown { visitor })
        }

        /// Runs a copy of `visitor` with every game, in list order.
        pub fn visit_each<V: Visitor + Clone>(visitor: V) -> Vec<V::Output> {
            vec![$(visitor.clone().visit::<$game>()),*]
        }

        /// Every game of the list, in list order.
        pub fn kinds() -> Vec<Kind> {
            vec![$(kind::<$game>()),*]
        }
    };
}

// The list. Adding a game is one line here (and the crate in Cargo.toml).
games![
    eons_dominant_species::DominantSpecies,
    eons_marine::Marine,
    eons_pangea::Pangea,
];

/// A value network built into the program from the repository's
/// `models/<game>-<players>p.safetensors` (see docs/learning.md).
#[derive(Copy, Clone, Debug)]
pub struct ShippedNetwork {
    /// The game's id.
    pub game: &'static str,
    /// The player count it was trained for.
    pub players: usize,
    /// The safetensors file.
    pub bytes: &'static [u8],
}

include!(concat!(env!("OUT_DIR"), "/networks.rs"));

/// The value networks built into the program, for every game and player
/// count that has one (none for a game never trained).
pub fn value_networks() -> &'static [ShippedNetwork] {
    NETWORKS
}

/// Tells the bots every game of the list and the value networks built in
/// for it (`mcts:…,eval=net`, `mcts:learned`). Every program that builds
/// bots from specs calls it once at its start: the command line, the
/// server and the Python package. Network files named in a spec
/// (`net=PATH`) stay refused unless the program allows them
/// (`eons_bots::learned::allow_files`: the command line does; a server,
/// whose specs come from players, does not).
pub fn register_value_networks() {
    /// Registers one game.
    #[derive(Clone)]
    struct Register;
    impl Visitor for Register {
        type Output = ();
        fn visit<G: Registered>(self) {
            let networks: Vec<(usize, &'static [u8])> = value_networks()
                .iter()
                .filter(|n| n.game == G::ID)
                .map(|n| (n.players, n.bytes))
                .collect();
            eons_bots::learned::register::<G>(&networks);
        }
    }
    visit_each(Register);
}

/// The player counts game `id` accepts with no options (1 to 8 seats
/// tried), in order; empty for an id not in the list.
pub fn player_counts(id: &str) -> Vec<usize> {
    /// The counts [`Game::setup`] accepts.
    struct Counts;
    impl Visitor for Counts {
        type Output = Vec<usize>;
        fn visit<G: Registered>(self) -> Vec<usize> {
            (1..=8).filter(|&n| G::setup(n, &[]).is_ok()).collect()
        }
    }
    visit(id, Counts).unwrap_or_default()
}

/// The id of a game a person named: its id or one of its other names, in
/// any case, spaces around ignored.
pub fn canonical(name: &str) -> Option<&'static str> {
    let lower = name.trim().to_ascii_lowercase();
    kinds()
        .into_iter()
        .find(|k| k.id == lower || k.other_names.contains(&lower.as_str()))
        .map(|k| k.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name;

    impl Visitor for Name {
        type Output = &'static str;
        fn visit<G: Registered>(self) -> &'static str {
            G::NAME
        }
    }

    #[test]
    fn every_kind_is_visited_under_its_own_id() {
        for k in kinds() {
            assert_eq!(visit(k.id, Name).ok(), Some(k.name), "{}", k.id);
        }
        assert!(visit("chess", Name).is_err());
    }

    #[test]
    fn ids_and_other_names_are_unique_and_lower_case() {
        let mut names: Vec<&str> = kinds()
            .iter()
            .flat_map(|k| std::iter::once(k.id).chain(k.other_names.iter().copied()))
            .collect();
        for n in &names {
            assert_eq!(*n, n.to_ascii_lowercase());
        }
        let all = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all);
    }

    #[test]
    fn player_counts_are_the_rulebooks() {
        assert_eq!(player_counts("ds"), [2, 3, 4, 5, 6]);
        assert_eq!(player_counts("marine"), [2, 3, 4]);
        assert_eq!(player_counts("pangea"), [1, 2, 3, 4]);
        assert!(player_counts("chess").is_empty());
    }

    #[test]
    fn other_names_lead_to_their_game() {
        assert_eq!(canonical(" Dominant-Species "), Some("ds"));
        assert_eq!(canonical("dsm"), Some("marine"));
        assert_eq!(canonical("pangea"), Some("pangea"));
        assert_eq!(canonical("chess"), None);
    }

    #[test]
    fn every_game_has_a_renderer_of_its_own_a_catalog_and_rules() {
        #[derive(Clone)]
        struct Shown;
        impl Visitor for Shown {
            type Output = (&'static str, bool, bool);
            fn visit<G: Registered>(self) -> Self::Output {
                (G::RENDERER, G::catalog().is_some(), G::rules().is_some())
            }
        }
        for (k, (renderer, catalog, rules)) in kinds().iter().zip(visit_each(Shown)) {
            assert_ne!(renderer, "generic", "{}", k.id);
            assert!(catalog && rules, "{}", k.id);
        }
    }
}

#[cfg(test)]
mod places {
    use super::*;
    use eons_core::{GameRng, PlaceKind, Turn};

    /// Random games of every game: each legal choice's place, where it has
    /// one, is named by the choice's own words, so that the table's target
    /// and the text agree.
    #[derive(Clone)]
    struct PlacesAgreeWithWords;

    impl Visitor for PlacesAgreeWithWords {
        type Output = usize;
        fn visit<G: Registered>(self) -> usize {
            let mut placed = 0;
            for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
                let Ok(setup) = G::setup(players, &[]) else {
                    continue;
                };
                let mut state = G::new(&setup, seed).expect("a new game");
                let mut rng = GameRng::new(seed);
                let (mut legal, mut events) = (Vec::new(), Vec::new());
                for _ in 0..1500 {
                    if !matches!(G::turn(&state), Turn::Seat(_)) {
                        break;
                    }
                    legal.clear();
                    G::legal(&state, &mut legal);
                    for &c in &legal {
                        let Some(place) = G::choice_place(&state, c) else {
                            continue;
                        };
                        assert!(!place.label.is_empty(), "{}: {c:?}", G::ID);
                        if place.kind != PlaceKind::Space {
                            placed += 1;
                            let text = G::describe_choice(&state, c);
                            assert!(
                                text.contains(&place.label),
                                "{}: {c:?} reads {text:?} but its place is {}",
                                G::ID,
                                place.label
                            );
                        }
                    }
                    let c = legal[rng.index(legal.len())];
                    G::apply(&mut state, c, &mut events).expect("a legal choice applies");
                }
            }
            placed
        }
    }

    #[test]
    fn every_choice_s_place_is_the_one_its_words_name() {
        for (kind, placed) in kinds().iter().zip(visit_each(PlacesAgreeWithWords)) {
            assert!(
                placed > 100,
                "{}: only {placed} choices had a place on the board",
                kind.id
            );
        }
    }
}
