//! What happens, in order: the game log. Events never carry a secret (a
//! secret trait pick is logged without the trait), and each carries what its
//! text names (the tile a species went to, as it was then), so that it reads
//! the same whenever it is read.

use crate::types::{Animal, Card, Element, Face, Space, Terrain, Tile, Trait};
use eons_core::{CornerId, HexId};
use serde::{Deserialize, Serialize};

/// Why VP were gained.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VpCause {
    /// Tile scoring: this place on this tile.
    Scoring {
        /// The tile's hex.
        hex: HexId,
        /// The tile scored.
        tile: Tile,
        /// 1st, 2nd…
        place: u8,
    },
    /// Bonus VPs of a Wanderlust tile.
    Wanderlust,
    /// Bonus VPs of a Tectonics Vent.
    Tectonics,
    /// A Survival event.
    Survival,
    /// An evolution card.
    Card(Card),
    /// A trait.
    Trait(Trait),
    /// Target markers of controlled special pawns at the end.
    Target(Element),
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// An animal secretly chose a trait (which one stays hidden).
    TraitPicked {
        /// The animal.
        animal: Animal,
    },
    /// Every animal reveals its traits.
    TraitsRevealed,
    /// An animal holds a trait (after the reveal, or a new one).
    TraitHeld {
        /// The animal.
        animal: Animal,
        /// The trait.
        t: Trait,
    },
    /// An animal lost a trait card or a copied ability.
    TraitLost {
        /// The animal.
        animal: Animal,
        /// The trait.
        t: Trait,
    },
    /// Exaptation copies a trait.
    TraitCopied {
        /// The animal.
        animal: Animal,
        /// The copied trait.
        t: Trait,
    },
    /// A pawn was placed.
    Placed {
        /// The animal.
        animal: Animal,
        /// The space.
        space: Space,
        /// The special pawn used, if any.
        special: Option<Element>,
    },
    /// A basic pawn was bumped back to its owner.
    Bumped {
        /// The pawn's owner.
        animal: Animal,
    },
    /// An animal retrieved its pawns.
    Retrieved {
        /// The animal.
        animal: Animal,
    },
    /// An action was forfeited (by choice or because nothing could be done).
    Forfeited {
        /// The animal.
        animal: Animal,
    },
    /// An element went onto earth.
    ElementPlaced {
        /// Its type.
        el: Element,
        /// Where.
        corner: CornerId,
    },
    /// An element left earth.
    ElementRemoved {
        /// Its type.
        el: Element,
        /// From where.
        corner: CornerId,
    },
    /// An element went into a box of the display.
    ElementBoxed {
        /// Its type.
        el: Element,
    },
    /// An element disk went onto an animal display.
    DiskAdded {
        /// The animal.
        animal: Animal,
        /// The type.
        el: Element,
    },
    /// A disk left an animal display (to the bag or to earth).
    DiskLost {
        /// The animal.
        animal: Animal,
        /// The type.
        el: Element,
    },
    /// Species came from the Gene Pool onto a tile.
    Added {
        /// The animal.
        animal: Animal,
        /// The tile's hex.
        hex: HexId,
        /// The tile there then (`None`: no tile).
        tile: Option<Tile>,
        /// How many.
        n: u8,
    },
    /// An eliminated species came back from the box onto a tile.
    Revived {
        /// The animal.
        animal: Animal,
        /// The tile's hex.
        hex: HexId,
        /// The tile there then (`None`: no tile).
        tile: Option<Tile>,
    },
    /// Species were eliminated (to the box).
    Eliminated {
        /// The animal.
        animal: Animal,
        /// The tile's hex.
        hex: HexId,
        /// The tile there then (`None`: no tile).
        tile: Option<Tile>,
        /// How many.
        n: u8,
    },
    /// Species went back to their Gene Pool.
    ToPool {
        /// The animal.
        animal: Animal,
        /// The tile's hex.
        hex: HexId,
        /// The tile there then (`None`: no tile).
        tile: Option<Tile>,
        /// How many.
        n: u8,
    },
    /// A species moved.
    Moved {
        /// The animal.
        animal: Animal,
        /// From this hex.
        from: HexId,
        /// The tile there then.
        from_tile: Option<Tile>,
        /// To this hex.
        to: HexId,
        /// The tile there then.
        to_tile: Option<Tile>,
    },
    /// A cube went onto a Regression square.
    RegressionCube {
        /// The animal.
        animal: Animal,
    },
    /// A Wanderlust tile was placed.
    TilePlaced {
        /// Where.
        hex: HexId,
        /// Its terrain.
        terrain: Terrain,
    },
    /// The next tile of a stack was turned face-up.
    StackTop {
        /// The stack (0-based).
        stack: u8,
        /// Its terrain.
        terrain: Terrain,
    },
    /// A Vent was placed.
    VentPlaced {
        /// Where.
        hex: HexId,
        /// Its face.
        face: Face,
    },
    /// VP gained.
    Vp {
        /// The animal.
        animal: Animal,
        /// How many.
        vp: u32,
        /// Why.
        why: VpCause,
    },
    /// A special pawn changed controller.
    Control {
        /// The pawn.
        el: Element,
        /// The new controller.
        animal: Animal,
    },
    /// A target marker moved.
    Target {
        /// The element type.
        el: Element,
        /// Its new value.
        value: u32,
    },
    /// An evolution card was chosen.
    CardChosen {
        /// The animal.
        animal: Animal,
        /// The card.
        card: Card,
        /// Its slot (1-5).
        slot: u8,
    },
    /// A card from the discard pile is resolved again (Cladogenesis).
    CardReplayed {
        /// The card.
        card: Card,
    },
    /// A card went onto the discard pile.
    CardDiscarded {
        /// The card.
        card: Card,
    },
    /// A new card was revealed in a slot.
    CardRevealed {
        /// The card.
        card: Card,
        /// Its slot (1-5).
        slot: u8,
    },
    /// An Extinction event.
    Extinction,
    /// A Survival event.
    Survival {
        /// The Survival card's holder.
        holder: Option<Animal>,
    },
    /// A Reseed event.
    Reseed {
        /// Reseeds so far.
        round: u16,
    },
    /// The Asteroid struck: this is the last round (p.16).
    LastRound,
    /// No species is on earth, in a Gene Pool or on a Regression square and
    /// no Vent tile is left: no species can return, so the Asteroid can
    /// never be played. An engine ruling (the rules give such a game no end)
    /// makes this round the last, as if the Asteroid had been played.
    NoSpeciesLeft {
        /// The round that is now the last one (Reseeds so far + 1).
        round: u16,
    },
    /// The round cap (the `max-rounds` setup option, off by default and not
    /// in the rulebook) makes this round the last,
    /// although the Asteroid was not played.
    RoundCap {
        /// The round that is now the last one (Reseeds so far + 1).
        round: u16,
        /// The cap in force (`max-rounds`).
        cap: u16,
    },
    /// Final scoring starts.
    FinalScoring,
    /// The game is over.
    GameOver,
    /// An animal takes another turn.
    ExtraTurn {
        /// The animal.
        animal: Animal,
    },
    /// An animal gained a basic pawn (Budding Intelligence).
    ExtraPawn {
        /// The animal.
        animal: Animal,
    },
    /// Every pawn went back to its owner (Tectonic Shift).
    PawnsReturned,
}
