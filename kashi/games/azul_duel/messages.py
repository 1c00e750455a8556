"""Azul Duel's English texts: syntax errors, illegal-move explanations, score parts, the table's
texts and the names and descriptions of its rule options and variant. Other languages translate
these keys in ``web/i18n/<lang>.json``."""

from kashi.core.messages import register

register(
    {
        "azul_duel.syntax_move": "{text!r} is not an Azul Duel move; moves look like: {examples}",
        "azul_duel.syntax_plate": "{text!r}: there is no plate {plate} (plates are 0..{last})",
        "azul_duel.syntax_chip": "{text!r}: {chip!r} is not a chip; chips are {known}",
        "azul_duel.syntax_chance": "{text!r} is not an Azul Duel chance outcome (L:RRYKB, 2:RYKT, A1, B-, 12 or 3=TY)",
        "azul_duel.not_a_move": "{move!r} is not an Azul Duel move",
        "azul_duel.no_decision": "no player is to move now",
        "azul_duel.no_such_choice": "action id {action} names no move this position offers",
        # phases
        "azul_duel.opening_now": "the game opens with each player placing one face-up plate: play 'plate P sN rR'",
        "azul_duel.tiling_now": "dome tiling is in progress (line {line}): {expected}",
        "azul_duel.acquisition_only": "{move} is an acquisition action, and it is the dome tiling phase",
        "azul_duel.tiling_only": "{move} belongs to dome tiling, and it is the acquisition phase",
        "azul_duel.drawing_now": "you are drawing plates: draw another or keep one of them ('keep P sN rR')",
        "azul_duel.returning_now": "put your other drawn plates on the bottom of the stack, one by one ('bottom P')",
        "azul_duel.expect_chips": "decide whether to spend chips on line {line} ('chips ...' or 'skip')",
        "azul_duel.expect_cell": "choose the cell of row {line} for the tile ('tile c{line}')",
        # plates
        "azul_duel.plate_round": "plates are taken in rounds {first}-{last} only",
        "azul_duel.no_token": "you have used both your tokens: {most} plates per round",
        "azul_duel.not_in_display": "plate {plate} is not face up in the display (display: {display})",
        "azul_duel.slot_taken": "slot {slot} of your dome already holds a plate",
        "azul_duel.stack_empty": "the plate stack is empty",
        "azul_duel.draw_at_zero": "you have no points: a draw is allowed only when the display is empty "
        "and you hold no drawn plate (option draw_at_zero)",
        "azul_duel.not_drawn": "plate {plate} is not among the plates you drew ({hand})",
        # tiles
        "azul_duel.no_workshop": "there is no workshop {workshop}",
        "azul_duel.sun_lacks": "the sun of workshop {workshop} has no {colour} tiles",
        "azul_duel.bad_order": "the leftovers of sun {workshop} are {leftovers}: stack exactly those "
        "(bottom to top), not {order!r}",
        "azul_duel.large_no_order": "leftovers of the large sun go loose onto the large moon: give no order",
        "azul_duel.moons_lack": "no small-moon top tile and no large-moon tile is {colour}",
        "azul_duel.line_other_colour": "pattern line {line} already holds {held}",
        "azul_duel.line_complete": "pattern line {line} is already complete",
        "azul_duel.bad_line": "there is no pattern line {line} (lines {first}..{last}, or x for the broken tiles)",
        "azul_duel.bad_colour": "there is no colour {colour}",
        # chips and passing
        "azul_duel.chip_hidden": "the chip of workshop {workshop} is not revealed: a chip shows once its "
        "workshop is empty",
        "azul_duel.chip_gone": "the chip of workshop {workshop} has already been taken",
        "azul_duel.chip_quota": "you have taken your {most} chips this round",
        "azul_duel.pass_forbidden": "you may pass only when no action is legal",
        "azul_duel.pass_twice": "a pass may not follow a pass (option free_pass)",
        # tiling
        "azul_duel.chips_not_held": "you do not hold the chips {chips} (you hold {held})",
        "azul_duel.chips_dont_pay": "{chips} do not pay for {missing} missing {colour} tiles: each costs "
        "{matching} chips showing {colour} or {any} chips of any colour",
        "azul_duel.cell_illegal": "the tile of line {line} ({colour}) cannot go on {cell}; legal: {legal}",
        # chance
        "azul_duel.bad_chance": "{outcome} is not a possible outcome now: {expected}",
        # score parts
        "azul_duel.score.lone_tile": "{points:+d} lone tile at {cell}",
        "azul_duel.score.tile_row": "{points:+d} tile at {cell}: {row} in the row",
        "azul_duel.score.tile_column": "{points:+d} tile at {cell}: {column} in the column",
        "azul_duel.score.tile_both": "{points:+d} tile at {cell}: {row} in the row + {column} in the column",
        "azul_duel.score.special": "{points:+d} special tile at {cell} (row {row})",
        "azul_duel.score.broken": "{points:+d} broken tiles ({count})",
        "azul_duel.score.start_tile": "{points:+d} start tile",
        "azul_duel.score.draw": "{points:+d} plate drawn from the stack",
        "azul_duel.score.A1": "{points:+d} tablet A1: {count} complete dome {count|one:row|other:rows} x {each}",
        "azul_duel.score.A2": "{points:+d} tablet A2: {count} {count|one:row|other:rows} with {colours} colours x "
        "{each}",
        "azul_duel.score.B1": "{points:+d} tablet B1: {count} complete dome {count|one:column|other:columns} x {each}",
        "azul_duel.score.B2": "{points:+d} tablet B2: {count} filled {count|one:cell|other:cells} on the outer ring",
        "azul_duel.score.C1": "{points:+d} tablet C1: {count} complete main {count|one:diagonal|other:diagonals} x "
        "{each}",
        "azul_duel.score.C2": "{points:+d} tablet C2: {count} complete corner {count|one:plate|other:plates} ({top} "
        "top, {bottom} bottom)",
        "azul_duel.score.D1": "{points:+d} tablet D1: {count} wild {count|one:cell|other:cells} x {each}, if all "
        "filled",
        "azul_duel.score.D2": "{points:+d} tablet D2: {count} special {count|one:cell|other:cells} without a special "
        "tile x {each}",
        "azul_duel.score.unused_chips": "{points:+d} {count} unused {count|one:chip|other:chips}",
    }
)

