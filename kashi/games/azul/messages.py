"""Catalogue entries for Azul: illegal-move explanations and score parts."""

from kashi.core.messages import register

register(
    {
        "azul.syntax_move": "{text!r} is not an Azul move: write source, colour, destination "
        "like 3B2 or CYF (or w24 to place on a grey wall)",
        "azul.syntax_fill": "{text!r} is not a factory fill: four characters like BBYR or BY.., or +R",
        "azul.not_a_move": "{move!r} is not an Azul move",
        "azul.tiling_now": "wall tiling is in progress: choose a wall space for line {line} (e.g. w{line}1)",
        "azul.drafting_now": "no wall placement is due: take tiles from a factory or the centre",
        "azul.no_factory": "there is no factory {factory} with {players} players ({factories} factories)",
        "azul.colour_absent": "factory {factory} has no {colour} tiles",
        "azul.colour_absent_centre": "the centre has no {colour} tiles",
        "azul.line_other_colour": "pattern line {line} already holds {held}: a line holds one colour only",
        "azul.line_complete": "pattern line {line} is already complete",
        "azul.wall_has_colour": "row {line} of your wall already has {colour}",
        "azul.partial_floor_off": "sending only some tiles to the floor needs the partial_floor option",
        "azul.partial_floor_count": "you take {count} {colour} tiles: k must be from 1 to {most}",
        "azul.partial_floor_line": "-k splits a take between a pattern line and the floor: name a line, not F",
        "azul.wrong_line": "line {line} is not being tiled now: place the tile of line {pending}",
        "azul.wall_taken": "row {line}, column {column} of your wall is already tiled",
        "azul.column_has_colour": "column {column} of your wall already has {colour}",
        "azul.bad_fill": "fill {fill} cannot be drawn: the bag holds {bag} and the lid {lid}",
        "azul.bad_centre_tile": "{tile} cannot be drawn into the centre now",
        "azul.place.lone": "{colour} at {wall_row}-{wall_column}: lone tile {points:+d}",
        "azul.place.row": "{colour} at {wall_row}-{wall_column}: row {row} {points:+d}",
        "azul.place.column": "{colour} at {wall_row}-{wall_column}: column {column} {points:+d}",
        "azul.place.both": "{colour} at {wall_row}-{wall_column}: row {row} + column {column} = {points:+d}",
        "azul.place.cross": "{colour} at {wall_row}-{wall_column}: 1 + {more} contiguous = {points:+d}",
        "azul.to_floor": "line {line}: no legal wall space for {colour}, {count} tiles to the floor",
        "azul.floor": "floor {points}",
        "azul.clamp": "score cannot go below 0 ({points:+d})",
        "azul.bonus.row": "bonus: row {row} {points:+d}",
        "azul.bonus.column": "bonus: column {column} {points:+d}",
        "azul.bonus.colour": "bonus: all five {colour} {points:+d}",
        "azul.leftover": "leftover: {count} tiles in pattern lines {points:+d}",
    }
)
