"""One sentence per table rule, shown when the pointer rests on the rule's option.

Keyed by the field names of ``game.rules.RuleSet`` (and, for the abortive draws, by the codes
of ``game.rules.ABORTIVE_DRAWS``); marked with ``N_`` and translated where shown.
"""

from __future__ import annotations

from render.i18n import N_

__all__ = ["RULE_TIPS", "ABORTIVE_TIPS", "LEVEL_TIP", "PRESET_NAMES", "PRESET_TIPS"]

RULE_TIPS: dict[str, str] = {
    "game_length": N_("How long the game lasts: one hand, the East round (4+ hands) or East and South rounds (8+ hands)."),
    "start_points": N_("The points each player has when the game starts."),
    "return_points": N_("The score final points are counted against: each player's result is their score minus this, in thousands."),
    "uma": N_("Placement bonus added to the final result: first, second, third and fourth in thousands of points."),
    "oka": N_("The winner also takes the difference between return and starting points from every player."),
    "bust": N_("The game ends at once when a player's score falls below zero."),
    "tie_break": N_("When two players tie for first at the end, extra hands are played until one leads."),
    "agari_yame": N_("In the last hand, a dealer who wins while in first place may end the game instead of repeating."),
    "tenpai_yame": N_("As agari-yame, but the leading dealer also ends the game by being ready (tenpai) at a draw in the last hand."),
    "west_extension": N_("If nobody has reached the return points after the last hand, play goes on into the West round."),
    "red_fives": N_("One five of each suit is red and counts as an extra dora (one han) in a winning hand."),
    "kan_dora": N_("Each kan turns over another dora indicator, so more tiles become dora."),
    "kan_dora_delayed": N_("The new dora of an open or added kan is shown only after the kan player's next discard."),
    "ura_dora": N_("A player who wins after riichi also counts the tiles under the dora indicators (ura dora)."),
    "kan_ura": N_("Every kan's indicator also has an ura dora under it for a riichi winner."),
    "open_tanyao": N_("All simples (tanyao) also counts in a hand with called sets; otherwise it needs a closed hand."),
    "kuikae_allowed": N_("Whether you may discard, right after a call, a tile the called set could have been made with."),
    "kazoe_yakuman": N_("A hand of 13 han or more without a yakuman scores as a yakuman; otherwise it stops at sanbaiman."),
    "cumulative_yakuman": N_("Two different yakuman in one hand pay twice; otherwise a hand pays one yakuman at most."),
    "double_yakuman": N_("The purest yakuman (13-sided kokushi, single-wait four concealed triplets, pure nine gates, big four winds) pay double."),
    "renhou_mangan": N_("A non-dealer who wins on a discard before their first draw (renhou) scores a mangan."),
    "kiriage": N_("Hands of 4 han 30 fu and 3 han 60 fu are rounded up to a mangan."),
    "nagashi_mangan": N_("A player whose discards are all terminals and honours, none called, is paid a mangan at an exhaustive draw."),
    "double_wind_pair_fu": N_("Fu for a pair of the wind that is both the round's and your own seat's."),
    "pao": N_("Which yakuman make a player liable: who feeds the last set of a big three dragons or big four winds pays for it."),
    "multi_ron": N_("What happens when several players claim Ron on the same discard."),
    "riichi_min_wall": N_("How many tiles must be left in the wall for a player to declare riichi."),
    "call_timeout": N_("Seconds you have to decide on a call before it is passed for you; off waits for ever."),
    "abortive_draws": N_("Situations that end the hand at once with nobody winning, the dealer keeping the seat."),
}

ABORTIVE_TIPS: dict[str, str] = {
    "kyuushu_kyuuhai": N_("On your first draw, with nine or more different terminals and honours, you may end the hand."),
    "suufon_renda": N_("The hand ends when all four players discard the same wind on their first turn."),
    "suucha_riichi": N_("The hand ends when all four players have declared riichi."),
    "suukaikan": N_("The hand ends when four kans are declared by more than one player."),
    "sanchahou": N_("The hand ends when three players claim Ron on the same discard."),
}

PRESET_NAMES: dict[str, str] = {"ema": N_("EMA"), "tenhou": N_("Tenhou"), "mahjongsoul": N_("Mahjong Soul-like")}
"""How the New game screen names each preset of ``game.rules.PRESETS``."""

PRESET_TIPS: dict[str, str] = {
    "ema": N_("The European Mahjong Association's tournament rules: 30,000 points, no red fives, no abortive "
              "draws, no kazoe yakuman. Choosing a preset resets every option below."),
    "tenhou": N_("Tenhou's ranked rules: 25,000 points, three red fives, every abortive draw, a triple ron "
                 "aborts the hand, uma 20/10. Choosing a preset resets every option below."),
    "mahjongsoul": N_("Mahjong Soul's ranked half game: 25,000 points, three red fives, double yakuman, triple "
                      "ron wins, no kiriage, no renhou, uma 15/5. Choosing a preset resets every option below."),
}
"""What each preset is, shown when the pointer rests on the preset choice."""

LEVEL_TIP: str = N_(
    "Easy: plays for speed and often misjudges; ignores dora and hand value, calls only pons of its own "
    "dragons and winds, always declares riichi and never folds. Suits a first game.\n"
    "Normal: plays for speed without misjudging and counts dora only to break ties; calls when that speeds "
    "up a hand that keeps a yaku, judges when to riichi and folds to a riichi with safe tiles. Suits a "
    "player who knows the rules.\n"
    "Strong: weighs dora and yaku in every choice and every threat against its own hand, shapes its hand "
    "towards wide waits and keeps good waits quiet, plays for placement in the last hands and calls late for "
    "tenpai at a draw. Suits a practised player.\n"
    "External bot: an mjai program, started with the bot command below.")
"""What each AI level is like and whom it suits: the opponents' choices show it on hover."""
