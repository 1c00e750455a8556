"""Catalogue entries for Ingenious: syntax and illegal-move explanations, options, score parts."""

from kashi.core.messages import register

register(
    {
        "ingenious.syntax_move": "{text!r} is not an Ingenious move: write a tile and two cells like "
        "'RB h8-h9' (the first colour on the first cell), or swap / keep",
        "ingenious.syntax_tile": "{text!r} is not a tile: write two colour letters of R G B O Y P",
        "ingenious.syntax_cell": "{text!r} is not a cell of the board (rows a..o, columns 1..15, e.g. h8)",
        "ingenious.not_a_move": "{move!r} is not an Ingenious move",
        "ingenious.decide_now": "your placements are done: answer swap or keep",
        "ingenious.place_now": "swap or keep is asked only after your placements, when a swap is allowed",
        "ingenious.outside": "{cell} is outside the play area of a {players}-player game "
        "(distance {distance} from h8, at most {radius})",
        "ingenious.not_adjacent": "{a} and {b} are not neighbours: a tile covers two cells that share an edge",
        "ingenious.start_symbol": "{cell} is a start cell (a start symbol or the star): no tile covers it",
        "ingenious.occupied": "{cell} is already covered",
        "ingenious.not_in_rack": "there is no {tile} tile in your rack",
        "ingenious.first_round": "first round: your tile must touch a start symbol that no earlier "
        "placement of this round touched (free: {free})",
        "ingenious.first_tile": "the first tile must touch the centre star",
        "ingenious.must_touch": "every tile must touch a covered cell or the star",
        "ingenious.not_in_bag": "no {tile} tile is left to draw",
        "ingenious.teams_players": "the team game is for 4 players, not {players}",
        "ingenious.solo_players": "the solo option and 1 player go together (players: {players})",
        "ingenious.start_colours": "start_colours must list R G B O Y P once each, not {value!r}",
        "ingenious.rays": "{colour} +{points} (rays {rays})",
        "ingenious.group": "{colour} +{points} (group of {size})",
        "ingenious.capped": "{colour} stops at {mark}: {lost} lost",
        "ingenious.locked": "{colour} is locked: {lost} lost",
        "ingenious.lock": "{colour} reached 18: locked for everyone",
        "ingenious.bonus": "Ingenious! {colour} reached {mark}: place again",
        "ingenious.bonus_lost": "the rack is empty: {count} bonus placement(s) lost",
        "ingenious.hidden_rack": "the rack of seat {seat} is hidden in this view",
    }
)
