"""Scoring the extractor against gold spans (`kg eval`), and the gold readers training shares."""
