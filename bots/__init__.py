"""Mjai bots at Kawa's table: a bot program started as a process, spoken to in mjai lines, and
seated as an agent that Kawa's AI replaces if the bot answers late, illegally, or dies."""
