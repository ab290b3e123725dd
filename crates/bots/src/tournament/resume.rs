//! Resuming a tournament: the records file a stopped run left, read back,
//! checked against the schedule and replayed, and appended to.

use super::*;

/// Writes after the first `keep` bytes of a file. The file is cut there (a
/// line a kill left half-written is dropped) only at the first write, so a
/// resume refused by the checks leaves the file as it was.
pub(super) struct AppendAfter {
    file: std::io::BufWriter<std::fs::File>,
    keep: Option<u64>,
}

impl AppendAfter {
    pub(super) fn new(file: std::fs::File, keep: u64) -> Self {
        AppendAfter {
            file: std::io::BufWriter::new(file),
            keep: Some(keep),
        }
    }
}

impl Write for AppendAfter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Some(keep) = self.keep.take() {
            let file = self.file.get_mut();
            file.set_len(keep)?;
            std::io::Seek::seek(file, std::io::SeekFrom::Start(keep))?;
        }
        self.file.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

/// Parses the complete lines of a records file into `out` and returns the
/// byte length they take (a last line without its newline was cut short by
/// a kill and is not kept).
pub fn parse_previous<G: Game>(
    text: &str,
    out: &mut Vec<GameLine<G>>,
) -> Result<usize, TournamentError> {
    let mut kept = 0usize;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let Some(body) = line.strip_suffix('\n') else {
            break;
        };
        if !body.trim().is_empty() {
            let parsed =
                GameLine::<G>::from_json(body).map_err(|reason| TournamentError::Resume {
                    line: i + 1,
                    reason,
                })?;
            out.push(parsed);
        }
        kept += line.len();
    }
    Ok(kept)
}

/// Checks one line of a records file against the schedule and rebuilds
/// what was played from it (replaying the record).
pub(super) fn resumed_game<G: Game>(
    config: &Config,
    names: &[String],
    variants: &[Vec<String>],
    setups: &[G::Setup],
    g: usize,
    line: GameLine<G>,
) -> Result<Finished<G>, TournamentError> {
    let p = config.players;
    let fail = |reason: String| TournamentError::Resume {
        line: g + 1,
        reason,
    };
    let meta = &line.meta;
    if meta.game != g {
        return Err(fail(format!(
            "holds game {} where game {g} belongs (not written in order)",
            meta.game
        )));
    }
    if g >= config.games {
        return Err(fail(format!(
            "the file holds more than the {} games asked for",
            config.games
        )));
    }
    if meta.tournament_seed != config.seed {
        return Err(fail(format!(
            "written by a tournament with seed {}, not {}",
            meta.tournament_seed, config.seed
        )));
    }
    if meta.bots != names {
        return Err(fail(format!(
            "written by a tournament of {}, not {}",
            meta.bots.join(","),
            names.join(",")
        )));
    }
    let block = g / p;
    // The setup decides, not how its options were spelled: a game played
    // before a default changed still belongs when the options now name the
    // old value (for example Marine's `max-rounds=60`).
    if line.record.setup != setups[block % setups.len()] {
        let options = &variants[block % variants.len()];
        return Err(fail(if &meta.options != options {
            format!(
                "played with options [{}], this tournament uses [{}]",
                meta.options.join(" "),
                options.join(" ")
            )
        } else {
            "its setup is not this tournament's (were the game's defaults changed?)".into()
        }));
    }
    let seating = seating_of(g, p);
    let per_seat = |len: usize| len == p;
    let optional = |len: usize| len == p || len == 0;
    if meta.seating != seating
        || !per_seat(meta.decisions.len())
        || !per_seat(meta.think_ms.len())
        || !optional(meta.searches.len())
        || !optional(meta.iterations.len())
        || !optional(meta.search_ms.len())
    {
        return Err(fail(
            "its seating or per-seat counts do not match the rotation".into(),
        ));
    }
    let record = line.record;
    if record.seed != mix_seed(config.seed, block as u64) {
        return Err(fail("its deal is not this tournament's".into()));
    }
    let (state, _) = record
        .replay()
        .map_err(|e| fail(format!("does not replay: {e}")))?;
    // The turn order the roles started with: the game's first state.
    let first =
        G::new(&record.setup, record.seed).map_err(|e| fail(format!("its setup fails: {e}")))?;
    let mut played = PlayedGame {
        outcome: None,
        roles: (0..p).map(|i| G::roles(&state, Seat(i as u8))).collect(),
        initiative: (0..p)
            .map(|i| G::initiative(&first, Seat(i as u8)))
            .collect(),
        decisions: meta.decisions.clone(),
        think: meta.think_ms.iter().map(|&ms| millis(ms)).collect(),
        search: (0..p)
            .map(|i| SearchTotals {
                searches: meta.searches.get(i).copied().unwrap_or(0),
                iterations: meta.iterations.get(i).copied().unwrap_or(0),
                time: millis(meta.search_ms.get(i).copied().unwrap_or(0.0)),
            })
            .collect(),
        error: meta.error.clone(),
        record,
    };
    if played.error.is_none() {
        played.outcome = G::outcome(&state);
        if played.outcome.is_none() {
            return Err(fail("recorded as finished but the game is not over".into()));
        }
    }
    Ok(Finished {
        game: g,
        seating,
        played,
    })
}
