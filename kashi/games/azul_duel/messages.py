"""Catalogue entries for Azul Duel: syntax errors, illegal-move explanations and score parts."""

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
        "azul_duel.plate_round": "plates are taken in rounds 1-4 only",
        "azul_duel.no_token": "you have used both your tokens: 2 plates per round",
        "azul_duel.not_in_display": "plate {plate} is not face up in the display (display: {display})",
        "azul_duel.slot_taken": "slot {slot} of your dome already holds a plate",
        "azul_duel.stack_empty": "the plate stack is empty",
        "azul_duel.draw_at_zero": "you have 0 points: a draw is allowed only when the display is empty "
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
        "azul_duel.bad_line": "there is no pattern line {line} (lines 1..6, or x for the broken tiles)",
        "azul_duel.bad_colour": "there is no colour {colour}",
        # chips and passing
        "azul_duel.chip_hidden": "the chip of workshop {workshop} is not revealed: a chip shows once its "
        "workshop is empty",
        "azul_duel.chip_gone": "the chip of workshop {workshop} has already been taken",
        "azul_duel.chip_quota": "you have taken your 2 chips this round",
        "azul_duel.pass_forbidden": "you may pass only when no action is legal",
        "azul_duel.pass_twice": "a pass may not follow a pass (option free_pass)",
        # tiling
        "azul_duel.chips_not_held": "you do not hold the chips {chips} (you hold {held})",
        "azul_duel.chips_dont_pay": "{chips} do not pay for {missing} missing {colour} tiles: each costs "
        "2 chips showing {colour} or 3 chips of any colour",
        "azul_duel.cell_illegal": "the tile of line {line} ({colour}) cannot go on {cell}; legal: {legal}",
        # chance
        "azul_duel.bad_chance": "{outcome} is not a possible outcome now: {expected}",
        # score parts
        "azul_duel.score.lone_tile": "{points:+d} lone tile at {cell}",
        "azul_duel.score.tile_row": "{points:+d} tile at {cell}: row of {row}",
        "azul_duel.score.tile_column": "{points:+d} tile at {cell}: column of {column}",
        "azul_duel.score.tile_both": "{points:+d} tile at {cell}: row {row} + column {column}",
        "azul_duel.score.special": "{points:+d} special tile at {cell} (row {row})",
        "azul_duel.score.broken": "{points:+d} broken tiles ({count})",
        "azul_duel.score.start_tile": "{points:+d} start tile",
        "azul_duel.score.draw": "{points:+d} plate drawn from the stack",
        "azul_duel.score.A1": "{points:+d} tablet A1: {count} complete dome rows x 3",
        "azul_duel.score.A2": "{points:+d} tablet A2: {count} rows with 5 colours x 4",
        "azul_duel.score.B1": "{points:+d} tablet B1: {count} complete dome columns x 7",
        "azul_duel.score.B2": "{points:+d} tablet B2: {count} filled cells on the outer ring",
        "azul_duel.score.C1": "{points:+d} tablet C1: {count} complete main diagonals x 10",
        "azul_duel.score.C2": "{points:+d} tablet C2: {count} complete corner plates (3 top, 8 bottom)",
        "azul_duel.score.D1": "{points:+d} tablet D1: {count} wild cells x 2, if all filled",
        "azul_duel.score.D2": "{points:+d} tablet D2: {count} special cells without a special tile x -3",
        "azul_duel.score.unused_chips": "{points:+d} {count} unused chips",
    }
)
