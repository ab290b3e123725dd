//! Counting finished games into a report: the running totals, and the
//! per-seat, per-deal and turn-order tallies of each game.

use super::*;

/// Running totals while games come in.
pub(super) struct Tally {
    pub(super) score_sums: Vec<i64>,
    pub(super) think: Vec<Duration>,
    /// Per bot: search iterations and search time.
    pub(super) iterations: Vec<u64>,
    pub(super) search_time: Vec<Duration>,
    pub(super) roles: BTreeMap<String, (usize, usize)>,
    /// Per place in the turn order, and per role and place: games and wins.
    pub(super) initiative: BTreeMap<TurnPosition, (usize, usize)>,
    pub(super) role_initiative: BTreeMap<(String, TurnPosition), (usize, usize)>,
    /// Every statistic's games and wins, per deal.
    pub(super) deals: DealCounts,
}

/// Counts one seat of a completed game into the per-deal counts, the turn
/// order's tallies and the per-game table.
pub(super) fn count_seat<G: Game>(
    report: &mut Report,
    tally: &mut Tally,
    f: &Finished<G>,
    deal: usize,
    seat: usize,
    won: bool,
) {
    let played = &f.played;
    let b = f.seating[seat];
    tally.deals.count(deal, Statistic::Bot(b), won);
    tally
        .deals
        .count(deal, Statistic::Seat(Seat(seat as u8)), won);
    let roles = &played.roles[seat];
    let initiative = played.initiative.get(seat).map_or(&[][..], Vec::as_slice);
    // The turn order is per role; a game that gives fewer places than
    // roles reports none.
    let places: Vec<Option<TurnPosition>> = if initiative.len() == roles.len() {
        initiative.iter().copied().map(Some).collect()
    } else {
        vec![None; roles.len()]
    };
    let vp = played
        .outcome
        .as_ref()
        .and_then(|o| o.scores.get(seat).copied())
        .unwrap_or(0);
    let mut row = TableRow {
        game: f.game,
        deal,
        seat: seat + 1,
        bot: b + 1,
        bot_name: report.bots[b].name.clone(),
        role: String::new(),
        initiative: None,
        winner: won,
        vp,
    };
    if roles.is_empty() {
        report.table.push(row);
        return;
    }
    for (role, place) in roles.iter().zip(places) {
        tally.deals.count(deal, Statistic::Role(role.clone()), won);
        if let Some(place) = place {
            let e = tally.initiative.entry(place).or_default();
            e.0 += 1;
            e.1 += usize::from(won);
            let e = tally
                .role_initiative
                .entry((role.clone(), place))
                .or_default();
            e.0 += 1;
            e.1 += usize::from(won);
            tally.deals.count(deal, Statistic::Initiative(place), won);
            tally
                .deals
                .count(deal, Statistic::RoleInitiative(role.clone(), place), won);
        }
        row.role = role.clone();
        row.initiative = place.map(|x| x.index() + 1);
        report.table.push(row.clone());
    }
}

/// Counts one finished game into the report; returns the winning bot.
pub(super) fn count_game<G: Game>(
    report: &mut Report,
    tally: &mut Tally,
    f: &Finished<G>,
) -> Option<usize> {
    let p = report.players;
    let played = &f.played;
    for (seat, &b) in f.seating.iter().enumerate() {
        report.bots[b].decisions += played.decisions[seat];
        tally.think[b] += played.think[seat];
        let search = played.search[seat];
        report.bots[b].searches += search.searches;
        tally.iterations[b] += search.iterations;
        tally.search_time[b] += search.time;
    }
    match (&played.outcome, &played.error) {
        (Some(outcome), None) if outcome.winner().is_some_and(|w| w.index() < p) => {
            let w = outcome.winner().map_or(0, Seat::index);
            report.completed += 1;
            let deal = f.game / p;
            for (seat, &b) in f.seating.iter().enumerate() {
                count_seat(report, tally, f, deal, seat, seat == w);
                let won = usize::from(seat == w);
                let row = &mut report.bots[b];
                row.games += 1;
                row.wins += won;
                row.seat_games[seat] += 1;
                tally.score_sums[b] += outcome.scores.get(seat).copied().unwrap_or(0);
                report.seats[seat].games += 1;
                report.seats[seat].wins += won;
                for role in &played.roles[seat] {
                    let e = tally.roles.entry(role.clone()).or_default();
                    e.0 += 1;
                    e.1 += won;
                    let e = row.roles.entry(role.clone()).or_default();
                    e.0 += 1;
                    e.1 += won;
                }
            }
            Some(f.seating[w])
        }
        (_, error) => {
            report.aborted.push(AbortedGame {
                game: f.game,
                reason: error
                    .clone()
                    .unwrap_or_else(|| "the outcome names no winner".to_string()),
            });
            None
        }
    }
}
