"""The embedded rules engine and AI: pure Python, no pygame."""
