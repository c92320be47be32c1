"""``python -m templating`` runs the command line."""

import sys

from templating.cli import main

sys.exit(main())