# Decisions and chance lines in words (kashi/games/azul_duel/words.py), after the mover's name in the log.
register(
    {
        "azul_duel.say.plate": "places plate {plate} on space {slot}, turned {rotation}",
        "azul_duel.say.keep": "keeps plate {plate} on space {slot}, turned {rotation}",
        "azul_duel.say.draw": "draws a plate from the stack",
        "azul_duel.say.bottom": "puts plate {plate} under the stack",
        "azul_duel.say.sun": "takes {count} {colour} from the sun of workshop {workshop} to pattern line {line}",
        "azul_duel.say.sun_broken": "takes {count} {colour} from the sun of workshop {workshop} to the broken tiles",
        "azul_duel.say.sun_large": "takes {count} {colour} from the large sun to pattern line {line}",
        "azul_duel.say.sun_broken_large": "takes {count} {colour} from the large sun to the broken tiles",
        "azul_duel.say.moon": "takes {count} {colour} from the moons to pattern line {line}",
        "azul_duel.say.moon_broken": "takes {count} {colour} from the moons to the broken tiles",
        "azul_duel.say.chip": "takes the bonus chip of workshop {workshop}",
        "azul_duel.say.pass": "passes",
        "azul_duel.say.chips": "completes the line with the chips {chips}",
        "azul_duel.say.skip": "leaves the line incomplete",
        "azul_duel.say.tile": "places the tile on {cell} of the dome",
        "azul_duel.say.chance_fill": "The workshops' suns are filled from the bag",
        "azul_duel.say.chance_display": "Plates are laid face up",
        "azul_duel.say.chance_drawn": "Plates are drawn from the stack",
        "azul_duel.say.chance_tablets": "The objective tablets are drawn",
        "azul_duel.say.chance_chip": "A bonus chip is revealed",
        "azul_duel.say.position": "Round {round} of {rounds}",
    }
)

