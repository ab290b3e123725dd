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
