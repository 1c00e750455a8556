"""Azul's English texts: illegal-move explanations, score parts, the table's texts and the names and
descriptions of its rule options and variants. Other languages translate these keys in
``web/i18n/<lang>.json``."""

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
        "azul.partial_floor_count": "you take {count} {colour} tiles: k must be from {least} to {most}",
        "azul.partial_floor_line": "-k splits a take between a pattern line and the floor: name a line, not F",
        "azul.wrong_line": "line {line} is not being tiled now: place the tile of line {pending}",
        "azul.wall_taken": "row {line}, column {column} of your wall is already tiled",
        "azul.column_has_colour": "column {column} of your wall already has {colour}",
        "azul.bad_fill": "fill {fill} cannot be drawn: the bag holds {bag} and the lid {lid}",
        "azul.bad_centre_tile": "{tile} cannot be drawn into the centre now",
        "azul.place.lone": "{colour} at {wall_row}-{wall_column}: lone tile {points:+d}",
        "azul.place.row": "{colour} at {wall_row}-{wall_column}: {row} in the row {points:+d}",
        "azul.place.column": "{colour} at {wall_row}-{wall_column}: {column} in the column {points:+d}",
        "azul.place.both": "{colour} at {wall_row}-{wall_column}: {row} in the row + {column} in the column = "
        "{points:+d}",
        "azul.place.cross": "{colour} at {wall_row}-{wall_column}: {tile} + {more} contiguous = {points:+d}",
        "azul.to_floor": "line {line}: no legal wall space for {colour}, {count} {count|one:tile|other:tiles} to the "
        "floor",
        "azul.floor": "floor {points}",
        "azul.clamp": "score cannot go below {least} ({points:+d})",
        "azul.bonus.row": "bonus: row {row} {points:+d}",
        "azul.bonus.column": "bonus: column {column} {points:+d}",
        "azul.bonus.colour": "bonus: all five {colour} {points:+d}",
        "azul.leftover": "leftover: {count} {count|one:tile|other:tiles} in pattern lines {points:+d}",
    }
)

# Moves and refills in words (kashi/games/azul/words.py), after the mover's name in the log.
register(
    {
        "azul.say.factory_line": "takes {count} {colour} from factory {factory} to pattern line {line}",
        "azul.say.factory_floor": "takes {count} {colour} from factory {factory} to the floor",
        "azul.say.factory_split": "takes {count} {colour} from factory {factory} to pattern line {line}, "
        "{floor} to the floor",
        "azul.say.centre_line": "takes {count} {colour} from the centre to pattern line {line}",
        "azul.say.centre_floor": "takes {count} {colour} from the centre to the floor",
        "azul.say.centre_split": "takes {count} {colour} from the centre to pattern line {line}, {floor} to the floor",
        "azul.say.wall": "places the tile of pattern line {line} in column {column} of the wall",
        "azul.say.fill": "The factories are filled: {factories}",
        "azul.say.factory_tiles": "factory {factory} ({tiles})",
        "azul.say.centre_tile": "{colour} in the centre",
        "azul.say.count": "{count} {colour}",
        "azul.say.nothing": "nothing",
        "azul.say.position": "Round {round}: {factories} {factories|one:tile|other:tiles} in the factories, {centre} "
        "in the centre",
    }
)

# The table's texts, written by the browser's renderer (web/table.js).
register(
    {
        "azul.ui.pitch": "Draft coloured tiles from the factories and tile your wall: "
        "every tile scores by its neighbours.",
        "azul.ui.badge_tiling": "placing on the wall",
        "azul.ui.badge_turn": "to move",
        "azul.ui.bag": "Bag {count}",
        "azul.ui.board": "{name}: {score} {score|one:point|other:points}",
        "azul.ui.board_turn": "{name}: {score} {score|one:point|other:points}, to move",
        "azul.ui.cancel": "Cancel",
        "azul.ui.cell_empty": "{name}, wall row {row}, column {column}: {colour}, empty",
        "azul.ui.cell_grey_empty": "{name}, wall row {row}, column {column}: empty",
        "azul.ui.cell_grey_tiled": "{name}, wall row {row}, column {column}: {colour}, tiled",
        "azul.ui.cell_tiled": "{name}, wall row {row}, column {column}: {colour}, tiled",
        "azul.ui.centre": "Centre: {tiles}",
        "azul.ui.centre_empty": "Centre: empty",
        "azul.ui.centre_marker": "Centre: {tiles} and the first-player marker",
        "azul.ui.centre_name": "the centre",
        "azul.ui.centre_only_marker": "Centre: the first-player marker",
        "azul.ui.choice_all": "All {count} to line {line}",
        "azul.ui.choice_split": "{rest} to line {line}, {k} to the floor",
        "azul.ui.choice_title": "Send some tiles straight to the floor?",
        "azul.ui.choose_wall": "Choose a column on row {row} of your wall for the {colour} tile",
        "azul.ui.count_colour": "{count} {colour}",
        "azul.ui.deselected": "Selection cleared",
        "azul.ui.dest_floor": "Take {count} {colour} to the floor",
        "azul.ui.dest_line": "Take {count} {colour} to pattern line {line}",
        "azul.ui.factory": "Factory {n}: {tiles}",
        "azul.ui.factory_empty": "Factory {n}: empty",
        "azul.ui.factory_name": "factory {n}",
        "azul.ui.floor": "{name}, floor: {count} {count|one:tile|other:tiles}, {points} "
        "{points|one:point|other:points}",
        "azul.ui.floor_marker": "{name}, floor: {count} {count|one:tile|other:tiles} with the first-player marker, "
        "{points} {points|one:point|other:points}",
        "azul.ui.game_over": "Game over",
        "azul.ui.lid": "Lid {count}",
        "azul.ui.line": "{name}, pattern line {line}: {count} of {size}, {colour}",
        "azul.ui.line_empty": "{name}, pattern line {line}: empty, {size} spaces",
        "azul.ui.list_sep": ", ",
        "azul.ui.not_legal": "Those tiles cannot go there",
        "azul.ui.place_cell": "Place the {colour} tile at row {row}, column {column}",
        "azul.ui.plus": "+{n}",
        "azul.ui.round": "Round {round}",
        "azul.ui.round_of": "Round {round} of {rounds}",
        "azul.ui.selected": "{count} {colour} from {source} selected: choose a pattern line or the floor",
        "azul.ui.table": "Factories and centre",
        "azul.ui.take": "Take {count} {colour} from {source}",
        "azul.ui.with_last": "{label} (last move)",
    }
)

# The rule options' names, descriptions and choices, as the new-game form and the rules page show them.
register(
    {
        "option.azul.grey": "Grey wall",
        "option.azul.partial_floor": "Partial floor",
        "option.azul.rounds": "Rounds",
        "option.azul.centre_seed_tile": "Extra centre tile",
        "option.azul.overflow": "Overflow",
        "option.azul.overflow.floor": "floor",
        "option.azul.overflow.discard": "discard",
        "option.azul.leftover_penalty": "Leftover penalty",
        "option.azul.adjacency": "Adjacency scoring",
        "option.azul.adjacency.standard": "standard",
        "option.azul.adjacency.cross": "cross",
        "option.azul.max_rounds": "Round cap",
    }
)

# The variants' names and descriptions.
register(
    {
        "variant.azul": "Azul",
        "variant.azul-grey": "Azul, grey wall",
        "variant.azul-mini": "Azul Mini",
        "variant.azul-quick": "Azul, quick (3 rounds)",
    }
)
