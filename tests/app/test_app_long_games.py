"""A long game costs the page no more per line late in it than early in it: the counts of
app/game/counting.py, the move log's groups (app/words/move_log.py) and the record's lines are kept
from one line to the next instead of worked out again from the first line. Each kept
answer must be the answer worked out afresh; these tests compare the two over whole games
with undos, in every rule set and with Kendall's options."""

from __future__ import annotations

import random
from pathlib import Path

from app_harness import View, human_step

import senet
from app.flow.controller import Controller, Setup
from app.game import counting
from app.storage.formats import SavedGame, dump_game, parse_game
from app.view.board_words import board_words, label_key
from app.words import move_log
from app.words.move_log import MoveLog, summary
from senet.session import Session

ROOT = Path(__file__).resolve().parents[2]

RULE_SETS = (*senet.VARIANTS, "kendall+five+start+trap+homerow")


def random_game_with_undos(variant: str, seed: int, lines: int = 400, game=None):
    """Yields the game (``game``, else a new one) after each change: random legal
    actions, and now and then an undo of one to three record lines (a pending throw's
    line is completed in place too)."""
    rng = random.Random(seed)
    game = game or senet.Game(variant, seed=seed)
    for _ in range(lines):
        if game.over:
            return
        game.apply(rng.choice(game.state.legal_actions()))
        yield game
        if rng.random() < 0.06 and len(game.entries) > 4:
            game.undo_to(len(game.entries) - rng.randint(1, 3))
            yield game


def afresh(game) -> list:
    saved = list(counting._last)
    counting._last[0] = None
    try:
        return counting.marks(game)
    finally:
        counting._last[:] = saved


def test_marks_kept_from_line_to_line_are_the_marks_counted_from_the_first_line():
    checked = 0
    for variant in RULE_SETS:
        for seed in range(4):
            for game in random_game_with_undos(variant, seed):
                assert counting.marks(game) == afresh(game), (variant, seed, len(game.entries))
                checked += 1
    assert checked > 5000


def test_the_move_log_groups_only_the_turn_under_way_again_and_reads_as_grouped_afresh():
    for variant in RULE_SETS:
        for seed in range(2):
            ctl = Controller(View(), setup=Setup(variant, ("human", "human"), seed=seed, speed="instant"))
            ctl.start()
            ctl.table.session.game = game = senet.Game(variant, seed=seed)  # driven below, not by the page
            log = MoveLog()
            before = []
            for n, changed in enumerate(random_game_with_undos(variant, seed, game=game)):
                groups = list(log.groups(ctl.table))
                # every turn but the last two (a line completed, a line undone) is the
                # very group of the last call: its words were not worked out again
                same = sum(1 for a, b in zip(before, groups) if a is b)
                assert same >= min(len(before), len(groups)) - 2
                before = groups
                if n % 7 == 0 or changed.over:
                    assert groups == MoveLog().groups(ctl.table), (variant, seed, len(game.entries))
            assert ctl.log_turns() == MoveLog().turns(ctl.table)
    # oldest first, each turn's lines newest first, and the steps are the record's lines
    steps = [step for _n, _w, lines in groups for step, _t, _m in reversed(lines)]
    assert steps == list(range(1, len(game.entries) + 1))


def test_the_game_over_summary_from_the_logs_kept_events_is_the_summary_worked_out_afresh():
    # The game-over panel's figures come from the events the move log already worked out
    # for its words (a finished game of 500 lines resumed took 200-370 ms in MicroPython to
    # work them out a second time); through undos they must stay those of the record.
    checked = bumps = 0
    for variant in RULE_SETS:
        for seed in range(2):
            ctl = Controller(View(), setup=Setup(variant, ("human", "human"), seed=seed, speed="instant"))
            ctl.start()
            ctl.table.session.game = game = senet.Game(variant, seed=seed)
            log = MoveLog()
            for n, changed in enumerate(random_game_with_undos(variant, seed, game=game)):
                if n % 3 == 0:
                    log.groups(ctl.table)  # the log drawn now and then, as the page draws it
                if n % 5 == 0 or changed.over:
                    assert log.summary(ctl.table) == summary(game), (variant, seed, len(game.entries))
                    checked += 1
            final = summary(game)
            bumps += final["w"]["bumps"] + final["b"]["bumps"]
    assert checked > 200 and bumps > 50


