"""Reading a Rules object: ``str`` (a one-line summary against the preset), ``repr`` (the
dataclass repr, which round-trips), and every field's description in the docstring help()
shows, for every game's Rules."""

from __future__ import annotations

import dataclasses
import pydoc
import re
from typing import Any

import pytest

import trickcore as tc
from trickcore import Card, CardSet
from trickcore.core.rule_fields import documented, rule
from trickcore.draughts import simulation as draughts_simulation

RULES_CLASSES = (tc.hearts.Rules, tc.spades.Rules, tc.dam.Rules, draughts_simulation.Rules)


@pytest.mark.parametrize(("rules", "text"), [
    (tc.hearts.Rules.svarta_maja(),
     "Svarta Maja, 4 players, pass 3 (left, right, across, none), moon: add-to-others (26)"),
    (tc.hearts.Rules.svarta_maja(jack_of_diamonds_points=-10, players=5, limit=50),
     "Svarta Maja, 5 players, pass 3 (left, right, none), moon: add-to-others (26), J♦ -10, "
     "to 50"),
    (tc.hearts.Rules.svarta_maja(children=True),
     "Svarta Maja, 4 players, pass 3 (left, right, across, none), no moon, hearts 0, Q♠ 1, "
     "no limit, 1 deal"),
    (tc.hearts.Rules.spardame(players=5), "Spardame, 5 players, pass 2 (left), no moon"),
    (tc.hearts.Rules.svarta_maja(pass_count=0, moon="subtract-from-shooter", moon_points=30,
                                 card_points={"7C": 5}, queen_breaks_hearts=True,
                                 first_trick_protected=False, removed="2C 2D 3C 3D"),
     "Svarta Maja, 4 players, no passing, moon: subtract-from-shooter (30), removed 2♣ 3♣ 2♦ 3♦, "
     "no first trick protected, queen breaks hearts, 7♣ 5"),
    (tc.spades.Rules.standard(), "Spades, partnerships, to 500"),
    (tc.spades.Rules.standard(partnerships=False, target=300, nil_value=50, jokers=True,
                              misdeal=("no-spades", "long-suit"), renege="table"),
     "Spades, cutthroat, to 300, nil ±50, reneges: table, jokers, misdeals: no-spades, "
     "long-suit"),
    (tc.dam.Rules.avoid(), "Dam (avoid), 4 players, 2 packs, hands of 12"),
    (tc.dam.Rules.collect(players=3, packs=1, hand_size=13, jokers="points", joker_points=5,
                          turn_trump=True),
     "Dam (collect), 3 players, 1 pack, hands of 13, jokers: points, jokers worth 5, "
     "turn trump"),
    (tc.dam.Rules.avoid(duplicates="last", score_by="tricks", deals=3),
     "Dam (avoid), 4 players, 2 packs, hands of 12, the last of two identical cards ranks "
     "higher, score by tricks, 3 deals"),
    (draughts_simulation.Rules(), "Draughts (WCDF)"),
    (draughts_simulation.Rules(auto_draw=False, max_plies=200),
     "Draughts (WCDF), no auto draw, draw after 200 plies"),
])
def test_str_is_the_essentials_and_what_differs_from_the_preset(rules: Any, text: str) -> None:
    assert str(rules) == text


@pytest.mark.parametrize("rules", [
    tc.hearts.Rules.spardame(players=6, teams=True, card_points={"7C": 5}, removed=None),
    tc.spades.Rules.standard(jokers=True, removed="3C 3D", misdeal=("no-spades",)),
    tc.dam.Rules.collect(players=2, hand_size=13, jokers="outright"),
    draughts_simulation.Rules(max_plies=80),
])
def test_repr_stays_the_dataclass_repr_and_round_trips(rules: Any) -> None:
    text = repr(rules)
    assert text.startswith("Rules(") and "=" in text and str(rules) != text
    namespace = {"Rules": type(rules), "Card": Card, "CardSet": CardSet}
    assert eval(text, namespace) == rules


@pytest.mark.parametrize("cls", RULES_CLASSES)
def test_every_field_is_described_in_the_docstring_help_shows(cls: type[Any]) -> None:
    doc = " ".join((cls.__doc__ or "").split())
    page = pydoc.render_doc(cls, renderer=pydoc.plaintext)
    shown = " ".join(re.sub(r"^ *\|", "", page, flags=re.MULTILINE).split())
    assert "Parameters ----------" in doc
    for spec in dataclasses.fields(cls):
        meaning = " ".join(spec.metadata["doc"].split())
        assert len(meaning) > 20, spec.name
        entry = f"{spec.name} : {spec.type}, default {spec.default!r} {meaning}"
        assert entry in doc and entry in shown, spec.name


def test_documented_refuses_a_field_without_a_description() -> None:
    with pytest.raises(TypeError, match=r"Bare\.size has no doc"):
        @documented
        @dataclasses.dataclass(frozen=True)
        class Bare:
            """A rules class with one undocumented field."""

            name: str = rule("x", "What it is called.")
            size: int = 3


def test_documented_fields_keep_their_defaults() -> None:
    assert tc.hearts.Rules().players == 4 and tc.spades.Rules().target == 500
    assert draughts_simulation.Rules().auto_draw is True and tc.dam.Rules().deals == 1
