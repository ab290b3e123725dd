//! The tournament runner on the tests' toy game Card Race (`demo`).

use eons_bots::tournament::{
    self, format_report, run_entrants, Config, Entrant, Progress, TournamentError,
};
use eons_bots::{parse_bot_list, Bot};
use eons_core::{Game, Record, Seat};
use eons_toy::{CardRace, CardRaceChoice};

fn config(bots: &str, games: usize, seed: u64) -> Config {
    let bots = parse_bot_list(bots).expect("valid bots");
    Config::new(bots.len(), bots, games, seed)
}

fn records_of<G: Game>(bytes: &[u8]) -> Vec<Record<G>> {
    std::str::from_utf8(bytes)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str::<Record<G>>(l).expect("a record per line"))
        .collect()
}

fn run_to_vec<G: Game>(cfg: &Config) -> (tournament::Report, Vec<u8>, Vec<Progress>) {
    let entrants: Vec<Entrant<G>> = cfg.bots.iter().map(|&s| Entrant::from_spec(s)).collect();
    let mut out = Vec::new();
    let mut progress = Vec::new();
    let report = run_entrants::<G>(
        cfg,
        &entrants,
        Vec::new(),
        Some(&mut out),
        &mut |p: &Progress| progress.push(p.clone()),
    )
    .expect("runs");
    (report, out, progress)
}

#[test]
fn seat_rotation_balances_seats_and_wins_add_up() {
    let mut cfg = config("mcts:40it,greedy,random", 12, 5);
    cfg.threads = 2;
    let (report, out, progress) = run_to_vec::<CardRace>(&cfg);
    assert!(report.balanced);
    assert_eq!(report.scheduled, 12);
    assert_eq!(report.completed, 12);
    assert!(report.aborted.is_empty());
    for b in &report.bots {
        assert_eq!(b.games, 12);
        assert_eq!(b.seat_games, vec![4, 4, 4], "{}", b.name);
        assert!(b.decisions > 0);
        assert!(b.interval.0 <= b.win_rate && b.win_rate <= b.interval.1);
    }
    // Only the search bot searches; its searches are counted with their
    // iterations (and no more searches than decisions).
    let mcts = &report.bots[0];
    assert!(
        mcts.searches > 0 && mcts.searches <= mcts.decisions,
        "{mcts:?}"
    );
    assert!(mcts.iterations_per_sec > 0.0, "{mcts:?}");
    for b in &report.bots[1..] {
        assert_eq!((b.searches, b.iterations_per_sec), (0, 0.0), "{}", b.name);
    }
    let text = std::str::from_utf8(&out).expect("utf-8");
    let mut iterations = 0;
    for line in text.lines() {
        let meta = tournament::GameLine::<CardRace>::from_json(line)
            .expect("a game line")
            .meta;
        let seat = meta.seating.iter().position(|&b| b == 0).expect("seated");
        // 40 iterations per search, fewer when it stopped early.
        assert!(
            meta.iterations[seat] <= 40 * meta.searches[seat],
            "{meta:?}"
        );
        iterations += meta.iterations[seat];
        for other in (0..3).filter(|&s| s != seat) {
            assert_eq!((meta.searches[other], meta.iterations[other]), (0, 0));
        }
    }
    assert!(iterations > 0);
    assert!(format_report(&report).contains("iter/s"));
    let wins: usize = report.bots.iter().map(|b| b.wins).sum();
    assert_eq!(wins, report.completed);
    let seat_wins: usize = report.seats.iter().map(|s| s.wins).sum();
    assert_eq!(seat_wins, report.completed);
    assert!(report.seats.iter().all(|s| s.games == 12));
    // Roles: a colour per seat (red, green, blue) and an animal dealt at
    // random; each bot is red (seat 1) 4 times.
    let colours: Vec<(usize, usize)> = ["red", "green", "blue"]
        .iter()
        .map(|&c| {
            let r = report.roles.iter().find(|r| r.name == c).expect(c);
            (r.games, r.wins)
        })
        .collect();
    assert!(colours.iter().all(|c| c.0 == 12), "{colours:?}");
    assert_eq!(colours.iter().map(|c| c.1).sum::<usize>(), 12);
    let animal_games: usize = ["fox", "owl", "hare", "toad"]
        .iter()
        .filter_map(|&a| report.roles.iter().find(|r| r.name == a))
        .map(|r| r.games)
        .sum();
    assert_eq!(animal_games, 36);
    for b in &report.bots {
        assert_eq!(b.roles.get("red").map(|x| x.0), Some(4), "{}", b.name);
    }
    // Progress: once per game, done counts up to the total.
    assert_eq!(progress.len(), 12);
    assert_eq!(
        progress.iter().map(|p| p.done).collect::<Vec<_>>(),
        (1..=12).collect::<Vec<_>>()
    );
    let mut games: Vec<usize> = progress.iter().map(|p| p.game).collect();
    games.sort_unstable();
    assert_eq!(games, (0..12).collect::<Vec<_>>());
    // Progress winners agree with the report.
    for (i, b) in report.bots.iter().enumerate() {
        let w = progress.iter().filter(|p| p.winner == Some(i)).count();
        assert_eq!(w, b.wins);
    }
    assert_eq!(records_of::<CardRace>(&out).len(), 12);
}

