//! The actions of the display (p.11-17) and the turn that places a pawn on
//! them (p.9-10): one module per action, whose unit type implements
//! `eons_core::DecisionModule` for its decisions (their rule text, legal
//! choices, effect, refusal and wording); the automatic steps an action
//! leaves (the end of a turn, Wanderlust's scoring, the Tectonics' after
//! step) are plain functions of the same module.

pub(crate) mod abundance;
pub(crate) mod adaptation;
pub(crate) mod autotrophs;
pub(crate) mod bottom_feeder;
pub(crate) mod competition;
pub(crate) mod depletion;
pub(crate) mod domination;
pub(crate) mod evolution;
pub(crate) mod migration;
pub(crate) mod regression;
pub(crate) mod speciation;
pub(crate) mod tectonics;
pub(crate) mod turn;
pub(crate) mod wanderlust;
