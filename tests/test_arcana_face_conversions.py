"""A conversion power's face says what the essences turn into, as its data does (play-test: Athanor's face
said its second power gives "X of one other type (not Gold)" while its text and data, ``to = "gold"``, turn
X essences of one type into X Gold; the face's words ignored the effect's ``to``).

Over every card of the content and every conversion effect (spend X of one type for X of another, or a
card's cost turned into essences): the face's row names Gold as what is gained exactly when the data
gives Gold, says "not Gold" exactly when the data leaves Gold out, and agrees with the card's words
(:func:`power_words`) on both.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.arcana.engine.content import default_content
from game.arcana.engine.power_words import power_words
from game.arcana.ui import look as L

CARDS = default_content().cards
CONVERSIONS = ("convert_paid_identical", "gain_cost_of_destroyed", "gain_cost_of_discarded")
CASES = [(cd, k, e) for cd in CARDS for k, pw in enumerate(cd.powers) for e in pw.effects
         if e["op"] in CONVERSIONS]


def face_words(glyphs: list[tuple]) -> str:
    """A face's glyphs read aloud: an essence icon with its count as "X Gold", the grey pentagon as
    "X of any type"."""
    out = []
    for g in glyphs:
        if g[0] == "txt":
            out.append(g[1])
        elif g[0] == "ess":
            out.append(f"{g[2]} {L.ESS_NAMES[g[1]]}")
        elif g[0] == "any":
            out.append(f"{g[1]} of any type")
    return " ".join(out)


def gives_gold(e: dict[str, Any]) -> bool:
    return e.get("to") == "gold" if e["op"] == "convert_paid_identical" else bool(e.get("_gold"))


def leaves_out_gold(e: dict[str, Any]) -> bool:
    if e["op"] == "convert_paid_identical":
        return e.get("to") != "gold" and "gold" in (e.get("excludes") or ())
    return not e.get("_gold")


def test_the_content_has_conversions_of_both_kinds() -> None:
    assert any(gives_gold(e) for _, _, e in CASES) and any(not gives_gold(e) for _, _, e in CASES)
    assert any(cd.id == "athanor" for cd, _, _ in CASES)


@pytest.mark.parametrize("cd,k,e", CASES, ids=lambda v: getattr(v, "id", None) or "")
def test_a_conversion_face_says_what_its_data_gives(cd, k, e) -> None:
    face = face_words(L.effect_glyphs(e))
    text = power_words(cd, k)
    if gives_gold(e):
        assert "Gold" in face and "not Gold" not in face and "other" not in face, (cd.name, face)
        assert "not Gold" not in text, (cd.name, text)
    else:
        assert ("not Gold" in face) == leaves_out_gold(e), (cd.name, face, e)
        assert ("not Gold" in text) == ("not Gold" in face), (cd.name, face, text)
