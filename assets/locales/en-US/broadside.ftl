# Broadside — English (en-US), the default language.
#
# Every locale has exactly the same message ids with the same { $variables } (a unit test
# checks it). Mentions (<@…>), channels (<#…>) and timestamps (<t:…:R>) arrive ready-made in
# variables. A line of a multi-line message must not start with [ * or . (Fluent syntax).

## Game names

variant-classic = Classic
variant-game2000 = Game 2000
variant-classic-title = Classic (Søslag / Sjöslag)
variant-game2000-title = Game 2000 (Zeeslag)
variant-classic-short = classic
variant-game2000-short = Game 2000
choice-variant-classic = Classic (Søslag / Sjöslag)
choice-variant-game2000 = Game 2000 (Zeeslag)
choice-difficulty-easy = Easy
choice-difficulty-normal = Normal
choice-difficulty-hard = Hard

## Commands: names, descriptions (at most 100 characters) and long help

cmd-challenge-name = challenge
cmd-challenge-desc = Challenge a member (or me, the computer) to a sea battle here
cmd-challenge-help =
    The challenged member gets Accept and Decline buttons. One match per channel (start a thread to play several at once); each member plays one match at a time.
cmd-challenge-opt-opponent-name = opponent
cmd-challenge-opt-opponent-desc = The member you want to play against
cmd-challenge-opt-variant-name = variant
cmd-challenge-opt-variant-desc = Rule set: classic (default) or Game 2000
cmd-challenge-opt-forbid_repeats-name = forbid_repeats
cmd-challenge-opt-forbid_repeats-desc = Game 2000 house rule: refuse shots at cells fired at before (default: no)
cmd-challenge-opt-difficulty-name = difficulty
cmd-challenge-opt-difficulty-desc = Against the computer (me): easy, normal (default) or hard

cmd-place-name = place
cmd-place-desc = Place your fleet in secret (a fleet string, or a random one)
cmd-place-help =
    Without a fleet you get a random valid one. The answer is private: a preview picture with Shuffle and Ready buttons. Works in the match channel and in a DM with the bot.
    Example: `A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10`.
cmd-place-opt-fleet-name = fleet
cmd-place-opt-fleet-desc = Your ships, e.g. A1-A4 C1-C3 E1-E3 … (leave empty for a random fleet)

cmd-fire-name = fire
cmd-fire-desc = Fire at the enemy: one cell in classic (C4), three in Game 2000 (C4 D5 E6)
cmd-fire-help =
    Only the player whose turn it is can fire, in the match's channel. The result is public, with your picture of the enemy sea. Or press **Fire** under the message that gives you the turn: a private aim panel lets you pick the cells without typing.
cmd-fire-opt-targets-name = targets
cmd-fire-opt-targets-desc = Cells to fire at: C4 (classic) or C4 D5 E6 (Game 2000)

cmd-board-name = board
cmd-board-desc = Show your own fleet with its damage and your view of the enemy sea (only you see it)
cmd-board-help =
    Use it at any time during a match, also to see your boards again after the earlier private answers have disappeared.

cmd-status-name = status
cmd-status-desc = Show this channel's match (or your own): players, rules, turn, shots and deadline
cmd-status-help =
    The answer is public, so everyone in the channel can follow the match.

cmd-forfeit-name = forfeit
cmd-forfeit-desc = Give up your current match; your opponent wins
cmd-forfeit-help =
    Works from anywhere, also in a DM with the bot. The end is announced in the match's channel.

cmd-cancel-name = cancel
cmd-cancel-desc = Call off this channel's match (the challenger before acceptance, or a moderator)
cmd-cancel-help =
    Nobody wins a cancelled match. Moderators are members with the **Manage Messages** permission.

cmd-rules-name = rules
cmd-rules-desc = Explain the rules of classic or Game 2000 (only you see the answer)
cmd-rules-help =
    Without an option it explains both rule sets.
cmd-rules-opt-variant-name = variant
cmd-rules-opt-variant-desc = Which rule set (default: both)

cmd-replay-name = replay
cmd-replay-desc = Watch a finished match again, shot by shot, as an animated picture
cmd-replay-help =
    Its players can watch it anywhere, and members of its server who can see the channel it was played in can watch it there; the replay is shown to you alone. Start typing to pick one of your last ten matches, or give a match id (every replay shows its own).
cmd-replay-opt-match-name = match
cmd-replay-opt-match-desc = The match: one of your last ten, or a match id

cmd-stats-name = stats
cmd-stats-desc = Show a member's rating and statistics as a picture (yours by default)
cmd-stats-help =
    Every member has a Glicko-2 rating per rule set, changed by each rated match (member against member, ended by sinking, a draw, a forfeit or a timeout; a forfeit or timeout counts as a loss). Matches against the computer are counted per level instead. A rating stays provisional for the first 5 rated games. The answer is public unless you add `{ cmd-stats-opt-private-name }:True`.
cmd-stats-opt-member-name = member
cmd-stats-opt-member-desc = Whose statistics (default: yours)
cmd-stats-opt-variant-name = variant
cmd-stats-opt-variant-desc = Rule set (default: classic)
cmd-stats-opt-private-name = private
cmd-stats-opt-private-desc = Show the card to you alone (default: no)

cmd-leaderboard-name = leaderboard
cmd-leaderboard-desc = Show the best players by rating, on this server or on the opt-in global board
cmd-leaderboard-help =
    Lists the members who played a rated match on this server, ten per page, best rating first; provisional ratings (fewer than 5 rated games) come after the others. If you are listed but not on the page, your own line is shown below it. `{ cmd-leaderboard-opt-scope-name }:global` (the default in DMs, group DMs and servers without the bot) ranks members from anywhere who chose to be listed with `/{ cmd-privacy-name } { cmd-privacy-set-name }`.
cmd-leaderboard-opt-variant-name = variant
cmd-leaderboard-opt-variant-desc = Rule set (default: classic)
cmd-leaderboard-opt-season-name = season
cmd-leaderboard-opt-season-desc = Which season: current, all (lifetime), or a past season's number
cmd-leaderboard-opt-scope-name = scope
cmd-leaderboard-opt-scope-desc = This server's board, or the global one (members who chose to be listed)
choice-scope-server = This server
choice-scope-global = Global (members who chose to be listed)

cmd-history-name = history
cmd-history-desc = List the last ten finished matches of a member (yours by default); only you see it
cmd-history-help =
    Each line has the date, the rule set, the opponent, the result, how it ended, the shots or turns fired and the match id (give it to `/{ cmd-replay-name }` to watch the match again).
cmd-history-opt-member-name = member
cmd-history-opt-member-desc = Whose matches (default: yours)

cmd-privacy-name = privacy
cmd-privacy-desc = What the bot stores about you, and how to delete it
cmd-privacy-help =
    `/{ cmd-privacy-name } { cmd-privacy-info-name }` explains what is stored; `/{ cmd-privacy-name } { cmd-privacy-set-name }` sets whether your name is shown on the global leaderboard (hidden by default); `/{ cmd-privacy-name } { cmd-privacy-delete-name }` deletes your ratings and statistics after you confirm.
