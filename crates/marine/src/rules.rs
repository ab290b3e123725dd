//! The decision model: pending steps ([`Frame`]s), atomic [`Choice`]s, exact
//! legal-choice generation and their execution.
//!
//! The state keeps a stack of frames. The top frame is either a decision
//! (some animal chooses one [`Choice`]) or an automatic step (run inside
//! `apply`). A decision whose only choices are "forfeit"/"done" (nothing can
//! be done) is skipped automatically; a decision with one real choice is
//! still offered. `apply` accepts exactly the choices `legal` lists: it checks
//! membership with the same generator before changing anything (for a turn's
//! pawn placement, the generator's part for the chosen space only).

use crate::data::{data, SpaceDef, MAX_SPACES, MAX_SQUARES};
use crate::decision::{Choice, Frame, TectMode, ALL};
use crate::events::{Event, Why};
use crate::state::{el_of, BoxKind, CircleRow, Pawn, State, ANIMALS, DISKS, MAX_OFFER, PERSONAL};
use crate::types::{Action, Animal, Card, El, Face, Terrain, Tile, Trait};
use eons_core::{CornerId, HexId, Refusal};
use eons_earth::{grid, ELEMENTS};

// ====================================================================== helpers

fn tiles(s: &State) -> impl Iterator<Item = HexId> + '_ {
    s.earth.tiles().map(|(h, _)| h)
}

fn terrain_at(s: &State, h: HexId) -> Option<Terrain> {
    s.earth.tile(h).map(|t| t.terrain())
}

fn corners() -> impl Iterator<Item = CornerId> {
    (0..grid().corner_count()).map(|i| CornerId(i as u8))
}

/// Corners holding an element on a tile of the given Vent face.
fn on_vent_face(s: &State, c: CornerId, face: Face) -> bool {
    s.earth
        .tiles_at(c)
        .any(|h| s.earth.tile(h).is_some_and(|t| t.vent == Some(face)))
}

fn occupies(s: &State, a: Animal, h: HexId) -> bool {
    s.earth.species(h, a.index()) > 0
}

/// The three hex slots of a corner (grid ids, `None` off the grid).
fn corner_hexes(c: CornerId) -> [Option<HexId>; 3] {
    let g = grid();
    g.corner(c).hexes().map(|h| g.id(h))
}

/// Land or geyser-Vent tile (Terrestrial).
fn land_or_geyser(s: &State, h: HexId) -> bool {
    s.earth
        .tile(h)
        .is_some_and(|t| t.terrain() == Terrain::Land || t.vent == Some(Face::Geyser))
}

fn vacant_hex_adjacent(s: &State, h: HexId) -> bool {
    s.earth.tile(h).is_none() && s.earth.adjacent_tiles(h).next().is_some()
}

/// Destinations of a migrating species from `h` (p.15; Seasonal Migrants p.21).
fn destinations(s: &State, a: Animal, h: HexId, out: &mut [HexId; 18]) -> usize {
    let mut n = 0;
    for t in s.earth.adjacent_tiles(h) {
        out[n] = t;
        n += 1;
    }
    if s.has_trait(a, Trait::SeasonalMigrants) {
        let first = n;
        for i in 0..first {
            for t in s.earth.adjacent_tiles(out[i]) {
                if t != h && !out[..n].contains(&t) && n < 18 {
                    out[n] = t;
                    n += 1;
                }
            }
        }
    }
    n
}

/// Sort key of a display space for the "after" rule (p.9).
#[inline]
fn display_key(def: &SpaceDef) -> (u8, u8) {
    (def.section + 1, def.col)
}

/// Sort key of the personal (Bottom Feeder) space: above everything.
const PERSONAL_KEY: (u8, u8) = (0, 0);

/// Highest and lowest keys among the animal's placed pawns. Called for
/// every turn's legal choices, so it reads the display once, in order.
fn placed_range(s: &State, a: Animal) -> Option<((u8, u8), (u8, u8))> {
    let mine = |p: &Option<Pawn>| p.is_some_and(|p| s.pawn_is(p, a));
    let mut r: Option<((u8, u8), (u8, u8))> = s
        .personal
        .iter()
        .any(mine)
        .then_some((PERSONAL_KEY, PERSONAL_KEY));
    for (def, p) in data().spaces.iter().zip(&s.spaces) {
        if mine(p) {
            let k = display_key(def);
            r = Some(match r {
                None => (k, k),
                Some((lo, hi)) => (lo.min(k), hi.max(k)),
            });
        }
    }
    r
}

/// Speciation limit of a tile for `a` around an element of type `e` (p.13; Ecological Niche p.20).
fn speciation_limit(s: &State, a: Animal, h: Option<HexId>, e: El) -> u8 {
    let Some(h) = h else { return 0 };
    let Some(t) = terrain_at(s, h) else { return 0 };
    let mut lim = data().terrain[t.index()].speciation as i16;
    let niche = data().trait_data(Trait::EcologicalNiche).count as i16;
    if let Some(ctrl) = s.sp_ctrl[e.index()] {
        if s.has_trait(ctrl, Trait::EcologicalNiche) {
            lim += if ctrl == a { niche } else { -niche };
        }
    }
    lim.max(0) as u8
}

/// The hex of the lowest bit of a mask whose tile has a legal victim.
fn victims_hex(s: &State, a: Animal, mask: u64, opposing: bool) -> Option<HexId> {
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as u8;
        m &= m - 1;
        let h = HexId(i);
        let ok = Animal::ALL
            .iter()
            .any(|&b| occupies(s, b, h) && (!opposing || b != a));
        if ok {
            return Some(h);
        }
    }
    None
}

// ====================================================================== legal

/// What a turn's pawn placements depend on (p.9), worked out once per turn
/// so that each space's choices can be listed on their own.
struct TurnCtx {
    a: Animal,
    /// Highest and lowest keys of the animal's placed pawns (the "after"
    /// rule); not worked out (`None`) when no basic pawn is available.
    range: Option<((u8, u8), (u8, u8))>,
    flight: bool,
    social: bool,
    n_animals: u8,
    /// The animal's special pawns not on the display.
    specials: [Option<El>; ELEMENTS],
}

impl TurnCtx {
    fn new(s: &State, a: Animal) -> TurnCtx {
        let mut specials = [None; ELEMENTS];
        for (slot, el) in specials.iter_mut().zip(s.available_specials(a)) {
            *slot = Some(el);
        }
        TurnCtx {
            a,
            // Only basic pawns follow the "after" rule.
            range: if s.basic_avail[a.index()] > 0 {
                placed_range(s, a)
            } else {
                None
            },
            flight: s.has_trait(a, Trait::Flight),
            social: s.has_trait(a, Trait::Social),
            n_animals: s.animal_count() as u8,
            specials,
        }
    }

    /// A basic pawn may go on a space with this key: after (below) every
    /// placed pawn, or with Flight also before (above) them all.
    fn after_rule(&self, k: (u8, u8)) -> bool {
        match self.range {
            None => true,
            Some((lo, hi)) => k > hi || (self.flight && k < lo),
        }
    }

    /// Calls `f` with the placements on display space `i` (`def`); true
    /// when `f` did.
    fn display_space<F: FnMut(Choice) -> bool>(
        &self,
        s: &State,
        i: usize,
        def: &SpaceDef,
        f: &mut F,
    ) -> bool {
        if def.min_players > self.n_animals {
            return false;
        }
        let a = self.a;
        let occ = s.spaces[i];
        let bumpable = matches!(occ, Some(Pawn::Basic(b)) if b != a);
        if s.basic_avail[a.index()] > 0
            && !def.special
            && (occ.is_none() || (self.social && bumpable))
            && self.after_rule(display_key(def))
            && f(Choice::Place {
                space: i as u8,
                special: None,
            })
        {
            return true;
        }
        if occ.is_none() || bumpable {
            for el in self.specials.iter().flatten() {
                if f(Choice::Place {
                    space: i as u8,
                    special: Some(*el),
                }) {
                    return true;
                }
            }
        }
        false
    }

    /// Calls `f` with the placements on the animal's Bottom Feeder space;
    /// true when `f` did.
    fn personal_space<F: FnMut(Choice) -> bool>(&self, s: &State, f: &mut F) -> bool {
        let a = self.a;
        if !s.has_trait(a, Trait::BottomFeeder) || s.personal[a.index()].is_some() {
            return false;
        }
        let sp = PERSONAL + a.index() as u8;
        if s.basic_avail[a.index()] > 0
            && self.after_rule(PERSONAL_KEY)
            && f(Choice::Place {
                space: sp,
                special: None,
            })
        {
            return true;
        }
        self.specials.iter().flatten().any(|el| {
            f(Choice::Place {
                space: sp,
                special: Some(*el),
            })
        })
    }
}

