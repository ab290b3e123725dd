//! Trait cards (p.5, p.19-21) whose abilities are decisions or automatic
//! steps of their own (the other traits are read where they apply). A
//! trait that asks a decision has a unit type implementing
//! `eons_core::DecisionModule`; Budding Intelligence asks none.

pub(crate) mod ancient_lineage;
pub(crate) mod budding_intelligence;
pub(crate) mod camouflage;
pub(crate) mod draft;
pub(crate) mod exaptation;
pub(crate) mod new_trait;
pub(crate) mod pack_hunters;
