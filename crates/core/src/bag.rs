//! Bags (unordered multisets drawn at random) and decks (ordered piles).

use crate::rng::GameRng;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// A draw bag of `N` kinds of interchangeable pieces, stored as counts.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bag<const N: usize> {
    #[serde(with = "serde_arrays")]
    counts: [u16; N],
}

impl<const N: usize> Default for Bag<N> {
    fn default() -> Self {
        Bag { counts: [0; N] }
    }
}

impl<const N: usize> Bag<N> {
    /// A bag holding `counts[k]` pieces of kind `k`.
    pub fn from_counts(counts: [u16; N]) -> Self {
        Bag { counts }
    }
    /// Pieces of kind `k` in the bag.
    pub fn count(&self, k: usize) -> u16 {
        self.counts[k]
    }
    /// All counts.
    pub fn counts(&self) -> &[u16; N] {
        &self.counts
    }
    /// Total pieces in the bag.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| c as usize).sum()
    }
    /// True when the bag is empty.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&c| c == 0)
    }
    /// Puts one piece of kind `k` in.
    pub fn put(&mut self, k: usize) {
        self.counts[k] += 1;
    }
    /// Takes one piece of kind `k` out, if there is one.
    pub fn take(&mut self, k: usize) -> bool {
        if self.counts[k] > 0 {
            self.counts[k] -= 1;
            true
        } else {
            false
        }
    }
    /// Draws one piece uniformly at random, or `None` when empty.
    pub fn draw(&mut self, rng: &mut GameRng) -> Option<usize> {
        let total = self.len();
        if total == 0 {
            return None;
        }
        let mut x = rng.below(total as u32) as usize;
        for k in 0..N {
            let c = self.counts[k] as usize;
            if x < c {
                self.counts[k] -= 1;
                return Some(k);
            }
            x -= c;
        }
        None
    }
}

/// Serde helpers for fixed arrays of any length (serde derives only up to 32).
pub mod serde_arrays {
    use serde::de::{Deserialize, Deserializer, Error};
    use serde::ser::{Serialize, Serializer};

    /// Serialises an array as a sequence.
    pub fn serialize<S: Serializer, T: Serialize, const N: usize>(
        a: &[T; N],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        a.as_slice().serialize(s)
    }

    /// Deserialises a sequence of exactly `N` items.
    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>, const N: usize>(
        d: D,
    ) -> Result<[T; N], D::Error> {
        let v = Vec::<T>::deserialize(d)?;
        let len = v.len();
        v.try_into()
            .map_err(|_| D::Error::custom(format!("expected {N} items, found {len}")))
    }
}

/// Cards a [`Deck`] keeps inside itself before it moves them to the heap:
/// every deck and tile stack of the games fits, so cloning a state (what
/// every search iteration and determinization does) allocates nothing for
/// them.
pub const DECK_INLINE: usize = 48;

/// An ordered pile of cards or tiles; the top is the end of the list.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deck<T> {
    cards: SmallVec<[T; DECK_INLINE]>,
}

impl<T> Default for Deck<T> {
    fn default() -> Self {
        Deck {
            cards: SmallVec::new(),
        }
    }
}

impl<T> Deck<T> {
    /// A deck from bottom to top.
    pub fn from_bottom_up(cards: Vec<T>) -> Self {
        Deck {
            cards: cards.into_iter().collect(),
        }
    }

    /// True when the deck keeps its cards inside itself (no heap
    /// allocation to clone).
    pub fn is_inline(&self) -> bool {
        !self.cards.spilled()
    }
    /// Cards from bottom to top.
    pub fn cards(&self) -> &[T] {
        &self.cards
    }
    /// Mutable cards from bottom to top (for determinization).
    pub fn cards_mut(&mut self) -> &mut [T] {
        &mut self.cards
    }
    /// Number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }
    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
    /// The top card.
    pub fn top(&self) -> Option<&T> {
        self.cards.last()
    }
    /// Takes the top card.
    pub fn draw(&mut self) -> Option<T> {
        self.cards.pop()
    }
    /// Puts a card on top.
    pub fn push_top(&mut self, c: T) {
        self.cards.push(c);
    }
    /// Shuffles the whole deck.
    pub fn shuffle(&mut self, rng: &mut GameRng) {
        rng.shuffle(&mut self.cards);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bag_draws_everything_exactly_once() {
        let mut b = Bag::<3>::from_counts([2, 0, 5]);
        let mut rng = GameRng::new(3);
        let mut got = [0; 3];
        while let Some(k) = b.draw(&mut rng) {
            got[k] += 1;
        }
        assert_eq!(got, [2, 0, 5]);
        assert!(b.is_empty());
    }

    #[test]
    fn deck_draws_from_the_top() {
        let mut d = Deck::from_bottom_up(vec![1, 2, 3]);
        assert_eq!(d.draw(), Some(3));
        assert_eq!(d.top(), Some(&2));
    }
}
