"""Statistics facts: what one hand or one game was for one seat, read from the table's events."""
