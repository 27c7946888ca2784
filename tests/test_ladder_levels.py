"""The level notes the ladder writes (assets/<game>/levels.json) and the setup tooltip read from them."""

from __future__ import annotations

import json

import pytest

import game.core.levels as levels
from game.cli import main

FALLBACK = "A person at this screen, or a bot of that strength"


@pytest.fixture(autouse=True)
def _fresh_warnings(monkeypatch):
    monkeypatch.setattr(levels, "_warned", set())


def _file(tmp_path, data) -> object:
    path = tmp_path / "levels.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_the_tooltip_lists_each_levels_words_weakest_first(tmp_path, capsys):
    path = _file(tmp_path, {"levels": {
        "hard": {"against": "normal", "words": "Hard wins about 7 games in 10 against Normal (200 games measured)."},
        "normal": {"against": "easy", "words": "Normal wins about 6 games in 10 against Easy (200 games measured)."},
        "expert": {"against": "hard", "words": "Expert against Hard: not measured yet (12 games so far)."}}})
    tip = levels.level_tooltip("realm", ["human", "easy", "normal", "hard"], FALLBACK, path)
    assert tip == "\n".join([FALLBACK, "Measured, two players:",
                             "Normal wins about 6 games in 10 against Easy (200 games measured).",
                             "Hard wins about 7 games in 10 against Normal (200 games measured)."])
    assert capsys.readouterr().err == ""
    assert levels.level_tooltip("realm", ["expert"], None, path).endswith("not measured yet (12 games so far).")


@pytest.mark.parametrize("content, why", [
    (None, "cannot read"),
    ("{not json", "not JSON"),
    ({"levels": ["hard"]}, "no 'levels' object"),
    ({"levels": {"hard": {"words": ""}}}, "level 'hard' has no words"),
])
def test_a_missing_or_damaged_file_gives_the_old_tooltip_and_one_warning(tmp_path, capsys, content, why):
    path = tmp_path / "levels.json" if content is None else _file(tmp_path, content)
    assert levels.level_tooltip("arcana", ["hard"], FALLBACK, path) == FALLBACK
    assert levels.level_tooltip("arcana", ["hard"], FALLBACK, path) == FALLBACK
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("warning: ") and why in err[0]  # once, in one line


def test_the_shipped_files_read_and_name_their_game_counts():
    for key in ("realm", "arcana"):
        words = levels.read_level_words(levels.levels_path(key))
        assert words and all("games" in text for text in words.values())


def test_the_ladder_command_rates_and_writes_the_notes(tmp_path, monkeypatch, capsys):
    target = tmp_path / "assets" / "levels.json"
    monkeypatch.setattr(levels, "levels_path", lambda key: target)
    results = tmp_path / "ladder.jsonl"
    args = ["ladder", "--game", "realm", "--levels", "random,easy", "--games", "2", "--seed", "3",
            "--results", str(results), "--resamples", "20", "--write-levels"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "random = 0" in out and "easy vs random" in out and f"wrote {target}" in out
    notes = json.loads(target.read_text())
    assert notes["levels"]["easy"]["games"] == 2 and "not measured yet" in notes["levels"]["easy"]["words"]
    assert main([*args, "--report", "--json"]) == 0  # nothing more played: the same two games
    assert json.loads(capsys.readouterr().out.split("\nwrote")[0])["pairs"][0]["games"] == 2
    assert main(["ladder", "--results", str(results), "--levels", "random,nobody"]) == 2
    assert "not a default level" in capsys.readouterr().err
