"""Writes the action and observation layouts of every game, as Markdown,
from the engines themselves (so the documentation cannot drift from them):

    python crates/python/tools/layouts.py            # print
    python crates/python/tools/layouts.py --write    # refresh docs/python.md

``docs/python.md`` holds the output between the lines
``<!-- layouts:begin -->`` and ``<!-- layouts:end -->``; a test checks that
it is up to date.
"""

import json
import pathlib
import sys

import eons

REPO = pathlib.Path(__file__).resolve().parents[3]
DOC = REPO / "docs" / "python.md"
BEGIN, END = "<!-- layouts:begin -->", "<!-- layouts:end -->"

#: Player counts of each game, and the one the tables describe.
PLAYERS = {game_id: (eons.game_players(game_id), 4) for game_id in eons.GAMES}


def kind(choice_json):
    """The kind of a choice: its variant's name."""
    value = json.loads(choice_json)
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and len(value) == 1:
        return next(iter(value))
    return type(value).__name__


def action_rows(game):
    """(first id, last id, kind, first choice, last choice) per run of one kind."""
    rows = []
    for action in range(game.num_distinct_actions()):
        choice = game.action_to_json(action)
        k = kind(choice)
        if rows and rows[-1][2] == k:
            rows[-1][1] = action
            rows[-1][4] = choice
        else:
            rows.append([action, action, k, choice, choice])
    return rows


def markdown():
    out = []
    for name, long_name in eons.games():
        counts, shown = PLAYERS[name]
        out.append(f"### {long_name} (`{name}`)\n")
        sizes = []
        for players in counts:
            g = eons.Game(name, players, seed=0)
            compact = sum(length for _, _, length, _ in g.compact_observation_layout())
            sizes.append(f"{players} players: {g.num_distinct_actions()} actions, observation "
                         f"{g.observation_size()} (compact {compact})")
        out.append("Sizes: " + "; ".join(sizes) + ".\n")
        game = eons.Game(name, shown, seed=0)
        out.append(f"**Actions** ({shown} players; ids in this order):\n")
        out.append("| ids | choice | first | last |")
        out.append("|---|---|---|---|")
        for first, last, k, a, b in action_rows(game):
            ids = f"{first}" if first == last else f"{first}–{last}"
            out.append(f"| {ids} | `{k}` | `{a}` | `{b}` |")
        out.append("")
        out.append(f"**Observation** ({shown} players; float32, sections in this order):\n")
        out.append("| offset | length | section | axes | values |")
        out.append("|---|---|---|---|---|")
        seats = {name: axis for name, _, _, axis in game.observation_seat_axes()}
        animals = {name: axis for name, _, _, axis in game.observation_animal_axes()}
        for section, offset, length, about in game.observation_layout():
            about = about.replace("|", "\\|").replace("\n", " ")
            axes = [f"seat {seats[section]}"] if section in seats else []
            axes += [f"animal {animals[section]}"] if section in animals else []
            out.append(f"| {offset} | {length} | `{section}` | {'; '.join(axes)} | {about} |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def main():
    text = markdown()
    if "--write" not in sys.argv:
        print(text)
        return
    doc = DOC.read_text(encoding="utf-8")
    start, end = doc.index(BEGIN) + len(BEGIN), doc.index(END)
    DOC.write_text(doc[:start] + "\n" + text + doc[end:], encoding="utf-8")
    print(f"wrote the layouts into {DOC.relative_to(REPO)}")


if __name__ == "__main__":
    main()