cmd-privacy-info-name = info
cmd-privacy-info-desc = Explain what the bot stores about members and how to delete it
cmd-privacy-set-name = set
cmd-privacy-set-desc = Choose whether your name and rating are shown on the global leaderboard
cmd-privacy-set-opt-leaderboard-name = leaderboard
cmd-privacy-set-opt-leaderboard-desc = Show your name on the global leaderboard, or hide it (hidden by default)
choice-leaderboard-visible = Visible: list me on the global leaderboard
choice-leaderboard-hidden = Hidden (the default)
cmd-privacy-delete-name = delete
cmd-privacy-delete-desc = Delete your ratings and statistics and your name from past matches

cmd-help-name = help
cmd-help-desc = Explain how to play and list the commands
cmd-help-help =
    Without an option it lists every command. Name a command to see its options.
cmd-help-opt-command-name = command
cmd-help-opt-command-desc = A command to explain in detail, for example: help

## /help

help-intro = **Broadside** is sea battle for two players: hide your fleet, then take turns firing at the other player's sea until one fleet is sunk.
help-commands = **Commands**
help-more = Use `/{ cmd-help-name } { cmd-help-opt-command-name }:<name>` for details about one command.
help-options = **Options**
help-required = required
help-optional = optional
err-help-unknown = There is no command called `/{ $command }`. Use `/{ cmd-help-name }` to see them all.

## /rules

rules-classic = **Classic — Søslag / Sjöslag**
    • The sea has 10×10 cells: columns A–J, rows 1–10 (`C4` is column C, row 4).
    • Fleet: 1 battleship (4 cells), 2 cruisers (3), 3 destroyers (2), 4 torpedo boats (1).
    • Ships are straight lines and never touch one another, not even at a corner.
    • One shot per turn with `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4`. A miss passes the turn; a hit or a sinking lets you fire again.
    • When a ship sinks you learn which one it was, and the water around it is marked for you.
    • Firing at a cell you already tried is refused and costs nothing.
    • Sink all ten ships first to win. Letting your turn run out loses the game.
rules-game2000 = **Game 2000 — Zeeslag**
    • The sea has 9×9 cells: columns A–I, rows 1–9.
    • Fleet: 2 ships of 3 cells, 3 of 2 cells, 2 of 1 cell.
    • Ships never touch (not even at a corner), never use a corner cell (A1, I1, A9, I9), and a ship of 2 or 3 cells may not lie with its long side along the edge. A 1-cell ship may stand on an edge.
    • Each turn you name three cells: `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4 D5 E6`. They are resolved in a random order, and you hear one report per shot: water, "length L hit" or "length L destroyed" — but never which cell hit.
    • A cell you fired at before always reports water (unless the match forbids repeats).
    • Both players get the same number of turns: if the second player also destroys everything in the round the first player finished, the game is a draw.
    • Letting your turn run out loses the game.

## Challenge

challenge-public = ⚓ { $challenger } challenges { $opponent } to a game of **{ $variant }**.
challenge-house-rule = House rule: shots at cells fired at before are refused.
challenge-answer = { $opponent }, accept or decline — the challenge expires { $deadline }.
challenge-accepted =
    ⚓ { $challenger } vs { $opponent } — **{ $variant }**. Challenge accepted!
    Both players now place their fleets in secret (I sent each of you a private preview; `/{ cmd-place-name }` works here too, privately). Placement ends { $deadline }.
button-accept = Accept
button-decline = Decline
err-challenge-bots = Bots cannot play. Challenge a member of this server.
err-channel-busy = This channel already has a match. Start a thread (or use another channel) to play at the same time.
err-you-busy = You are already playing a match. A member plays one match at a time.
err-you-busy-in = You are already playing a match in { $channel }. A member plays one match at a time.
err-other-busy = { $player } is already playing a match. A member plays one match at a time.
err-other-busy-in = { $player } is already playing a match in { $channel }. A member plays one match at a time.

## Placement

dm-closed-hint = { $player }, I cannot send you direct messages. Use `/{ cmd-place-name }` here: the answer is private, only you see your fleet.
placement-prompt =
    Your fleet for the **{ $variant }** match in { $channel } (only you can see this).
    `{ $fleet }`
    Press **Shuffle** for another random fleet, **Ready** to make it final — or type your own with `/{ cmd-place-name } { cmd-place-opt-fleet-name }:A1-A4 C1-C3 …` (here or in the match channel).
button-shuffle = Shuffle
button-ready = Ready
fleet-final-waiting = Your fleet is final: `{ $fleet }`. Waiting for { $player } to finish placing.
fleet-final-battle = Your fleet is final: `{ $fleet }`. The battle has begun!
err-place-no-match = You have no match to place a fleet for. Start one with `/{ cmd-challenge-name }`.
err-not-your-button = This button belongs to another player.
err-ready-battle-begun = There is no fleet to make final any more: the battle has begun.
err-ready-stale = This preview is out of date: your fleet changed since (by Shuffle or `/{ cmd-place-name }`). Use Ready on the latest preview, or `/{ cmd-board-name }` to see your fleet.

## Battle

battle-how-classic = `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4` — one cell; a hit or a sinking fires again
battle-how-game2000 = `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4 D5 E6` — three cells per turn
battle-starts = ⚔️ Both fleets are in position: { $challenger } vs { $opponent }. **{ $first }** fires first ({ $how }). Turn ends { $deadline }. `/{ cmd-board-name }` shows your own board privately at any time.

ship-classic = { $len ->
    [4] battleship
    [3] cruiser
    [2] destroyer
   *[1] torpedo boat
}
ship-game2000 = { $len }-cell ship
report-miss = miss
report-water = water
report-hit = hit
report-hit-len = length { $len } hit
report-sunk-len = length { $len } destroyed
report-sunk-ship = { $ship } sunk ({ $len ->
    [one] 1 cell
   *[other] { $len } cells
})

fire-result-miss = miss.
fire-result-hit = **hit!**
fire-result-sunk = **{ $report }!**
fire-classic = 🎯 { $shooter } fires at **{ $cells }**: { $result }
fire-salvo = 🎯 { $shooter } fires at **{ $cells }** (turn { $turn }): { $reports }.
fire-again = { $player } fires again — turn ends { $deadline }.
fire-last-chance = { $shooter } has destroyed your whole fleet, { $player }! Both players get the same number of turns: this is your last one — destroy every ship too and it is a draw.
fire-to-move = { $player } to move — turn ends { $deadline }.
fire-expect-classic = Classic takes one cell per turn, like `C4`.
fire-expect-game2000 = Game 2000 takes three cells per turn, like `C4 D5 E6`.
err-fire-not-here = You are not playing in this channel's match. Use `/{ cmd-status-name }` to see who is.

## /board

board-placement = Your fleet (not in battle yet).
board-battle = Your fleet, and what you know of the enemy sea.
err-board-not-accepted = The challenge has not been accepted yet.
err-board-no-fleet = You have not placed a fleet yet. Use `/{ cmd-place-name }`.

## /status

status-head = **{ $variant }** — { $challenger } vs { $opponent } in { $channel }
status-house-rule = House rule: repeat shots refused.
status-challenge = Waiting for { $opponent } to answer — expires { $deadline }.
status-placement = Placing fleets: { $challenger } { $challenger_state }, { $opponent } { $opponent_state } — placement ends { $deadline }.
status-ready = ready
status-placing = placing
status-turn = Turn { $turn }: { $player } to move — turn ends { $deadline }.
status-over = The match is over.
status-set-aside = The match in this channel (match { $id }) could not be read after an upgrade. It is kept as it was, not ended, and comes back when a version of me that reads it starts.

