"""Headless sub-commands of main.py (scoring, analysis, replays, self-play, benchmarks)."""
