//! The presentation catalog of Pangea: every adaptation, evolution,
//! objective, Turn of the Ages and cataclysm card with its text, and the
//! tables the table draws (each region's label and food per epoch, the
//! climate zones, epochs and stages, and the order of each list of cards the
//! view names by number). Built from the same data the engine plays with
//! ([`crate::data`]), so the browser keeps no copy of it.
//! Presentation only: no rule reads it.

use crate::data::{data, Data};
use crate::types::{Group, Region};
use eons_core::{CardKind, CatalogCard};
use serde::Serialize;
use std::collections::BTreeMap;

/// One region of the map: its label and its food in each epoch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RegionPlace {
    /// The label the texts use ("B3").
    pub label: String,
    /// Food in each of the three epochs.
    pub food: [u8; 3],
}

/// One climate zone (a row of the map).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ZonePlace {
    /// Its name ("Temperate").
    pub name: String,
    /// Its subcontinent ("Laurasia").
    pub subcontinent: String,
}

/// One epoch and its stages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EpochPlace {
    /// Its name ("Cisuralian").
    pub name: String,
    /// The names of its stages, in order.
    pub stages: Vec<String>,
}

/// An objective tile's place in the view's numbering, with its reward.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ObjectivePlace {
    /// The card id in [`Catalog::cards`].
    pub id: String,
    /// Dominance for completing it first, and later.
    pub reward: [i32; 2],
}

/// What the table shows of Pangea beside a view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Catalog {
    /// Every card and tile with a text; ids are the data's (`AD-01`,
    /// `SYN-1`, `OBJ-C1`, `TA-CG1`, `CAT-1`).
    pub cards: Vec<CatalogCard>,
    /// The adaptation card ids in the view's numbering (its `hand`,
    /// `active` and `discard` hold these indices).
    pub adaptation: Vec<String>,
    /// Each group's four evolution card ids in the view's numbering (bit k
    /// of a player's `evo` is the k-th).
    pub evolution: BTreeMap<&'static str, Vec<String>>,
    /// The objective tiles in the view's numbering (an objective slot's `tile`).
    pub objectives: Vec<ObjectivePlace>,
    /// The Turn of the Ages card ids in the view's numbering (`ages_revealed`).
    pub ages: Vec<String>,
    /// The cataclysm ids in the view's numbering (a `{"cataclysm": k}` tile).
    pub cataclysms: Vec<String>,
    /// The twenty regions, A1 first, in the view's numbering.
    pub regions: Vec<RegionPlace>,
    /// The five climate zones, top row first.
    pub zones: Vec<ZonePlace>,
    /// The three epochs with their stages.
    pub epochs: Vec<EpochPlace>,
}

fn card(id: &str, kind: CardKind, name: &str, text: &str, reconstructed: bool) -> CatalogCard {
    CatalogCard {
        id: id.to_string(),
        kind,
        name: name.to_string(),
        text: text.to_string(),
        reconstructed,
    }
}

/// The catalog, from the shipped data.
pub fn catalog() -> Catalog {
    from_data(data())
}

