"""The Realm panels that once cut words with "…" (the payment warning, where the bid's most comes from, the
preview line) show whole items instead, and say how many were left out."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.realm.ui.payment import PaymentPanel, whole_items  # noqa: E402
from game.realm.ui.table_scene import first_sentences  # noqa: E402
from game.shell.text import fit, text_size, wrap  # noqa: E402

CONSEQUENCES = ["loses the Equity artifact", "-8 VP from the Equity Track monument",
                "-3 VP from the Dominion Track monument", "-5 VP from the best monument you can build (Coin Hoard)",
                "gives up the lead in Southern Regions"]


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def shows_only_whole(lines: list[str], items: list[str], width: int) -> bool:
    """Each line fits ``width``, no line ends in "…", and every item is in the text whole or not at all."""
    text = " ".join(lines)
    if any(text_size(ln, 13)[0] > width or ln.endswith("\u2026") for ln in lines):
        return False
    return all(item in text or item.split()[0] not in text for item in items)


def test_whole_items_keeps_items_whole_and_counts_the_rest() -> None:
    lines = whole_items("This payment: ", CONSEQUENCES, "; ", 470, 2, "point at Pay", what="consequence")
    assert 1 <= len(lines) <= 2
    assert shows_only_whole(lines, CONSEQUENCES, 470)
    text = " ".join(lines)
    shown = [c for c in CONSEQUENCES if c in text]
    assert shown and len(shown) < len(CONSEQUENCES)  # the case that used to be cut
    assert f"{len(CONSEQUENCES) - len(shown)} more (point at Pay)" in text
    # the control: the old way (the second line cut with "…") is caught by the same check
    old = wrap("This payment: " + "; ".join(CONSEQUENCES), 470, 13)
    old = [old[0], fit(old[1] + " \u2026", 470, 13)]
    assert not shows_only_whole(old, CONSEQUENCES, 470)


def test_whole_items_shows_everything_when_it_fits() -> None:
    lines = whole_items("", ["Coins 3", "Equity wardens discarded 6"], ", ", 470, 2, "", what="source")
    assert lines == ["Coins 3, Equity wardens discarded 6"]


def test_a_first_sentence_too_long_for_the_preview_line_is_never_cut() -> None:
    long = ("Build your monument on Warden Hall, scoring each pair of Radiance and Guidance wardens for 5 VP, "
            "with every player's wardens counted at the end of each age; then choose its option.")
    line = first_sentences(long, 400, 13)
    assert "\u2026" not in line and len(wrap(line, 400, 13)) == 1
    assert line.endswith("(more on hover)") or line.startswith("Enter")
    short = "Takes row 2. You gain 3 coins."
    assert first_sentences(short, 900, 13) == short


def test_the_bid_panels_secret_line_drops_the_region_rather_than_cut_it() -> None:
    assert PaymentPanel._secret_line("Stone Gardens", 400) == "in Stone Gardens; secret until all have bid"
    narrow = PaymentPanel._secret_line("Stone Gardens", 200)
    assert narrow == "secret until all have bid" and text_size(narrow, 13)[0] <= 200
