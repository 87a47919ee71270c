"""The built-in bots: whole deals of every game played legally, reproducibility by seed, and bad
input (a seat not to act, an unknown name, open hands)."""

from __future__ import annotations

from typing import Any

import pytest

import trickcore as tc
from trickcore.bots import GreedyBot, RandomBot, RuleBot, apply_move, make_bot
from trickcore.spades.deal import Bid, Look

RULES = {
    "svarta-maja": tc.hearts.Rules.svarta_maja(),
    "spardame": tc.hearts.Rules.spardame(),
    "hearts-5": tc.hearts.Rules.svarta_maja(players=5),
    "spades": tc.spades.Rules.standard(),
    "spades-suicide": tc.spades.Rules.standard(suicide=True),
    "spades-mirror": tc.spades.Rules.standard(mirror=True, blind_nil=False),
    "spades-whiz": tc.spades.Rules.standard(whiz=True),
    "spades-jokers": tc.spades.Rules.standard(jokers=True),
    "dam-avoid": tc.dam.Rules.avoid(),
    "dam-collect": tc.dam.Rules.collect(),
    "dam-3-trump": tc.dam.Rules.avoid(players=3, turn_trump=True),
}
DEALS = {tc.hearts.Rules: tc.hearts.Deal, tc.spades.Rules: tc.spades.Deal,
         tc.dam.Rules: tc.dam.Deal}


def play(rules: Any, bots: list[Any], seed: int, **deal_args: Any) -> Any:
    deal = DEALS[type(rules)].random(rules, seed=seed, **deal_args)
    while not deal.is_over:
        seat = deal.to_act
        apply_move(deal, bots[seat], seat, bots[seat].choose(deal, seat))
    return deal


@pytest.mark.parametrize("game", RULES)
@pytest.mark.parametrize("kind", [RandomBot, GreedyBot, RuleBot])
def test_each_bot_plays_whole_deals_of_every_game_legally(game: str, kind: type) -> None:
    rules = RULES[game]
    for seed in range(4):
        bots = [kind(seed=seed * 10 + s) for s in range(rules.players)]
        deal = play(rules, bots, seed, deal_number=seed)
        assert deal.is_over and len(deal.points()) > 0


def test_spades_bot_bids_blind_nil_when_far_behind_and_else_looks_first() -> None:
    rules = tc.spades.Rules.standard()
    deal = tc.spades.Deal.random(rules, seed=2, scores=[300, 0])
    bot = RuleBot()
    assert bot.choose(deal, deal.to_act) == Bid(deal.to_act, "blind nil")
    near = tc.spades.Deal.random(rules, seed=2, scores=[150, 0])
    assert not near.has_seen(near.to_act)
    assert bot.choose(near, near.to_act) == Look(near.to_act)


def test_a_spades_match_knows_the_score_and_ends() -> None:
    match = tc.spades.Match(tc.spades.Rules.standard(target=200), seed=4)
    bots = [RuleBot(), GreedyBot(), RuleBot(), GreedyBot()]
    while not match.is_over:
        seat = match.deal.to_act
        apply_move(match, bots[seat], seat, bots[seat].choose(match.deal, seat))
    assert max(match.totals) >= 200


@pytest.mark.parametrize("game", ["svarta-maja", "spades", "dam-avoid"])
def test_a_random_bot_is_reproducible_by_seed_and_reset(game: str) -> None:
    rules = RULES[game]
    first = play(rules, [RandomBot(seed=7 + s) for s in range(4)], 1).history
    again = play(rules, [RandomBot(seed=7 + s) for s in range(4)], 1).history
    assert first == again
    bots = [RandomBot(seed=99) for _ in range(4)]
    for s, bot in enumerate(bots):
        bot.reset(7 + s)
    assert play(rules, bots, 1).history == first
    other = play(rules, [RandomBot(seed=70 + s) for s in range(4)], 1).history
    assert other != first


def test_a_bot_asked_for_a_seat_not_to_act_names_itself_and_the_seats() -> None:
    deal = tc.hearts.Deal.random(RULES["svarta-maja"], seed=1)
    wrong = (deal.to_act + 1) % 4
    with pytest.raises(tc.BotMoveError, match=rf"bot 'rule' .* seat {wrong}.* seat "
                                              rf"{deal.to_act} is to act"):
        RuleBot().choose(deal, wrong)
    while not deal.is_over:
        deal.play(GreedyBot().choose(deal, deal.to_act).card) if deal.phase == "play" else (
            GreedyBot().choose(deal, deal.to_act).apply_to(deal))
    with pytest.raises(tc.BotMoveError, match="the deal is over"):
        GreedyBot(name="mine").choose(deal, 0)


def test_an_unknown_bot_name_suggests_close_names() -> None:
    with pytest.raises(tc.UnknownBotError, match=r"unknown bot 'gredy'.*did you mean 'greedy'"):
        make_bot("gredy")
    with pytest.raises(tc.ArgumentError, match="a bot is a name"):
        make_bot(42)  # type: ignore[arg-type]


def test_bots_refuse_open_hands_where_the_seat_cannot_see_its_own_hand() -> None:
    deal = tc.dam.Deal.random(tc.dam.Rules.avoid(open_hands=True), seed=1)
    with pytest.raises(tc.RulesError, match="open_hands"):
        RuleBot().choose(deal, deal.to_act)
