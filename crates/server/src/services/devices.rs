//! One player, many devices (issue 36): a profile's games are reachable
//! from any device that holds the profile's key, and a device is linked by
//! one link or QR code.
//!
//! A seat's token opens the seat, and the server keeps only its SHA-256
//! (`seats.token_hash`), so it cannot hand the token a device holds to
//! another. Instead a human seat a profile holds opens with a second token,
//! the profile's token for that seat ([`profile_seat_token`]): the SHA-256
//! of the profile's key with the game and the seat. Only its hash is stored
//! (`seats.profile_token_hash`, migration 0015), set the first time the
//! profile lists the game (`GET /api/me/games`) and kept, so:
//!
//! - every device holding the key gets the same token for a seat: listing
//!   again writes nothing, and the device that took the seat keeps its own
//!   token, which still works;
//! - the token opens only that seat: another seat's, another game's or
//!   another profile's is a different hash, and the database gives a seat
//!   this hash only while that profile holds the seat (`UPDATE … WHERE
//!   profile = $4 AND profile_token_hash IS NULL`);
//! - the key never leaves the `Authorization` header it came in, and no
//!   seat opens with it: a table's address holds a seat's token in its
//!   fragment, and one of a profile's seats must not give away the rest;
//! - the database alone opens nothing (hashes only, as for every token and
//!   the key).
//!
//! Where a seat token opens a seat (the HTTP routes, the WebSocket, a
//! rematch) [`crate::services::live::LiveGame::seat_of_hash`] takes either
//! hash. The profile's token cannot be withdrawn from one device (as the
//! key cannot be): whoever holds the key is the profile.

use crate::error::ApiError;
use crate::services::live::token_hash;
use crate::services::Services;
use serde_json::{json, Value};
use std::sync::Arc;

/// How many games `GET /api/me/games` lists: the profile's unfinished games
/// first, then its finished ones, each newest first.
pub const MY_GAMES: i64 = 50;

/// The profile's token for seat `seat` of game `game`, derived from the
/// profile's `key`: 64 hex digits that only a holder of the key (and the
/// server, while the key is in a request) can compute.
pub fn profile_seat_token(key: &str, game: &str, seat: i64) -> String {
    token_hash(&format!("eons profile seat {game} {seat} {key}"))
}

/// The link that carries profile `name` to another device, at `origin`:
/// `ORIGIN/profile/NAME#k=KEY`, the key in the fragment, which browsers do
/// not send (the web client's own link, written the same way).
pub fn carry_link(origin: &str, name: &str, key: &str) -> String {
    format!(
        "{origin}/profile/{}#k={}",
        uri_component(name),
        uri_component(key)
    )
}

/// `text` percent-encoded as JavaScript's `encodeURIComponent` does: every
/// byte of its UTF-8 but ASCII letters, digits and `-_.!~*'()`.
fn uri_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A QR code of `text` as an SVG image (error correction M, a quiet zone of
/// 4 modules, at least 240 px wide), black on white: what a phone's camera
/// reads off a screen.
pub fn qr_svg(text: &str) -> Result<String, ApiError> {
    use qrcode::render::svg;
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M)
        .map_err(|e| ApiError::Internal(format!("no QR code for the link: {e}")))?;
    Ok(code
        .render::<svg::Color>()
        .min_dimensions(240, 240)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .quiet_zone(true)
        .build())
}

/// A profile's games as `GET /api/me/games` answers them.
pub struct MyGames {
    /// The profile's name.
    pub name: String,
    /// `[{id, seat, token, summary}]`: each game's public summary (as `GET
    /// /api/games` lists it), the profile's seat and the profile's token
    /// for it.
    pub games: Vec<Value>,
}

impl Services {
    /// The games of the profile whose key is `key` (403 when none is):
    /// its [`MY_GAMES`] latest, unfinished first, each with the profile's
    /// token for its seat, stored (as a hash) the first time. One query
    /// lists them; each game is then read as the lobby's list reads it
    /// (loaded if it is not in memory), and a seat listed for the first
    /// time costs one `UPDATE`.
    pub async fn games_of_key(self: &Arc<Self>, key: &str) -> Result<MyGames, ApiError> {
        let key = key.trim();
        let name = self.profile_of_key(key).await?;
        let seats = self.store.profile_seats(&name, MY_GAMES).await?;
        let mut games = Vec::with_capacity(seats.len());
        for s in seats {
            // A game this server cannot load (a kind it no longer plays) is
            // left out, as the lobby's list leaves it out.
            let Ok(h) = self.get(&s.game_id).await else {
                continue;
            };
            let token = profile_seat_token(key, &s.game_id, s.seat);
            let hash = token_hash(&token);
            // Held while the hash is stored, so memory and database agree.
            let mut g = h.inner.lock().await;
            let stored = match s.profile_token_hash {
                Some(stored) => stored == hash,
                None => {
                    self.store
                        .set_profile_token(&s.game_id, s.seat, &name, &hash)
                        .await?
                        // Another request (another device) was first: it
                        // stored the same hash, or the seat is not the
                        // profile's any more.
                        || self.store.seats(&s.game_id).await?.iter().any(|r| {
                            r.seat == s.seat
                                && r.profile.as_deref() == Some(name.as_str())
                                && r.profile_token_hash.as_deref() == Some(hash.as_str())
                        })
                }
            };
            if !stored {
                continue;
            }
            // Memory learns the hash where it knows the seat as the
            // profile's (on PostgreSQL a copy that lags behind another
            // process learns it when a request with the token syncs it).
            if let Some(row) = g.seats.iter_mut().find(|r| {
                r.seat == s.seat && r.kind == "human" && r.profile.as_deref() == Some(name.as_str())
            }) {
                row.profile_token_hash = Some(hash);
            }
            games.push(json!({
                "id": s.game_id,
                "seat": s.seat,
                "token": token,
                "summary": g.summary(h.kind.as_ref()),
            }));
        }
        Ok(MyGames { name, games })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_token_is_the_keys_for_one_seat_of_one_game() {
        let t = profile_seat_token("00ff", "g1", 0);
        assert_eq!(t.len(), 64);
        assert_eq!(t, profile_seat_token("00ff", "g1", 0));
        assert_ne!(t, profile_seat_token("00ff", "g1", 1));
        assert_ne!(t, profile_seat_token("00ff", "g2", 0));
        assert_ne!(t, profile_seat_token("00fe", "g1", 0));
    }

    #[test]
    fn the_carry_link_is_written_as_the_web_client_writes_it() {
        assert_eq!(
            carry_link("http://127.0.0.1:8080", "Ann Lee", "0a1b"),
            "http://127.0.0.1:8080/profile/Ann%20Lee#k=0a1b"
        );
        // encodeURIComponent("Zoë/é?(x)!") in a browser.
        assert_eq!(uri_component("Zoë/é?(x)!"), "Zo%C3%AB%2F%C3%A9%3F(x)!");
    }

    #[test]
    fn the_qr_code_is_an_svg_of_dark_modules() {
        let svg = qr_svg("http://127.0.0.1:8080/profile/Ann#k=00").expect("an SVG");
        assert!(svg.contains("<svg") && svg.contains("<path"), "{svg}");
        assert!(!svg.contains("style"), "no style attribute: {svg}");
    }
}
