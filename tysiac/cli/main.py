"""The ``tysiac`` command: one subcommand per module listed in ``COMMANDS``."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

#: Subcommand modules of this package; each has ``register(subparsers)``.
COMMANDS = ("play", "demo", "arena", "arbiter", "notation", "rules", "hint", "serve")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tysiac",
        description="Tysiąc (Thousand), the Polish card game: play, judge and study it.",
        epilog="Run 'tysiac COMMAND --help' for the options of a command.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(f"{__package__}.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:              # a bug: said in one line, with its own status
        print(f"tysiac: błąd wewnętrzny / internal error (a bug, please report it): "
              f"{type(e).__name__}: {e}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
