"""What Kawa keeps on disk for the player: the data folder, the saved game (later: records, statistics)."""
