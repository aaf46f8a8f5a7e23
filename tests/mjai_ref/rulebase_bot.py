"""The `mjai` package's rule-based bot as a process: one line of events in, one action out.

Runs under the python of the mjai environment. Its memory of calls, discards and dora is
cleared at each hand (as shipped it clears it only at the start of a game; MJAI-NOTES.md).
"""

import json
import sys

from loguru import logger
from mjai.bot.rulebase import RulebaseBot

HAND_MEMORY = ("_Bot__call_events", "_Bot__discard_events", "_Bot__dora_indicators")


def main():
    logger.remove()
    bot = RulebaseBot()
    for line in sys.stdin:
        events = json.loads(line)
        for event in events:
            if event["type"] == "start_game":
                bot = RulebaseBot(player_id=event["id"])
        if any(e["type"] == "start_kyoku" for e in events):
            for attr in HAND_MEMORY:
                setattr(bot, attr, [])
        print(bot.react(line.strip()), flush=True)


if __name__ == "__main__":
    main()