## Ending a match

cancel-done = The match is cancelled.
forfeit-done = You forfeited the match.
end-fleet-destroyed = 🏆 { $winner } destroyed every ship of { $loser } and **wins**!
end-forfeit = 🏳️ { $loser } forfeits. { $winner } **wins**.
end-turn-timeout = ⏰ { $loser } let the turn run out — a skipped turn loses the game. { $winner } **wins**.
end-placement-timeout = ⏰ { $loser } did not finish placing the fleet in time. { $winner } **wins**.
end-draw = 🤝 { $challenger } and { $opponent } destroyed each other's fleets in the same round: it is a **draw**!
end-turn-limit = 🤝 { $challenger } and { $opponent } each had { $turns } turns and both fleets are still afloat: the match ends in a **draw** at the turn limit.
end-declined = { $opponent } declined the challenge from { $challenger }.
end-expired = The challenge from { $challenger } to { $opponent } expired unanswered.
end-abandoned = Neither { $challenger } nor { $opponent } finished placing in time; the match is called off.
end-cancelled = { $player } cancelled the match.
stats-line = { $player }: { $shots ->
    [one] 1 shot
   *[other] { $shots } shots
}, { $hits ->
    [one] 1 hit
   *[other] { $hits } hits
} ({ $percent }%), { $turns ->
    [one] 1 turn
   *[other] { $turns } turns
}

## Errors of the bot

err-generic = Something went wrong on my side. Please try again in a moment.
err-parse-input = I could not understand `{ $input }`: { $error }
err-parse = I could not understand that: { $error }
err-stale-button = This button no longer does anything: its game is over or unknown.
err-no-match = You are not in a match. Start one with `/{ cmd-challenge-name }`.
err-no-match-here = There is no match in this channel. Start one with `/{ cmd-challenge-name }`.

## Errors of the rules

err-bounds = { $variant } uses columns A–{ $last } and rows 1–{ $size }
# phase-*: what a match is doing, shown in brackets after some errors; each language may
# phrase it as a clause of its own (the English ones follow "the match is").
phase-challenge = waiting for the challenge to be answered
phase-placement = placing fleets
phase-battle = in battle
phase-finished = over
err-coord-empty = No cell given: write a column letter and a row number, like C4.
err-coord-space = `{ $input }` has a space inside; write the cell without one, like { $suggestion }.
err-coord-malformed = `{ $input }` is not a cell: a cell is a column letter followed by a row number, like C4.
err-coord-off-board = `{ $input }` is off the board: { $bounds }.
err-ship-not-straight = `{ $ship }` is not a straight line: a ship runs along one row or one column, like A1-A4.
err-ship-off-board = `{ $ship }` runs off the board.
err-ship-empty = A ship needs at least one cell.
err-fleet-empty = No ships given: write ships like `A1-A4 C1-C3 J10`, separated by spaces or commas.
err-fleet-syntax = `{ $token }` is not a ship. { $reason }
err-fleet-rules = That fleet does not work: { $problems }.
err-fleet-more = and { $count } more
err-problem-off-board = { $ship } is off the board ({ $bounds })
err-problem-too-long = { $ship } is { $len } cells long; the longest ship has { $max } cells
err-problem-overlap = { $a } and { $b } overlap at { $at }
err-problem-touch = { $a } touches { $b } { $how ->
    [side] side by side
   *[corner] at a corner
}
err-problem-corner-single = { $cell } is a corner cell, and Game 2000 keeps ships out of the corners
err-problem-corner = { $ship } covers the corner cell { $cell }, and Game 2000 keeps ships out of the corners
err-problem-along-edge = { $ship } lies with its long side along the { $edge ->
    [top] top
    [bottom] bottom
    [left] left
   *[right] right
} edge (Game 2000 forbids that for ships of 2 or 3 cells)
err-problem-count = { $len ->
    [one] ships of 1 cell
   *[other] ships of { $len } cells
}: you have { $have }, the fleet needs { $need }
err-challenge-self = You cannot challenge yourself. Name another member of this server.
err-answer-not-challenged = Only the challenged player can answer this challenge.
err-answer-not-pending = This challenge has already been answered (the match is { $phase }).
err-not-a-player = You are not playing in this match.
err-place-not-placing = Fleets can only be placed after the challenge is accepted and before the battle (the match is { $phase }).
err-place-already-ready = Your fleet is already final; wait for your opponent.
err-place-no-fleet = Place a fleet first (a fleet string, or a random one).
err-place-wrong-variant = That fleet is for { $fleet }, but this match is { $variant }.
err-fire-not-in-battle = There is no battle to fire in (the match is { $phase }).
err-fire-not-your-turn = It is not your turn: { $player } is to move.
err-fire-shot-count = { $variant } takes exactly { $expected ->
    [one] 1 cell
   *[other] { $expected } cells
} per turn; you gave { $given }.
err-fire-off-board = { $cell } is off the board: { $bounds }.
err-fire-already = You already fired at { $cell }; pick a cell you have not tried.
err-fire-duplicate = { $cell } is named twice in this salvo; name three different cells.
err-end-over = This match is already over.
err-end-not-started = The challenge has not been accepted yet: the challenger can `/{ cmd-cancel-name }` it, and the challenged member can decline it.
err-end-not-allowed = Only the challenger (before the challenge is accepted) or a moderator can cancel a match.

## Words inside pictures (short: they are drawn in headings and legends)

pic-your-fleet = Your fleet
pic-enemy-waters = Enemy waters
pic-history = Reports
pic-turn = Turn { $n }
pic-ships-left = Ships left
pic-water = water
pic-hit-len = length { $len } hit
pic-destroyed-len = length { $len } destroyed
pic-miss = miss
pic-hit = hit
pic-sunk-len = ship of length { $len } sunk
pic-wins = { $name } wins
pic-draw = Draw
pic-cancelled = Called off
pic-reason-fleet = every ship sunk
pic-reason-forfeit = by forfeit
pic-reason-timeout = on time
pic-reason-turn-limit = turn limit reached
pic-shots = Shots
pic-hits = Hits
pic-accuracy = Accuracy
pic-turns = Turns
pic-percent = { $n }%
pic-afloat = { $afloat } of { $total } ships afloat
pic-enemy-shots = enemy shots: { $shots }, hits: { $hits }
pic-shots-fired = shots: { $shots }, hits: { $hits }
pic-no-shots = no shots yet
pic-replay-move = Move { $n } of { $total }: { $name }
pic-replay-sampled = one frame per { $k } moves
pic-replay-alt = Replay of { $a } against { $b }, { $moves } moves
pic-alt-sunk = Sunk: { $cells }
pic-alt-hits = Hit, not sunk yet: { $cells }
pic-alt-misses = Missed: { $cells }
pic-alt-known-water = Water around sunk ships: { $cells }
pic-alt-only-water = Water (turns without a hit): { $cells }
pic-alt-left-out = Older turns left out: { $n }
pic-alt-ships = Ships: { $ships }
pic-alt-ship-hit = { $ship } (hit: { $cells })
pic-alt-ship-sunk = { $ship } (sunk)
pic-alt-enemy-misses = Enemy misses: { $cells }