# The table's texts, written by the browser's renderer (web/table.js).
register(
    {
        "azul_duel.ui.pitch": "Two players, sun and moon workshops, and a dome to fill with plates and patterns.",
        "azul_duel.ui.ask.opening": "Choose a plate from the display, then a slot of your dome.",
        "azul_duel.ui.ask.turn": "Your turn: take one colour from a sun or the moons, a plate, or a revealed chip.",
        "azul_duel.ui.ask.line": "{count} {colour}: choose a pattern line or the broken tiles.",
        "azul_duel.ui.ask.order": "Stack the leftovers of workshop {n} on its moon: choose the order.",
        "azul_duel.ui.ask.plate": "Plate {plate}: choose a lit slot; R or the wheel rotates it.",
        "azul_duel.ui.ask.keep": "Keep one of your drawn plates and place it, or draw another.",
        "azul_duel.ui.ask.bottom": "Put your other drawn plates under the stack: choose the next one.",
        "azul_duel.ui.ask.chips": "Complete line {line} ({colour}) with chips?",
        "azul_duel.ui.ask.tile": "Choose the cell of row {row} for the {colour} tile.",
        "azul_duel.ui.ask.draw": "The display is empty and a plate is due: draw one from the stack.",
        "azul_duel.ui.ask.pass": "No action is possible: pass.",
        "azul_duel.ui.ask.wait": "{name} is to move.",
        "azul_duel.ui.ask.wait_tiling": "Dome tiling: {name}, line {line}.",
        "azul_duel.ui.ask.wait_drawing": "{name} is drawing plates ({count} drawn).",
        "azul_duel.ui.bag": "Bag {count}",
        "azul_duel.ui.board": "{name}: {score} {score|one:point|other:points}",
        "azul_duel.ui.bottom_to_top": "Each choice shows the stack from bottom (left) to top (right).",
        "azul_duel.ui.broken": "{name}, broken tiles: {count} ({points})",
        "azul_duel.ui.cancel": "Cancel",
        "azul_duel.ui.cancelled": "Selection cancelled",
        "azul_duel.ui.cell_colour": "{cell}: empty {colour} cell",
        "azul_duel.ui.cell_none": "{cell}: no plate",
        "azul_duel.ui.cell_special": "{cell}: empty special cell",
        "azul_duel.ui.cell_special_tile": "{cell}: special tile",
        "azul_duel.ui.cell_tile": "{cell}: {colour} tile",
        "azul_duel.ui.cell_wild": "{cell}: empty wild cell",
        "azul_duel.ui.chip_hidden": "chip face down",
        "azul_duel.ui.chip_revealed": "chip {chip}, revealed",
        "azul_duel.ui.chip_taken": "chip taken",
        "azul_duel.ui.chips_held": "Chips: {chips}",
        "azul_duel.ui.count_colour": "{count} {colour}",
        "azul_duel.ui.display": "Face-up plates",
        "azul_duel.ui.dome": "Pattern lines and dome of {name}",
        "azul_duel.ui.draw": "Draw a plate ({cost})",
        "azul_duel.ui.empty": "empty",
        "azul_duel.ui.final": "Final scoring",
        "azul_duel.ui.hand_other": "{name} drew {count} {count|one:plate|other:plates}",
        "azul_duel.ui.hand_own": "Your drawn plates",
        "azul_duel.ui.large_name": "the large workshop",
        "azul_duel.ui.large_short": "Large",
        "azul_duel.ui.line": "{name}, line {line}: {count} of {size}, {colour}",
        "azul_duel.ui.line_empty": "{name}, line {line}: empty, {size} spaces",
        "azul_duel.ui.list_sep": ", ",
        "azul_duel.ui.moon_stack": "{count} {count|one:tile|other:tiles}, top {colour}",
        "azul_duel.ui.no_chips": "no chips",
        "azul_duel.ui.objectives": "Objectives so far",
        "azul_duel.ui.order": "Bottom to top: {colours}",
        "azul_duel.ui.pass": "Pass",
        "azul_duel.ui.place_tile": "Place the {colour} tile on {cell}",
        "azul_duel.ui.plate": "Plate {plate}: {cells}",
        "azul_duel.ui.plate_back": "a face-down plate",
        "azul_duel.ui.plate_cells": "top {tl}, {tr}; bottom {bl}, {br}",
        "azul_duel.ui.points": "{points:+d}",
        "azul_duel.ui.rotate": "Rotate",
        "azul_duel.ui.round": "Round {round} of {rounds}",
        "azul_duel.ui.skip": "Skip",
        "azul_duel.ui.slot_place": "Place plate {plate} on slot {slot}, rotation {rotation}",
        "azul_duel.ui.special": "special",
        "azul_duel.ui.spend": "Spend chips: {chips}",
        "azul_duel.ui.stack": "{count} {count|one:plate|other:plates} face down, {cost} {cost|one:point|other:points} "
        "per plate drawn",
        "azul_duel.ui.start_holder": "start player",
        "azul_duel.ui.start_taken": "start tile {points}",
        "azul_duel.ui.start_tile": "the start tile",
        "azul_duel.ui.supply": "Scoring board: plates, tablets and supply",
        "azul_duel.ui.take_chip": "Take chip {chip} from {workshop}",
        "azul_duel.ui.take_moon": "Take {count} {colour} from the moons",
        "azul_duel.ui.take_sun": "Take {count} {colour} from the sun of {workshop}",
        "azul_duel.ui.tiling": "tiling",
        "azul_duel.ui.to_bottom": "Put plate {plate} under the stack",
        "azul_duel.ui.to_broken": "Put {count} {colour} on the broken tiles",
        "azul_duel.ui.to_line": "Put {count} {colour} on line {line}",
        "azul_duel.ui.to_move": "to move",
        "azul_duel.ui.tokens": "Tokens left: {count}",
        "azul_duel.ui.total": "Total",
        "azul_duel.ui.tower": "Tower {count}",
        "azul_duel.ui.unused_chips": "Unused chips",
        "azul_duel.ui.wild": "wild",
        "azul_duel.ui.winner": "winner",
        "azul_duel.ui.workshop_large": "Large workshop sun: {sun}; moon: {moon}",
        "azul_duel.ui.workshop_name": "workshop {n}",
        "azul_duel.ui.workshop_small": "Workshop {n} sun: {sun}; moon: {moon}; {chip}",
        "azul_duel.ui.workshops": "Workshops",
        "azul_duel.ui.tablet.A1": "3 per complete row",
        "azul_duel.ui.tablet.A2": "4 per row of 5 colours",
        "azul_duel.ui.tablet.B1": "7 per complete column",
        "azul_duel.ui.tablet.B2": "1 per filled outer cell",
        "azul_duel.ui.tablet.C1": "10 per complete diagonal",
        "azul_duel.ui.tablet.C2": "3 per top corner plate, 8 per bottom one",
        "azul_duel.ui.tablet.D1": "2 per wild cell, if all are filled",
        "azul_duel.ui.tablet.D2": "−3 per special cell without its tile",
    }
)

# The rule options' names, descriptions and choices, as the new-game form and the rules page show them.
register(
    {
        "option.azul-duel.tablets": "Scoring tablets",
        "option.azul-duel.draw_at_zero": "Draw at zero points",
        "option.azul-duel.unused_chip_points": "Unused chip points",
        "option.azul-duel.free_pass": "Free pass",
        "option.azul-duel.untaken_start_tile": "Untaken start tile",
        "option.azul-duel.untaken_start_tile.keep": "keep",
        "option.azul-duel.untaken_start_tile.pass": "pass",
    }
)

# The variant's name and description.
register(
    {
        "variant.azul-duel": "Azul Duel",
    }
)
