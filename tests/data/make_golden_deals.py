"""Writes golden_deals.txt (checked by tests/test_dealing.py). Run from the repository root:

    PYTHONPATH=python python tests/data/make_golden_deals.py > tests/data/golden_deals.txt

Only after a deliberate change of the dealing stream: say why in the header below.
"""

import trickcore as tc

HEADER = """\
# Golden deals: seed, deal index, hands of 4 players (13 cards each) as card strings.
# Changing the dealer or the seed-to-stream derivation changes these: that breaks users'
# reproducibility. Regenerate only for a deliberate change:
#     PYTHONPATH=python python tests/data/make_golden_deals.py > tests/data/golden_deals.txt
# Stream changed in session 2: one-pack deals come from tc_dealer (each card the k-th lowest
# undealt card for a uniform k, the one dealing kernel that Hearts also uses) instead of a
# Fisher-Yates shuffle of the card list, about twice as fast; the two-pack stream is unchanged.
# Stream changed in session 3: every bounded index comes from deal.h's one batched draw, four
# indices per 32-bit half of a word (eight per generator call instead of four, the draws made
# ahead), the stream Danish Dam's shuffle already used; a two-pack shuffle now stops above the
# first hand, whose cards need no order."""


def main() -> None:
    print(HEADER)
    for seed in (1, 2, 12345):
        deals = tc.deal_batch(3, seed=seed)
        for index in range(3):
            hands = " | ".join(str(deals.hand(index, p)) for p in range(4))
            print(f"{seed} {index} {hands}")
    print("# two packs, 3 players of 12, seed 7: hands, then the stock in draw order")
    deals = tc.deal_batch(2, players=3, hand_size=12, deck=tc.CardMultiset.two_packs(), seed=7)
    for index in range(2):
        hands = " | ".join(str(deals.hand(index, p)) for p in range(3))
        stock = " ".join(str(tc.Card(int(c))) for c in deals.stock[index])
        print(f"two-packs 7 {index} {hands} | {stock}")


if __name__ == "__main__":
    main()
