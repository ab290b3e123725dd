//! The HTTP API (JSON) and the WebSocket per seat.
//!
//! | method | path | what |
//! |---|---|---|
//! | GET | `/api/server` | `{public_url, version}`: the origin invite links point at (`--public-url`; null: the page's own) |
//! | POST | `/api/profiles` | `{name}` → 201 `{name, key}`: a profile (unique name; the key, given only here, is its browser's secret) |
//! | GET | `/api/me` | with `Authorization: Bearer KEY`: `{name}` of the key's profile |
//! | GET | `/api/me/games` | with `Authorization: Bearer KEY`: `{name, games: [{id, seat, token, summary}]}`, the profile's games (unfinished first, newest first), each with the profile's token for its seat ([`crate::services::devices`]) |
//! | GET | `/api/me/link.svg` | with `Authorization: Bearer KEY`: the QR code (SVG) of the profile's carry link `ORIGIN/profile/NAME#k=KEY` |
//! | GET | `/api/profiles/{name}` | a profile's ratings and latest games |
//! | GET | `/api/leaderboard/{game}` | a game kind's ratings, players and bots apart, best first |
//! | GET | `/api/kinds` | game kinds: id, name, options (each `{name, help}` as typed on the command line, and for forms `{key, label, kind: flag\|one_of\|number\|seat_list, values, all_with}`), player counts, `hidden_information` (seats see different things) |
//! | GET | `/api/kinds/{game}/catalog` | the game's catalog: `cards` (`[{id, kind, name, text, reconstructed}]`, every card of the game) and the tables and place labels the UI draws; 404 for an unknown game |
//! | POST | `/api/games` | create: `{game, players, options?, seats?: [{kind: human\|open\|bot, bot?, name?}], seed?, clock?: {per_decision_s?, bank_s?}, on_timeout?, spectator_chat?}` → `{id, tokens: [{seat, token}]}`; checked in full ([`Services::prepare`]: known options once each, seats, names, bot specs) before it takes from the per-hour allowance |
//! | GET | `/api/games` | recent games (public summaries), 50 a page (`?page=N`, from 0); `?open=1`: the unfinished games with an open seat, every creator's newest first |
//! | POST | `/api/games/{id}/join` | `{name?, new_token?}` → `{game, seat, name, token}`: take the game's first open seat (as a claim answers; 409 when none is open) |
//! | GET | `/api/games/{id}/chat` | the game's chat, `{messages: [{n, seat, name, text, at}]}` (`?since=N`) |
//! | POST | `/api/games/{id}/chat` | `{text, name?}`: a message, as the token's seat, or without a token as a spectator when the creator allowed it (`spectator_chat`); pushed to every socket as `{"type": "chat", "message"}` |
//! | POST | `/api/games/{id}/webhook` | `{url}` with a human seat's token: where to POST "your turn" (when the server allows webhooks; null: none) |
//! | POST | `/api/games/{id}/vote-away` | `{seat}` with another human seat's token: vote to hand the seat to move, deciding for `--absent-after-s`, to a bot; all the others' votes make it away |
//! | POST | `/api/games/{id}/back` | "I'm back": the token's away seat takes itself back from its stand-in bot |
//! | GET | `/api/games/{id}` | one game's public summary |
//! | POST | `/api/claim` | `{token, name?, new_token?}` → `{game, seat, name, token}`: claim an invited seat; the invite token stops working and the returned token is the seat's from now on. With `new_token` (32–128 lowercase hex digits the client drew at random) that becomes the seat's token, and repeating the same request after a lost reply answers the same again |
//! | GET | `/api/games/{id}/view` | the view of the token's seat (or the public view), with its legal choices |
//! | POST | `/api/games/{id}/choice` | `{move, choice}` or `{move, index}` with the seat's token |
//! | POST | `/api/games/{id}/pace` | `{pace_ms, paused}` with a human seat's token: the bots' pace this seat asks (100–20000 ms before each bot decision; `paused` holds the bots until the seat continues). Bots move at the slowest pace asked and wait while any seat paused them; every view says it in `bot_pace` |
//! | GET | `/api/games/{id}/log?since=N` | the log in words (what the token's seat may read), each entry with the board `changes` it made |
//! | GET | `/api/games/{id}/record` | the replayable record, once the game is over |
//! | GET | `/api/games/{id}/replay` | a finished game's replay (409 before the end): `{steps, seats, outcome, final_score, log}`, the log as a spectator reads it, entry `i` being step `i + 1` |
//! | GET | `/api/games/{id}/replay/{step}` | the board after `step` choices of a finished game (0: the start), as a spectator's view |
//! | GET | `/api/games/{id}/analysis` | a finished game's analysis (409 before the end): 202 `{status, done, total}` while it is made off the request path, then 200 `{estimator, bot, roles, steps: [{step, win}], drops: [{step, seat, before, after, bot_choice}]}` |
//! | POST | `/api/games/{id}/rematch` | with a seat's token, once the game is over: `{id, token}`, the same game again (seats, options; a new seed) and the seat's token in it; the first request creates it (taking one from the client's games-per-hour allowance, as a create does), later ones by any seat answer the same game |
//! | GET | `/api/games/{id}/ws` | WebSocket ([`crate::http::ws`]): the seat's snapshot on connect and after every move; the seat's token in the subprotocol `eons.token.TOKEN` beside `eons`, never in the URL (`?token=` is 400) |
//!
//! A token is given as `Authorization: Bearer TOKEN` or `?token=TOKEN`
//! (the WebSocket: as a subprotocol, see [`crate::http::ws`]).
//!
//! Limits ([`crate::limits::TrafficLimits`]): one client address (the TCP
//! peer, or behind a trusted proxy the address it forwards: see
//! [`crate::proxies`]) creates at most so many games per hour (then 429
//! `too_many_requests` with
//! `Retry-After`); one client address holds at most so many open WebSockets
//! (then 429), and the server and each game at most so many (then the
//! upgrade is refused with 503 `busy`; spectators may use three quarters of
//! those two caps, a seat's own socket all of it).

pub mod access;
mod analysis;
mod bounded;
mod chat;
pub mod edge;
pub mod extract;
mod games;
mod kinds;
mod profiles;
pub mod replay;
mod seats;
pub mod web;
pub mod ws;

use crate::error::ApiError;
use crate::http::access::seat_for;
use crate::services::live::GameHandle;
use crate::services::Services;
use axum::routing::get;
use axum::Router;
use eons_core::Seat;
use extract::SeatToken;
use std::sync::Arc;

/// The API router (mounted at the root; paths start with `/api`): the
/// routers of each part of the API, merged.
pub fn router(services: Arc<Services>) -> Router {
    Router::new()
        .merge(kinds::router())
        .merge(profiles::router())
        .merge(games::router())
        .merge(seats::router())
        .merge(chat::router())
        .merge(replay::router())
        .merge(analysis::router())
        .route("/api/games/{id}/ws", get(crate::http::ws::ws))
        .route("/api/{*rest}", axum::routing::any(api_not_found))
        .with_state(services)
}

async fn api_not_found() -> ApiError {
    ApiError::NotFound("no such API route".into())
}

/// The seat that acts (a choice, an undo): the request must carry its token.
async fn acting_seat(h: &GameHandle, token: &SeatToken) -> Result<Seat, ApiError> {
    let token = token.0.as_deref().ok_or(ApiError::NoToken)?;
    seat_for(h, Some(token)).await?.ok_or(ApiError::NoToken)
}
