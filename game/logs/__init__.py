"""Game records: the neutral record (``record``), readers for Tenhou's mjlog XML and
tenhou.net/6 JSON, and exporters to tenhou.net/6 JSON and mjai."""
