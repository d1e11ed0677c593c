"""The command line's parser: argparse's, with every refusal said in one line on stderr
and exit status 2 (``python -m senet``, senet.commands.cli).

argparse writes its usage and then its error, two lines; a script that reads stderr
expects one. Missing arguments print the command's usage line, as they always have; any
other refusal is ``error: ...`` naming the option or the argument at fault."""

import argparse
import re
import sys


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line. ``too_many`` words the refusal of an
    argument past the last one (``{extra}`` is that argument)."""

    def __init__(self, *args, too_many: str = "", **kwargs):
        kwargs.setdefault("allow_abbrev", False)  # --js is not --json
        super().__init__(*args, **kwargs)
        self.too_many = too_many

    def usage_line(self) -> str:
        return " ".join(self.format_usage().split())

    def option_list(self) -> str:
        names = []
        for action in self._actions:
            if action.option_strings and action.help is not argparse.SUPPRESS and "--help" not in action.option_strings:
                name = action.option_strings[-1]
                names.append(f"{name} {action.metavar}" if action.metavar else name)
        return ", ".join(names)

    def refusal(self, message: str) -> str:
        """argparse's ``message`` as the one line this command line prints."""
        if message.startswith("the following arguments are required"):
            return self.usage_line()
        found = re.match(r"unrecognized arguments: (.*)", message, re.S)
        if found:
            extra = found.group(1).split(" ")[0]
            if extra.startswith("-") and extra != "-":
                options = self.option_list()
                return f"error: unknown option '{extra[:40]}'" + (f" (the options are {options})" if options else "")
            text = (self.too_many or "'{extra}' is one argument too many").format(extra=extra[:40])
            return f"error: {text}; {self.usage_line()}"
        found = re.match(r"argument (\S+): invalid choice: '(.*?)'", message, re.S)
        if found and not found.group(1).startswith("-"):
            return f"error: unknown command '{found.group(2)[:40]}'; {self.usage_line()}"
        found = re.match(r"argument (\S+?)(?:/\S+)?: expected one argument", message)
        if found:
            action = next((a for a in self._actions if found.group(1) in a.option_strings), None)
            return f"error: {found.group(1)} needs {getattr(action, 'needs', 'a value')}"
        found = re.match(r"argument \S+: (.*)", message, re.S)
        return "error: " + " ".join((found.group(1) if found else message).split())

    def error(self, message):
        print(self.refusal(message), file=sys.stderr)
        raise SystemExit(2)