/// Calls `f` with every legal choice; stops early (returning true) when `f` does.
pub fn gen<F: FnMut(Choice) -> bool>(s: &State, f: &mut F) -> bool {
    macro_rules! e {
        ($c:expr) => {
            if f($c) {
                return true;
            }
        };
    }
    if s.over {
        return false;
    }
    let Some(&top) = s.stack.last() else {
        return false;
    };
    let d = data();
    use Frame::*;
    match top {
        Draft { a } => {
            for t in s.hands[a.index()].iter().flatten() {
                e!(Choice::Trait(*t));
            }
        }
        PackHunters { .. } => {
            for el in El::ALL {
                if s.sp_ctrl[el.index()].is_none() {
                    e!(Choice::Pawn(*el));
                }
            }
        }
        ExaptCopy { a } => {
            for t in Trait::ALL {
                if *t != Trait::Exaptation
                    && s.animals()
                        .any(|b| b != a && s.traits[b.index()] & t.bit() != 0)
                {
                    e!(Choice::Trait(*t));
                }
            }
        }
        Turn { a } => {
            e!(Choice::Retrieve);
            let t = TurnCtx::new(s, a);
            for (i, def) in d.spaces.iter().enumerate() {
                if t.display_space(s, i, def, f) {
                    return true;
                }
            }
            if t.personal_space(s, f) {
                return true;
            }
        }
        AncientLineage { a } => {
            if s.pool[a.index()] > 0 {
                for h in tiles(s).filter(|&h| occupies(s, a, h)) {
                    e!(Choice::Hex(h));
                }
            }
            e!(Choice::Done);
        }
        Abundance { .. } => {
            if s.any_vacant_corner() {
                for i in 0..d.circles(Action::Abundance) {
                    if s.circles[CircleRow::Abundance as usize][i].is_some() {
                        e!(Choice::Circle(i as u8));
                    }
                }
            }
            e!(Choice::Forfeit);
        }
        AbundanceCorner { .. } | HabitatCorner { .. } => {
            for c in corners().filter(|&c| s.earth.corner_vacant(c)) {
                e!(Choice::Corner(c));
            }
        }
        Autotrophs { face, .. } => {
            let bx = s.boxes[BoxKind::Autotrophs as usize];
            let kinds = bx.iter().filter(|&&n| n > 0).count();
            if kinds > 0 {
                for (c, el) in s.earth.elements() {
                    if on_vent_face(s, c, face)
                        && (bx[el as usize] > 0 || kinds > 1 || bx[el as usize] == 0)
                    {
                        e!(Choice::Corner(c));
                    }
                }
            }
            e!(Choice::Forfeit);
        }
        AutotrophsHow { corner, .. } => {
            let bx = s.boxes[BoxKind::Autotrophs as usize];
            if let Some(el) = s.earth.element(corner) {
                if bx[el as usize] > 0 {
                    e!(Choice::Remove);
                }
                for t in El::ALL {
                    if t.index() != el as usize && bx[t.index()] > 0 {
                        e!(Choice::Element(*t));
                    }
                }
            }
        }
        Depletion { .. } => {
            let bx = s.boxes[BoxKind::Depletion as usize];
            for (c, el) in s.earth.elements() {
                if bx[el as usize] > 0 {
                    e!(Choice::Corner(c));
                }
            }
            e!(Choice::Forfeit);
        }
        Adaptation { a, special } => {
            if s.has_empty_slot(a) || (special && s.added_count(a) > 0) {
                for i in 0..d.circles(Action::Adaptation) {
                    if s.circles[CircleRow::Adaptation as usize][i].is_some() {
                        e!(Choice::Circle(i as u8));
                    }
                }
            }
            e!(Choice::Forfeit);
        }
        AdaptationWhere { a, .. } => {
            if s.has_empty_slot(a) {
                e!(Choice::Add);
            }
            for i in s.usable_slots(a) {
                if s.disks[a.index()][i].is_some() {
                    e!(Choice::Disk(i as u8));
                }
            }
        }
        Regression { a } => {
            let sq = d
                .section_of(Action::Regression)
                .map_or(0, |x| x.squares as usize);
            if s.pool[a.index()] > 0 && s.squares[..sq.min(MAX_SQUARES)].contains(&None) {
                e!(Choice::Perform);
            }
            e!(Choice::Forfeit);
        }
        Speciation { a, circle } => {
            if s.pool[a.index()] > 0 {
                let want = match circle {
                    Some(i) => s.circles[CircleRow::Speciation as usize][i as usize],
                    None => None,
                };
                if circle.is_none() || want.is_some() {
                    for (c, el) in s.earth.elements() {
                        if want.is_none_or(|w| w.index() == el as usize) {
                            e!(Choice::Corner(c));
                        }
                    }
                }
            }
            e!(Choice::Forfeit);
        }
        Speciate {
            a, corner, left, ..
        } => {
            if s.pool[a.index()] > 0 {
                for (k, h) in corner_hexes(corner).iter().enumerate() {
                    if let Some(h) = h {
                        if left[k] > 0 && s.earth.tile(*h).is_some() {
                            e!(Choice::Hex(*h));
                        }
                    }
                }
            }
            e!(Choice::Done);
        }
        Wanderlust { .. } => {
            if tiles_hex_free(s) {
                for i in 0..d.stacks as usize {
                    if !s.stacks[i].is_empty() {
                        e!(Choice::Stack(i as u8));
                    }
                }
            }
            e!(Choice::Forfeit);
        }
        WanderHex { .. } => {
            for i in 0..grid().len() {
                let h = HexId(i as u8);
                if vacant_hex_adjacent(s, h) {
                    e!(Choice::Hex(h));
                }
            }
        }
        WanderElement { hex, .. } => {
            if s.tile_has_vacant_corner(hex) {
                for i in 0..d.circles(Action::Wanderlust) {
                    if s.circles[CircleRow::Wanderlust as usize][i].is_some() {
                        e!(Choice::Circle(i as u8));
                    }
                }
            }
            e!(Choice::Done);
        }
        WanderCorner { hex, .. } => {
            for c in grid().corners_of(hex) {
                if s.earth.element(c).is_none() {
                    e!(Choice::Corner(c));
                }
            }
        }
        WanderMove { a, hex } => {
            for n in s.earth.adjacent_tiles(hex) {
                if occupies(s, a, n) {
                    e!(Choice::Move { from: n, to: hex });
                }
            }
            e!(Choice::Done);
        }
        Camouflage { a, .. } => {
            if s.pool[a.index()] > 0 {
                e!(Choice::Perform);
            }
            e!(Choice::Done);
        }
        Tectonics { mode, .. } => {
            if s.vents_left > 0 {
                for (h, t) in s.earth.tiles() {
                    let ok = t.vent.is_none()
                        && match mode {
                            TectMode::Basic | TectMode::Volcano => s.on_edge(h),
                            TectMode::Special => true,
                            TectMode::Seamount => t.base == Terrain::Seamount,
                        };
                    if ok {
                        e!(Choice::Hex(h));
                    }
                }
            }
            if matches!(mode, TectMode::Basic | TectMode::Special) {
                e!(Choice::Forfeit);
            }
        }
        TectFace { .. } => {
            e!(Choice::Face(Face::Geyser));
            e!(Choice::Face(Face::Smoker));
        }
        TectSpecies { a, .. } => {
            if s.pool[a.index()] > 0 {
                e!(Choice::FromPool);
            }
            if s.eliminated[a.index()] > 0 {
                e!(Choice::FromBox);
            }
        }
        Migration { a, left, .. } => {
            if left > 0 {
                let mut out = [HexId(0); 18];
                for h in tiles(s) {
                    if s.earth.species(h, a.index()) > s.moved[h.0 as usize] {
                        let n = destinations(s, a, h, &mut out);
                        for &t in &out[..n] {
                            e!(Choice::Move { from: h, to: t });
                        }
                    }
                }
            }
            e!(Choice::Done);
        }
        Competition { a, terrain, .. } => {
            if let Some(t) = terrain {
                for h in tiles(s) {
                    if terrain_at(s, h) == Some(t) && occupies(s, a, h) {
                        e!(Choice::Hex(h));
                    }
                }
            }
            e!(Choice::Forfeit);
        }
        CompSpecial { a, second } => {
            let need = d.rules.competition_special_needs_presence;
            for h in tiles(s) {
                if !need || occupies(s, a, h) {
                    e!(Choice::Hex(h));
                }
            }
            e!(if second {
                Choice::Done
            } else {
                Choice::Forfeit
            });
        }
        CompElim { a, hex, left, .. } => {
            if left > 0 {
                for b in Animal::ALL {
                    if *b != a && occupies(s, *b, hex) {
                        e!(Choice::Animal(*b));
                    }
                }
            }
            e!(Choice::Done);
        }
        Evolution { terrain, .. } => {
            if let Some(t) = terrain {
                for h in tiles(s) {
                    if terrain_at(s, h) == Some(t) {
                        e!(Choice::Hex(h));
                    }
                }
            }
            e!(Choice::Forfeit);
        }
        EvoCard { max_slot, .. } => {
            for i in 0..(max_slot as usize).min(d.slots as usize) {
                if s.row[i].is_some() {
                    e!(Choice::Slot(i as u8 + 1));
                }
            }
        }
        Domination { a } => {
            for el in El::ALL {
                if s.dominates(a, *el)
                    && (d.rules.domination_own_pawn || s.sp_ctrl[el.index()] != Some(a))
                {
                    e!(Choice::Element(*el));
                }
            }
            e!(Choice::Forfeit);
        }
        BottomFeeder { a } => {
            if s.pool[a.index()] > 0 {
                for h in tiles(s) {
                    if occupies(s, a, h) && State::half(h) == Some(Face::Smoker) {
                        e!(Choice::Hex(h));
                    }
                }
            }
            e!(Choice::Forfeit);
        }
        NewTrait { a, .. } => {
            for t in s.offer[a.index()].iter().flatten() {
                e!(Choice::Trait(*t));
            }
        }
        GeneWhich { a } => {
            for t in s.held_traits(a) {
                e!(Choice::Trait(t));
            }
        }
        AdaptabilityDisk { a } => {
            if s.earth.elements().next().is_some() {
                for i in s.usable_slots(a) {
                    if s.disks[a.index()][i].is_some() {
                        e!(Choice::Disk(i as u8));
                    }
                }
            }
        }
        AdaptabilityCorner { .. } => {
            for (c, _) in s.earth.elements() {
                e!(Choice::Corner(c));
            }
        }
        AsteroidTile { .. } | MonoTile { .. } | SolarTile { .. } => {
            let need_species = !matches!(top, AsteroidTile { .. });
            for h in tiles(s) {
                if !need_species || s.earth.total_species(h) > 0 {
                    e!(Choice::Hex(h));
                }
            }
        }
        AsteroidKeep {
            hex, left, kept, ..
        } => {
            if left > 0 {
                for b in Animal::ALL {
                    if s.earth.species(hex, b.index()) > kept[b.index()] {
                        e!(Choice::Animal(*b));
                    }
                }
            }
        }
        Victims { a, mask, opposing } => {
            if let Some(h) = victims_hex(s, a, mask, opposing) {
                for b in Animal::ALL {
                    if occupies(s, *b, h) && (!opposing || *b != a) {
                        e!(Choice::Animal(*b));
                    }
                }
            }
        }
        BountifulTerrain { .. } => {
            for t in Terrain::ALL {
                if tiles(s).any(|h| terrain_at(s, h) == Some(*t)) {
                    e!(Choice::Terrain(*t));
                }
            }
        }
        CladoSecond { max_slot, .. } => {
            for i in 0..(max_slot as usize).min(d.slots as usize) {
                if matches!(s.row[i], Some(c) if c != Card::Cladogenesis) {
                    e!(Choice::Slot(i as u8 + 1));
                }
            }
        }
        Disease { b, .. } => {
            for i in s.usable_slots(b) {
                if s.disks[b.index()][i].is_some() {
                    e!(Choice::Disk(i as u8));
                }
            }
        }
        FecundityPick { a, mask } => {
            if s.pool[a.index()] > 0 {
                for i in 0..64u8 {
                    if mask & (1u64 << i) != 0 {
                        e!(Choice::Hex(HexId(i)));
                    }
                }
            }
        }
        Fertile { a } | OmniTile { a } | PopTile { a } => {
            let card = match top {
                Fertile { .. } => Card::Fertile,
                OmniTile { .. } => Card::Omnivore,
                _ => Card::PopulationExplosion,
            };
            let own = d.card(card).own_tile;
            let pool_ok = !matches!(top, PopTile { .. }) || s.pool[a.index()] > 0;
            if pool_ok {
                for h in tiles(s) {
                    if (!own && s.earth.total_species(h) > 0) || occupies(s, a, h) {
                        e!(Choice::Hex(h));
                    }
                }
            }
        }
        HabitatRemove { a } => {
            for (c, el) in s.earth.elements() {
                if s.sp_ctrl[el as usize] != Some(a) {
                    e!(Choice::Corner(c));
                }
            }
        }
        HabitatType { a } => {
            if s.any_vacant_corner() {
                for el in El::ALL {
                    if s.sp_ctrl[el.index()] == Some(a) && s.bag.count(el.index()) > 0 {
                        e!(Choice::Element(*el));
                    }
                }
            }
        }
        ExodusTile { .. } => {
            for h in tiles(s) {
                if s.earth.total_species(h) > 0 && s.earth.adjacent_tiles(h).next().is_some() {
                    e!(Choice::Hex(h));
                }
            }
        }
        ExodusMove { hex, .. } => {
            for b in Animal::ALL {
                if occupies(s, *b, hex) {
                    for t in s.earth.adjacent_tiles(hex) {
                        e!(Choice::MoveOf { animal: *b, to: t });
                    }
                }
            }
        }
        MetaDisk { a } => {
            if !s.bag.is_empty() {
                for i in s.usable_slots(a) {
                    if s.disks[a.index()][i].is_some() {
                        e!(Choice::Disk(i as u8));
                    }
                }
            }
        }
        MetaType { .. } | TerrType { .. } => {
            let ok = match top {
                TerrType { .. } => corners().any(|c| {
                    s.earth.element(c).is_none()
                        && s.earth.tiles_at(c).any(|h| land_or_geyser(s, h))
                }),
                _ => true,
            };
            if ok {
                for el in El::ALL {
                    if s.bag.count(el.index()) > 0 {
                        e!(Choice::Element(*el));
                    }
                }
            }
        }
        NicheFrom { .. } => {
            if s.any_vacant_corner() {
                for (c, _) in s.earth.elements() {
                    e!(Choice::Corner(c));
                }
            }
        }
        NicheTo { from, .. } => {
            for c in corners() {
                if c != from && s.earth.corner_vacant(c) {
                    e!(Choice::Corner(c));
                }
            }
        }
        OmniElement { hex, .. } => {
            for c in grid().corners_of(hex) {
                if s.earth.element(c).is_some() {
                    e!(Choice::Corner(c));
                }
            }
        }
        OmniVictim { a, hex } => {
            let opp = s.opposing_on(hex, a) > 0;
            for b in Animal::ALL {
                if occupies(s, *b, hex) && (*b != a) == opp {
                    e!(Choice::Animal(*b));
                }
            }
        }
        Profligate { a, left, .. } => {
            if left > 0 {
                for h in tiles(s) {
                    for b in Animal::ALL {
                        if *b != a && occupies(s, *b, h) {
                            e!(Choice::Species { hex: h, animal: *b });
                        }
                    }
                }
            }
        }
        SolarPick { hex, left, .. } => {
            if left > 0 {
                for b in Animal::ALL {
                    if occupies(s, *b, hex) {
                        e!(Choice::Animal(*b));
                    }
                }
            }
        }
        TerrCorner { .. } => {
            for c in corners() {
                if s.earth.element(c).is_none() && s.earth.tiles_at(c).any(|h| land_or_geyser(s, h))
                {
                    e!(Choice::Corner(c));
                }
            }
        }
        TerrTile { a } => {
            if s.pool[a.index()] > 0 {
                for h in tiles(s) {
                    if land_or_geyser(s, h) {
                        e!(Choice::Hex(h));
                    }
                }
            }
        }
        TrophicTile { .. } => {
            for h in tiles(s) {
                if s.earth.element_count_on(h) > 0 {
                    e!(Choice::Hex(h));
                }
            }
        }
        TrophicPick { hex, left, .. } => {
            if left > 0 {
                for c in grid().corners_of(hex) {
                    if s.earth.element(c).is_some() {
                        e!(Choice::Corner(c));
                    }
                }
            }
        }
        Reveal
        | SetupTraits
        | SetupPack
        | SetupCards
        | EndTurn { .. }
        | AfterRetrieve { .. }
        | WanderScore { .. }
        | TectAfter { .. }
        | CardDone { .. } => {}
    }
    false
}