#[test]
fn records_replay_and_agree_with_the_report() {
    let cfg = config("greedy,random,random,mcts:30it", 8, 11);
    let (report, out, _) = run_to_vec::<CardRace>(&cfg);
    let records = records_of::<CardRace>(&out);
    assert_eq!(records.len(), 8);
    let mut wins = [0usize; 4];
    for (g, rec) in records.iter().enumerate() {
        let (state, _) = rec.replay().expect("replays");
        let outcome = CardRace::outcome(&state).expect("finished");
        let w = outcome.winner().expect("winner").index();
        // Bot b sits in seat (b + g) mod 4.
        let bot = (w + 4 - g % 4) % 4;
        wins[bot] += 1;
        // The four games of a block share the deal.
        assert_eq!(rec.seed, records[g - g % 4].seed);
    }
    assert_ne!(records[0].seed, records[4].seed);
    let reported: Vec<usize> = report.bots.iter().map(|b| b.wins).collect();
    assert_eq!(reported, wins.to_vec());
}

#[test]
fn a_tournament_is_reproducible_whatever_the_thread_count() {
    let mut a = config("mcts:60it,threads=2,greedy,random", 6, 99);
    let mut b = a.clone();
    a.threads = 1;
    b.threads = 2;
    let (ra, oa, _) = run_to_vec::<CardRace>(&a);
    let (rb, ob, _) = run_to_vec::<CardRace>(&b);
    // Everything but the thinking times is the same.
    assert_eq!(
        records_of::<CardRace>(&oa),
        records_of::<CardRace>(&ob),
        "records differ"
    );
    for (x, y) in ra.bots.iter().zip(&rb.bots) {
        assert_eq!(
            (x.wins, x.mean_score, x.deal_interval),
            (y.wins, y.mean_score, y.deal_interval)
        );
    }
    // The deal intervals' resamples are drawn from the tournament's seed.
    assert_eq!((&ra.seats, &ra.roles), (&rb.seats, &rb.roles));
    assert_eq!(ra.table, rb.table);
    let mut c = a.clone();
    c.seed = 100;
    let (_, oc, _) = run_to_vec::<CardRace>(&c);
    assert_ne!(
        records_of::<CardRace>(&oa),
        records_of::<CardRace>(&oc),
        "the seed changed nothing"
    );
}

#[test]
fn option_variants_are_cycled_per_block() {
    let mut cfg = config("random,random", 8, 3);
    cfg.option_variants = vec![vec!["target=10".into()], vec!["target=12".into()]];
    let (report, out, _) = run_to_vec::<CardRace>(&cfg);
    assert!(report.balanced);
    let targets: Vec<u32> = records_of::<CardRace>(&out)
        .iter()
        .map(|r| r.setup.target)
        .collect();
    assert_eq!(targets, vec![10, 10, 12, 12, 10, 10, 12, 12]);
    for b in &report.bots {
        assert_eq!(b.roles.get("red").map(|x| x.0), Some(4));
    }
    cfg.games = 6;
    let (report, _, _) = run_to_vec::<CardRace>(&cfg);
    assert!(!report.balanced);
}

