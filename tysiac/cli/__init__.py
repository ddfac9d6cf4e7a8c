"""Command-line interfaces of the ``tysiac`` command."""
