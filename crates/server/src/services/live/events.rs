//! What a change of a live game sets off, in one place.
//!
//! The move pipeline ([`super::submit`], the take-back in [`super::undo`])
//! only checks, stores and applies a row; it then publishes one
//! [`Committed`] event, built under the game's lock, and every service that
//! follows moves takes it up here, in this order:
//!
//! 1. **pushes**: every WebSocket of the game learns the new move count and
//!    sends its seat's view ([`super::views`]);
//! 2. **bots and clocks**: the bot task starts if a bot or an away seat's
//!    stand-in is to move, and the running clock's timer is armed anew
//!    ([`crate::services::bots`], [`crate::services::clock`]);
//! 3. **webhooks**: "your turn" to the seat the turn passed to, if its
//!    player gave a URL ([`crate::services::webhooks`]);
//! 4. **ratings**: a game that just ended is rated, in a task of its own
//!    ([`crate::services::profiles`]);
//! 5. **snapshots**: a snapshot that fell due is stored, off the move path
//!    ([`crate::services::snapshots`]).
//!
//! Changes that are not moves (a seat claimed, away or back, the bots'
//! pace, another process's rows caught up with) publish [`Services::changed`]:
//! pushes and bots/clocks only.
//!
//! Subscribers run after the game's lock is released and never hold up the
//! committing request: each either signals (a channel send) or starts a
//! task of its own.

use super::{GameHandle, LiveGame};
use crate::services::snapshots::Pending;
use crate::services::webhooks::YourTurn;
use crate::services::Services;
use eons_core::Seat;
use std::sync::Arc;

/// A row committed to storage and applied in memory: a choice or a
/// take-back.
pub struct Committed {
    /// The game's id.
    pub game: String,
    /// The game's move count after it.
    pub moves: i64,
    /// Whether it ended the game.
    pub ended: bool,
    /// "Your turn" to send, when the turn passed to a player with a webhook.
    pub your_turn: Option<YourTurn>,
    /// The snapshot that fell due with it.
    pub snapshot: Option<Pending>,
}

impl Committed {
    /// The event of the row `mover` just committed to `g` (taken under the
    /// game's lock: the snapshot and the next seat are read from it).
    pub fn of(services: &Services, g: &LiveGame, mover: Seat, game_name: &str) -> Committed {
        Committed {
            game: g.row.id.clone(),
            moves: g.moves,
            ended: g.state.outcome().is_some(),
            your_turn: YourTurn::after(g, mover, game_name),
            snapshot: services.snapshots.due(g),
        }
    }
}

impl Services {
    /// Publishes a committed row of game `h` to every service that follows
    /// moves (see the module's words for the order).
    pub fn committed(self: &Arc<Self>, h: &Arc<GameHandle>, event: Committed) {
        self.changed(h, event.moves);
        if let Some(turn) = event.your_turn {
            self.your_turn(turn);
        }
        if event.ended {
            self.rate_soon(event.game);
        }
        if let Some(pending) = event.snapshot {
            self.snapshots.store(&self.store, pending);
        }
    }

    /// Publishes a change of game `h` that is not a committed row (a seat
    /// claimed, away or back, the bots' pace, rows another process stored):
    /// its sockets push the views of move count `moves`, and its bots and
    /// clock look again.
    pub fn changed(self: &Arc<Self>, h: &Arc<GameHandle>, moves: i64) {
        let _ = h.tx.send(moves);
        self.kick(h.clone());
    }
}