fn from_data(d: &Data) -> Catalog {
    let mut cards = Vec::new();
    for c in &d.adaptations {
        let text = format!("{} {}", c.text, timing_words(c.timing));
        cards.push(card(
            &c.id,
            CardKind::Adaptation,
            &c.name,
            &text,
            c.reconstructed,
        ));
    }
    for c in &d.evolutions {
        // A card that costs nothing reads "free", as its choice does
        // ("activate the evolution card Scaly Skin (free)").
        let cost = match c.cost {
            0 => "Cost: free.".to_string(),
            1 => "Cost: 1 active adaptation card.".to_string(),
            n => format!("Cost: {n} active adaptation cards."),
        };
        let special = if c.special {
            " Special Animal card."
        } else {
            ""
        };
        let text = format!("{} {cost}{special}", c.text);
        cards.push(card(
            &c.id,
            CardKind::Evolution,
            &c.name,
            &text,
            c.reconstructed,
        ));
    }
    for t in &d.objectives {
        let text = format!(
            "{} Reward: {} dominance for completing it first, {} later.",
            t.text, t.reward[0], t.reward[1]
        );
        cards.push(card(
            &t.id,
            CardKind::Objective,
            &t.name,
            &text,
            t.reconstructed,
        ));
    }
    for a in &d.ages {
        cards.push(card(
            &a.id,
            CardKind::TurnOfTheAges,
            &a.name,
            &a.text,
            a.reconstructed,
        ));
    }
    for c in &d.cataclysms {
        cards.push(card(
            &c.id,
            CardKind::Cataclysm,
            &c.name,
            &c.text,
            c.reconstructed,
        ));
    }
    let mut stages = d.stage_names.iter();
    Catalog {
        cards,
        adaptation: d.adaptations.iter().map(|c| c.id.clone()).collect(),
        evolution: Group::ALL
            .iter()
            .map(|&g| {
                let ids = d
                    .evolutions
                    .iter()
                    .filter(|c| c.group == g)
                    .map(|c| c.id.clone())
                    .collect();
                (g.id(), ids)
            })
            .collect(),
        objectives: d
            .objectives
            .iter()
            .map(|t| ObjectivePlace {
                id: t.id.clone(),
                reward: t.reward,
            })
            .collect(),
        ages: d.ages.iter().map(|a| a.id.clone()).collect(),
        cataclysms: d.cataclysms.iter().map(|c| c.id.clone()).collect(),
        regions: Region::all()
            .map(|r| RegionPlace {
                label: r.to_string(),
                food: d.food[r.index()],
            })
            .collect(),
        zones: d
            .zones
            .iter()
            .map(|z| ZonePlace {
                name: z.name.clone(),
                subcontinent: z.subcontinent_name.clone(),
            })
            .collect(),
        epochs: d
            .epoch_names
            .iter()
            .zip(d.stages)
            .map(|(name, n)| EpochPlace {
                name: name.clone(),
                stages: stages.by_ref().take(usize::from(n)).cloned().collect(),
            })
            .collect(),
    }
}

/// When an adaptation card's ability may be used, in words.
fn timing_words(t: crate::data::Timing) -> &'static str {
    use crate::data::Timing;
    match t {
        Timing::Contest => "Use it in a contest of one of your animals.",
        Timing::OwnTurn => "Use it on your turn, before or after your action.",
        Timing::AnyTime => "Use it on your turn or after passing, at the end of the action phase.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_lists_every_kind_of_card() {
        let c = catalog();
        let d = data();
        let count = |k: CardKind| c.cards.iter().filter(|x| x.kind == k).count();
        assert_eq!(count(CardKind::Adaptation), d.adaptations.len());
        assert_eq!(count(CardKind::Adaptation), 14, "14 designs");
        assert_eq!(count(CardKind::Evolution), 16);
        assert_eq!(count(CardKind::Objective), 13);
        assert_eq!(count(CardKind::TurnOfTheAges), d.ages.len());
        assert_eq!(count(CardKind::Cataclysm), 4);
        assert!(c.cards.iter().all(|x| !x.text.trim().is_empty()));
        let mut ids: Vec<&str> = c.cards.iter().map(|x| x.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), c.cards.len(), "ids are unique");
        let by_id = |id: &str| c.cards.iter().find(|x| x.id == id);
        assert_eq!(by_id("AD-01").map(|x| x.reconstructed), Some(true));
        assert_eq!(by_id("CAT-1").map(|x| x.reconstructed), Some(false));
        // A stated tile whose requirement is a ruling's reading.
        assert_eq!(by_id("OBJ-C1").map(|x| x.reconstructed), Some(true));
    }

    #[test]
    fn the_tables_follow_the_view_s_numbering() {
        let c = catalog();
        assert_eq!(c.regions.len(), 20);
        assert_eq!(c.regions[0].label, "A1");
        assert_eq!(c.regions[5].label, "B2");
        assert_eq!(c.regions[0].food, [1, 2, 2]);
        assert_eq!(c.zones.len(), 5);
        let stages: usize = c.epochs.iter().map(|e| e.stages.len()).sum();
        assert_eq!(stages, 9);
        assert_eq!(c.evolution["synapsids"].len(), 4);
        assert_eq!(c.adaptation[0], "AD-01");
    }
}
