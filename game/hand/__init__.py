"""Hand analysis: shanten, waits, ukeire, readings of a complete hand, and the tables behind them.

``python -m game.hand.make_tables`` rebuilds ``shanten_tables.bin``.
"""
