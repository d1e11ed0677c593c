"""The command lines answer --help: ``python -m senet`` and each of its commands
(senet.commands.cli, argparse), every ``python -m senet.commands.X`` and every script in
tools/. A refusal stays one line on stderr with exit status 2, and ``-`` still reads
standard input."""

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from senet.commands.cli import main, parser

ROOT = Path(__file__).resolve().parents[2]
START = "kendall wbwbwbwbwbwbwb................ b 4 w=0/0,b=0/0 -"
COMMANDS = ("moves", "play", "verify", "review", "exact")


def scripts() -> list:
    """Every module with a command line: ``if __name__ == "__main__"`` (or senet/__main__.py)."""
    found = [ROOT / "senet" / "__main__.py"]
    for path in sorted([*(ROOT / "senet" / "commands").glob("*.py"), *(ROOT / "tools").glob("*.py")]):
        if '__name__ == "__main__"' in path.read_text(encoding="utf-8"):
            found.append(path)
    return found


def test_every_command_of_the_parser_is_known_here():
    commands = next(a for a in parser()._actions if a.dest == "command")
    assert tuple(commands.choices) == COMMANDS


def test_python_m_senet_help_lists_every_command(capsys):
    assert main(["--help"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("usage: python -m senet ") and err == ""
    listed = out.split("COMMAND\n", 1)[1]
    assert all(f"    {name} " in listed for name in COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_answers_help_with_its_usage(capsys, command):
    assert main([command, "--help"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"usage: python -m senet {command} ") and err == ""
    assert "options:" in out and "-h, --help" in out
    assert main(["-h", "--lang", "fr"]) == 0  # --lang anywhere, help still in the parser's words
    assert capsys.readouterr().out.startswith("usage: python -m senet ")


@pytest.mark.parametrize("args,line", [
    ([], "usage: python -m senet [--lang LANG] moves"),
    (["moves"], 'usage: python -m senet moves "POSITION"'),
    (["play", START], 'usage: python -m senet play "POSITION" MOVE'),
    (["exact"], 'usage: python -m senet exact "POSITION" [--json]'),
    (["review"], "usage: python -m senet review RECORD [--nodes N] [--json]"),
    (["verify"], "usage: python -m senet verify RECORD"),
    (["frobnicate"], "error: unknown command 'frobnicate'; usage: python -m senet"),
    (["moves", START, "14-18"], "error: '14-18' is one argument too many; usage: python -m senet moves"),
    (["moves", START, "--jso"], "error: unknown option '--jso' (the options are --lang LANG)"),
    (["exact", START, "--js"], "error: unknown option '--js' (the options are --lang LANG, --json)"),
    (["review", "-", "--nodes=x"], "error: --nodes must be a whole number from 1 to 999999999, not 'x'"),
    (["verify", "a", "b"], "error: one record at a time ('b' is one too many)"),
    (["play", START, "14-18", "--lang"], "error: --lang needs a value"),
])
def test_a_refusal_is_one_line_and_exit_status_2(capsys, args, line):
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(line), err


def test_moves_that_look_like_options_are_still_moves(capsys):
    assert main(["play", START, "14-18"]) == 0
    assert capsys.readouterr().out == "kendall wbwbwbwbwbwbw....b............ b - w=0/0,b=0/0 again\n"
    assert main(["play", START, "-17"]) == 2  # a negative number is an argument, refused by the notation
    assert capsys.readouterr().err.startswith("error: '-17' is not a move")


def test_a_dash_reads_standard_input():
    record = "senet-record 1\nvariant kendall\nseed 1\nthrows sha256\n"
    done = subprocess.run([sys.executable, "-m", "senet", "review", "-", "--nodes", "50"], input=record,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("kendall, 50 nodes a search")


@pytest.mark.parametrize("path", scripts(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_line_is_argparse_and_answers_help(path):
    rel = path.relative_to(ROOT)
    if path.name == "__main__.py":
        command = [sys.executable, "-m", "senet", "--help"]
    elif rel.parts[0] == "senet":
        command = [sys.executable, "-m", f"senet.commands.{path.stem}", "--help"]
        assert "argparse" in {alias.name for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                              if isinstance(node, ast.Import) for alias in node.names}, rel
    else:
        command = [sys.executable, str(rel), "--help"]
        assert "import argparse" in path.read_text(encoding="utf-8"), rel
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)
    if "needs numpy" in done.stderr:  # a solver's only third-party import, absent here: its parser read above
        assert importlib.util.find_spec("numpy") is None
        return
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: ") and done.stderr == "", done.stdout[:200]
