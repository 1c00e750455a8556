"""Ingenious's English texts: syntax and illegal-move explanations, option checks, score parts, the
table's texts and the names and descriptions of its rule options and variants. Other languages
translate these keys in ``web/i18n/<lang>.json``."""

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
        "ingenious.teams_players": "the team game is for {team_players} players, not {players}",
        "ingenious.solo_players": "the solo option is for {solo_players} player (players: {players})",
        "ingenious.start_colours": "start_colours must list R G B O Y P once each, not {value!r}",
        "ingenious.rays": "{colour} +{points} (rays {rays})",
        "ingenious.group": "{colour} +{points} (group of {size})",
        "ingenious.capped": "{colour} stops at {mark}: {lost} lost",
        "ingenious.locked": "{colour} is locked: {lost} lost",
        "ingenious.lock": "{colour} reached {mark}: locked for everyone",
        "ingenious.bonus": "Ingenious! {colour} reached {mark}: place again",
        "ingenious.bonus_lost": "the rack is empty: {count} bonus placement(s) lost",
        "ingenious.hidden_rack": "the rack of seat {seat} is hidden in this view",
    }
)

# Moves and draws in words (kashi/games/ingenious/words.py), after the mover's name in the log.
register(
    {
        "ingenious.say.place": "places {first} on {a} and {second} on {b}",
        "ingenious.say.swap": "swaps the whole rack",
        "ingenious.say.keep": "keeps the rack",
        "ingenious.say.draw": "{player} draws {tiles}",
        "ingenious.say.draw_hidden": "{player} draws {count} {count|one:tile|other:tiles}",
        "ingenious.say.tile": "{first}-{second}",
        "ingenious.say.position": "{free} {free|one:free hex|other:free hexes} on the board, {bag} "
        "{bag|one:tile|other:tiles} in the bag",
    }
)

# The table's texts, written by the browser's renderer (web/table.js).
register(
    {
        "ingenious.ui.pitch": "Lay two-coloured hexes to raise six colours: only your weakest colour counts.",
        "ingenious.ui.bag": "Bag: {n} {n|one:tile|other:tiles}",
        "ingenious.ui.board": "Hex board",
        "ingenious.ui.bonus": "Place another tile. Bonus placements left: {n}",
        "ingenious.ui.bonus_colour": "{colour} reached {mark}: place another tile (bonus placements left: {n}).",
        "ingenious.ui.cancel": "Cancel",
        "ingenious.ui.cell_empty": "{cell}: empty",
        "ingenious.ui.cell_empty_start": "{cell}: empty, touches {colour} start",
        "ingenious.ui.cell_star": "{cell}: start star",
        "ingenious.ui.cell_start": "{cell}: {colour} start symbol",
        "ingenious.ui.cell_tile": "{cell}: {colour}",
        "ingenious.ui.confirm": "Tap the second hex again or press Place to drop the tile.",
        "ingenious.ui.game_over": "Game over.",
        "ingenious.ui.game_over_winner": "Game over. Winner: {name}",
        "ingenious.ui.ingenious": "Ingenious!",
        "ingenious.ui.keep": "Keep my rack",
        "ingenious.ui.list_sep": ", ",
        "ingenious.ui.pick_first": "Choose the hex for the tile's first half (r rotates).",
        "ingenious.ui.pick_second": "Choose the neighbouring hex for the second half.",
        "ingenious.ui.pick_tile": "Your turn: pick a tile from your rack.",
        "ingenious.ui.place": "Place",
        "ingenious.ui.preview": "This placement scores:",
        "ingenious.ui.preview_none": "This placement cannot be scored.",
        "ingenious.ui.preview_wait": "Scoring…",
        "ingenious.ui.preview_zero": "no points",
        "ingenious.ui.rack_count": "{n} {n|one:tile|other:tiles} in the rack",
        "ingenious.ui.reserve": "Reserve rack",
        "ingenious.ui.rotate": "Rotate",
        "ingenious.ui.swap": "Swap all six",
        "ingenious.ui.swap_question": "None of your tiles shows your lowest colour: swap your whole rack for six new "
        "tiles, or keep it?",
        "ingenious.ui.swap_title": "Swap your rack?",
        "ingenious.ui.team": "Team {names}",
        "ingenious.ui.tile": "{first} and {second} tile",
        "ingenious.ui.tile_double": "double {colour} tile",
        "ingenious.ui.to_move": "to move",
        "ingenious.ui.track": "{name}: {colour} {n} of {max}",
        "ingenious.ui.track_locked": "{name}: {colour} {n} of {max}, locked",
        "ingenious.ui.winner": "winner",
        "ingenious.ui.your_rack": "Your rack",
    }
)

# The rule options' names, descriptions and choices, as the new-game form and the rules page show them.
register(
    {
        "option.ingenious.teams": "Teams",
        "option.ingenious.solo": "Solo",
        "option.ingenious.start_colours": "Start colours",
        "option.ingenious.start": "Start",
        "option.ingenious.start.symbols": "symbols",
        "option.ingenious.start.centre-star": "centre star",
        "option.ingenious.must_touch": "Must touch",
        "option.ingenious.scoring": "Scoring",
        "option.ingenious.scoring.rays": "rays",
        "option.ingenious.scoring.group": "group",
        "option.ingenious.cap": "At 18",
        "option.ingenious.cap.bonus": "bonus",
        "option.ingenious.cap.global-lock": "global lock",
        "option.ingenious.reserve_hand": "Reserve rack",
        "option.ingenious.stuck": "When stuck",
        "option.ingenious.stuck.pass": "pass",
        "option.ingenious.stuck.discard": "discard",
        "option.ingenious.end": "End",
        "option.ingenious.end.board": "board",
        "option.ingenious.end.bag": "bag",
        "option.ingenious.tiebreak": "Tie-break",
        "option.ingenious.tiebreak.sorted": "sorted",
        "option.ingenious.tiebreak.total": "total",
        "option.ingenious.empty_rack_bonus": "Bonus with an empty rack",
        "option.ingenious.empty_rack_bonus.lost": "lost",
        "option.ingenious.empty_rack_bonus.refill": "refill",
        "option.ingenious.complete_tie": "Complete tie",
        "option.ingenious.complete_tie.shared": "shared",
        "option.ingenious.complete_tie.draw": "draw",
    }
)

# The variants' names and descriptions.
register(
    {
        "variant.ingenious": "Ingenious",
        "variant.ingenious-teams": "Ingenious, teams",
        "variant.ingenious-solo": "Ingenious, solo",
        "variant.ingenious-tutorial": "Ingenious, tutorial rules",
    }
)
