//! The actions of the display (p.11-17) and the turn that places a pawn on
//! them (p.9-10): one module per action, owning its decisions' legal
//! choices, their execution and their rule text.

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
