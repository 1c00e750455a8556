"""Azul Duel in the browser: data files only (see ``Family.web``)."""
