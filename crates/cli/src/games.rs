//! The games the command line plays: the one list (`eons-games`), and in
//! its test builds only the tests' toy game, Card Race (id `demo`, from
//! `eons-toy`, which a release build has empty).
//!
//! Every command is written once, generically over `G: Game + Positions + Presentation`, as
//! a [`GameCommand`]; [`dispatch`] picks the engine by id. Adding a game is
//! one line in `eons-games`' list: nothing here changes.

use anyhow::{bail, Result};
use eons_core::{Game, OptionInfo, Positions, Presentation};
use eons_games::{Registered, Unknown, Visitor};

/// A command that can run for any game type.
pub trait GameCommand {
    /// Runs the command with the engine `G`.
    fn run<G: Game + Positions + Presentation>(self) -> Result<()>;
}

/// Id, name and options of a game.
#[derive(Copy, Clone, Debug)]
pub struct GameInfo {
    /// The id used on the command line and in records.
    pub id: &'static str,
    /// The full name.
    pub name: &'static str,
    /// Setup options accepted with `--opt`.
    pub options: &'static [OptionInfo],
}

/// A command run through the registry's [`Visitor`].
struct Run<C>(C);

impl<C: GameCommand> eons_toy::ToyVisitor for Run<C> {
    type Output = Result<()>;
    fn visit<G: Game + Positions + Presentation>(self) -> Result<()> {
        self.0.run::<G>()
    }
}

impl<C: GameCommand> Visitor for Run<C> {
    type Output = Result<()>;
    fn visit<G: Registered>(self) -> Result<()> {
        self.0.run::<G>()
    }
}

/// Runs `cmd` with the engine whose id is `id`.
pub fn dispatch<C: GameCommand>(id: &str, cmd: C) -> Result<()> {
    match eons_games::visit(id, Run(cmd)) {
        Ok(done) => done,
        Err(Unknown { visitor: Run(cmd) }) => match eons_toy::visit(id, Run(cmd)) {
            Ok(done) => done,
            Err(_) => bail!("unknown game `{id}` (known games: {})", ids().join(", ")),
        },
    }
}

/// Tells the bots which games are learnable and which value networks this
/// program carries (`eval=net`), and lets specs name network files
/// (`net=PATH`): the command line is run by the person whose files they are.
pub fn register_learned() {
    eons_games::register_value_networks();
    eons_bots::learned::allow_files(true);
}

/// Every game: the toy games of a test build, then the list's, in list order.
pub fn registered() -> Vec<GameInfo> {
    let toys = eons_toy::kinds().into_iter().map(|k| GameInfo {
        id: k.id,
        name: k.name,
        options: k.options,
    });
    toys.chain(eons_games::kinds().into_iter().map(|k| GameInfo {
        id: k.id,
        name: k.name,
        options: k.options,
    }))
    .collect()
}

/// The ids of every game.
pub fn ids() -> Vec<&'static str> {
    registered().iter().map(|g| g.id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name(std::rc::Rc<std::cell::RefCell<String>>);

    impl GameCommand for Name {
        fn run<G: Game + Positions + Presentation>(self) -> Result<()> {
            *self.0.borrow_mut() = G::NAME.to_string();
            Ok(())
        }
    }

    #[test]
    fn dispatch_finds_demo_and_refuses_unknown_ids() {
        let got = std::rc::Rc::new(std::cell::RefCell::new(String::new()));
        dispatch("demo", Name(got.clone())).expect("demo is registered");
        assert_eq!(*got.borrow(), eons_toy::CardRace::NAME);
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
