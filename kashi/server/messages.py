"""The server's catalogue messages: every refusal carries a key, parameters and English text."""

from __future__ import annotations

from typing import Any

from kashi.core.messages import Message, register

register(
    {
        "server.stale": "the game has moved on: version {current} is current, the request was for {sent}",
        "server.not_started": "the game has not started: some seats are still open",
        "server.finished": "the game is over",
        "server.not_your_seat": "you do not hold seat {seat}",
        "server.no_seat": "you hold no seat in this game that is to move",
        "server.seat_standin": "a computer is playing seat {seat}: take the seat back first",
        "server.not_away": "seat {seat} is not away: nothing to decide",
        "server.away_wait": "seat {seat} has been away less than the grace period: wait {seconds} more seconds",
        "server.choice_not_yours": "only another player at the table decides for seat {seat}",
        "server.claim_many": "a win is claimed only in a two-player game: let a computer finish the seat instead",
        "server.resign_hot_seat": "every seat of this game is yours: there is nobody to resign to",
        "server.no_standin": "no computer plays for you in this game",
        "server.standin_already": "a computer plays your seats already",
        "server.chat_players_only": "only the players at the table chat: spectators watch",
        "server.chat_one_of": "a chat line is either text or a quick message",
        "server.chat_no_preset": "there is no quick message {preset!r}: they are {known}",
        "server.chat_too_fast": "at most {lines} chat lines in {seconds} seconds: wait a moment",
        "server.chat_busy": "the line could not be kept just now: say it again",
        "server.ask_needs_people": "a takeback is asked of other people: against computers, take it back yourself",
        "server.ask_pending": "a takeback has been asked already: wait for the answer",
        "server.no_ask": "nobody has asked for a takeback",
        "server.ask_not_yours": "only the other players answer this takeback",
        "server.bad_move": "the move {move!r} could not be read",
        "server.bad_message": "the message is not valid: {detail}",
        "server.hello_first": "send a hello message first",
        "server.too_large": "messages are limited to {limit} bytes",
        "server.rate_dropped": "too many messages waiting: at most {queue} wait their turn at {rate} a second, "
        "and the ones beyond were not handled",
        "server.bad_origin": "this origin may not open a game connection",
        "server.no_game": "there is no game {game!r}",
        "server.bad_token": "the seat token is not valid for this game",
        "server.takeback_not_alone": "takebacks are allowed only when every other seat is a bot or yours",
        "server.takeback_rated": "a rated game allows no takebacks",
        "server.takeback_nothing": "you have no move to take back",
        "server.takeback_hidden": "a takeback cannot go past a chance event or a reveal of hidden information",
        "server.seed_not_allowed": "a seed may be chosen only for a game whose seats are all yours or bots",
        "server.invite_void": "this invite link has been used or replaced: ask the game's creator for a new one",
        "server.not_offered": "no seat of this game is offered to you",
        "server.offer_over": "this rematch offer is over ({why}): nobody more is seated",
        "server.not_finite": "{number} is not a finite number: JSON allows only finite numbers",
        "server.login_throttled": "too many sign-in attempts: try again in {seconds} seconds",
        "server.guests_throttled": "too many new players from this address: try again in {seconds} seconds",
        "server.hello_timeout": "no hello within {seconds} seconds: the connection is closed",
        "server.too_many_connections": "too many game connections from this address (at most {limit})",
        "server.server_full": "the server has too many game connections (at most {limit}): try again later",
        "server.no_family": "there is no game family {family!r}: the families are {known}",
        "server.no_rating_pool": "{family} has no ratings for {players} players: it is rated for {allowed} players",
        "server.no_player": "there is no player {player!r}",
        "server.review_unfinished": "a game is reviewed once it is over",
        "server.no_bot_level": "there is no bot level {level!r}: the levels are {known}",
        "server.hint_not_allowed": "hints are given only in unrated games where every other seat is a bot or yours",
        "server.hint_not_your_turn": "a hint is given only to the seat to move: wait for your turn",
        "server.hint_unavailable": "no hint could be thought just now: ask again",
        "server.replays_throttled": "too many record uploads from this address: try again in {seconds} seconds",
        "server.record_too_long": "a record to replay may have at most {limit} events: this one has {events}",
        "server.record_too_large": "a record to replay may have at most {limit} characters: this one has {chars}",
        "server.record_option_cap": "a record to replay may set {option} to at most {limit}: this one sets {value}",
        "server.too_many_hints": "you have {limit} hints being thought already: ask again in {seconds} seconds",
        "server.too_many_games": "you have {limit} games going already: finish one, or try again in {seconds} seconds",
        "server.too_many_reviews": "you have {limit} reviews queued or running already: try again in {seconds} seconds",
        "server.no_lessons": "there are no lessons for {family!r}",
        "server.no_lesson": "there is no lesson {lesson!r} for {family}",
    }
)


def reason(key: str, **params: Any) -> dict[str, Any]:
    return Message(key, params).to_json()
