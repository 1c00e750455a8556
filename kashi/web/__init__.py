"""The static browser client, served by the game server (a status page for now)."""