fn tiles_hex_free(s: &State) -> bool {
    (0..grid().len()).any(|i| vacant_hex_adjacent(s, HexId(i as u8)))
}

/// True when `c` is legal now.
pub fn is_legal(s: &State, c: Choice) -> bool {
    // A turn offers hundreds of placements: check only the chosen space's.
    if let (false, Some(&Frame::Turn { a }), Choice::Place { space, .. }) =
        (s.over, s.stack.last(), c)
    {
        let t = TurnCtx::new(s, a);
        let mut same = |x| x == c;
        return if space >= PERSONAL {
            t.personal_space(s, &mut same)
        } else {
            data()
                .spaces
                .get(space as usize)
                .is_some_and(|def| t.display_space(s, space as usize, def, &mut same))
        };
    }
    gen(s, &mut |x| x == c)
}

/// The refusal of a choice that the pending decision `top` does not offer:
/// the rule with its page, and what the decision asks for in words.
fn refusal(top: Frame) -> Refusal {
    let text = top.rule();
    match text.split_once(": ") {
        Some((rule, asks)) => Refusal::new(
            rule,
            format!("{asks}; that is not one of the choices offered"),
        ),
        None => Refusal::new(text, "no decision is pending, so no choice can be made"),
    }
}

/// True when the top decision has a choice other than forfeit/done.
fn has_real_choice(s: &State) -> bool {
    gen(s, &mut |x| !matches!(x, Choice::Forfeit | Choice::Done))
}

