"""Hypothesis strategies for Dam tests (tests only)."""

from __future__ import annotations

from hypothesis import strategies as st

from trickcore.dam import Rules


@st.composite
def rule_combinations(draw: st.DrawFn) -> Rules:
    """Valid rules of every kind: 2 to 4 players, one or two packs, each hand size, joker mode,
    duplicate rule, scoring, trump turned or not."""
    players = draw(st.integers(2, 4))
    packs = draw(st.sampled_from([1, 2]))
    hand_size = draw(st.sampled_from([10, 12, 13]))
    jokers = draw(st.sampled_from(["none", "outright", "points", "neutral"]))
    score_by = "cards" if jokers == "points" else draw(st.sampled_from(["cards", "tricks"]))
    pile = 52 * packs + (0 if jokers == "none" else 2 * packs) - players * hand_size
    return Rules(
        scoring=draw(st.sampled_from(["avoid", "collect"])),
        players=players,
        teams=players == 4 and draw(st.booleans()),
        hand_size=hand_size,
        packs=packs,
        jokers=jokers,
        joker_points=draw(st.integers(-20, 20)) if jokers == "points" else 0,
        duplicates=draw(st.sampled_from(["first", "last"])),
        turn_trump=pile > 0 and draw(st.booleans()),
        score_by=score_by,
        last_trick_bonus=draw(st.integers(0, 5)) if score_by == "tricks" else 0,
        open_hands=draw(st.booleans()),
    )
