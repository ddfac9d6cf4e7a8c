"""The ``tysiac`` command: one subcommand per module listed in ``COMMANDS``."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from .. import __version__

#: Subcommand modules of this package; each has ``register(subparsers)``.
COMMANDS = ("play", "demo", "arena", "arbiter", "notation", "rules", "hint", "analyze", "serve",
            "cluster", "sheet")


def build_parser(lang: str = "pl") -> argparse.ArgumentParser:
    """The parser; its help and messages in ``lang``."""
    from .helptext import Parser
    speaking = Parser.speaking(lang)
    parser = speaking(
        prog="tysiac",
        description="Tysiąc (Thousand), the Polish card game: play, judge and study it.",
        epilog="Run 'tysiac COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"tysiac {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True,
                                parser_class=speaking)
    for name in COMMANDS:
        importlib.import_module(f"{__package__}.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from .helptext import lang_of
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(lang_of(argv))
    if not argv:                        # "tysiac" alone: what it can do
        parser.print_help()
        return 0
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
