"""Play-test s5 (p1): Realm's words where a newcomer misread them. The reckoning summary's rank against the row
taken, and why a bidder holds the last place row; the card a tuck puts away; why a deployment places more
acolytes than printed; what an artifact is; a tuck that cannot raise a full track."""

from __future__ import annotations

from game.realm.engine import new_game
from game.realm.ui.overlays import ReckoningReport, ReckoningScene
from game.realm.ui.table import TableRenderer, UIHints
from game.realm.ui.words import last_place_reason, ordinal
from game.shell import testing


def _summary(order: list[int], rows: dict[int, int], bids: list[int]) -> list[str]:
    """The texts a reckoning summary draws for a 3-player reckoning on W3_01 (monument, +gain, last place)."""
    app = testing.make_app()
    s = new_game(3, seed=5)
    rep = ReckoningReport(region=0, final=False, starter=0, reward="W3_01", bids=bids, order=order, rows=rows)
    app.push(ReckoningScene(TableRenderer(s.c), s.view(0), UIHints(), rep))
    testing.step(app, 2)
    return testing.drawn_texts(app)


def _said(texts: list[str]) -> str:
    """The drawn texts as one string (a wrapped note is drawn line by line)."""
    return " ".join(texts)


def test_the_summary_says_rank_as_an_ordinal_and_row_as_a_row() -> None:
    texts = _summary([0, 1, 2], {0: 1, 1: 0, 2: 2}, [7, 5, 2])
    assert "1st" in texts and "2nd" in texts and "3rd" in texts
    assert any(t.startswith("row 2: ") for t in texts)  # the 1st bidder's row, a row by its word
    assert any(t.startswith("row 1: monument") for t in texts)
    assert any(t.startswith("row 3, last place: ") for t in texts)
    assert not any(t[:2] in ("1.", "2.", "3.") for t in texts)  # no bare number left to read as a rank


def test_a_higher_bidder_on_last_place_is_told_why() -> None:
    texts = _summary([1, 0, 2], {1: 0, 0: 2, 2: 1}, [6, 9, 4])  # the 2nd (bid 6) chose last place
    assert "chose last place to keep the bid of 6" in _said(texts)
    assert "last to choose" not in _said(texts)


def test_the_last_chooser_left_with_last_place_is_told_so() -> None:
    texts = _summary([1, 0, 2], {1: 0, 0: 1, 2: 2}, [6, 9, 4])  # control: the 3rd was left with it
    assert "last to choose: last place was the row left: it pays no bid, so the bid of 4 is kept" in _said(texts)
    assert "chose last place" not in _said(texts)


def test_ordinals_and_reasons() -> None:
    assert [ordinal(k) for k in (1, 2, 3, 4, 5, 11, 12, 21)] == ["1st", "2nd", "3rd", "4th", "5th", "11th",
                                                                  "12th", "21st"]
    assert "pays no bid" in last_place_reason(6, forced=False)
    assert "bid of 0" in last_place_reason(0, forced=False)
