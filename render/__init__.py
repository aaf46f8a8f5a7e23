"""Kawa's pygame client: scenes, tile sets, tweens, sounds and widgets."""