// ====================================================================== apply

/// Applies a legal choice, then runs automatic steps until the next decision.
pub fn apply(s: &mut State, c: Choice, ev: &mut Vec<Event>) -> Result<(), Refusal> {
    if s.over {
        return Err(Refusal::game_over());
    }
    let Some(&top) = s.stack.last() else {
        return Err(Refusal::game_over());
    };
    if !is_legal(s, c) {
        return Err(refusal(top));
    }
    exec(s, top, c, ev);
    settle(s, ev);
    Ok(())
}

/// Applies a choice that [`gen`] listed for this state, without checking it
/// again (for search bots; see `Game::apply_listed`). Debug builds still check.
pub fn apply_listed(s: &mut State, c: Choice, ev: &mut Vec<Event>) -> Result<(), Refusal> {
    if s.over {
        return Err(Refusal::game_over());
    }
    let Some(&top) = s.stack.last() else {
        return Err(Refusal::game_over());
    };
    debug_assert!(is_legal(s, c), "apply_listed: {c:?} is not legal");
    exec(s, top, c, ev);
    settle(s, ev);
    Ok(())
}

/// Runs automatic steps and skips empty decisions until a real decision or the end.
pub fn settle(s: &mut State, ev: &mut Vec<Event>) {
    let mut guard = 0u32;
    loop {
        guard += 1;
        if guard > 100_000 {
            // Defensive: never loop forever on a malformed position.
            s.over = true;
            s.stack.clear();
            ev.push(Event::GameOver);
            return;
        }
        budding(s, ev);
        if s.over {
            return;
        }
        let Some(&top) = s.stack.last() else {
            s.stack.push(Frame::Turn { a: s.cur });
            continue;
        };
        if top.decider().is_none() {
            s.stack.pop();
            auto(s, top, ev);
            continue;
        }
        if !has_real_choice(s) {
            if is_legal(s, Choice::Done) {
                // "Stop" is all that is left: run it, so what follows a stop
                // (the special Competition space's second tile) still comes.
                exec(s, top, Choice::Done, ev);
            } else {
                s.stack.pop();
            }
            if top.starts_action() {
                ev.push(Event::Forfeited {
                    animal: top.decider().unwrap_or(s.cur),
                });
            }
            continue;
        }
        return;
    }
}

/// Budding Intelligence (p.20): the first time VP reach the threshold, an extra basic pawn.
fn budding(s: &mut State, ev: &mut Vec<Event>) {
    let need = data().trait_data(Trait::BuddingIntelligence).count;
    for &a in Animal::ALL {
        if s.plays(a)
            && s.budding_done & a.bit() == 0
            && s.vp[a.index()] >= need
            && s.has_trait(a, Trait::BuddingIntelligence)
        {
            s.budding_done |= a.bit();
            if s.basic_total[a.index()] < data().pawns_per_colour {
                s.basic_total[a.index()] += 1;
                s.basic_avail[a.index()] += 1;
                ev.push(Event::ExtraPawn { animal: a });
            }
        }
    }
}

/// Draws `redraw` trait cards from the box into an animal's offer.
fn draw_offer(s: &mut State, a: Animal) {
    let n = (data().traits_redraw as usize).min(MAX_OFFER);
    let mut bx = std::mem::take(&mut s.trait_box);
    s.rng.shuffle(&mut bx);
    s.offer[a.index()] = [None; MAX_OFFER];
    for k in 0..n {
        s.offer[a.index()][k] = bx.pop();
    }
    bx.sort();
    s.trait_box = bx;
}

/// Undoes what a lost trait gave (p.21, Exaptation notes).
fn lose_trait_effects(s: &mut State, a: Animal, ev: &mut Vec<Event>) {
    if !s.has_trait(a, Trait::PhenotypicPlasticity) {
        for i in DISKS - 2..DISKS {
            if let Some(el) = s.disks[a.index()][i].take() {
                s.bag.put(el.index());
                ev.push(Event::DiskLost { animal: a, el });
            }
        }
    }
    if !s.has_trait(a, Trait::BottomFeeder) {
        if let Some(p) = s.personal[a.index()].take() {
            s.pawn_home(p);
        }
    }
}

fn auto(s: &mut State, f: Frame, ev: &mut Vec<Event>) {
    use Frame::*;
    let d = data();
    match f {
        Reveal => {
            for a in s.animals().collect::<Vec<_>>() {
                s.traits[a.index()] = s.picks[a.index()];
                s.picks[a.index()] = 0;
                for k in 0..4 {
                    if let Some(t) = s.hands[a.index()][k].take() {
                        s.trait_box.push(t);
                    }
                }
            }
            s.trait_box.sort();
            s.revealed = true;
            ev.push(Event::TraitsRevealed);
            for a in s.animals().collect::<Vec<_>>() {
                for t in s.held_traits(a).collect::<Vec<_>>() {
                    ev.push(Event::TraitHeld { animal: a, t });
                }
            }
        }
        SetupTraits => {
            s.stack.push(SetupPack);
            for a in turn_order(s).into_iter().rev() {
                if s.traits[a.index()] & Trait::Exaptation.bit() != 0 {
                    s.stack.push(ExaptCopy { a });
                }
            }
        }
        SetupPack => {
            for a in turn_order(s).into_iter().rev() {
                if s.has_trait(a, Trait::PackHunters) {
                    s.stack.push(PackHunters { a });
                }
            }
        }
        SetupCards if d.rules.setup_cards_trigger_events => {
            for i in 0..d.slots as usize {
                if let Some(c) = s.row[i] {
                    s.card_events(c, ev);
                }
            }
        }
        EndTurn { a } => {
            s.turns += 1;
            let next = if s.extra_turn {
                s.extra_turn = false;
                ev.push(Event::ExtraTurn { animal: a });
                a
            } else {
                s.next_animal(a)
            };
            s.cur = next;
            s.stack.push(Turn { a: next });
            // Exaptation (p.21): after the action leaving 16 or fewer in the Gene Pool, the
            // holder loses the copied ability, if any, and takes a new trait. A card taken
            // mid-game (Gene Expression) copies nothing, but its second ability still applies.
            let lim = d.trait_data(Trait::Exaptation).count;
            for b in s.animals().collect::<Vec<_>>().into_iter().rev() {
                if s.traits[b.index()] & Trait::Exaptation.bit() != 0
                    && (s.pool[b.index()] as u32) <= lim
                {
                    if let Some(t) = s.copied[b.index()].take() {
                        ev.push(Event::TraitLost { animal: b, t });
                        lose_trait_effects(s, b, ev);
                    }
                    draw_offer(s, b);
                    s.stack.push(NewTrait {
                        a: b,
                        replace: Trait::Exaptation,
                    });
                }
            }
        }
        AfterRetrieve { a, hadopelagic } => {
            if s.food_right & s.in_play == s.in_play {
                if s.last_round {
                    s.endgame(ev);
                    return;
                }
                s.reseed(ev);
                if !s.last_round && s.no_species_can_return() {
                    // Engine ruling: nothing can change any more, so end as
                    // if the Asteroid had been played.
                    s.last_round = true;
                    ev.push(Event::NoSpeciesLeft {
                        round: s.reseeds + 1,
                    });
                }
                let cap = s.setup.max_rounds;
                if cap > 0 && s.reseeds + 1 >= cap && !s.last_round {
                    // Engine safeguard, not the Asteroid: say so in the log.
                    s.last_round = true;
                    ev.push(Event::RoundCap {
                        round: s.reseeds + 1,
                        cap,
                    });
                }
            }
            if hadopelagic {
                s.extra_turn = true;
            }
            let _ = a;
        }
        WanderScore { a, hex } => {
            if let Some(t) = terrain_at(s, hex) {
                let n = 1 + s
                    .earth
                    .adjacent_tiles(hex)
                    .filter(|&h| terrain_at(s, h) == Some(t))
                    .count() as u32;
                let vp = d.bonus_vp(n);
                s.add_vp(a, vp, Why::Wanderlust, ev);
            }
        }
        TectAfter { a, hex } => {
            let n = 1 + s
                .earth
                .adjacent_tiles(hex)
                .filter(|&h| terrain_at(s, h) == Some(Terrain::Vent))
                .count() as u32;
            let vp = d.bonus_vp(n);
            s.add_vp(a, vp, Why::Tectonics, ev);
            // Step 5: one of each animal stays, the rest go back to their Gene Pools.
            for b in Animal::ALL {
                let k = s.earth.species(hex, b.index());
                if k > 1 {
                    s.to_pool(hex, *b, k - 1, ev);
                }
            }
            push_camouflage(s, a, hex);
            s.stack.push(TectSpecies { a, hex });
        }
        CardDone { card, .. } => {
            s.discard_card(card, ev);
        }
        _ => {}
    }
}

