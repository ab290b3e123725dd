"""eons.study: the tournaments of `eons tournament`, on local processes and
on a local Ray instance; records that `eons replay` reads."""

import json
import subprocess

import pytest

import eons
from eons import study


def test_a_study_on_local_processes_is_eons_tournament_s(tmp_path):
    out = tmp_path / "games.jsonl"
    result = study.tournament(
        "ds", ["greedy", "random"], games=4, seed=7, out=str(out), workers=2, progress=False
    )
    assert result.backend == "processes"
    report = result.report
    assert report["completed"] == 4 and report["resumed"] == 4
    assert sum(b["wins"] for b in report["bots"]) == 4
    for bot in report["bots"]:
        low, high = bot["interval"]
        assert 0.0 <= low <= bot["win_rate"] <= high <= 1.0
    assert "greedy" in result.text
    lines = out.read_text().splitlines()
    assert [json.loads(line)["tournament"]["game"] for line in lines] == [0, 1, 2, 3]
    # Game 2 of the study is game 2 of the schedule, replayable here too.
    game = eons.Game.from_record(lines[2])
    assert game.is_over()


def test_the_records_replay_with_eons_replay(tmp_path, eons_bin):
    out = tmp_path / "games.jsonl"
    study.tournament("pangea", ["random", "random"], games=2, seed=1, out=str(out), workers=1, progress=False)
    replayed = subprocess.run(
        [eons_bin, "replay", str(out), "--game-index", "1"], capture_output=True, text=True, check=True
    )
    assert "Game over." in replayed.stdout and "Winner: seat" in replayed.stdout
    game = eons.Game("pangea", 2, seed=4)
    game.play_random(2)
    single = tmp_path / "one.json"
    single.write_text(game.record() + "\n")
    assert game.is_over()
    replayed = subprocess.run([eons_bin, "replay", str(single)], capture_output=True, text=True, check=True)
    winner = game.returns().index(1.0)
    assert f"Winner: seat {winner + 1}" in replayed.stdout


def test_a_study_on_a_local_ray_instance_matches_local_processes(tmp_path):
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = study.balance("marine", 2, games=4, seed=3, out=str(tmp_path / "ray.jsonl"), progress=False)
    finally:
        ray.shutdown()
    assert on_ray.backend == "ray"
    local = study.balance("marine", 2, games=4, seed=3, out=str(tmp_path / "local.jsonl"), workers=2, progress=False)
    assert (tmp_path / "ray.jsonl").read_text() != ""
    strip = lambda text: [  # noqa: E731 (the thinking times differ)
        {k: v for k, v in json.loads(line).items() if k != "tournament"} for line in text.splitlines()
    ]
    assert strip((tmp_path / "ray.jsonl").read_text()) == strip((tmp_path / "local.jsonl").read_text())
    assert on_ray.report["roles"] == local.report["roles"]
    assert on_ray.report["completed"] == 4


def test_bad_studies_are_refused_before_any_game():
    with pytest.raises(ValueError):
        study.tournament("ds", ["random", "alphazero"], games=2, progress=False)
    with pytest.raises(ValueError):
        study.tournament("ds", ["random"] * 7, games=2, progress=False)


def _rate(rows):
    return sum(r["winner"] for r in rows) / len(rows)


