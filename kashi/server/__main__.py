"""``python -m kashi.server``: the same as ``kashi serve``."""

from kashi.server.cli import main

raise SystemExit(main())