/// Animals in turn order starting with the current one.
fn turn_order(s: &State) -> Vec<Animal> {
    let mut v = vec![s.cur];
    let mut a = s.cur;
    for _ in 1..s.animal_count() {
        a = s.next_animal(a);
        v.push(a);
    }
    v
}

/// Camouflage frames for other animals (p.20), in food-chain order.
fn push_camouflage(s: &mut State, actor: Animal, hex: HexId) {
    for b in Animal::ALL.iter().rev() {
        if *b != actor && s.plays(*b) && s.has_trait(*b, Trait::Camouflage) {
            s.stack.push(Frame::Camouflage { a: *b, hex });
        }
    }
}

/// Places the pawn and starts the space's action.
fn place(s: &mut State, a: Animal, space: u8, special: Option<El>, ev: &mut Vec<Event>) {
    let pawn = match special {
        Some(e) => Pawn::Special(e),
        None => Pawn::Basic(a),
    };
    if space >= PERSONAL {
        s.personal[a.index()] = Some(pawn);
    } else {
        if let Some(Pawn::Basic(b)) = s.spaces[space as usize] {
            s.basic_avail[b.index()] += 1;
            ev.push(Event::Bumped { animal: b });
        }
        s.spaces[space as usize] = Some(pawn);
    }
    match special {
        Some(e) => s.sp_space[e.index()] = Some(space),
        None => s.basic_avail[a.index()] -= 1,
    }
    ev.push(Event::Placed {
        animal: a,
        space,
        special,
    });
    s.stack.push(Frame::EndTurn { a });
    if space >= PERSONAL {
        s.stack.push(Frame::BottomFeeder { a });
        return;
    }
    let def = data().spaces[space as usize];
    let frame = match def.action {
        Action::Abundance => Frame::Abundance { a },
        Action::Autotrophs => Frame::Autotrophs {
            a,
            face: def.vent.unwrap_or(Face::Smoker),
        },
        Action::Depletion => Frame::Depletion { a },
        Action::Adaptation => Frame::Adaptation {
            a,
            special: def.special,
        },
        Action::Regression => Frame::Regression { a },
        Action::Speciation => Frame::Speciation {
            a,
            circle: def.circle,
        },
        Action::Wanderlust => Frame::Wanderlust {
            a,
            special: def.special,
        },
        Action::Tectonics => Frame::Tectonics {
            a,
            mode: if def.special {
                TectMode::Special
            } else {
                TectMode::Basic
            },
        },
        Action::Migration => {
            s.moved = [0; eons_earth::HEXES];
            let bonus = if s.has_trait(a, Trait::SeasonalMigrants) {
                data().trait_data(Trait::SeasonalMigrants).count as u8
            } else {
                0
            };
            Frame::Migration {
                a,
                left: def
                    .cubes
                    .map_or(ALL, |n| n.saturating_add(bonus).min(ALL - 1)),
                started: false,
            }
        }
        Action::Competition => match def.marker {
            None => Frame::CompSpecial { a, second: false },
            Some(m) => Frame::Competition {
                a,
                terrain: s.comp_markers[m as usize],
                n: def.eliminate,
            },
        },
        Action::Evolution => Frame::Evolution {
            a,
            terrain: def.marker.and_then(|m| s.evo_markers[m as usize]),
            slot: def.slot,
        },
        Action::Domination => Frame::Domination { a },
        Action::BottomFeeder => Frame::BottomFeeder { a },
    };
    s.stack.push(frame);
}

/// Retrieve (p.10).
fn retrieve(s: &mut State, a: Animal, ev: &mut Vec<Event>) {
    let on_display = (0..MAX_SPACES).any(|i| s.spaces[i].is_some_and(|p| s.pawn_is(p, a)))
        || s.personal
            .iter()
            .any(|p| p.is_some_and(|p| s.pawn_is(p, a)));
    let hadopelagic = s.has_trait(a, Trait::Hadopelagic)
        && on_display
        && s.basic_avail[a.index()] == 0
        && s.available_specials(a).next().is_none();
    for i in 0..MAX_SPACES {
        if let Some(p) = s.spaces[i] {
            if s.pawn_is(p, a) {
                s.spaces[i] = None;
                s.pawn_home(p);
            }
        }
    }
    // Every controlled pawn, including a special pawn another animal left on
    // its Bottom Feeder space before this animal took control of it (p.10, p.17).
    for i in 0..ANIMALS {
        if let Some(p) = s.personal[i] {
            if s.pawn_is(p, a) {
                s.personal[i] = None;
                s.pawn_home(p);
            }
        }
    }
    s.food_right |= a.bit();
    ev.push(Event::Retrieved { animal: a });
    s.stack.push(Frame::EndTurn { a });
    s.stack.push(Frame::AfterRetrieve { a, hadopelagic });
    if s.has_trait(a, Trait::AncientLineage) {
        s.stack.push(Frame::AncientLineage { a });
    }
}

