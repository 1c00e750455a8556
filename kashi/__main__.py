from kashi.cli import main

raise SystemExit(main())
