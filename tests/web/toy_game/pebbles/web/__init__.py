"""Pebbles in the browser: data files only."""
