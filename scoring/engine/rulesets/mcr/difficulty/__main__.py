"""``python -m scoring.engine.rulesets.mcr.difficulty`` rewrites the difficulty table."""

from . import main

main()
