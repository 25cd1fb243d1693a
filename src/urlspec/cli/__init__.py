"""The ``urlspec`` command line: parse, canonicalize, join, check and compare URLs.

``main`` is the console script's entry point (``urlspec = "urlspec.cli:main"``) and what
``python -m urlspec`` runs. The modules:

* ``app``: the argument parser, and the guard that turns every ending into an exit status;
* ``examine``: ``parse``, ``check``, ``join`` and ``idna``;
* ``canon`` (reading, worker processes, writing) and ``canon_worker`` (the lines) for ``canon``;
* ``diff``: ``urllib.parse`` against the WHATWG URL Standard;
* ``common`` (exit statuses, errors, output helpers) and ``progress`` (the progress bar).

The URL parser is imported only by the subcommands that parse, when they run.
"""

from __future__ import annotations

from urlspec.cli.app import main

__all__ = ["main"]