## Against the computer

computer-challenge = ⚓ { $human } takes on { $computer } (**{ $level }**) at **{ $variant }**. Place your fleet — the preview is private — then press Ready. Placement ends { $deadline }.

## Durable matches
err-storage = I could not save that, so nothing changed. Please try again in a moment.
resumed-challenge = ♻️ I am back after a restart and this match goes on: { $opponent }, the challenge from { $challenger } still stands and expires { $deadline }.
resumed-placement = ♻️ I am back after a restart and this match goes on: { $challenger } and { $opponent }, placing fleets ends { $deadline }.
resumed-battle = ♻️ I am back after a restart and this match goes on: { $player } to move, the turn ends { $deadline }.
set-aside-note = ⚠️ After an upgrade I cannot read the match in this channel (match { $id }). It is kept exactly as it was, not ended and not counted, and comes back when a version of me that reads it starts. Until then this channel and its players are free.
err-busy = That match is still saving its last move. Try again in a moment.
err-time-up = Time is up: this match ends by its deadline in a moment, so that move no longer counts.
err-missing-permissions = I cannot run a match here, because I lack these permissions in this channel: { $missing }. Ask a moderator to grant them, or challenge in another channel.
perm-view-channel = View Channel
perm-send-messages = Send Messages
perm-send-messages-in-threads = Send Messages in Threads
perm-attach-files = Attach Files
perm-embed-links = Embed Links

## /replay

button-replay = Replay
replay-caption = Replay: { $a } vs { $b } · { $variant } · { $moves ->
    [one] 1 move
   *[other] { $moves } moves
} · match `{ $id }`
replay-sampled = The match was long: the replay shows one picture per { $k } moves.
replay-choice = { $a } vs { $b } · { $variant } · { $ago }
ago-now = just now
ago-minutes = { $n ->
    [one] 1 minute ago
   *[other] { $n } minutes ago
}
ago-hours = { $n ->
    [one] 1 hour ago
   *[other] { $n } hours ago
}
ago-days = { $n ->
    [one] 1 day ago
   *[other] { $n } days ago
}
err-replay-id = `{ $given }` is not a match id. Pick one of your matches from the list, or give the number a replay shows.
err-replay-hidden = There is no replay you can watch with the id `{ $id }`: check the number, and that the match has ended. A match is shown to its players, and on its server to members who can see the channel it was played in.
err-replay-live = That match is still being played; its replay is ready once it ends.
err-replay-no-battle = Nobody fired a shot in that match, so there is nothing to replay.
err-replay-cooldown = You watched a replay a moment ago. You can watch the next one in { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
}.
err-replay-busy = Many replays are being drawn right now; try again in a moment.
err-replay-too-often = You asked for several replays just now. Ask again in { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
}.
err-matches-too-often = You asked for the list of matches several times just now. Ask again in { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
}.
err-replay-slow = Discord is slow to tell me who can see that match's channel. Try again in a moment.
err-storage-read = I could not read the stored matches just now. Please try again in a moment.

## Ratings and statistics

deleted-player = deleted player
stats-subtitle = { $variant } · rating
stats-tournaments = Tournaments: { $played } played, { $won } won
stats-provisional = provisional: { $games } of 5 rated games
stats-deviation = ± { $rd }
stats-trend = Rating over the last { $n ->
    [one] rated game
   *[other] { $n } rated games
}
stats-trend-empty = Not enough rated games for a chart yet
stats-wins = Won
stats-losses = Lost
stats-draws = Drawn
stats-accuracy = Accuracy
stats-to-win-shots = Shots to win (average)
stats-to-win-turns = Turns to win (average)
stats-best = Best win
stats-best-shots = { $n ->
    [one] 1 shot
   *[other] { $n } shots
}
stats-best-turns = { $n ->
    [one] 1 turn
   *[other] { $n } turns
}
stats-streak = Winning streak
stats-longest = Longest streak
stats-games = Rated games
stats-none = –
stats-percent = { $n }%
stats-computer = Against the computer
stats-computer-empty = No matches against the computer yet
stats-computer-line = { $won } won · { $lost } lost{ $drawn ->
    [0] {""}
   *[other] {" "}· { $drawn } drawn
}
stats-alt = Statistics of { $name }, { $variant }: rating { $rating }{ $provisional ->
    [yes] {" "}(provisional)
   *[no] {""}
}, { $wins } won, { $losses } lost, { $draws } drawn, accuracy { $accuracy }, winning streak { $streak }, longest { $longest }.
stats-nothing = { $name } has not finished a { $variant } match yet.

## Leaderboard

board-title = Leaderboard · { $variant }
board-subtitle = { $server } · page { $page } of { $pages }
board-col-rank = #
board-col-player = Player
board-col-rating = Rating
board-col-record = W–L–D
board-provisional = Provisional (fewer than 5 rated games)
board-empty = Nobody has played a rated { $variant } match on this server yet.
board-alt = Leaderboard of { $variant }, page { $page } of { $pages }: { $lines }.
board-this-server = this server
button-previous = Previous
button-next = Next
err-leaderboard-dm = A server's leaderboard is kept only on servers that added the bot. Here, `/{ cmd-leaderboard-name } { cmd-leaderboard-opt-scope-name }:global` shows the global one.
err-leaderboard-global-season = The global leaderboard has no seasons (you gave `{ $given }`): seasons belong to a server. Leave out `{ cmd-leaderboard-opt-season-name }:` here, or ask for a season on its server.
board-global = Global · everyone who chose to be listed, wherever they play
board-global-empty = Nobody is on the global { $variant } leaderboard yet.
board-global-note = Only members who chose it are listed here: `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:visible` adds you, `:hidden` takes you off.
# Rating seasons on the leaderboard (issue 39)
season-choice-current = The current season
season-choice-all = All time (lifetime ratings)
season-choice-past = Season { $number }: { $season }
season-name-month = { $month } { $year }
season-name-quarter = Q{ $quarter } { $year }
month-1 = January
month-2 = February
month-3 = March
month-4 = April
month-5 = May
month-6 = June
month-7 = July
month-8 = August
month-9 = September
month-10 = October
month-11 = November
month-12 = December
board-season-title = Season { $number } · { $season } · { $variant }
board-season-subtitle = { $server } · { $dates } · page { $page } of { $pages }
board-season-subtitle-final = { $server } · { $dates } · final table · page { $page } of { $pages }
board-season-provisional = Provisional (fewer than { $games } rated games this season)
board-season-empty = Nobody has played a rated { $variant } match in this season yet.
board-season-gap = (removed)
board-season-alt = Season { $number } ({ $season }) of { $variant }, page { $page } of { $pages }: { $lines }.
err-leaderboard-season-off = Seasons are off on this server: see `{ cmd-leaderboard-opt-season-name }:all`, or a past season by its number.
err-leaderboard-season-unknown = `{ $given }` is no season of this server: write `current`, `all`, or a past season's number (start typing to pick one).
# The end of a rating season (issue 39)
season-end-title = 🏆 **Season { $number } · { $season }** is over.
season-end-empty = Nobody played a rated match this season.
season-end-champion = **{ $variant }**: champion { $champion } with { $rating }.
season-end-no-champion = **{ $variant }**: no champion (nobody played 5 rated matches this season).
season-end-line = { $rank }. { $name } · { $rating } · { $won } won, { $lost } lost, { $drawn } drawn
season-end-gap = { $rank }. (removed)
season-end-active = most active: { $name } ({ $games ->
    [one] 1 match
   *[other] { $games } matches
})
season-end-active-none = most active: nobody
season-end-figures = { $matches ->
    [one] 1 match
   *[other] { $matches } matches
} played by { $players ->
    [one] 1 member
   *[other] { $players } members
}; { $active }.
season-end-more = The whole final table: `/{ cmd-leaderboard-name } { cmd-leaderboard-opt-season-name }:{ $number }`.
stats-champion = Champion, { $season }, { $variant }
stats-champion-more = { $title } (+{ $more } more)