def test_words_worked_out_a_few_lines_at_a_time_read_as_the_log_worked_out_at_once():
    # A long game resumed shows its board first and its log's words come a few lines at
    # a time (MoveLog.prepare, app/main.py); meanwhile the game may go on, be undone or
    # end (the summary). Whatever the order, the log reads as one worked out afresh.
    checked = 0
    for variant in RULE_SETS:
        rng = random.Random(variant)
        ctl = Controller(View(), setup=Setup(variant, ("human", "human"), seed=1, speed="instant"))
        ctl.start()
        ctl.table.session.game = game = senet.Game(variant, seed=1)
        log = MoveLog()
        for changed in random_game_with_undos(variant, 1, game=game):
            step = rng.random()
            if step < 0.3:
                more = log.prepare(ctl.table, rng.randint(1, 30))
                assert more == log.pending(ctl.table)
            elif step < 0.4:
                assert log.summary(ctl.table) == summary(game)
            elif step < 0.5 or changed.over:
                assert log.groups(ctl.table) == MoveLog().groups(ctl.table), (variant, len(game.entries))
                assert not log.pending(ctl.table)
                checked += 1
        while log.prepare(ctl.table, 7):
            pass
        assert not log.pending(ctl.table)
        assert log.groups(ctl.table) == MoveLog().groups(ctl.table)
    assert checked > 100


def test_record_lines_kept_by_the_entries_are_the_lines_written_afresh():
    for variant in RULE_SETS:
        game = None
        for game in random_game_with_undos(variant, 7):  # noqa: B007 (the game at its last change)
            pass
        text = game.record_text()
        again = senet.Game.from_record(text)
        assert again.record_text() == text
        assert [e.text() for e in again.entries] == [e.text() for e in game.entries]


def test_the_record_text_kept_from_line_to_line_is_the_text_written_afresh_at_every_line():
    """Game._entries_text keeps the record's text and writes only what changed: new lines,
    and the last line again when it was completed in place (a throw's line gets its move)
    or undone. At every change of games with undos it must read as written afresh."""
    from senet.game import Entry

    text = Entry.text
    written = []

    def counted(entry):
        written.append(entry)
        return text(entry)

    checked = completed = 0
    for variant in RULE_SETS:
        for seed in range(3):
            for game in random_game_with_undos(variant, seed):
                before = game._lines
                written.clear()
                Entry.text = counted
                try:
                    kept = game._entries_text()
                finally:
                    Entry.text = text
                assert kept == "\n".join(e.text() for e in game.entries), (variant, seed)
                checked += 1
                if before is not None and before[1] == len(game.entries) and before[2] is not game.entries[-1]:
                    completed += 1  # only the line completed is written again
                    assert set(written) == {game.entries[-1]}, (variant, seed, len(written))
    assert checked > 3000 and completed > 500


def test_the_games_counts_of_throws_and_actions_are_the_counts_afresh_through_undos():
    """Game.thrown and Game.actions are kept line to line (a game between two devices asks
    for ``thrown`` several times a message); through undos, with the undone line's throw
    kept pending or not, they must stay the counts of the lines."""
    checked = kept = 0
    for variant in RULE_SETS:
        for seed in range(3):
            rng = random.Random(seed)
            game = senet.Game(variant, seed=seed)
            for _ in range(400):
                if game.over:
                    break
                game.apply(rng.choice(game.state.legal_actions()))
                if rng.random() < 0.1 and len(game.entries) > 4:
                    n = len(game.entries) - rng.randint(1, 3)
                    keep = rng.random() < 0.5 and game.entries[n].throw is not None
                    game.undo_to(n, keep_throw=keep)
                    kept += keep
                assert game.thrown == sum(1 for e in game.entries if e.throw is not None), (variant, seed)
                assert game.actions == sum(1 for e in game.entries if e.action is not None), (variant, seed)
                checked += 1
    assert checked > 3000 and kept > 50


def test_a_save_written_line_by_line_loads_back_to_the_same_game():
    session = Session("kendall", seed=5)
    rng = random.Random(5)
    for _ in range(200):
        if session.game.over:
            break
        session.game.apply(rng.choice(session.game.state.legal_actions()))
        text = dump_game(SavedGame(session, 3000, False, "game-1", 1_700_000_000_000))
    loaded = parse_game(text)
    assert loaded.session.game.record_text() == session.game.record_text()
    assert (loaded.expert_nodes, loaded.game_id, loaded.saved_at) == (3000, "game-1", 1_700_000_000_000)


