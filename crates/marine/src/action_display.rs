//! The action display's pawns ([`ActionDisplay`]): what each space holds,
//! with bit sets of the spaces by kind of pawn kept beside it, so a turn
//! reads the display in a few mask operations instead of a scan.

use crate::data::MAX_SPACES;
use crate::types::{Animal, Element};
use eons_core::bag::serde_arrays;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Deref;

/// A pawn on the action display.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pawn {
    /// A basic pawn of this animal.
    Basic(Animal),
    /// The special pawn of this element type.
    Special(Element),
}

/// Number of animals (one bit set of basic pawns each).
const ANIMALS: usize = Animal::ALL.len();
/// Number of element types (one special pawn each).
const ELEMENTS: usize = Element::ALL.len();

/// The pawn on each action display space (index = space number).
///
/// Read it as the array it stores (it dereferences to
/// `[Option<Pawn>; MAX_SPACES]`); change it only with [`ActionDisplay::set`]
/// and [`ActionDisplay::take`], which keep its bit sets. It is stored and
/// compared as the bare array; the bit sets are rebuilt when it is read
/// back.
#[derive(Clone)]
pub struct ActionDisplay {
    /// The pawn on each space.
    pawns: [Option<Pawn>; MAX_SPACES],
    /// Per element type, bit `i` set when space `i` holds its special pawn.
    specials: [u64; ELEMENTS],
    /// Per animal (food-chain index), bit `i` set when space `i` holds one
    /// of its basic pawns.
    basics: [u64; ANIMALS],
}

impl ActionDisplay {
    /// An empty display.
    pub fn empty() -> ActionDisplay {
        ActionDisplay {
            pawns: [None; MAX_SPACES],
            specials: [0; ELEMENTS],
            basics: [0; ANIMALS],
        }
    }

    /// The display holding these pawns.
    pub fn from_pawns(pawns: [Option<Pawn>; MAX_SPACES]) -> ActionDisplay {
        let mut d = ActionDisplay::empty();
        for (i, p) in pawns.into_iter().enumerate() {
            d.set(i, p);
        }
        d
    }

    /// Puts `pawn` on space `i` (or empties it), replacing what was there.
    #[inline]
    pub fn set(&mut self, i: usize, pawn: Option<Pawn>) {
        let bit = 1u64 << i;
        if let Some(old) = self.pawns[i] {
            match old {
                Pawn::Basic(a) => self.basics[a.index()] &= !bit,
                Pawn::Special(e) => self.specials[e.index()] &= !bit,
            }
        }
        if let Some(new) = pawn {
            match new {
                Pawn::Basic(a) => self.basics[a.index()] |= bit,
                Pawn::Special(e) => self.specials[e.index()] |= bit,
            }
        }
        self.pawns[i] = pawn;
    }

    /// Takes the pawn off space `i`, if any.
    #[inline]
    pub fn take(&mut self, i: usize) -> Option<Pawn> {
        let pawn = self.pawns[i];
        self.set(i, None);
        pawn
    }

    /// Spaces holding a special pawn (bit `i` = space `i`).
    #[inline]
    pub fn special_mask(&self) -> u64 {
        self.specials.iter().fold(0, |m, s| m | s)
    }

    /// The space holding the special pawn of this element type, as a bit
    /// set (empty when it is not on the display).
    #[inline]
    pub fn special_mask_of(&self, e: Element) -> u64 {
        self.specials[e.index()]
    }

    /// Spaces holding one of the animal's basic pawns.
    #[inline]
    pub fn basic_mask(&self, a: Animal) -> u64 {
        self.basics[a.index()]
    }

    /// Spaces holding any pawn.
    #[inline]
    pub fn occupied_mask(&self) -> u64 {
        self.basics.iter().fold(self.special_mask(), |m, b| m | b)
    }
}

impl Deref for ActionDisplay {
    type Target = [Option<Pawn>; MAX_SPACES];

    fn deref(&self) -> &Self::Target {
        &self.pawns
    }
}

impl PartialEq for ActionDisplay {
    fn eq(&self, other: &Self) -> bool {
        self.pawns == other.pawns
    }
}

impl Eq for ActionDisplay {}

impl fmt::Debug for ActionDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pawns.fmt(f)
    }
}

impl Serialize for ActionDisplay {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serde_arrays::serialize(&self.pawns, s)
    }
}

impl<'de> Deserialize<'de> for ActionDisplay {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde_arrays::deserialize(d).map(ActionDisplay::from_pawns)
    }
}
