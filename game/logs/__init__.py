"""Game records: read Tenhou's formats and mjai, write tenhou.net/6 and mjai, record Kawa games.

* ``record``: the neutral ``RecordedGame`` / ``RecordedHand`` / ``Step`` / ``Win`` /
  ``HandResult`` every reader produces and every writer takes (Kawa's tile ids and seats).
* ``mjlog.read_mjlog(path)``: Tenhou's mjlog XML. ``tenhou6.read_tenhou6(path)``: tenhou.net/6
  JSON, a single object or one hand per line (the order of play is rebuilt from the columns).
* ``export_tenhou6.game_to_tenhou6`` / ``write_tenhou6`` and ``export_mjai.game_to_mjai`` /
  ``write_mjai`` (with ``parse_mjai`` to read such a log back).
* ``from_game.record_from_game(game)``: the record of a game played on ``game.table.Game``.
* ``validate``: tile conservation (``replay_tiles``) and hand-to-hand score flow
  (``check_flow``), independent of the rules engine; ``replay`` (the table's) plays a record
  through ``Game.apply``.
* ``cli``: ``python main.py logs PATH... [--check] [--to tenhou6|tenhou6-lines|mjai --out DIR]``.

Every reader refuses malformed input with ``LogFormatError`` naming the file and the position.
"""