def test_the_boards_words_follow_from_their_key_alone_so_a_throw_keeps_them():
    """The view writes the board's description again only when ``label_key`` changes
    (app/view/board.py): every position with the same key, whoever acts and whatever
    the throw, must read the same words."""
    words = {}
    checked = 0
    for variant in RULE_SETS:
        for seed in range(3):
            for game in random_game_with_undos(variant, seed):
                state = game.state
                text = board_words(state)
                assert words.setdefault(label_key(state), text) == text, (variant, seed, state.position())
                checked += 1
    assert checked > 3000
    assert len(words) < checked  # keys met again: throws, lost throws, undos


def test_the_events_an_action_was_told_with_are_the_events_its_log_line_works_out_afresh():
    """The Controller keeps the events it told an action with for that action's line in
    the move log (move_log.told_events), instead of working them out a second time: the
    log of a game played through the Controller reads as one worked out afresh."""
    def afresh(table):
        kept = list(move_log._told)
        move_log._told[:] = [None, None, ()]
        try:
            return MoveLog().groups(table)
        finally:
            move_log._told[:] = kept

    told = 0
    for variant in RULE_SETS:
        for seed in range(2):
            ctl = Controller(View(), setup=Setup(variant, ("human", "human"), seed=seed, speed="instant"))
            ctl.start()
            rng = random.Random(seed)
            coin = rng.random
            while not ctl.table.game.over and len(ctl.table.game.entries) < 240:
                assert human_step(ctl, piece=rng.choice, target=rng.choice, rescue=lambda coin=coin: coin() < 0.5)
                told += move_log._told[0] is ctl.table.game.state
                groups = ctl.log_groups()  # as the page draws it after every action
                if len(ctl.table.game.entries) % 8 == 0 or ctl.table.game.over:
                    assert groups == afresh(ctl.table), (variant, seed, len(ctl.table.game.entries))
            assert ctl.log_groups() == afresh(ctl.table), (variant, seed)
    assert told > 1000  # the log's newest line read the events told


class _Element:
    """A stand-in for any DOM object the page's view touches: every attribute is another
    stand-in (kept, so the view's elements stay the same objects), every call returns a
    fresh one, and it is empty, false-free and equal only to itself."""

    def __init__(self):
        self._parts = {}

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return self._parts.setdefault(name, _Element())

    def __call__(self, *args, **kwargs):
        return _Element()

    def __iter__(self):
        return iter(())

    def __len__(self):
        return 0

    def __bool__(self):
        return True

    def __str__(self):
        return ""

    def __getitem__(self, key):
        return _Element()


def test_the_pages_move_log_holds_the_move_logs_own_groups_so_a_drawing_compares_one_turn():
    """The page's move log (View._render_log) finds the turns it can keep by halving,
    which relies on its holding the move log's very group of each turn kept. The move log
    groups the turn under way again at every call (its lines' counts grow), so a turn the
    page drew while it was under way is, once over, an equal group but another tuple: the
    page keeps its element and must take the new group in its place. Had it kept the old
    one, the halving would stop at the first such turn and every drawing would compare
    every turn of the game (in MicroPython, 1.2 s of a 1,066-line computer game's 7 s)."""
    from app.view.view import View as PageView

    for variant in senet.VARIANTS:
        view = PageView(_Element(), _Element())
        ctl = Controller(view, setup=Setup(variant, ("human", "human"), seed=3, speed="instant"))
        view.build(ctl)
        view.render(ctl)
        rng = random.Random(3)
        while not ctl.table.game.over and len(ctl.table.game.entries) < 160:
            assert human_step(ctl, piece=rng.choice, target=rng.choice)
            view.render(ctl)
            shown = [content for content, _li in view._log_groups]
            # the turn under way is grouped again at every call (its lines' counts grow),
            # every other turn is the very group of the move log's last call
            wanted = list(ctl.log_groups())
            assert shown == wanted, (variant, len(ctl.table.game.entries))
            assert all(a is b for a, b in zip(shown[:-1], wanted[:-1])), (variant, len(ctl.table.game.entries))
        assert len(ctl.table.game.entries) >= 100 and len(shown) > 30, variant
