"""The game server: lobby, realtime rooms, storage, clocks and identity over FastAPI.

``kashi.server.app.create_app(settings)`` builds the ASGI app; ``kashi serve`` (see
``kashi.server.cli``) runs it.
"""
