"""``python -m trickcore play`` driven through a pseudo-terminal as a person plays: whole deals
of Svarta Maja, Spades and Dam and a draughts game, with illegal input, hints, undo, save and
load; the checks read the table's contents."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from player import PACKAGE_ROOT, Player


def test_svarta_maja_deal_with_pass_illegal_card_hint_undo_save_load(tmp_path: Path) -> None:
    player = Player("svarta-maja", "--seed", "3", "--bots", "rule")
    assert player.wait() == "your pass"
    assert "pass 3 cards left" in player.table and "rule 1" in player.table
    player.type("hint")
    assert "hint (rule):" in player.screen
    player.type("1 2")
    assert "✗ pass exactly 3 cards, not 2" in player.screen
    hand = player.hand()
    player.type("1 2 3")
    assert f"you pass {hand[1]} {hand[2]} {hand[3]}" in player.screen
    assert "you received:" in player.table
    while set(player.playable()) == set(player.hand().values()):  # find a trick to follow
        player.play_legal()
    illegal = next(n for n, card in player.hand().items() if card not in player.playable())
    before = player.table
    player.type(str(illegal))
    assert re.search(r"✗ must follow [♣♦♥♠]", player.screen)
    assert "your hand:" not in player.screen  # nothing changed: the table is not redrawn
    saved = tmp_path / "deal.json"
    player.type(f"save {saved}")
    assert "saved to" in player.screen and saved.exists()
    player.play_legal()
    player.type("undo")
    assert "took back" in player.screen
    assert player.table.partition("your hand:")[2] == before.partition("your hand:")[2]
    player.play_legal()
    player.type(f"load {saved}")
    assert "loaded" in player.screen
    assert player.table.partition("your hand:")[2] == before.partition("your hand:")[2]
    player.play_out()
    assert "deal 1 is over" in player.screen and "score sheet" in player.screen
    assert re.search(r"total\s+\d+\s+\d+\s+\d+\s+\d+", player.screen)
    player.type("grade")
    assert "solver's grade" in player.screen and "total cost:" in player.screen
    assert player.type("") in ("your card", "your pass")
    assert "deal 2" in player.table
    assert "bye" in player.quit()


def test_spades_bids_and_plays_a_deal_with_a_refused_bid() -> None:
    player = Player("spades", "--seed", "5", "--bots", "rule,greedy,rule")
    assert player.wait() == "your bid"
    assert "bags:" in player.table and "bid" in player.table
    player.type("14")
    assert "✗" in player.screen and "14" in player.screen
    player.type("blind nil")
    assert "✗" in player.screen and "blind nil" in player.screen
    player.type("4")
    assert "you bid 4" in player.screen
    assert re.search(r"▶ you\s+0\s+4", player.table)
    player.type("hint")
    assert "hint (pimc):" in player.screen and "values" in player.screen
    player.play_out()
    assert "deal score:" in player.screen and "score sheet" in player.screen
    player.quit()


def test_dam_deal_shows_the_pile_and_ends_with_the_exact_hint() -> None:
    player = Player("dam-avoid", "--seed", "2")
    player.wait()
    sizes = []
    while player.prompt == "your card":
        sizes.append(int(re.findall(r"draw pile: (\d+) cards", player.table)[-1]))
        if len(player.hand()) == 2:
            player.type("hint")
            assert "hint (solver)" in player.screen and "exact" in player.screen
        player.play_legal()
    assert sizes[0] > 0 and sizes[-1] == 0 and sizes == sorted(sizes, reverse=True)
    assert "deal 1 is over" in player.screen
    player.quit()


def test_draughts_game_against_random_with_undo_save_and_load(tmp_path: Path) -> None:
    player = Player("draughts", "--bots", "random", "--seed", "4", "--set", "max_plies=80")
    assert player.wait() == "your move"
    assert "you play black" in player.table and "Black to move" in player.table
    assert re.search(r"9b\s+10b\s+11b\s+12b", player.table)  # square numbers with pieces
    player.type("11-18")
    assert "✗ illegal move '11-18' for Black" in player.screen
    player.type("11-15")
    assert "last move: White" in player.table and "1. 11-15" in player.table
    saved = tmp_path / "game.pdn"
    player.type(f"save {saved}")
    assert '[TrickcoreOpponent "random"]' in saved.read_text()
    player.type("hint")
    assert re.search(r"hint \(engine\): \d+-\d+ [+-]\d\.\d\d", player.screen)
    player.type("undo")
    assert "took back 2 move(s)" in player.screen and "moves: (none yet)" in player.table
    player.type(f"load {saved}")
    assert "1. 11-15" in player.table
    compulsory = False
    while player.prompt == "your move":
        player.type("moves")
        legal = re.findall(r"legal moves: (.*)", player.screen)[-1].split()
        if not compulsory and "x" in legal[0]:
            start = int(legal[0].split("x")[0])  # a step of the capturing piece
            player.type(f"{start}-{start + 4 if start <= 28 else start - 4}")
            assert "a capture is compulsory" in player.screen
            compulsory = True
        player.type(legal[0])
    assert compulsory
    assert re.search(r"game over: (1-0|0-1|1/2-1/2)", player.screen)
    player.child.close()
    assert player.child.exitstatus == 0


def test_colour_on_a_colour_terminal() -> None:
    player = Player("spardame", "--seed", "1", colour=True)
    player.wait()
    assert "\x1b[" in player.screen and "♠" in player.screen
    player.quit()


def test_same_seed_and_input_replay_the_same_transcript() -> None:
    def run() -> str:
        player = Player("svarta-maja", "--seed", "9", "--set", "pass_count=0")
        player.wait()
        for _ in range(6):
            player.play_legal()
        player.quit()
        return player.transcript

    assert run() == run()


def test_without_rich_one_line_names_the_extra() -> None:
    code = ("import sys; sys.modules['rich'] = None; from trickcore.cli import main; "
            "sys.exit(main(['play', 'spades']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PYTHONPATH": str(PACKAGE_ROOT)}, timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip() == ('trickcore play needs rich and prompt_toolkit: '
                                   'pip install "trickcore[play]"')