/// Starts the effect of a chosen (or replayed) evolution card (p.18-20).
/// `x` is the slot it was chosen from; `max_slot` the Evolution space's value.
pub fn start_card(s: &mut State, a: Animal, card: Card, x: u8, max_slot: u8, ev: &mut Vec<Event>) {
    use Frame::*;
    let d = data();
    let cd = *d.card(card);
    match card {
        Card::Adaptability => s.stack.push(AdaptabilityDisk { a }),
        Card::Annelids
        | Card::CarbonCycle
        | Card::Endosymbionts
        | Card::Producers
        | Card::SemiAquatic
        | Card::Univalves => {
            // 1 VP per tile you occupy holding the type, however many (p.18-20).
            if let Some(el) = cd.element {
                let n = tiles(s)
                    .filter(|&h| occupies(s, a, h) && s.earth.elements_on(h)[el.index()] > 0)
                    .count() as u32;
                s.add_vp(a, n, Why::Card(card), ev);
            }
        }
        Card::Asteroid => {
            s.last_round = true;
            ev.push(Event::LastRound);
            s.stack.push(AsteroidTile { a });
        }
        Card::Biodiversity => {
            let n = tiles(s)
                .filter(|&h| occupies(s, a, h) && s.opposing_on(h, a) > 0)
                .count() as u32;
            s.add_vp(a, n, Why::Card(card), ev);
        }
        Card::Biomass => {
            let mut mask = 0u64;
            for h in tiles(s) {
                if s.earth.total_species(h) > s.earth.element_count_on(h) * cd.count.max(1) {
                    mask |= 1 << h.0;
                }
            }
            s.stack.push(Victims {
                a,
                mask,
                opposing: false,
            });
        }
        Card::BountifulHabitat => s.stack.push(BountifulTerrain { a }),
        Card::Cladogenesis => {
            s.stack.push(CladoSecond { a, max_slot });
            if let Some(&top) = s.discard.last() {
                ev.push(Event::CardReplayed { card: top });
                start_card(s, a, top, x, max_slot, ev);
            }
        }
        Card::Disease => {
            for b in Animal::ALL.iter().rev() {
                if *b != a && s.plays(*b) {
                    s.stack.push(Disease { a, b: *b });
                }
            }
        }
        Card::Ecodiversity => {
            let n = s.needs(a).iter().filter(|&&k| k > 0).count() as u32;
            let vp = d.bonus_vp(n);
            s.add_vp(a, vp, Why::Card(card), ev);
        }
        Card::Extremophiles => {
            let vp = s.vent_species(a) * cd.count;
            s.add_vp(a, vp, Why::Card(card), ev);
        }
        Card::Fecundity => {
            let own: Vec<HexId> = tiles(s).filter(|&h| occupies(s, a, h)).collect();
            if own.len() <= s.pool[a.index()] as usize {
                for h in own {
                    s.from_pool(h, a, 1, true, ev);
                }
            } else {
                let mask = own.iter().fold(0u64, |m, h| m | 1 << h.0);
                s.stack.push(FecundityPick { a, mask });
            }
        }
        Card::Fertile => s.stack.push(Fertile { a }),
        Card::GeneExpression => {
            let held: Vec<Trait> = s.held_traits(a).collect();
            if held.len() > 1 {
                s.stack.push(GeneWhich { a });
            } else if let Some(&t) = held.first() {
                draw_offer(s, a);
                s.stack.push(NewTrait { a, replace: t });
            }
        }
        Card::Habitat => {
            s.stack.push(HabitatType { a });
            s.stack.push(HabitatRemove { a });
        }
        Card::InvasiveSpecies => {
            let mut shown = [false; 8];
            for t in s.comp_markers.iter().flatten() {
                shown[t.index()] = true;
            }
            let hexes: Vec<HexId> = tiles(s)
                .filter(|&h| terrain_at(s, h).is_some_and(|t| shown[t.index()]))
                .collect();
            for h in hexes {
                for b in Animal::ALL {
                    if *b != a {
                        s.eliminate(h, *b, 1, Some(a), ev);
                    }
                }
            }
        }
        Card::MarineSnow => {
            let t = cd.terrain.unwrap_or(Terrain::Ocean);
            let hexes: Vec<HexId> = tiles(s).filter(|&h| terrain_at(s, h) == Some(t)).collect();
            for h in hexes {
                s.score_tile(h, false, ev);
            }
        }
        Card::MassExodus => s.stack.push(ExodusTile { a }),
        Card::Metamorphosis => s.stack.push(MetaDisk { a }),
        Card::MonotypicHabitat => s.stack.push(MonoTile { a }),
        Card::NicheConstruction => s.stack.push(NicheFrom { a }),
        Card::Omnivore => s.stack.push(OmniTile { a }),
        Card::PopulationExplosion => s.stack.push(PopTile { a }),
        Card::Predator => {
            let mut mask = 0u64;
            for h in tiles(s) {
                if occupies(s, a, h) && s.opposing_on(h, a) > 0 {
                    mask |= 1 << h.0;
                }
            }
            s.stack.push(Victims {
                a,
                mask,
                opposing: true,
            });
        }
        Card::ProfligateCarnivore => s.stack.push(Profligate {
            a,
            left: x,
            credited: 0,
        }),
        Card::SolarRadiation => s.stack.push(SolarTile { a, x }),
        Card::Symbiotic => {
            let mine = s.needs(a);
            let mut vp = 0u32;
            for el in 0..ELEMENTS {
                if mine[el] > 0 && s.animals().any(|b| b != a && s.needs(b)[el] > 0) {
                    vp += mine[el] as u32;
                }
            }
            s.add_vp(a, vp, Why::Card(card), ev);
        }
        Card::TectonicShift => {
            s.return_all_pawns();
            ev.push(Event::PawnsReturned);
        }
        Card::Terrestrial => {
            s.stack.push(TerrTile { a });
            s.stack.push(TerrType { a });
        }
        Card::TrophicCascade => s.stack.push(TrophicTile { a, x }),
        Card::Volcanism => {
            s.stack.push(Tectonics {
                a,
                mode: TectMode::Volcano,
            });
            s.stack.push(Tectonics {
                a,
                mode: TectMode::Seamount,
            });
        }
    }
}

/// Places a Vent on a hex (Tectonics step 3).
fn put_vent(s: &mut State, h: HexId, face: Face, ev: &mut Vec<Event>) {
    if let Some(t) = s.earth.tile(h) {
        s.vents_left = s.vents_left.saturating_sub(1);
        s.earth.set_tile(
            h,
            Some(Tile {
                base: t.base,
                vent: Some(face),
            }),
        );
        ev.push(Event::VentPlaced { hex: h, face });
    }
}

