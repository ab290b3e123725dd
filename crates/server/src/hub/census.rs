//! What the hub holds right now, for the metrics read at scrape time.

use super::Hub;

impl Hub {
    /// How many games are loaded in memory.
    pub fn games_in_memory(&self) -> usize {
        self.games.lock().map_or(0, |games| games.len())
    }

    /// How many WebSockets are open on the server.
    pub fn open_sockets(&self) -> usize {
        self.sockets.open()
    }
}