## History

history-title = **Last matches of { $name }**
history-empty = { $name } has no finished matches yet.
history-line = { $date } · { $variant } · against { $opponent } · **{ $result }** ({ $how }) · { $count } · match `{ $id }`
history-win = won
history-loss = lost
history-draw = draw
history-how-sunk = all ships sunk
history-how-draw = both fleets destroyed
history-how-forfeit = by forfeit
history-how-timeout = time ran out
history-computer = the computer ({ $level })
history-shots = { $n ->
    [one] 1 shot
   *[other] { $n } shots
}
history-turns = { $n ->
    [one] 1 turn
   *[other] { $n } turns
}

err-history-dm = Another member's matches can be listed on a server only (the ones played there). Use `/{ cmd-history-name }` without a member here to see your own.

## Rematch

button-rematch = Rematch
button-last-fleet = Last fleet
series-line = Series: { $a } **{ $wa } – { $wb }** { $b }{ $draws ->
    [0] {""}
    [one] , 1 draw
   *[other] , { $draws } draws
}
rematch-waiting = 🔁 { $player } wants a rematch. { $other }, press **Rematch** under the result to play again (the offer expires { $deadline }).
rematch-started =
    🔁 Rematch: { $challenger } vs { $opponent } — **{ $variant }**.
    Place your fleets in secret (I sent each of you a private preview; **Last fleet** takes the fleet of the last match again). Placement ends { $deadline }.
rematch-started-computer =
    🔁 Rematch: { $challenger } vs { $opponent } — **{ $variant }**.
    Place your fleet in secret (your private preview is on its way; **Last fleet** takes the fleet of the last match again). Placement ends { $deadline }.
rematch-first = This time { $player } fires first.
err-rematch-unavailable = There is no rematch for that match: only a match that was played out can be played again.
err-rematch-not-player = Only the players of that match can ask for a rematch.
err-rematch-expired = The time to ask for a rematch has run out. Start a new match with `/{ cmd-challenge-name }`.
err-rematch-started = The rematch has already begun.
err-rematch-channel = Matches can no longer be started in this channel, so there is no rematch here. They can be started in: { $channels }; challenge again there with `/{ cmd-challenge-name }`.
err-rematch-pace = This server no longer allows the { $pace } pace, so this match cannot be played again. Start a new match with `/{ cmd-challenge-name }` at one of: { $paces }.
err-last-fleet = There is no fleet from a last match to take again.

## Privacy

privacy-info = **What Broadside stores**
    • Every match: its players (Discord user ids and display names), server and channel, the fleets, every shot and the result. Finished matches are kept for history, statistics and replays.
    • Per member and rule set: a rating, won/lost/drawn counts and, per match played out, shots, hits and turns.
    • Per member: the last display name seen, for leaderboards, and who pressed **Rematch** under which match.
    • Per member: whether they turned off the reminders for daily matches. A server's settings list channels, never members.
    • While a reminder is being sent: its match and which reminder it is, for two minutes at most. A reminder counts as sent once its DM has gone out; if the bot stops at that very moment, that one reminder may come twice.
    • In memory only: how a member tends to place ships, learned by the computer on Hard from the fleets of their finished matches (never from a match in progress); rebuilt from those matches after a restart.
    • The daily sea: your shots per day and rule set, when you finished, your streaks, the servers you played it in and your reminder choice. Past days stay for the tables; deleting your data deletes these too.
    • Nothing else: no messages, no e-mail addresses, nothing from outside the matches.
    Everything is kept for as long as the bot's database is kept (the server's admin decides that); nothing is sent anywhere else.
    Use `/{ cmd-privacy-name } { cmd-privacy-delete-name }` to delete your ratings and statistics; in finished matches your name and id are then replaced by "deleted player" (the other player keeps their record).
privacy-confirm = This deletes your ratings and statistics in every server, and replaces your name in every finished match by "deleted player". It cannot be undone. Press **Delete my data** to confirm.
button-privacy-delete = Delete my data
privacy-done = Done: your ratings and statistics are deleted{ $n ->
    [0] {"."}
    [one] , and in 1 finished match you are now "deleted player".
   *[other] , and in { $n } finished matches you are now "deleted player".
}
err-privacy-playing = You are in a match, or a challenge to you is still open: finish, decline or forfeit it first, then delete your data.
err-privacy-not-yours = This button belongs to the member who asked; use `/{ cmd-privacy-name } { cmd-privacy-delete-name }` yourself.
privacy-info-listed = • The global leaderboard: you are **listed** there with your name and ratings. `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:hidden` takes you off.
privacy-info-hidden = • The global leaderboard: you are **not listed** there (the default). `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:visible` lists your name and ratings.
privacy-listed = Done: your name and ratings are now listed on the global leaderboard, in every rule set you have a rating in. Server boards do not change. `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:hidden` takes you off again.
privacy-hidden = Done: you are not listed on the global leaderboard. Server boards do not change.

## Servers: settings, paces, threads, reminders, live matches

choice-pace-blitz = Blitz
choice-pace-standard = Standard
choice-pace-daily = Daily
choice-language-server = The server's language
choice-language-en-US = English
choice-language-nl = Nederlands
choice-language-da = Dansk
choice-language-sv-SE = Svenska
choice-default_rules-classic = Classic (Søslag / Sjöslag)
choice-default_rules-game2000 = Game 2000 (Zeeslag)
language-name = English
duration-seconds =
    { $n ->
        [one] 1 second
       *[other] { $n } seconds
    }
duration-minutes =
    { $n ->
        [one] 1 minute
       *[other] { $n } minutes
    }
duration-hours =
    { $n ->
        [one] 1 hour
       *[other] { $n } hours
    }