#[test]
fn the_stronger_bot_wins_more() {
    let mut cfg = config("mcts:400it,random", 20, 1);
    cfg.options = vec!["target=15".into()];
    let (report, _, _) = run_to_vec::<CardRace>(&cfg);
    assert_eq!(report.completed, 20);
    assert!(
        report.bots[0].wins > report.bots[1].wins,
        "{}",
        format_report(&report)
    );
}

#[test]
fn format_report_shows_every_bot_seat_and_role() {
    let cfg = config("greedy,random,mcts:20it", 3, 8);
    let (report, _, _) = run_to_vec::<CardRace>(&cfg);
    let text = format_report(&report);
    for needle in [
        "Card Race (demo)",
        "1. greedy",
        "2. random",
        "3. mcts:20it",
        "seat 1",
        "seat 3",
        "red",
        "blue",
        "Wilson 95%",
        "by deal 95%",
        "initiative 1",
        "red, initiative 1",
        "blue, initiative 3",
        "the 1 deal (each deal's 3 seat-rotated games together) resampled 2000 times",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

#[test]
fn the_run_entry_point_writes_a_records_file() {
    let dir = std::env::temp_dir().join(format!("eons-bots-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("games.jsonl");
    let mut cfg = config("random,greedy", 4, 2);
    cfg.records = Some(path.clone());
    let mut calls = 0;
    let report = tournament::run::<CardRace>(&cfg, |_| calls += 1).expect("runs");
    assert_eq!(calls, 4);
    let bytes = std::fs::read(&path).expect("records written");
    let records = records_of::<CardRace>(&bytes);
    assert_eq!(records.len(), report.completed);
    for r in &records {
        r.replay().expect("replays");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_tournaments_are_refused() {
    let cfg = config("random,random,random", 3, 0);
    let mut two = cfg.clone();
    two.players = 2;
    assert!(matches!(
        tournament::run::<CardRace>(&two, |_| {}),
        Err(TournamentError::BotCount {
            bots: 3,
            players: 2
        })
    ));
    let mut none = cfg.clone();
    none.games = 0;
    assert!(matches!(
        tournament::run::<CardRace>(&none, |_| {}),
        Err(TournamentError::NoGames)
    ));
    let mut opt = cfg.clone();
    opt.options = vec!["nonsense".into()];
    assert!(matches!(
        tournament::run::<CardRace>(&opt, |_| {}),
        Err(TournamentError::Setup(_))
    ));
    let five = config("random,random,random,random,random", 5, 0);
    assert!(matches!(
        tournament::run::<CardRace>(&five, |_| {}),
        Err(TournamentError::Setup(_))
    ));
}

/// A bot that always plays a 7, a card Card Race does not have: refused by
/// the rules.
struct Cheater;

impl Bot<CardRace> for Cheater {
    fn choose(&mut self, _: &<CardRace as Game>::State, _: Seat) -> Option<CardRaceChoice> {
        Some(CardRaceChoice::Play(7))
    }
    fn name(&self) -> String {
        "cheater".into()
    }
}

#[test]
fn games_with_a_misbehaving_bot_are_aborted_not_counted() {
    let mut cfg = config("random,random", 4, 0);
    cfg.options = vec!["target=9".into()];
    let entrants: Vec<Entrant<CardRace>> = vec![
        Entrant {
            name: "cheater".into(),
            make: Box::new(|_| Box::new(Cheater) as Box<dyn Bot<CardRace>>),
        },
        Entrant::from_spec(cfg.bots[1]),
    ];
    let mut out = Vec::new();
    let report = run_entrants::<CardRace>(&cfg, &entrants, Vec::new(), Some(&mut out), &mut |_| {})
        .expect("runs");
    assert_eq!(report.scheduled, 4);
    assert_eq!(report.completed, 0);
    assert_eq!(report.aborted.len(), 4);
    assert!(report.aborted[0].reason.contains("cheater"));
    assert!(format_report(&report).contains("aborted"));
    // The records still replay up to the failure.
    let records = records_of::<CardRace>(&out);
    assert_eq!(records.len(), 4);
    for r in &records {
        r.replay().expect("replays");
    }
}

/// The report fields that do not depend on timing.
fn tallies(r: &tournament::Report) -> Vec<(String, usize, usize, u64, Vec<usize>)> {
    r.bots
        .iter()
        .map(|b| {
            (
                b.name.clone(),
                b.games,
                b.wins,
                b.decisions,
                b.seat_games.clone(),
            )
        })
        .collect()
}

#[test]
fn a_resumed_tournament_equals_one_played_in_one_go() {
    let dir = std::env::temp_dir().join(format!("eons-bots-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let whole = dir.join("whole.jsonl");
    let parts = dir.join("parts.jsonl");
    let mut cfg = config("mcts:30it,greedy,random", 9, 11);
    cfg.records = Some(whole.clone());
    let one_go = tournament::run::<CardRace>(&cfg, |_| {}).expect("runs");
    assert_eq!(one_go.resumed, 0);

    // The first 4 games, then a run killed in the middle of writing game 4.
    let mut first = cfg.clone();
    first.games = 4;
    first.records = Some(parts.clone());
    tournament::run::<CardRace>(&first, |_| {}).expect("runs");
    let whole_text = std::fs::read_to_string(&whole).expect("read");
    let fifth = whole_text.lines().nth(4).expect("game 4");
    let mut cut = std::fs::read_to_string(&parts).expect("read");
    cut.push_str(&fifth[..fifth.len() / 2]);
    std::fs::write(&parts, cut).expect("write");

    let mut rest = cfg.clone();
    rest.records = Some(parts.clone());
    rest.resume = true;
    let mut seen = Vec::new();
    let resumed =
        tournament::run::<CardRace>(&rest, |p| seen.push((p.done, p.game))).expect("resumes");
    assert_eq!(resumed.resumed, 4);
    assert_eq!(resumed.completed, 9);
    assert_eq!(tallies(&resumed), tallies(&one_go));
    assert_eq!(resumed.seats, one_go.seats);
    assert_eq!(resumed.roles, one_go.roles);
    assert_eq!(resumed.initiative, one_go.initiative);
    assert_eq!(resumed.role_initiative, one_go.role_initiative);
    assert_eq!(resumed.table, one_go.table);
    assert_eq!(seen.len(), 9);
    assert_eq!(seen.last().map(|s| s.0), Some(9));
    // The file is now the same games, in order, as the one-go file: the
    // records (everything but the timing) are identical line by line.
    let parts_text = std::fs::read_to_string(&parts).expect("read");
    assert_eq!(
        records_of::<CardRace>(parts_text.as_bytes()),
        records_of::<CardRace>(whole_text.as_bytes())
    );
    for (k, line) in parts_text.lines().enumerate() {
        let parsed = tournament::GameLine::<CardRace>::from_json(line).expect("a game line");
        assert_eq!(parsed.meta.game, k);
        assert_eq!(parsed.meta.tournament_seed, 11);
    }

    // Resuming a finished tournament plays nothing and reports the same.
    let again = tournament::run::<CardRace>(&rest, |_| {}).expect("resumes");
    assert_eq!(again.resumed, 9);
    assert_eq!(tallies(&again), tallies(&one_go));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A records file is checked against the setups its games were played
/// with, not against how the options were written: when a game's default
/// changes (Marine's round cap did), naming the old value as an option
/// resumes the old games; another setup is refused with the options named.
#[test]
fn resuming_compares_setups_not_option_spellings() {
    let dir = std::env::temp_dir().join(format!("eons-bots-spelling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("games.jsonl");
    let mut cfg = config("random,random", 4, 9);
    cfg.records = Some(path.clone());
    tournament::run::<CardRace>(&cfg, |_| {}).expect("runs with the default target of 20");
    let mut spelled = cfg.clone();
    spelled.resume = true;
    spelled.options = vec!["target=20".into()];
    spelled.games = 6;
    let r = tournament::run::<CardRace>(&spelled, |_| {}).expect("the same setup");
    assert_eq!(r.resumed, 4);
    assert_eq!(r.completed, 6);
    let before = std::fs::read(&path).expect("read");
    let mut other = cfg.clone();
    other.resume = true;
    other.options = vec!["target=21".into()];
    other.games = 8;
    let err = tournament::run::<CardRace>(&other, |_| {}).expect_err("another setup");
    assert!(
        err.to_string()
            .contains("played with options [], this tournament uses [target=21]"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&path).expect("read"),
        before,
        "nothing written"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn resuming_another_tournament_is_refused_and_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("eons-bots-refuse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("games.jsonl");
    let mut cfg = config("random,greedy,random", 3, 4);
    cfg.records = Some(path.clone());
    tournament::run::<CardRace>(&cfg, |_| {}).expect("runs");
    // A half-written line at the end (a killed run) stays until a resume
    // that is accepted writes its first game.
    let mut before = std::fs::read(&path).expect("read");
    before.extend_from_slice(b"{\"choices\":[{\"cho");
    std::fs::write(&path, &before).expect("write");
    let mut other_seed = cfg.clone();
    other_seed.resume = true;
    other_seed.seed = 5;
    other_seed.games = 6;
    let err = tournament::run::<CardRace>(&other_seed, |_| {}).expect_err("other seed");
    assert!(err.to_string().contains("seed 4"), "{err}");
    let mut other_bots = config("random,random,random", 6, 4);
    other_bots.records = Some(path.clone());
    other_bots.resume = true;
    let err = tournament::run::<CardRace>(&other_bots, |_| {}).expect_err("other bots");
    assert!(err.to_string().contains("random,greedy,random"), "{err}");
    let mut fewer = cfg.clone();
    fewer.resume = true;
    fewer.games = 2;
    assert!(tournament::run::<CardRace>(&fewer, |_| {}).is_err());
    assert_eq!(std::fs::read(&path).expect("read"), before);
    // A damaged line in the middle is an error, not silently skipped.
    let text = String::from_utf8(before).expect("utf-8");
    let text = &text[..=text.rfind('\n').expect("complete lines")];
    let damaged = text.replacen("\"tournament\"", "\"t\"", 1);
    std::fs::write(&path, &damaged).expect("write");
    let mut resume = cfg.clone();
    resume.resume = true;
    let err = tournament::run::<CardRace>(&resume, |_| {}).expect_err("damaged");
    assert!(err.to_string().contains("line 1"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A study spread over processes plays each game alone with
/// `play_scheduled`: every game must be the one the whole tournament plays
/// (deal, seating, bot seeds, variant), and the lines written in game order
/// must count, through `resume`, to the report of the whole run.
#[test]
fn a_game_played_alone_by_play_scheduled_is_the_tournament_s_game() {
    let mut cfg = config("random,greedy", 8, 11);
    cfg.option_variants = vec![vec!["target=10".into()], vec!["target=12".into()]];
    let (report, out, _) = run_to_vec::<CardRace>(&cfg);
    let whole = std::str::from_utf8(&out).expect("utf-8");
    let mut alone = String::new();
    for (g, line) in whole.lines().enumerate() {
        let played = tournament::play_scheduled::<CardRace>(&cfg, g).expect("a scheduled game");
        let written = tournament::GameLine::<CardRace>::from_json(line).expect("a line");
        assert_eq!(played.record, written.record, "game {g}");
        assert_eq!(played.meta.seating, written.meta.seating, "game {g}");
        assert_eq!(played.meta.options, written.meta.options, "game {g}");
        alone.push_str(&played.to_json().expect("json"));
        alone.push('\n');
    }
    assert!(matches!(
        tournament::play_scheduled::<CardRace>(&cfg, 8),
        Err(TournamentError::GameOutOfRange { game: 8, games: 8 })
    ));
    let dir = std::env::temp_dir().join(format!("eons-play-scheduled-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("games.jsonl");
    std::fs::write(&path, alone).expect("written");
    cfg.records = Some(path);
    cfg.resume = true;
    let counted = tournament::run::<CardRace>(&cfg, |_| {}).expect("counted");
    assert_eq!(
        counted.resumed, 8,
        "every game was read back, none played again"
    );
    // Everything but the thinking times, which each process measured anew.
    assert_eq!(tallies(&counted), tallies(&report));
    let means =
        |r: &tournament::Report| -> Vec<f64> { r.bots.iter().map(|b| b.mean_score).collect() };
    assert_eq!(means(&counted), means(&report));
    assert_eq!(counted.seats, report.seats);
    assert_eq!(counted.roles, report.roles);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_table_has_a_row_per_game_seat_and_role_with_its_turn_order() {
    let mut cfg = config("greedy,random,random", 9, 21);
    cfg.threads = 2;
    cfg.option_variants = vec![vec!["target=12".into()]];
    let (report, _, _) = run_to_vec::<CardRace>(&cfg);
    assert_eq!(report.deals, 3);
    // Two rows a seat: its colour, then its animal.
    assert_eq!(report.table.len(), 9 * 3 * 2);
    for (i, row) in report.table.iter().enumerate() {
        let (game, seat) = (i / 6, i / 2 % 3 + 1);
        assert_eq!((row.game, row.deal, row.seat), (game, game / 3, seat));
        // Bot b sits in seat (b + g) mod 3.
        assert_eq!(row.bot, (seat - 1 + 3 - game % 3) % 3 + 1);
        assert_eq!(row.bot_name, report.bots[row.bot - 1].name);
        // Seat 1 plays first.
        assert_eq!(row.initiative, Some(seat));
        if i % 2 == 0 {
            assert_eq!(row.role, ["red", "green", "blue"][seat - 1]);
        } else {
            assert!(
                ["fox", "owl", "hare", "toad"].contains(&row.role.as_str()),
                "{row:?}"
            );
        }
    }
    for game in 0..9 {
        let rows = &report.table[game * 6..game * 6 + 6];
        assert_eq!(rows.iter().filter(|r| r.winner).count(), 2, "{rows:?}");
        let best = rows.iter().map(|r| r.vp).max();
        let winner = rows.iter().find(|r| r.winner).map(|r| r.vp);
        assert_eq!(winner, best, "{rows:?}");
    }
    // The rate tables count the table's rows (two roles a seat).
    let names: Vec<&str> = report.initiative.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["initiative 1", "initiative 2", "initiative 3"]);
    for (i, place) in report.initiative.iter().enumerate() {
        let rows: Vec<_> = report
            .table
            .iter()
            .filter(|r| r.initiative == Some(i + 1))
            .collect();
        let wins = rows.iter().filter(|r| r.winner).count();
        assert_eq!((place.games, place.wins), (rows.len(), wins));
        assert_eq!(place.wins, 2 * report.seats[i].wins);
        assert!(place.deal_interval.0 <= place.win_rate && place.win_rate <= place.deal_interval.1);
    }
    let names: Vec<&str> = report
        .role_initiative
        .iter()
        .map(|r| r.name.as_str())
        .collect();
    for colour in [
        "red, initiative 1",
        "green, initiative 2",
        "blue, initiative 3",
    ] {
        assert!(names.contains(&colour), "{names:?}");
    }
    assert!(!names.contains(&"red, initiative 2"), "{names:?}");

    let mut csv = Vec::new();
    tournament::write_table(&report, &mut csv).expect("written");
    let csv = String::from_utf8(csv).expect("utf-8");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 1 + 54);
    assert_eq!(lines[0], tournament::TABLE_COLUMNS.join(","));
    let first = &report.table[0];
    assert_eq!(
        lines[1],
        format!(
            "0,0,1,1,greedy,red,1,{},{}",
            u8::from(first.winner),
            first.vp
        )
    );
}

#[test]
fn a_bot_spec_with_a_comma_is_quoted_in_the_table() {
    let cfg = config("mcts:10it,threads=2,random", 2, 4);
    let (report, _, _) = run_to_vec::<CardRace>(&cfg);
    let mut csv = Vec::new();
    tournament::write_table(&report, &mut csv).expect("written");
    let csv = String::from_utf8(csv).expect("utf-8");
    assert!(
        csv.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("0,0,1,1,\"mcts:10it,threads=2\",")),
        "{csv}"
    );
}
