"""A complete external kashi bot: plays a random legal move. See docs/bot-protocol.md.

Run a tournament against it:  kashi arena azul --bot greedy --bot "cmd:python examples/random_bot.py"
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random(0)
    legal: list[str] = []
    for line in sys.stdin:
        word, _, rest = line.strip().partition(" ")
        if word == "kashi":
            print("hello example-random", flush=True)
        elif word == "game":
            setup = json.loads(rest)
            rng.seed(setup["seat"])
            print("ready", flush=True)
        elif word == "position":
            legal = json.loads(rest)["legal"]
        elif word == "go":
            print(f"move {rng.choice(legal)}", flush=True)
        elif word == "quit":
            return


if __name__ == "__main__":
    main()
