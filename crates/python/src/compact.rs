//! The compact observer-relative observation for Python
//! (`eons_core::compact`): the observing seat first, its own animals in
//! the first slots, the animals nobody plays left out. A batch keeps each
//! game's absolute observation and rewrites it in place, then moves its
//! values into the compact row through a map made once per game and
//! observer.

use crate::engine::Engine;
use eons_core::compact::{compact_layout, compact_map, gather, Plan};
use eons_core::{Layout, Seat};

/// The layout of `engine`'s compact observation.
pub fn layout_of(engine: &dyn Engine) -> Layout {
    compact_layout(engine.layout(), engine.slot_order(0).len())
}

/// `seat`'s compact observation of `engine`, written whole.
pub fn observe_once(engine: &dyn Engine, seat: usize) -> Vec<f32> {
    let layout = engine.layout();
    let order = engine.slot_order(seat);
    let map = compact_map(layout, engine.players(), Seat(seat as u8), &order);
    let mut source = vec![0.0; layout.len() + 2];
    engine.observe(seat, &mut source[..layout.len()]);
    source[layout.len() + 1] = 1.0;
    let mut out = vec![0.0; map.len()];
    gather(&map, &source, &mut out);
    out
}

/// What a batch keeps of one game for its compact observations: per
/// buffer (one, or one per seat), the absolute observation written in
/// place followed by the constants 0 and 1; per observer, the map from
/// its slots, made for the game it was made in.
#[derive(Default)]
pub struct Compacting {
    sources: Vec<Vec<f32>>,
    /// Per observer: the plan of its map, and the game (restart count) it
    /// is for.
    plans: Vec<Option<(u64, Plan)>>,
    /// The compact layout (made on first use).
    layout: Option<Layout>,
}

impl Compacting {
    /// Writes `seat`'s compact observation of `game` into `out` (the
    /// compact layout's length, `slots` slots), rewriting buffer
    /// `buffer`'s absolute observation in place first. `generation` names
    /// the game (a batch's restart count): a map is made again when it
    /// changes. Refuses a game whose slots are not `slots` many.
    pub fn write(
        &mut self,
        game: &mut dyn Engine,
        generation: u64,
        buffer: usize,
        seat: usize,
        slots: usize,
        out: &mut [f32],
    ) -> Result<(), String> {
        let len = game.layout().len();
        if self.sources.len() <= buffer {
            self.sources.resize_with(buffer + 1, Vec::new);
        }
        let source = &mut self.sources[buffer];
        if source.len() != len + 2 {
            *source = vec![0.0; len + 2];
            source[len + 1] = 1.0;
            game.forget_observations();
        }
        if self.plans.len() <= seat {
            self.plans.resize_with(seat + 1, || None);
        }
        let plan = match &mut self.plans[seat] {
            Some((made_for, plan)) if *made_for == generation => plan,
            entry => {
                let order = game.slot_order(seat);
                if order.len() != slots {
                    return Err(format!(
                        "this game has {} animals in play where the batch's first has {slots}: \
                         a compact batch needs the same number in every game",
                        order.len()
                    ));
                }
                let map = compact_map(game.layout(), game.players(), Seat(seat as u8), &order);
                let layout = self
                    .layout
                    .get_or_insert_with(|| compact_layout(game.layout(), slots));
                &mut entry.insert((generation, Plan::new(&map, layout))).1
            }
        };
        game.observe_again(buffer, seat, &mut source[..len]);
        plan.gather(source, out);
        Ok(())
    }
}
