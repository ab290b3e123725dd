//! The twelve actions of the action display (p.9–16), one module each, in
//! execution order. Each module owns the action's start, its legal choices,
//! its resolution and its rule text (the `RULE` its refusals name); the
//! engine only dispatches on the pending decision.

pub(crate) mod abundance;
pub(crate) mod adaptation;
pub(crate) mod competition;
pub(crate) mod depletion;
pub(crate) mod domination;
pub(crate) mod glaciation;
pub(crate) mod initiative;
pub(crate) mod migration;
pub(crate) mod regression;
pub(crate) mod speciation;
pub(crate) mod wanderlust;
pub(crate) mod wasteland;
