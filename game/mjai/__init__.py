"""Kawa's AI as an mjai player: a seat's table rebuilt from the messages it receives
(``seat``) and the answers it gives (``bot``). The wire format itself, shared with the records,
is ``game.logs.mjai_live``."""