pace-line = ⏱ Pace: **{ $pace }**, { $turn } a turn.
err-channel-not-allowed = This server does not allow matches in this channel. They can be started in: { $channels }.
err-pace-not-allowed = This server does not allow the { $pace } pace. Pick one of: { $paces }.
challenge-no-thread = On this server each match is played in a thread of its own, but I am not allowed to open threads in this channel (I lack **Create Public Threads**), so this match is played here in the channel. Ask the server's admins to give me that permission here.
thread-name = { $a } vs { $b } · { $variant }
thread-failed = I could not open a thread for this match, so it is played here in the channel.
thread-summary-won = 🏁 { $winner } beat { $loser } — the match and both revealed fleets are in { $thread }.
thread-summary-draw = 🏁 { $challenger } and { $opponent } drew — the match and both revealed fleets are in { $thread }.
thread-summary-over = 🏁 The match between { $challenger } and { $opponent } is over — see { $thread }.
reminder-half = ⏰ Half of your turn is left in your daily match against { $opponent } (**{ $variant }**): it ends { $deadline }. { $link }
reminder-hour = ⏰ Your turn in your daily match against { $opponent } (**{ $variant }**) ends within the hour, { $deadline }: a skipped turn loses. { $link }
button-reminders-off = Stop reminders
button-reminders-on = Remind me again
reminders-off-done = Reminders are off: I will not remind you of your daily matches anymore. Turn them on again with `/{ cmd-reminders-name } { cmd-reminders-opt-on-name }:True`.
reminders-on-done = Reminders are on: in a daily match I send you a DM when half of your turn is left, and again an hour before it ends.
settings-title = ⚙️ **Broadside on this server**
settings-rules = Default rule set (when a challenge does not pick one): **{ $rules }**; repeat shots { $repeats }.
settings-repeats-forbidden = forbidden
settings-repeats-allowed = allowed
settings-pace = Default pace (when a challenge does not pick one): **{ $pace }**; members may pick { $paces }.
settings-threads-on = Threads: **on**, each accepted challenge is played in a thread of its own.
settings-threads-off = Threads: **off**, matches are played in the channel they were started in.
settings-threads-missing = ⚠️ I lack **Create Public Threads** in this channel: matches started here are played in the channel.
settings-channels-all = Channels: matches can be started in every channel.
settings-channels = Channels: matches can be started in { $channels }.
settings-language-server = Language of public texts: the server's own ({ $language }).
settings-language = Language of public texts: **{ $language }**.
settings-rated-on = Rated: **yes**, matches here count towards ratings, statistics and leaderboards.
settings-rated-off = Rated: **no**, matches between members here do not count towards ratings, statistics or leaderboards.
settings-how = Change them with `/{ cmd-settings-name } { cmd-settings-set-name }`; `/{ cmd-settings-name } { cmd-settings-reset-name }` puts them all back.
settings-saved = ✅ Saved, and in effect at once.
settings-reset-ask = Put every setting of this server back to its default? Press **Reset** to confirm.
button-settings-reset = Reset
settings-reset-done = Every setting of this server is back to its default.
err-settings-permission = Only members with the **Manage Server** permission can see and change the settings.
err-settings-nothing = Name at least one setting to change, such as `{ cmd-settings-set-opt-threads-name }:True`.
err-settings-no-pace = At least one pace must stay allowed.
err-settings-pace-not-allowed = The default pace { $pace } must be one of the paces members may pick: allow it too.
err-settings-paces = `{ $given }` is not a list of paces: write one or more of `blitz`, `standard` and `daily`, such as `blitz daily`.
err-settings-channels = `{ $given }` is not a list of channels: mention them (`#games #blitz`), or write `all` for every channel.
err-settings-channels-many = That is more than { $most } channels: name at most { $most }, or write `all` for every channel.
err-settings-channels-foreign = Channel `{ $channel }` is not a channel of this server: mention this server's channels (`#games`).
err-settings-channel-unchecked = I could not check that `{ $channel }` is a channel of this server (Discord did not answer in time). Try again in a moment.
matches-title = 🌊 **Matches you can watch on this server** ({ $total }):
matches-line = • { $challenger } vs { $opponent } · { $variant } · { $pace } · { $state } · { $channel }
matches-state-challenge = waiting for { $player } to answer, expires { $deadline }
matches-state-placement = placing fleets, ends { $deadline }
matches-state-turn = { $player } to move, turn ends { $deadline }
matches-page = Page { $page } of { $pages }
matches-empty = No match is being played in a channel you can see on this server right now. Start one with `/{ cmd-challenge-name }`.
cmd-challenge-opt-pace-name = pace
cmd-challenge-opt-pace-desc = How fast: blitz (60 s a turn), standard (5 min) or daily (a day, with reminders)
cmd-matches-name = matches
cmd-matches-desc = Show this server's live matches: who plays, whose turn, and where to watch
cmd-matches-help = Only you see the answer. It lists the matches in the channels you can see (never those in private threads), each with a link to its channel or thread.
cmd-reminders-name = reminders
cmd-reminders-desc = Turn the reminders of your daily matches on or off
cmd-reminders-help = In a daily match I send the player to move a DM when half of their turn is left, and again an hour before it ends.
cmd-reminders-opt-on-name = on
cmd-reminders-opt-on-desc = True: remind me; False: no reminders
cmd-settings-name = settings
cmd-settings-desc = Set how the bot plays on this server (Manage Server permission)
cmd-settings-help = Settings take effect at once and are kept in the database. Only members with the **Manage Server** permission can use this command.
cmd-settings-show-name = show
cmd-settings-show-desc = Show every setting of this server and its value (privately)
cmd-settings-set-name = set
cmd-settings-set-desc = Change one or more settings of this server
cmd-settings-reset-name = reset
cmd-settings-reset-desc = Put every setting of this server back to its default (after a confirmation)
cmd-settings-set-opt-default_rules-name = default_rules
cmd-settings-set-opt-default_rules-desc = The rule set of a challenge that does not pick one
cmd-settings-set-opt-forbid_repeats-name = forbid_repeats
cmd-settings-set-opt-forbid_repeats-desc = Game 2000 house rule for challenges that do not say: no repeat shots
cmd-settings-set-opt-pace-name = pace
cmd-settings-set-opt-pace-desc = The pace of a challenge that does not pick one
cmd-settings-set-opt-paces-name = paces
cmd-settings-set-opt-paces-desc = The paces members may pick, such as: blitz standard daily
cmd-settings-set-opt-threads-name = threads
cmd-settings-set-opt-threads-desc = A thread of its own for every accepted challenge
cmd-settings-set-opt-channels-name = channels
cmd-settings-set-opt-channels-desc = Where matches may start (mention the channels), or: all
cmd-settings-set-opt-language-name = language
cmd-settings-set-opt-language-desc = The language of public texts
cmd-settings-set-opt-rated-name = rated
cmd-settings-set-opt-rated-desc = Whether matches here count towards ratings and leaderboards

