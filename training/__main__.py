"""``python -m training``: learn the policy from the houou games (see ``training.train``)."""

import sys

from training.train import main

sys.exit(main())
