"""Simple Soccer in Discord: its slash group, its help and its rules topics."""
