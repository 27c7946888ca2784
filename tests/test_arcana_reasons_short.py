"""The hint's reasons (game/arcana/ui/reasons.py) read one function a screen: no function longer than 50
lines (``_power_reason`` was 85 and ``hint_reason`` 99 before they were split into named parts)."""

from __future__ import annotations

import ast
from pathlib import Path

import game.arcana.ui.reasons as reasons


def test_every_function_of_the_reasons_fits_one_screen() -> None:
    tree = ast.parse(Path(reasons.__file__).read_text(encoding="utf-8"))
    long = {f.name: f.end_lineno - f.lineno + 1 for f in ast.walk(tree)
            if isinstance(f, ast.FunctionDef) and f.end_lineno - f.lineno + 1 > 50}
    assert not long, long
