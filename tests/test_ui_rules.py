"""The rules reference screen: its data (assets/rules/rules.toml) and the scene, headless."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from game.core.paths import resource_path
from game.shell import testing  # sets the SDL dummy drivers before pygame opens a window
from game.shell import text as T
from game.shell.rules import RulesScene, load_rules, rules_path
from game.shell.scene import WidgetScene

# The rulebook's headings (its table of contents), in its order. Each must be a section title or a
# "## " heading inside a section, in this order.
RULEBOOK_HEADINGS = [
    "Game Overview", "Contents", "Core Mechanics", "Action Cards", "Pillar Alignment", "Reckonings",
    "Monument Placement", "End of Age", "Winning the Game", "Table Setup", "Player Setup",
    "Faction-Specific Setup", "The Guilded", "Action Deck Setup", "Age Setup", "Playing an Age",
    "During a Round", "Action Types", "Tucking Cards", "Executing a Reckoning", "Paying Bids with Resources",
    "Reckoning Rewards", "Final Reckoning", "Gaining Artifacts", "How to Acquire Artifacts",
    "Artifact Abilities", "Game End", "2 Player Variant", "Card and Bag Setup", "During an Age", "Reckonings",
    "Monument Scoring", "A. From the Ashes Monument", "B. Influence Track Monuments",
    "C. Region Control Monuments", "D. Resource Monuments", "E. Warden Monument",
    "F. Guidance Icons (Maps and Keys)", "G. Radiance Icons (Spirits)",
    "H. Understanding Icons (Open Eye and Closed Eye)", "I. Dominion Icons (Collection)",
    "J. Equity Icons (Coin Purse)",
]

# Rules in the rulebook's own words, each with the section it belongs to.
KEY_PHRASES = {
    "tucking": ["Choose whether to tuck the card under the top or bottom of your player board",
                "Gain the benefits shown on the visible portion of the tucked card"],
    "reckoning": ["All players secretly dial in a bid",
                  "the player who chooses (or is forced to choose) the last place reward does not have to pay "
                  "their bid",
                  "Ties in bid order are broken in favor of the player with the lower score"],
    "paying-bids": ["1st bid = 1 coin, 2nd bid = 2 coins, 3rd bid = 3 coins",
                    "1 bid if kept OR 3 bids if instead discarded back to main supply"],
    "core-mechanics": ["The monuments placed in age 1 will score 3 times during the game"],
    "playing-an-age": ["All players simultaneously select 1 card from their hand",
                       "Second Age: pass counterclockwise"],
    "final-reckoning": ["The player with the least victory points executes the final reckoning"],
    "artifacts": ["You gain an artifact when you are at position 3 or higher on that track"],
    "two-player": ["The sum of all tokens drawn will be the table hand's bid"],
    "icon-monuments": ["Score points equal to your number of Maps multiplied by your number of Keys"],
    "game-end": ["Ties are broken in drafting order starting with the first player"],
}


def _flat(s: str) -> str:
    return " ".join(s.split())


@pytest.fixture(scope="module")
def sections() -> list[dict[str, str]]:
    return load_rules(rules_path("realm"))


def _heading_stream(sections: list[dict[str, str]]) -> list[str]:
    out = []
    for s in sections:
        out.append(s["title"])
        out += [line[3:].strip() for line in s["text"].splitlines() if line.startswith("## ")]
    return out


# ---------------------------------------------------------------------------- the data

def test_the_rules_file_covers_the_rulebook_headings_in_order(sections) -> None:
    stream = _heading_stream(sections)
    at = 0
    for heading in RULEBOOK_HEADINGS:
        assert heading in stream[at:], f"rulebook heading {heading!r} missing or out of order"
        at = stream.index(heading, at) + 1
    numbers = [s["number"] for s in sections]
    keys = [tuple(int(p) for p in n.split(".")) for n in numbers]
    assert keys == sorted(keys) and len(set(numbers)) == len(numbers)


def test_key_rules_appear_in_the_rulebooks_words(sections) -> None:
    by_id = {s["id"]: _flat(s["text"]) for s in sections}
    for sid, phrases in KEY_PHRASES.items():
        for phrase in phrases:
            assert phrase in by_id[sid], f"{sid}: {phrase!r}"


def test_every_section_is_complete_and_the_last_is_this_edition(sections) -> None:
    assert len(sections) >= 20
    for s in sections:
        assert all(isinstance(s[k], str) and s[k].strip() for k in ("id", "number", "title", "text")), s
    assert len({s["id"] for s in sections}) == len(sections)
    last = sections[-1]
    assert last["title"] == "This edition"
    text = _flat(last["text"])
    for words in ("card lists", "four unprinted faction boards", "reckoning reward cards",
                  "records them", "ambiguous"):
        assert words in text


def test_this_editions_faction_boards_match_the_game_data(sections) -> None:
    data = resource_path("assets", "realm", "data")
    factions = tomllib.loads((data / "factions.toml").read_text(encoding="utf-8"))["factions"]
    board = tomllib.loads((data / "board.toml").read_text(encoding="utf-8"))
    pillar = {p["id"]: p["name"] for p in board["pillars"]}
    region = {r["id"]: r["name"] for r in board["regions"]}
    lines = {line.split(" (")[0][2:]: line for line in sections[-1]["text"].splitlines() if line.startswith("- ")}
    for f in factions:
        line = lines[f["name"]]
        assert f"({pillar[f['pillar']]})" in line
        assert f"score space {f['score']}" in line and f"{f['coins']} coins" in line
        for pid, n in f["influence"].items():
            assert f"{pillar[pid]} {n}" in line
        for w in f["wardens"]:
            assert f"1 {pillar[w]} warden" in line
        for rid, n in f["acolytes"].items():
            assert f"{n} in {region[rid]}" in line


def _write(tmp_path: Path, body: str) -> Path:
    p = tmp_path / "broken_rules.toml"
    p.write_text(body, encoding="utf-8")
    return p


GOOD = '[[section]]\nid = "a"\nnumber = "1"\ntitle = "A"\ntext = """\nSome rule.\n"""\n'


@pytest.mark.parametrize("body, words", [
    ("[[section]\nid = 'a'", "not valid TOML"),
    ("title = 'no sections'", "no [[section]]"),
    ('[[section]]\nid = "a"\nnumber = "1"\ntitle = "A"\n', "has no 'text'"),
    ('[[section]]\nid = "a"\nnumber = "1"\ntitle = "A"\ntext = """\n  \n"""\n', "'text' is empty"),
    ('[[section]]\nid = "a"\nnumber = 1\ntitle = "A"\ntext = "x"\n', "'number' must be a string"),
    (GOOD + GOOD, "duplicate section id 'a'"),
])
def test_load_rules_names_the_file_on_bad_data(tmp_path: Path, body: str, words: str) -> None:
    path = _write(tmp_path, body)
    with pytest.raises(ValueError) as err:
        load_rules(path)
    msg = str(err.value)
    assert "broken_rules.toml" in msg and words in msg and "\n" not in msg, msg


def test_load_rules_on_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="nowhere.toml: missing rules file"):
        load_rules(tmp_path / "nowhere.toml")
    assert load_rules(_write(tmp_path, GOOD)) == [{"id": "a", "number": "1", "title": "A", "text": "Some rule."}]


# ---------------------------------------------------------------------------- the scene

class _Below(WidgetScene):
    """Stands in for the title screen under the rules."""


def _open(start: str | None = None, **kw) -> tuple:
    app = testing.make_app(window_size=(1280, 720))
    below = app.push(_Below())
    kw.setdefault("path", rules_path("realm"))
    scene = app.push(RulesScene(start, **kw))
    testing.step(app, 2)
    return app, below, scene


def _index(scene: RulesScene, sid: str) -> int:
    return next(i for i, s in enumerate(scene.sections) if s["id"] == sid)


def test_the_scene_opens_at_the_first_section_and_lists_every_title() -> None:
    app, _, scene = _open()
    assert scene.current["id"] == "overview" and scene.error is None
    for s in scene.sections:
        assert testing.was_drawn(app, s["number"])
    assert testing.was_drawn(app, "Game Overview") and testing.was_drawn(app, "Executing a Reckoning")
    assert testing.was_drawn(app, "In Realm of Reckoning, you lead")


def test_clicking_a_title_shows_that_section() -> None:
    app, _, scene = _open()
    testing.click(app, scene.row_rect(_index(scene, "tucking")).center, frames=2)
    assert scene.current["id"] == "tucking"
    assert testing.was_drawn(app, "Section 5.4")
    assert testing.was_drawn(app, "After performing your chosen action")
    assert not testing.was_drawn(app, "In Realm of Reckoning, you lead")
    testing.click(app, scene.row_rect(_index(scene, "this-edition")).center, frames=2)
    assert scene.current["id"] == "this-edition" and testing.was_drawn(app, "This edition")


def test_up_and_down_keys_move_between_sections() -> None:
    app, _, scene = _open("tucking")
    i = scene.index
    testing.key(app, pygame.K_DOWN, frames=2)
    assert scene.index == i + 1 and testing.was_drawn(app, "When a player has played a reckoning card")
    testing.key(app, pygame.K_UP)
    testing.key(app, pygame.K_UP, frames=2)
    assert scene.index == i - 1
    scene.select(0)
    testing.key(app, pygame.K_UP)
    assert scene.index == 0  # stays at the first section
    scene.select(len(scene.sections) - 1)
    testing.key(app, pygame.K_DOWN)
    assert scene.index == len(scene.sections) - 1


def test_unknown_start_opens_the_first_section() -> None:
    _, _, scene = _open("no-such-section")
    assert scene.index == 0
    _, _, scene = _open("two-player")
    assert scene.current["title"] == "2 Player Variant"


def test_page_down_wheel_and_end_scroll_a_long_section() -> None:
    app, _, scene = _open("reckoning")
    assert scene.max_scroll() > 0
    first, last = "When a player has played a reckoning card", "Play continues with the next player"
    assert testing.was_drawn(app, first) and not testing.was_drawn(app, last)
    testing.key(app, pygame.K_PAGEDOWN, frames=40)
    assert scene.scroll > scene.body_rect().h / 2
    assert not testing.was_drawn(app, first)
    testing.key(app, pygame.K_END, frames=40)
    assert scene.scroll == pytest.approx(scene.max_scroll()) and testing.was_drawn(app, last)
    testing.key(app, pygame.K_PAGEUP, frames=1)
    testing.key(app, pygame.K_HOME, frames=40)
    assert scene.scroll == 0 and testing.was_drawn(app, first)
    testing.wheel(app, scene.body_rect().center, dy=-1)
    testing.step(app, 40)
    assert scene.scroll > 0
    # choosing another section starts at its top; a short one does not scroll
    testing.click(app, scene.row_rect(_index(scene, "game-end")).center, frames=2)
    assert scene.scroll == 0 and scene.max_scroll() == 0
    testing.key(app, pygame.K_PAGEDOWN, frames=20)
    assert scene.scroll == 0


def test_every_line_fits_the_text_panel() -> None:
    _, _, scene = _open()
    width = scene.body_rect().w
    for i in range(len(scene.sections)):
        lay = scene.layout(i)
        assert lay.lines, scene.sections[i]["id"]
        for ln in lay.lines:
            assert ln.x + T.text_size(ln.text, ln.size, ln.bold)[0] <= width, (scene.sections[i]["id"], ln.text)


def test_escape_closes_the_scene() -> None:
    app, below, scene = _open()
    testing.key(app, pygame.K_ESCAPE)
    assert scene not in app.stack.scenes and app.stack.top is below


def test_back_button_closes_the_scene() -> None:
    app, below, scene = _open("paying-bids")
    testing.click_widget(app, testing.find_widget(app, "Back"))
    assert scene not in app.stack.scenes and app.stack.top is below


def test_a_broken_or_missing_file_shows_a_message_instead_of_crashing(tmp_path: Path) -> None:
    bad = _write(tmp_path, "[[section]\nnot toml")
    app, below, scene = _open(path=bad)
    assert scene.sections == [] and scene.error
    assert testing.was_drawn(app, "Rules unavailable") and testing.was_drawn(app, "broken_rules.toml")
    testing.key(app, pygame.K_DOWN)
    testing.key(app, pygame.K_PAGEDOWN)
    testing.wheel(app, (900, 500), dy=-1)
    testing.step(app, 2)
    testing.key(app, pygame.K_ESCAPE)
    assert app.stack.top is below
    app, _, scene = _open("tucking", path=tmp_path / "gone.toml")
    assert testing.was_drawn(app, "gone.toml: missing rules file")


def test_dragging_the_scrollbar_scrolls_the_text() -> None:
    app, _, scene = _open("two-player")
    thumb = scene._thumb()
    assert thumb is not None
    testing.drag(app, thumb.center, (thumb.centerx, thumb.centery + 150))
    assert scene.scroll > 0 and scene.scroll == scene.target


def test_the_contents_show_they_scroll_and_scroll_by_wheel_and_keys_to_the_first_game_page() -> None:
    """The play-tester found "Your first game" below the fold of the contents with no sign of more: the list
    has a scrollbar while titles lie below, the wheel and the arrow keys bring the last title into view."""
    app, _, scene = _open()
    last = len(scene.sections) - 1
    assert scene.sections[last]["title"] == "Your first game"
    view = scene.list_view()
    assert scene.row_rect(last).bottom > view.bottom  # below the fold at first ...
    thumb = scene.list_thumb()
    assert thumb is not None and thumb.y <= scene.list_view().y + 8  # ... and the list says so, at its top
    assert testing.was_drawn(app, "more below") and not testing.was_drawn(app, "more above")
    testing.wheel(app, view.center, dy=-3)
    testing.step(app, 2)
    assert view.contains(scene.row_rect(last)) and scene.list_thumb().bottom >= view.bottom - 8
    assert testing.was_drawn(app, "more above") and not testing.was_drawn(app, "more below")
    testing.wheel(app, view.center, dy=5)
    assert scene.list_scroll == 0
    scene.select(last - 3)
    for _ in range(3):
        testing.key(app, pygame.K_DOWN)
    assert scene.index == last and view.contains(scene.row_rect(last))


def test_the_first_game_page_is_one_click_away_from_the_top_of_the_screen() -> None:
    app, _, scene = _open()
    assert scene.index == 0
    testing.click_widget(app, testing.find_widget(app, "\u2605 Your first game"), frames=2)
    last = len(scene.sections) - 1
    assert scene.index == last and scene.list_view().contains(scene.row_rect(last))
    assert testing.was_drawn(app, "A short tour of one game")
    # the control: a game with no page of its own (Res Arcana) has no such button
    app, _, scene = _open(path=rules_path("arcana"))
    texts = [getattr(w, "text", "") or "" for w in testing.widgets(app)]
    assert scene.first_game is None and not any("first game" in text for text in texts)


def test_a_contents_list_that_fits_has_no_scrollbar(tmp_path: Path) -> None:
    app, _, scene = _open(path=_write(tmp_path, GOOD))
    assert scene.list_thumb() is None and scene.list_max_scroll() == 0 and not testing.was_drawn(app, "more ")