/// Executes a legal choice on the top frame.
fn exec(s: &mut State, top: Frame, c: Choice, ev: &mut Vec<Event>) {
    use Frame::*;
    let d = data();
    // Terminal choices: pop the frame.
    match c {
        Choice::Forfeit => {
            s.stack.pop();
            if let Some(a) = top.decider() {
                ev.push(Event::Forfeited { animal: a });
            }
            return;
        }
        Choice::Done => {
            s.stack.pop();
            if let CompElim {
                a,
                then_second: true,
                ..
            } = top
            {
                s.stack.push(CompSpecial { a, second: true });
            }
            return;
        }
        _ => {}
    }
    s.stack.pop();
    match (top, c) {
        (Draft { a }, Choice::Trait(t)) => {
            for slot in s.hands[a.index()].iter_mut() {
                if *slot == Some(t) {
                    *slot = None;
                }
            }
            s.picks[a.index()] |= t.bit();
            ev.push(Event::TraitPicked { animal: a });
            let keep = if s.setup.superheroes {
                d.traits_keep_superheroes
            } else {
                d.traits_keep
            };
            if s.picks[a.index()].count_ones() < keep as u32 {
                s.stack.push(top);
            }
        }
        (PackHunters { a }, Choice::Pawn(el)) => {
            s.sp_ctrl[el.index()] = Some(a);
            s.targets[el.index()] = d.pack_hunters_target;
            ev.push(Event::Control { el, animal: a });
            ev.push(Event::Target {
                el,
                value: d.pack_hunters_target,
            });
        }
        (ExaptCopy { a }, Choice::Trait(t)) => {
            s.copied[a.index()] = Some(t);
            ev.push(Event::TraitCopied { animal: a, t });
        }
        (Turn { a }, Choice::Place { space, special }) => place(s, a, space, special, ev),
        (Turn { a }, Choice::Retrieve) => retrieve(s, a, ev),
        (AncientLineage { a }, Choice::Hex(h)) => {
            s.from_pool(
                h,
                a,
                data().trait_data(Trait::AncientLineage).count as u8,
                true,
                ev,
            );
        }
        (Abundance { a }, Choice::Circle(i)) => s.stack.push(AbundanceCorner { a, circle: i }),
        (AbundanceCorner { circle, .. }, Choice::Corner(cn)) => {
            if let Some(el) = s.circles[CircleRow::Abundance as usize][circle as usize].take() {
                s.element_to_earth(cn, el, ev);
            }
        }
        (Autotrophs { a, face }, Choice::Corner(cn)) => s.stack.push(AutotrophsHow {
            a,
            face,
            corner: cn,
        }),
        (AutotrophsHow { corner, .. }, Choice::Remove) => s.element_to_bag(corner, ev),
        (AutotrophsHow { corner, .. }, Choice::Element(new)) => {
            if let Some(old) = s.earth.element(corner) {
                let bx = &mut s.boxes[BoxKind::Autotrophs as usize];
                bx[new.index()] -= 1;
                bx[old as usize] += 1;
                s.earth.set_element(corner, None);
                ev.push(Event::ElementRemoved {
                    el: el_of(old),
                    corner,
                });
                ev.push(Event::ElementBoxed { el: el_of(old) });
                s.element_to_earth(corner, new, ev);
            }
        }
        (Depletion { .. }, Choice::Corner(cn)) => s.element_to_bag(cn, ev),
        (Adaptation { a, special }, Choice::Circle(i)) => {
            if special && s.added_count(a) > 0 {
                s.stack.push(AdaptationWhere { a, circle: i });
            } else if let Some(el) = s.circles[CircleRow::Adaptation as usize][i as usize].take() {
                add_disk(s, a, el, ev);
            }
        }
        (AdaptationWhere { a, circle }, Choice::Add) => {
            if let Some(el) = s.circles[CircleRow::Adaptation as usize][circle as usize].take() {
                add_disk(s, a, el, ev);
            }
        }
        (AdaptationWhere { a, circle }, Choice::Disk(k)) => {
            if let Some(el) = s.circles[CircleRow::Adaptation as usize][circle as usize].take() {
                if let Some(old) = s.disks[a.index()][k as usize].replace(el) {
                    s.bag.put(old.index());
                    ev.push(Event::DiskLost { animal: a, el: old });
                }
                ev.push(Event::DiskAdded { animal: a, el });
            }
        }
        (Regression { a }, Choice::Perform) => {
            if let Some(sq) = s.squares.iter_mut().find(|x| x.is_none()) {
                *sq = Some(a);
                s.pool[a.index()] -= 1;
                ev.push(Event::RegressionCube { animal: a });
            }
        }
        (Speciation { a, .. }, Choice::Corner(cn)) => {
            let el = s.earth.element(cn).map(el_of).unwrap_or(El::Algae);
            let hs = corner_hexes(cn);
            let left = [0, 1, 2].map(|k| speciation_limit(s, a, hs[k], el));
            s.stack.push(Speciate {
                a,
                corner: cn,
                left,
                credited: 0,
            });
        }
        (
            Speciate {
                a,
                corner,
                mut left,
                mut credited,
            },
            Choice::Hex(h),
        ) => {
            let hs = corner_hexes(corner);
            if let Some(k) = hs.iter().position(|&x| x == Some(h)) {
                let credit = credited & (1 << k) == 0;
                credited |= 1 << k;
                s.from_pool(h, a, 1, credit, ev);
                left[k] -= 1;
            }
            s.stack.push(Speciate {
                a,
                corner,
                left,
                credited,
            });
        }
        (Wanderlust { a, special }, Choice::Stack(i)) => {
            if let Some(t) = s.stacks[i as usize].draw() {
                if let Some(&n) = s.stacks[i as usize].top() {
                    ev.push(Event::StackTop {
                        stack: i,
                        terrain: n,
                    });
                }
                if special {
                    s.extra_turn = true;
                }
                s.stack.push(WanderHex { a, terrain: t });
            }
        }
        (WanderHex { a, terrain }, Choice::Hex(h)) => {
            s.earth.set_tile(h, Some(Tile::large(terrain)));
            ev.push(Event::TilePlaced { hex: h, terrain });
            push_camouflage(s, a, h);
            for b in Animal::ALL.iter().rev() {
                if s.plays(*b) {
                    s.stack.push(WanderMove { a: *b, hex: h });
                }
            }
            s.stack.push(WanderScore { a, hex: h });
            s.stack.push(WanderElement { a, hex: h });
        }
        (WanderElement { a, hex }, Choice::Circle(i)) => {
            s.stack.push(WanderCorner { a, hex, circle: i })
        }
        (WanderCorner { circle, .. }, Choice::Corner(cn)) => {
            if let Some(el) = s.circles[CircleRow::Wanderlust as usize][circle as usize].take() {
                s.element_to_earth(cn, el, ev);
            }
        }
        (WanderMove { a, hex }, Choice::Move { from, to }) => {
            move_species(s, a, from, to, ev);
            s.stack.push(WanderMove { a, hex });
        }
        (Camouflage { a, hex }, Choice::Perform) => {
            s.from_pool(
                hex,
                a,
                d.trait_data(Trait::Camouflage).count as u8,
                true,
                ev,
            );
        }
        (Tectonics { a, .. }, Choice::Hex(h)) => {
            s.stack.push(TectAfter { a, hex: h });
            match State::half(h) {
                Some(face) => put_vent(s, h, face, ev),
                None => s.stack.push(TectFace { a, hex: h }),
            }
        }
        (TectFace { hex, .. }, Choice::Face(face)) => put_vent(s, hex, face, ev),
        (TectSpecies { a, hex }, Choice::FromPool) => {
            s.from_pool(hex, a, 1, true, ev);
        }
        (TectSpecies { a, hex }, Choice::FromBox) => {
            s.eliminated[a.index()] -= 1;
            s.earth.add_species(hex, a.index(), 1);
            ev.push(Event::Revived { animal: a, hex });
        }
        (Migration { a, left, .. }, Choice::Move { from, to }) => {
            move_species(s, a, from, to, ev);
            s.moved[to.0 as usize] += 1;
            let left = if left == ALL { ALL } else { left - 1 };
            s.stack.push(Migration {
                a,
                left,
                started: true,
            });
        }
        (Competition { a, n, .. }, Choice::Hex(h)) => s.stack.push(CompElim {
            a,
            hex: h,
            left: n,
            then_second: false,
        }),
        (CompSpecial { a, second }, Choice::Hex(h)) => {
            let n = d
                .spaces
                .iter()
                .find(|x| x.action == Action::Competition && x.special)
                .map_or(1, |x| x.eliminate);
            s.stack.push(CompElim {
                a,
                hex: h,
                left: n,
                then_second: !second,
            })
        }
        (
            CompElim {
                a,
                hex,
                left,
                then_second,
            },
            Choice::Animal(b),
        ) => {
            s.eliminate(hex, b, 1, Some(a), ev);
            if left > 1 {
                s.stack.push(CompElim {
                    a,
                    hex,
                    left: left - 1,
                    then_second,
                });
            } else if then_second {
                s.stack.push(CompSpecial { a, second: true });
            }
        }
        (Evolution { a, slot, .. }, Choice::Hex(h)) => {
            s.score_tile(h, true, ev);
            if s.thriving(a, h) {
                s.stack.push(EvoCard { a, max_slot: slot });
            }
        }
        (EvoCard { a, max_slot }, Choice::Slot(k)) => {
            if let Some(card) = s.row[k as usize - 1] {
                ev.push(Event::CardChosen {
                    animal: a,
                    card,
                    slot: k,
                });
                s.stack.push(CardDone { a, card });
                start_card(s, a, card, k, max_slot, ev);
            }
        }
        (Domination { a }, Choice::Element(el)) => {
            let v = s.domination_value(a, el);
            if s.sp_ctrl[el.index()] != Some(a) {
                s.sp_ctrl[el.index()] = Some(a);
                ev.push(Event::Control { el, animal: a });
            }
            s.targets[el.index()] = v;
            ev.push(Event::Target { el, value: v });
        }
        (BottomFeeder { a }, Choice::Hex(h)) => {
            s.from_pool(
                h,
                a,
                d.trait_data(Trait::BottomFeeder).count as u8,
                true,
                ev,
            );
        }
        (NewTrait { a, replace }, Choice::Trait(t)) => {
            let had = s.traits[a.index()] & replace.bit() != 0;
            if had {
                s.traits[a.index()] &= !replace.bit();
                s.trait_box.push(replace);
                ev.push(Event::TraitLost {
                    animal: a,
                    t: replace,
                });
                if replace == Trait::Exaptation {
                    if let Some(c) = s.copied[a.index()].take() {
                        ev.push(Event::TraitLost { animal: a, t: c });
                    }
                }
            }
            s.traits[a.index()] |= t.bit();
            ev.push(Event::TraitHeld { animal: a, t });
            for k in 0..MAX_OFFER {
                if let Some(o) = s.offer[a.index()][k].take() {
                    if o != t {
                        s.trait_box.push(o);
                    }
                }
            }
            s.trait_box.sort();
            lose_trait_effects(s, a, ev);
        }
        (GeneWhich { a }, Choice::Trait(t)) => {
            draw_offer(s, a);
            s.stack.push(NewTrait { a, replace: t });
        }
        (AdaptabilityDisk { a }, Choice::Disk(k)) => {
            s.stack.push(AdaptabilityCorner { a, disk: k })
        }
        (AdaptabilityCorner { a, disk }, Choice::Corner(cn)) => {
            if let (Some(mine), Some(theirs)) =
                (s.disks[a.index()][disk as usize], s.earth.element(cn))
            {
                let theirs = el_of(theirs);
                s.disks[a.index()][disk as usize] = Some(theirs);
                s.earth.set_element(cn, Some(mine.index() as u8));
                ev.push(Event::DiskLost {
                    animal: a,
                    el: mine,
                });
                ev.push(Event::ElementRemoved {
                    el: theirs,
                    corner: cn,
                });
                ev.push(Event::ElementPlaced {
                    el: mine,
                    corner: cn,
                });
                ev.push(Event::DiskAdded {
                    animal: a,
                    el: theirs,
                });
            }
        }
        (AsteroidTile { a }, Choice::Hex(h)) => {
            let keep = d.card(Card::Asteroid).count.min(255) as u8;
            let mut mask = 0u64;
            for n in s.earth.adjacent_tiles(h) {
                mask |= 1 << n.0;
            }
            s.stack.push(Victims {
                a,
                mask,
                opposing: false,
            });
            if s.earth.total_species(h) <= keep as u32 {
                // Nothing dies on the chosen tile.
            } else if keep == 0 {
                for b in Animal::ALL {
                    s.eliminate(h, *b, u8::MAX, Some(a), ev);
                }
            } else {
                s.stack.push(AsteroidKeep {
                    a,
                    hex: h,
                    left: keep,
                    kept: [0; 4],
                });
            }
        }
        (
            AsteroidKeep {
                a,
                hex,
                left,
                mut kept,
            },
            Choice::Animal(b),
        ) => {
            kept[b.index()] += 1;
            let total_kept: u32 = kept.iter().map(|&k| k as u32).sum();
            if left > 1 && s.earth.total_species(hex) > total_kept {
                s.stack.push(AsteroidKeep {
                    a,
                    hex,
                    left: left - 1,
                    kept,
                });
            } else {
                for &x in Animal::ALL {
                    let n = s
                        .earth
                        .species(hex, x.index())
                        .saturating_sub(kept[x.index()]);
                    s.eliminate(hex, x, n, Some(a), ev);
                }
            }
        }
        (Victims { a, mask, opposing }, Choice::Animal(b)) => {
            if let Some(h) = victims_hex(s, a, mask, opposing) {
                s.eliminate(h, b, 1, Some(a), ev);
                let rest = mask & !((1u64 << h.0 << 1).wrapping_sub(1));
                s.stack.push(Victims {
                    a,
                    mask: rest,
                    opposing,
                });
            }
        }
        (BountifulTerrain { .. }, Choice::Terrain(t)) => {
            let hexes: Vec<HexId> = tiles(s).filter(|&h| terrain_at(s, h) == Some(t)).collect();
            for h in hexes {
                s.score_tile(h, false, ev);
            }
        }
        (CladoSecond { a, max_slot }, Choice::Slot(k)) => {
            if let Some(card) = s.row[k as usize - 1] {
                ev.push(Event::CardChosen {
                    animal: a,
                    card,
                    slot: k,
                });
                s.stack.push(CardDone { a, card });
                start_card(s, a, card, k, max_slot, ev);
            }
        }
        (Disease { b, .. }, Choice::Disk(k)) => {
            if let Some(el) = s.disks[b.index()][k as usize].take() {
                s.bag.put(el.index());
                ev.push(Event::DiskLost { animal: b, el });
            }
        }
        (FecundityPick { a, mask }, Choice::Hex(h)) => {
            s.from_pool(h, a, 1, true, ev);
            let rest = mask & !(1u64 << h.0);
            if rest != 0 {
                s.stack.push(FecundityPick { a, mask: rest });
            }
        }
        (Fertile { a }, Choice::Hex(h)) => {
            let vp = s.earth.total_species(h);
            s.add_vp(a, vp, Why::Card(Card::Fertile), ev);
        }
        (HabitatRemove { .. }, Choice::Corner(cn)) => s.element_to_bag(cn, ev),
        (HabitatType { a }, Choice::Element(el)) => s.stack.push(HabitatCorner { a, el }),
        (HabitatCorner { el, .. }, Choice::Corner(cn)) => {
            if s.bag.take(el.index()) {
                s.element_to_earth(cn, el, ev);
            }
        }
        (ExodusTile { a }, Choice::Hex(h)) => s.stack.push(ExodusMove { a, hex: h }),
        (ExodusMove { a, hex }, Choice::MoveOf { animal, to }) => {
            move_species(s, animal, hex, to, ev);
            if s.earth.total_species(hex) > 0 {
                s.stack.push(ExodusMove { a, hex });
            }
        }
        (MetaDisk { a }, Choice::Disk(k)) => s.stack.push(MetaType { a, disk: k }),
        (MetaType { a, disk }, Choice::Element(el)) => {
            if s.bag.take(el.index()) {
                if let Some(old) = s.disks[a.index()][disk as usize].replace(el) {
                    s.bag.put(old.index());
                    ev.push(Event::DiskLost { animal: a, el: old });
                }
                ev.push(Event::DiskAdded { animal: a, el });
            }
        }
        (MonoTile { a }, Choice::Hex(h)) => {
            let mut rank = [Animal::Reptiles; ANIMALS];
            let n = s.ranking(h, &mut rank);
            for &b in &rank[1..n.max(1)] {
                s.eliminate(h, b, 1, Some(a), ev);
            }
        }
        (NicheFrom { a }, Choice::Corner(cn)) => s.stack.push(NicheTo { a, from: cn }),
        (NicheTo { from, .. }, Choice::Corner(to)) => {
            if let Some(el) = s.earth.element(from) {
                s.earth.set_element(from, None);
                ev.push(Event::ElementRemoved {
                    el: el_of(el),
                    corner: from,
                });
                s.element_to_earth(to, el_of(el), ev);
            }
        }
        (OmniTile { a }, Choice::Hex(h)) => {
            s.stack.push(OmniVictim { a, hex: h });
            s.stack.push(OmniElement { a, hex: h });
        }
        (OmniElement { .. }, Choice::Corner(cn)) => s.element_to_bag(cn, ev),
        (OmniVictim { a, hex }, Choice::Animal(b)) => {
            s.eliminate(hex, b, 1, Some(a), ev);
        }
        (PopTile { a }, Choice::Hex(h)) => {
            let x = s.earth.total_species(h).min(255) as u8;
            s.from_pool(h, a, x, true, ev);
        }
        (
            Profligate {
                a,
                left,
                mut credited,
            },
            Choice::Species { hex, animal },
        ) => {
            s.eliminate(hex, animal, 1, Some(a), ev);
            // Prey Switching (p.21): 1 VP per tile, however many species
            // this card places there.
            let bit = 1u64 << hex.0;
            if s.from_pool(hex, a, 1, credited & bit == 0, ev) > 0 {
                credited |= bit;
            }
            if left > 1 {
                s.stack.push(Profligate {
                    a,
                    left: left - 1,
                    credited,
                });
            }
        }
        (SolarTile { a, x }, Choice::Hex(h)) => s.stack.push(SolarPick { a, hex: h, left: x }),
        (SolarPick { a, hex, left }, Choice::Animal(b)) => {
            s.to_pool(hex, b, 1, ev);
            if left > 1 {
                s.stack.push(SolarPick {
                    a,
                    hex,
                    left: left - 1,
                });
            }
        }
        (TerrType { a }, Choice::Element(el)) => s.stack.push(TerrCorner { a, el }),
        (TerrCorner { el, .. }, Choice::Corner(cn)) => {
            if s.bag.take(el.index()) {
                s.element_to_earth(cn, el, ev);
            }
        }
        (TerrTile { a }, Choice::Hex(h)) => {
            s.from_pool(
                h,
                a,
                d.card(Card::Terrestrial).count.min(255) as u8,
                true,
                ev,
            );
        }
        (TrophicTile { a, x }, Choice::Hex(h)) => {
            if s.earth.element_count_on(h) <= x as u32 {
                for cn in grid().corners_of(h) {
                    s.element_to_bag(cn, ev);
                }
            } else {
                s.stack.push(TrophicPick { a, hex: h, left: x });
            }
        }
        (TrophicPick { a, hex, left }, Choice::Corner(cn)) => {
            s.element_to_bag(cn, ev);
            if left > 1 {
                s.stack.push(TrophicPick {
                    a,
                    hex,
                    left: left - 1,
                });
            }
        }
        _ => {
            // Unreachable for a legal choice; keep the frame so the state stays consistent.
            s.stack.push(top);
        }
    }
}

fn add_disk(s: &mut State, a: Animal, el: El, ev: &mut Vec<Event>) {
    let slot = s.usable_slots(a).find(|&i| s.disks[a.index()][i].is_none());
    match slot {
        Some(i) => {
            s.disks[a.index()][i] = Some(el);
            ev.push(Event::DiskAdded { animal: a, el });
        }
        None => s.bag.put(el.index()),
    }
}

fn move_species(s: &mut State, a: Animal, from: HexId, to: HexId, ev: &mut Vec<Event>) {
    if s.earth.remove_species(from, a.index(), 1) == 1 {
        s.earth.add_species(to, a.index(), 1);
        ev.push(Event::Moved {
            animal: a,
            from,
            to,
        });
    }
}
