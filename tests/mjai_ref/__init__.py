"""The independent mjai engine, run in an environment of its own (see tests/mjai_env.py)."""
