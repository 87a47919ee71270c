from trickcore.cli import main

raise SystemExit(main())
