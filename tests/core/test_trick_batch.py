"""trick_winners (the batch) against the pure-Python reference for every trick size, one trump or
one per trick, and its checks: the first invalid trick is named whatever its position."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import trickcore as tc
from reference.trick import reference_winner


@st.composite
def batches(draw: st.DrawFn) -> tuple[list[list[int]], list[int]]:
    n = draw(st.integers(1, 9))
    trick = st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)
    tricks = draw(st.lists(trick, min_size=1, max_size=20))
    trumps = draw(st.lists(st.integers(-1, 3), min_size=len(tricks), max_size=len(tricks)))
    return tricks, trumps


@given(batches())
def test_one_pack_batch_matches_reference(batch: tuple[list[list[int]], list[int]]) -> None:
    tricks, trumps = batch
    per_trick = tc.trick_winners(np.array(tricks, dtype=np.uint8), trump=np.array(trumps))
    assert per_trick.tolist() == [
        reference_winner(t, None if s < 0 else s) for t, s in zip(tricks, trumps, strict=True)]
    one_trump = tc.trick_winners(np.array(tricks), trump=trumps[0] if trumps[0] >= 0 else None)
    assert one_trump.tolist() == [
        reference_winner(t, None if trumps[0] < 0 else trumps[0]) for t in tricks]


@pytest.mark.parametrize(
    ("bad_row", "message"),
    [([7, 8, 60], "out of range: 60"),
     ([7, 8, 200], "out of range: 200"),
     ([7, 52, 9], "joker"),
     ([7, 8, 7], "duplicate card '9C'")])
@pytest.mark.parametrize("where", [0, 2, 4])
def test_batch_names_the_first_invalid_trick(bad_row: list[int], message: str, where: int) -> None:
    tricks = np.array([[1, 2, 3]] * 5, dtype=np.uint8)
    tricks[where] = bad_row
    if where < 4:
        tricks[4] = [51, 51, 50]  # a later invalid trick is not the one named
    with pytest.raises(ValueError, match=f"trick {where}: .*{message}"):
        tc.trick_winners(tricks, trump="S")


def test_batch_refuses_a_bad_trump_in_the_trump_array() -> None:
    with pytest.raises(tc.RulesError, match="trump values"):
        tc.trick_winners(np.array([[1, 2], [3, 4]]), trump=np.array([0, 4]))
