## The daily sea (issue 52): /daily play, fire, standings, remind, the aim panel and Share.
## Loaded after broadside.ftl; one writer per file.

cmd-daily-name = daily
cmd-daily-desc = The daily sea: one hidden fleet a day for everyone, sunk in as few shots as you can
cmd-daily-help =
    Every day there is one hidden fleet per rule set, the same for every member. Sink it in as few shots as you can: `/{ cmd-daily-name } { cmd-daily-play-name }` shows your sea with an aim panel (pick a column and a row, then Fire), or type `/{ cmd-daily-name } { cmd-daily-fire-name } { cmd-daily-fire-opt-targets-name }:C4`. A cell you already fired at today is refused and not counted. Par is what the hard computer needs. You get one attempt a day; finishing days in a row builds a streak. `/{ cmd-daily-name } { cmd-daily-standings-name }` shows today's table or a past day's (with its fleet), and `/{ cmd-daily-name } { cmd-daily-remind-name }` asks for a DM before the day ends while your streak is 3 or more.
cmd-daily-play-name = play
cmd-daily-play-desc = Show your sea today, with an aim panel to fire by clicks
cmd-daily-play-opt-rules-name = rules
cmd-daily-play-opt-rules-desc = Rule set (default: classic)
cmd-daily-fire-name = fire
cmd-daily-fire-desc = Fire at today's sea: one cell in classic, three in Game 2000
cmd-daily-fire-opt-targets-name = targets
cmd-daily-fire-opt-targets-desc = Cells to fire at, like C4 (Game 2000: C4 D5 E6)
cmd-daily-fire-opt-rules-name = rules
cmd-daily-fire-opt-rules-desc = Rule set (default: classic)
cmd-daily-standings-name = standings
cmd-daily-standings-desc = Today's table of the daily sea, or a past day's with its fleet
cmd-daily-standings-opt-rules-name = rules
cmd-daily-standings-opt-rules-desc = Rule set (default: classic)
cmd-daily-standings-opt-scope-name = scope
cmd-daily-standings-opt-scope-desc = This server's table, or the global one (members who chose to be listed)
cmd-daily-standings-opt-day-name = day
cmd-daily-standings-opt-day-desc = A past day: its date (2026-12-04) or its number
cmd-daily-remind-name = remind
cmd-daily-remind-desc = A DM three hours before the day ends while your streak is 3 or more
cmd-daily-remind-opt-on-name = on
cmd-daily-remind-opt-on-desc = True: remind me; False: no reminders

daily-count = { $rules ->
    [game2000] { $n ->
        [one] 1 turn
       *[other] { $n } turns
    }
   *[other] { $n ->
        [one] 1 shot
       *[other] { $n } shots
    }
}
daily-heading = 🌊 **Daily sea** · { $variant } · { $day }
daily-progress = Fired: **{ $fired }** · par { $par } · streak { $streak } · the day ends { $ends }
daily-shot-miss = { $cell }: miss.
daily-shot-hit = { $cell }: **hit**!
daily-shot-sunk = { $cell }: **hit and sunk**: { $ship }!
daily-salvo = { $cells }: { $reports }
daily-cleared = 🎉 **Cleared!** You sank today's fleet in **{ $fired }** (par { $par }{ $under ->
    [0] , right on par
   *[other] { "" }
}).
daily-place-server = Today on this server: place **{ $place }**.
daily-place-everyone = Among everyone who cleared it today: place **{ $place }**.
daily-streak = Streak: **{ $streak }** { $streak ->
    [one] day
   *[other] days
} (best { $best }).
daily-button-share = Share

err-daily-finished = You have cleared today's sea already. A new one comes tomorrow.
err-daily-count = { $expected ->
    [one] In classic you fire one cell at a time, like `C4`
   *[other] In Game 2000 you fire { $expected } cells at a time, like `C4 D5 E6`
}; you gave { $given }. Nothing was fired.
err-daily-off-board = { $cell } is not on this board. Nothing was fired.
err-daily-repeat = You already fired at { $cell } today: that shot is not counted. Pick another cell.
err-daily-twice = { $cell } is named twice in one salvo: pick three different cells. Nothing was fired.
err-daily-not-yet = Day { $day } has not begun yet: its fleet is still hidden.
err-daily-busy = Another shot of yours was being fired at the same moment. Nothing was counted twice; try again.
err-daily-unavailable = The daily sea cannot be reached right now. Nothing was fired; try again in a moment.
err-daily-day = `{ $given }` is not a day I know: give a date like `2026-12-04` or a day number as the tables show it.
err-daily-no-server = A server's table is kept only on a server. Here, `/{ cmd-daily-name } { cmd-daily-standings-name } { cmd-daily-standings-opt-scope-name }:global` shows the global one.
err-daily-share-unfinished = Only a cleared sea can be shared.

daily-table-server = This server: { $finished } cleared of { $total } playing · par { $par }
daily-table-global = Everyone who chose to be listed: { $finished } cleared of { $total } playing · par { $par }
daily-table-empty = Nobody has fired at this sea here yet.
daily-table-playing = still playing, { $fired } so far
daily-table-more = …and { $n } more.
daily-table-global-note = Only members who chose it are listed: `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:visible`.
daily-table-fleet = That day's fleet: `{ $fleet }`
daily-table-today = Today's fleet stays hidden until the day is over.

daily-remind-on = Reminders are on: while your streak is 3 or more and you have not played, I send you a DM three hours before the day ends. Turn them off with `/{ cmd-daily-name } { cmd-daily-remind-name } { cmd-daily-remind-opt-on-name }:False`.
daily-remind-off = Reminders are off: no DMs about the daily sea.
daily-reminder = 🌊 Your daily sea is waiting: { $streaks } at stake. The day ends { $ends }. Play with `/{ cmd-daily-name } { cmd-daily-play-name }`.
daily-reminder-streak = a { $streak }-day streak in { $variant }

daily-card-title = Daily sea
daily-card-subtitle = { $variant } · { $day }
daily-card-fired = { $rules ->
    [game2000] Turns
   *[other] Shots
}
daily-card-par = Par
daily-card-streak = Streak
daily-card-alt = Daily sea { $day }: cleared in { $fired }, par { $par }, streak { $streak }. { $shots } shots in order, { $hits } of them hits.
daily-shared = { $member } cleared the daily sea of { $day } in **{ $fired }** (par { $par }). Your turn: `/{ cmd-daily-name } { cmd-daily-play-name }`.

stats-daily-streak = Daily sea streak { $streak } (best { $best })