def test_the_per_game_table_separates_seat_from_turn_order(tmp_path):
    result = study.balance("ds", 4, games=8, bot="greedy", seed=11, out=str(tmp_path / "g.jsonl"), workers=2,
                           progress=False)
    report, table = result.report, result.table
    assert "table" not in report
    assert len(table) == 8 * 4
    assert [(r["game"], r["seat"]) for r in table] == [(g, s) for g in range(8) for s in range(1, 5)]
    for game in range(8):
        rows = [r for r in table if r["game"] == game]
        assert {r["deal"] for r in rows} == {game // 4}
        assert sum(r["winner"] for r in rows) == 1
        # The animal fixes the turn order (reverse food chain), not the seat.
        assert sorted(r["initiative"] for r in rows) == [1, 2, 3, 4]
        order = ["insects", "arachnids", "amphibians", "birds", "reptiles", "mammals"]
        by_initiative = sorted(rows, key=lambda r: r["initiative"])
        assert [order.index(r["role"]) for r in by_initiative] == sorted(order.index(r["role"]) for r in rows)
        # One deal: the same animals in the same seats in all four games.
        deal_rows = [r for r in table if r["deal"] == game // 4 and r["seat"] == 1]
        assert len({r["role"] for r in deal_rows}) == 1
        assert {r["bot"] for r in rows} == {1, 2, 3, 4}
    # The report's tables are the table's counts.
    for role in report["roles"]:
        rows = [r for r in table if r["role"] == role["name"]]
        assert (role["games"], role["wins"]) == (len(rows), sum(r["winner"] for r in rows))
    for place in report["initiative"]:
        rows = [r for r in table if f"initiative {r['initiative']}" == place["name"]]
        assert (place["games"], place["wins"]) == (len(rows), sum(r["winner"] for r in rows))
    for cell in report["role_initiative"]:
        rows = [r for r in table if f"{r['role']}, initiative {r['initiative']}" == cell["name"]]
        assert (cell["games"], cell["wins"]) == (len(rows), sum(r["winner"] for r in rows))
    assert sum(r["vp"] for r in table if r["winner"]) > 0
    assert "turn order at the start" in result.text and "by deal 95%" in result.text


def test_deal_intervals_resample_deals_not_games(tmp_path):
    result = study.balance("ds", 4, games=8, bot="greedy", seed=11, out=str(tmp_path / "g.jsonl"), workers=2,
                           progress=False)
    report, table = result.report, result.table
    assert report["deals"] == 2 and report["resamples"] == 2000
    # Two deals: every resample is deal A twice, B twice or one of each, so
    # the interval lies between the two deals' own rates (Wilson's, which
    # counts 32 independent games, does not).
    for seat in report["seats"]:
        number = int(seat["name"].split()[1])
        per_deal = [_rate([r for r in table if r["deal"] == d and r["seat"] == number]) for d in (0, 1)]
        low, high = seat["deal_interval"]
        assert min(per_deal) - 1e-12 <= low <= seat["win_rate"] <= high <= max(per_deal) + 1e-12, (seat, per_deal)
    for bot in report["bots"]:
        low, high = bot["deal_interval"]
        assert low <= bot["win_rate"] <= high
    # The interval is the study's, whatever runs the report again.
    again, _ = eons._eons.tournament_report(
        json.dumps({"game": "ds", "bots": ["greedy"] * 4, "games": 8, "seed": 11}), str(tmp_path / "g.jsonl")
    )
    again = json.loads(again)
    assert [r["deal_interval"] for r in again["roles"]] == [r["deal_interval"] for r in report["roles"]]


def test_one_deal_leaves_nothing_to_resample(tmp_path):
    result = study.balance("pangea", 4, games=4, bot="greedy", seed=2, out=str(tmp_path / "g.jsonl"), workers=1,
                           progress=False)
    report = result.report
    assert report["deals"] == 1
    for row in report["seats"] + report["roles"] + report["initiative"]:
        assert row["deal_interval"] == [row["win_rate"], row["win_rate"]], row
        low, high = row["interval"]
        assert high - low > 0.2  # Wilson's, as if the four games were independent
    # Pangea's players start in order of their group's Expansiveness.
    assert sorted(r["initiative"] for r in result.table if r["game"] == 0) == [1, 2, 3, 4]


def test_the_table_csv_is_eons_tournament_s(tmp_path, eons_bin):
    out = tmp_path / "g.jsonl"
    result = study.tournament("marine", ["greedy", "random", "random"], games=3, seed=5, out=str(out), workers=1,
                              progress=False)
    mine = tmp_path / "study.csv"
    result.write_table(str(mine))
    theirs = tmp_path / "cli.csv"
    subprocess.run(
        [eons_bin, "tournament", "marine", "--bots", "greedy,random,random", "--games", "3", "--seed", "5",
         "--out", str(out), "--report-only", "--table", str(theirs)],
        capture_output=True, text=True, check=True,
    )
    assert mine.read_text() == theirs.read_text()
    # Marine's animals play in reverse food-chain order all game.
    chain = ["reptiles", "cephalopods", "fishes", "crustaceans"]
    for game in range(3):
        rows = sorted((r for r in result.table if r["game"] == game), key=lambda r: r["initiative"])
        assert [r["initiative"] for r in rows] == list(range(1, len(rows) + 1))
        ranks = [chain.index(r["role"].lower()) for r in rows]
        assert ranks == sorted(ranks, reverse=True), rows
    lines = mine.read_text().splitlines()
    assert lines[0] == ",".join(study.TABLE_COLUMNS)
    assert len(lines) == 1 + len(result.table) and len(result.table) >= 9
