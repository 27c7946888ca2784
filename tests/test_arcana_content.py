"""Res Arcana content: counts, validation errors, and a cross-check against the reference data."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.arcana.engine.content import ESSENCES, ContentError, default_content, load_content
from game.core.paths import resource_path

_ROOT = Path(__file__).resolve().parents[1]
# ../shared/data/res-arcana/ relative to the project root (a worktree sits one level deeper)
REFERENCE = next((r / "shared" / "data" / "res-arcana" / "cards.json" for r in (_ROOT.parent, _ROOT.parent.parent)
                  if (r / "shared" / "data" / "res-arcana" / "cards.json").exists()),
                 _ROOT.parent / "shared" / "data" / "res-arcana" / "cards.json")
ASSETS = resource_path("assets", "arcana")


def test_counts() -> None:
    c = default_content()
    assert (len(c.artifacts), len(c.mages), len(c.items), len(c.monuments), len(c.places)) == (40, 10, 8, 10, 10)
    assert len(c.essence_names) == 5
    assert sum(1 for i in c.artifacts if c.cards[i].dragon) == 6
    assert sum(1 for i in c.artifacts if c.cards[i].creature) == 7
    assert all(c.cards[i].cost == (0, 0, 0, 0, 4) for i in c.monuments)
    assert sorted(c.presets) == [1, 2, 3, 4]


def test_every_card_has_a_description_in_our_words() -> None:
    c = default_content()
    for cd in c.cards:
        assert cd.text and len(cd.text) < 400


def _reference() -> dict:
    if not REFERENCE.exists():
        pytest.skip("reference data (../shared) not present")
    return json.loads(REFERENCE.read_text())


def _vec(spec: dict) -> tuple[tuple[int, ...], int]:
    return tuple(spec.get(e, 0) for e in ESSENCES), spec.get("any", 0)


def test_cross_check_against_reference() -> None:
    ref = _reference()
    c = default_content()
    seen = 0
    for key in ("artifacts", "mages", "magic_items", "monuments", "places_of_power"):
        for r in ref[key]:
            cd = c.card(r["id"])
            assert cd.name == r["name"]
            if key not in ("mages", "magic_items"):
                assert (cd.cost, cd.cost_any) == _vec(r["cost"]), r["id"]
            assert cd.vp == r["vp"], r["id"]
            assert (cd.dragon, cd.creature) == ("dragon" in r["subtypes"], "creature" in r["subtypes"]), r["id"]
            assert len(cd.powers) == len(r["powers"]), r["id"]
            for pw, rp in zip(cd.powers, r["powers"]):
                assert pw.reaction == (rp["kind"] == "reaction") and pw.turn == rp["cost"].get("turn_self", False)
                assert [e["op"] for e in pw.effects] == [e["op"] for e in rp["effects"]], rp["id"]
            seen += 1
    assert seen == 78


def test_no_reference_text_copied() -> None:
    ref = _reference()
    texts = {p.get("card_text") for k in ("artifacts", "mages", "magic_items", "monuments", "places_of_power")
             for r in ref[k] for p in r.get("powers", []) + r.get("abilities", [])}
    texts.discard(None)
    for f in ASSETS.glob("*.toml"):
        body = f.read_text()
        assert "card_text" not in body
        for t in texts:
            assert t not in body, (f.name, t)


def _broken(tmp_path: Path, fname: str, old: str, new: str) -> Path:
    d = tmp_path / "arcana"
    shutil.copytree(ASSETS, d)
    p = d / fname
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    return d


@pytest.mark.parametrize("fname,old,new,words", [
    ("artifacts.toml", 'cost = { elan = 1, gold = 1 }', 'cost = { elan = 1, gild = 1 }', "athanor"),
    ("artifacts.toml", 'op = "gain"', 'op = "gane"', "athanor power 1"),
    ("mages.toml", 'kind = "reaction"', 'kind = "sometimes"', "healer"),
    ("places.toml", 'other_side = "alchemists_tower"', 'other_side = "coral_castle"', "sacred_grove"),
    ("monuments.toml", 'vp = 2', 'vp = -2', "colossus"),
    ("presets.toml", '"dragon_teeth"', '"dragon_tooth"', "first_game.1"),
])
def test_errors_name_file_and_entry(tmp_path: Path, fname: str, old: str, new: str, words: str) -> None:
    d = _broken(tmp_path, fname, old, new)
    with pytest.raises(ContentError) as exc:
        load_content(d)
    assert fname in str(exc.value) and words in str(exc.value)


def test_missing_file(tmp_path: Path) -> None:
    d = tmp_path / "arcana"
    shutil.copytree(ASSETS, d)
    (d / "monuments.toml").unlink()
    with pytest.raises(ContentError, match="monuments.toml"):
        load_content(d)


def test_every_power_is_covered_by_a_scenario_test() -> None:
    from .test_arcana_powers import SCENARIOS

    c = default_content()
    assert {pw.id for cd in c.cards for pw in cd.powers} == set(SCENARIOS)
