"""``kashi train GAME``: self-play data, a fitted evaluation and the weights file it ships as."""