## Tournaments
cmd-tournament-name = tournament
cmd-tournament-desc = Swiss tournaments in this channel
cmd-tournament-help = A Swiss tournament: everyone plays every round against someone with a similar score, never the same opponent twice. Win 1, draw ½, loss 0; the bye scores 1. Ties are broken by Buchholz Cut-1, Sonneborn–Berger, wins and rating. Each match is played in a thread of its own; a player who never fires in a round's match loses it and is out of the later rounds.
cmd-tournament-create-name = create
cmd-tournament-create-desc = Create a Swiss tournament in this channel (Manage Server, or the tournament role)
cmd-tournament-create-opt-name-name = name
cmd-tournament-create-opt-name-desc = The tournament's name
cmd-tournament-create-opt-rules-name = rules
cmd-tournament-create-opt-rules-desc = The rule set of its matches
cmd-tournament-create-opt-rounds-name = rounds
cmd-tournament-create-opt-rounds-desc = How many rounds (1 to 15)
cmd-tournament-create-opt-pace-name = pace
cmd-tournament-create-opt-pace-desc = How fast its matches go: blitz, standard or daily
cmd-tournament-create-opt-starts-name = starts
cmd-tournament-create-opt-starts-desc = When it starts: a Discord time, in 2h, in 30m, tomorrow 20:00
cmd-tournament-create-opt-max_players-name = max_players
cmd-tournament-create-opt-max_players-desc = Player limit (4 to 256; default 64)
cmd-tournament-join-name = join
cmd-tournament-join-desc = Join a tournament of this channel
cmd-tournament-join-opt-tournament-name = tournament
cmd-tournament-join-opt-tournament-desc = Which tournament, where the channel has several
cmd-tournament-leave-name = leave
cmd-tournament-leave-desc = Leave a tournament (after its start: from the next round on)
cmd-tournament-leave-opt-tournament-name = tournament
cmd-tournament-leave-opt-tournament-desc = Which tournament, where the channel has several
cmd-tournament-start-name = start
cmd-tournament-start-desc = Start your tournament now, without waiting for its start time
cmd-tournament-start-opt-tournament-name = tournament
cmd-tournament-start-opt-tournament-desc = Which tournament, where the channel has several
cmd-tournament-standings-name = standings
cmd-tournament-standings-desc = Show the standings of a tournament of this channel
cmd-tournament-standings-opt-tournament-name = tournament
cmd-tournament-standings-opt-tournament-desc = Which tournament, where the channel has several
cmd-tournament-standings-opt-page-name = page
cmd-tournament-standings-opt-page-desc = Which page (32 players a page)
cmd-tournament-cancel-name = cancel
cmd-tournament-cancel-desc = Call a tournament off (its creator, or Manage Server)
cmd-tournament-cancel-opt-tournament-name = tournament
cmd-tournament-cancel-opt-tournament-desc = Which tournament, where the channel has several
choice-rules-classic = Classic (Søslag / Sjöslag)
choice-rules-game2000 = Game 2000 (Zeeslag)
cmd-settings-set-opt-timezone-name = timezone
cmd-settings-set-opt-timezone-desc = The server's time zone, for tournament start times and seasons, such as Europe/Amsterdam
cmd-settings-set-opt-tournament_role-name = tournament_role
cmd-settings-set-opt-tournament_role-desc = Members with this role may create tournaments
settings-timezone = Time zone: **{ $zone }** (tournament start times such as `tomorrow 20:00`, and seasons).
settings-timezone-utc = Time zone: **UTC** (tournament start times such as `tomorrow 20:00`, and seasons).
settings-tournament-role = Tournaments: created by members with the **Manage Server** permission, and by { $role }.
settings-tournament-role-none = Tournaments: created by members with the **Manage Server** permission.
err-settings-timezone = `{ $given }` is not a time zone I know: give an IANA name, such as `Europe/Amsterdam` or `America/New_York` (start typing to pick one).
# Rating seasons in the settings (issue 39)
cmd-settings-set-opt-season-name = season
cmd-settings-set-opt-season-desc = Rating seasons: off, monthly or quarterly
cmd-settings-set-opt-season_channel-name = season_channel
cmd-settings-set-opt-season_channel-desc = Where a season's end is announced (a channel mention), or: none
choice-season-off = Off
choice-season-monthly = Monthly
choice-season-quarterly = Quarterly
settings-season-on = Seasons: **{ $cadence }**, from the first day at 00:00 in the time zone; their ends are announced in { $channel }.
settings-season-nowhere = no channel (set `{ cmd-settings-set-opt-season_channel-name }`)
settings-season-off = Seasons: **off**, one leaderboard for all time.
err-settings-season-channel = `{ $given }` is not one channel: mention a single channel of this server (`#results`), or write `none`.
tournament-header = 🏆 Tournament **{ $name }**, round { $round }
tournament-signup-title = 🏆 **{ $name }**: a Swiss tournament
tournament-signup-rules = { $variant }, { $pace } pace, { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}.
tournament-signup-starts = It starts { $start }.
tournament-signup-starts-creator = It starts when { $creator } starts it.
tournament-signup-count = Players: **{ $count }** of at most { $max }.
tournament-signup-no-show = No-show rule: a player who never fires in a round's match loses it and is out of the later rounds.
tournament-signup-open = Press **Join** to play (or **Leave**); every match is played in a thread of its own.
tournament-signup-closed = Sign-up is over: the rounds are being played.
tournament-signup-finished = The tournament is over.
tournament-signup-too-few = Called off: fewer than { $least } players joined.
tournament-signup-cancelled = Called off.
button-tournament-join = Join
button-tournament-leave = Leave
tournament-joined = You are in **{ $name }**. Your matches open in threads of their own, and I ping you there.
tournament-left = You have left **{ $name }**.
tournament-withdrawn = You have left **{ $name }**: you are not paired from round { $round } on (a match you are playing goes on).
tournament-started-you = **{ $name }** has started.
tournament-called-off-you = **{ $name }** did not start: fewer than { $least } players joined, so it is called off.
tournament-paused-you = **{ $name }** could not be paired, so it is paused. Try `/{ cmd-tournament-name } { cmd-tournament-start-name }` again later.
tournament-starting-you = **{ $name }** is being started; the pairings follow in its channel.
tournament-cancelled = 🏆 **{ $name }** has been called off. Matches being played go on as normal matches.
tournament-cancelled-you = You called **{ $name }** off.
tournament-called-off = 🏆 **{ $name }** is called off: fewer than { $least } players joined.
tournament-round-paired = 🏆 **{ $name }**: round { $round } of { $rounds }
tournament-board = Board { $board }: { $white } (fires first) vs { $black }
tournament-bye = Bye: { $player } (1 point)
tournament-busy = { $player } is still playing another match: board { $board } against { $other } opens as soon as it ends. If it still has not opened { $deadline }, { $player } loses this round's match by forfeit.
tournament-round-deadline = The round ends { $deadline }; matches still being played then end by timeout.
tournament-thread-name = { $name } · R{ $round } · { $a } vs { $b }
tournament-match-start = { $white } fires first against { $black }. Place your fleets (the previews are in your DMs, or use `/{ cmd-place-name }`); placing ends { $deadline }.
tournament-paused = 🏆 **{ $name }** is paused: the next round could not be paired. { $creator } can go on with `/{ cmd-tournament-name } { cmd-tournament-start-name }`.
tournament-paused-creator = Your tournament **{ $name }** is paused: I could not pair the next round in time. Use `/{ cmd-tournament-name } { cmd-tournament-start-name }` in its channel to try again.
tournament-standings-title = 🏆 **{ $name }**: standings after round { $round } of { $rounds }
tournament-standings-final = 🏆 **{ $name }**: final standings after { $round } of { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}
tournament-standings-page = (page { $page } of { $pages })
tournament-standings-key = Columns: place, name, points, Buchholz Cut-1, Sonneborn–Berger, wins-draws-losses, then each round: the opponent's place, w (fired first) or b (fired second), and + won, = drew, - lost (F: forfeit).
# A round cell of the standings for the pairing bye (fits a cell of about 6 letters).
tournament-cell-bye = bye
# After a player's line in the standings text, when they left the tournament (one word).
tournament-out = (out)
tournament-standings-subtitle = Standings after round { $round } of { $rounds }
tournament-standings-subtitle-final = Final standings after { $round } of { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}
tournament-col-name = Player
tournament-col-points = Pts
tournament-col-cut1 = BH-1
tournament-col-sb = SB
tournament-col-record = W-D-L
tournament-col-round = R{ $round }
tournament-standings-alt = Standings of { $name } after round { $round }: { $lines }.
tournament-standings-alt-line = { $rank }. { $player }, { $count ->
    [one] 1 point
   *[other] { $points } points
}
tournament-winner = 🥇 { $player } wins **{ $name }**!
err-tournament-permission = Only members with the **Manage Server** permission, or with the server's tournament role, can create tournaments.
err-tournament-threads = I cannot run a tournament here: I need **Create Public Threads** and **Send Messages in Threads** in this channel, for its matches.
err-tournament-unknown = There is no such tournament in this channel. Start typing in `{ cmd-tournament-join-opt-tournament-name }:` to pick one.
err-tournament-none-here = This channel has no tournament open. Create one with `/{ cmd-tournament-name } { cmd-tournament-create-name }`.
err-tournament-several = This channel has several tournaments ({ $names }): pick one in the `{ cmd-tournament-join-opt-tournament-name }:` option.
err-tournament-several-more = This channel has several tournaments ({ $names } and { $more } more): pick one in the `{ cmd-tournament-join-opt-tournament-name }:` option.
err-tournament-name = A tournament's name must have 1 to { $most } characters.
err-tournament-rounds = { $given } rounds is not possible: a tournament has 1 to { $most } rounds.
err-tournament-max-players = { $given ->
    [one] 1 player is
   *[other] { $given } players is
} not possible: a tournament has room for { $least } to { $most } players.
err-tournament-full = This tournament is full: all { $max } places are taken.
err-tournament-joined = You have already joined this tournament.
err-tournament-not-joined = You are not in this tournament.
err-tournament-started = This tournament has already started: sign-up is over.
err-tournament-over = This tournament is over.
err-tournament-not-creator = Only the member who created this tournament can do that.
err-tournament-start-passed = Its start time has passed: it starts by itself.
err-tournament-when = I cannot read `{ $given }` as a start time. Write for example `in 2h`, `in 30m`, `tomorrow 20:00` (in { $zone }) or a Discord time such as `<t:1767225600>`.
err-tournament-when-past = `{ $given }` has already passed ({ $zone }): give a time in the future, such as `in 2h` or `tomorrow 20:00`.
err-tournament-when-far = `{ $given }` is more than 90 days ahead ({ $zone }): give a sooner time, such as `in 2h` or `tomorrow 20:00`.

