//! Trait cards (p.5, p.19-21) whose abilities are decisions or automatic
//! steps of their own (the other traits are read where they apply).

pub(crate) mod ancient_lineage;
pub(crate) mod budding_intelligence;
pub(crate) mod camouflage;
pub(crate) mod draft;
pub(crate) mod exaptation;
pub(crate) mod new_trait;
pub(crate) mod pack_hunters;
