"""Plays a game of random orders with python `diplomacy` and prints its saved-game JSON.

    python3 generate.py SEED PHASES [MAP] > game.json

Each phase, every power orders each of its orderable locations with an order drawn (with
random.Random(SEED)) from the game's possible orders; the game is processed PHASES times
(or until it is done). The JSON is `diplomacy.utils.export.to_saved_game_format`'s, written
compactly. The fixtures of this folder were made with diplomacy 1.1.2 (see README.md).
"""
import json
import random
import sys

from diplomacy import Game
from diplomacy.utils.export import to_saved_game_format


def main():
    seed, phases = int(sys.argv[1]), int(sys.argv[2])
    map_name = sys.argv[3] if len(sys.argv) > 3 else "standard"
    rng = random.Random(seed)
    game = Game(map_name=map_name)
    for _ in range(phases):
        if game.is_game_done:
            break
        possible = game.get_all_possible_orders()
        for power in sorted(game.powers):
            locations = sorted(game.get_orderable_locations(power))
            game.set_orders(power, [rng.choice(sorted(possible[loc])) for loc in locations if possible[loc]])
        game.process()
    json.dump(to_saved_game_format(game), sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
