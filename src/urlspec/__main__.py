"""``python -m urlspec``: the ``urlspec`` command line."""

from __future__ import annotations

import sys

from urlspec.cli import main

if __name__ == "__main__":
    sys.exit(main())
