//! What the server holds right now, for the metrics read at scrape time.

use crate::services::Services;

impl Services {
    /// How many WebSockets are open on the server.
    pub fn open_sockets(&self) -> usize {
        self.sockets.open_now()
    }
}
