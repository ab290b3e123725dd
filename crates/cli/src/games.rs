//! The one place that maps a game id to an engine type.
//!
//! Every command is written once, generically over `G: Game + Positions`, as
//! a [`GameCommand`]; [`dispatch`] picks the engine by id. Adding a game is
//! one line in the [`games!`] list at the bottom of this file.

use anyhow::{bail, Result};
use eons_core::{Game, OptionInfo, Positions};

/// A command that can run for any game type.
pub trait GameCommand {
    /// Runs the command with the engine `G`.
    fn run<G: Game + Positions>(self) -> Result<()>;
}

/// Id, name and options of a registered game.
#[derive(Copy, Clone, Debug)]
pub struct GameInfo {
    /// The id used on the command line and in records.
    pub id: &'static str,
    /// The full name.
    pub name: &'static str,
    /// Setup options accepted with `--opt`.
    pub options: &'static [OptionInfo],
}

fn info<G: Game>() -> GameInfo {
    GameInfo {
        id: G::ID,
        name: G::NAME,
        options: G::OPTIONS,
    }
}

/// Defines [`dispatch`] and [`registered`] from a list of engine types.
macro_rules! games {
    ($($ty:ty),* $(,)?) => {
        /// Runs `cmd` with the engine whose id is `id`.
        pub fn dispatch<C: GameCommand>(id: &str, cmd: C) -> Result<()> {
            $(
                if id == <$ty as Game>::ID {
                    return cmd.run::<$ty>();
                }
            )*
            bail!("unknown game `{id}` (known games: {})", ids().join(", "))
        }

        /// Every registered game, in list order.
        pub fn registered() -> Vec<GameInfo> {
            vec![$(info::<$ty>()),*]
        }
    };
}

/// The ids of every registered game.
pub fn ids() -> Vec<&'static str> {
    registered().iter().map(|g| g.id).collect()
}

games![
    // Card Race: the CLI's own small test game (id `demo`). Keep it: the CLI tests use it.
    crate::demo::Demo,
    // ---- The real engines: one line each, with the crate added to crates/cli/Cargo.toml. ----
    // id `ds`
    eons_dominant_species::DominantSpecies,
    // id `marine`
    eons_marine::Marine,
    // id `pangea`
    eons_pangea::Pangea,
];

#[cfg(test)]
mod tests {
    use super::*;

    struct Name(std::rc::Rc<std::cell::RefCell<String>>);

    impl GameCommand for Name {
        fn run<G: Game + Positions>(self) -> Result<()> {
            *self.0.borrow_mut() = G::NAME.to_string();
            Ok(())
        }
    }

    #[test]
    fn dispatch_finds_demo_and_refuses_unknown_ids() {
        let got = std::rc::Rc::new(std::cell::RefCell::new(String::new()));
        dispatch("demo", Name(got.clone())).expect("demo is registered");
        assert_eq!(*got.borrow(), crate::demo::Demo::NAME);
        let err = dispatch("chess", Name(got.clone())).expect_err("unknown");
        assert!(err.to_string().contains("known games: demo"), "{err}");
    }

    #[test]
    fn ids_are_unique() {
        let mut v = ids();
        v.sort_unstable();
        v.dedup();
        assert_eq!(v.len(), registered().len());
    }
}