## Editor

button-edit = Edit
editor-prompt =
    ✏️ Fleet editor for the **{ $variant }** match in { $channel } (only you can see this).
    Placed { $placed } of { $total }: { $fleet }
editor-no-ships = no ships yet
editor-selected = Selected: **{ $ship }**, bow on **{ $cell }**.
editor-how = Pick a ship, then the column and the row of its bow, and press **Right** or **Down**. The selected ship's bow cannot go on a shaded cell.
editor-complete = Every ship is placed: **Ready** makes this fleet final. To move a ship, pick it and place it again.
editor-alt = Fleet editor: { $placed } of { $total } ships placed ({ $fleet }). Selected: { $ship }, bow on { $cell }. Its bow cannot go on shaded cells.
editor-ship-option = { $ship } · { $len ->
    [one] 1 cell
   *[other] { $len } cells
}
editor-ship-plain = Ship · { $len ->
    [one] 1 cell
   *[other] { $len } cells
}
editor-ship-placed = on { $ship }
editor-ship-unplaced = not placed yet
editor-ship-placeholder = Ship to place
editor-column = Column { $col }
editor-column-placeholder = Column of the bow
editor-row = Row { $row }
editor-row-placeholder = Row of the bow
editor-button-right = Right
editor-button-down = Down
editor-button-remove = Remove ship
editor-button-rest = Random rest
editor-button-clear = Remove all
err-editor-no-ship = This editor is out of date: pick the ship again.
err-editor-bow-off-sea = { $cell } is off the sea: { $bounds }.
err-editor-off-sea = { $ship } with its bow on { $cell } runs off the sea going { $way ->
    [right] right
   *[down] down
}. Pick another cell or the other direction.
err-editor-not-placed = { $ship } is not on the sea: there is nothing to remove.
err-editor-all-placed = Every ship is placed already. To move one, pick it and place it again, or press Ready.
err-editor-no-room = There is no room left for the other ships. Move or remove some first.
err-editor-incomplete = { $missing ->
    [one] One ship is still to be placed: place it
   *[other] { $missing } ships are still to be placed: place them
}, or press **Random rest**.
fire-complete-no-match = You are not playing a match in this channel.
fire-complete-not-battle = The battle has not begun yet.
fire-complete-not-your-turn = It is not your turn yet: wait for your opponent's move.
fire-complete-time-up = The time for this turn is up.

## Review 36

err-several-here = Several challenges in this channel are waiting for their threads, so I cannot tell which one you mean. `/{ cmd-matches-name }` lists them, and each is answered with the buttons under it.
thread-unused = 🧭 This thread is not used: the match between { $challenger } and { $opponent } is played in { $channel }.

## Play anywhere (issue 38)

challenge-install-hint = { $opponent }, to play here you need Broadside in your own apps (only then can you use its commands here): { $link }
err-challenge-private-answers = Here only you would see my answers: this server has not added Broadside, and **Use External Apps** is off for you, so Discord shows the answers of an app you added yourself to you alone. Nobody could follow a match, so I do not start one here. Ask the server's admins to turn on Use External Apps for your role (or in this channel), or to add Broadside to the server — or play in a DM or a group DM.
err-challenge-bot-dm = Only you can see our DM, so nobody else could answer a challenge here. Challenge another member in a server, in a DM with them or in a group DM; here you can play against me.

## Aim panel (the daily sea's and a match's)

button-fire = Fire
aim-line = Pick a column and a row, then fire. Aiming at **{ $cell }**.
aim-line-salvo = Pick three cells: aim with the column and row, press Add for each, then fire. Aiming at **{ $cell }** · salvo ({ $count }/3): { $salvo }
aim-salvo-empty = none yet
aim-column-placeholder = Column to aim at
aim-row-placeholder = Row to aim at
aim-button-fire-at = Fire at { $cell }
aim-button-add = Add { $cell }
aim-button-remove = Take out { $cell }
aim-button-clear = Clear
aim-button-fire-salvo = Fire ({ $count }/3)
aim-match-heading = 🎯 Your turn in the **{ $variant }** match: it ends { $deadline }. Only you can see this panel.
aim-match-turn-over = Your turn is over: { $player } is to move. When it is your turn again, the **Fire** button under that message opens a new panel.
aim-match-over = The match is over.
err-aim-fired = You already fired at { $cell }: pick another cell. Nothing was fired.
err-aim-salvo-full = The salvo already has three cells: fire it, or take one out first.
