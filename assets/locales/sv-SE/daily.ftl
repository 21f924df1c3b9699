## Dagens hav (issue 52): /daglig spela, skjut, ställning, påminn, siktpanelen och Dela.
## Läses in efter broadside.ftl; en skribent per fil.

cmd-daily-name = daglig
cmd-daily-desc = Dagens hav: en dold flotta om dagen för alla, sänkt med så få skott som möjligt
cmd-daily-help =
    Varje dag finns det en dold flotta per regeluppsättning, samma för alla. Sänk den med så få skott som möjligt: `/{ cmd-daily-name } { cmd-daily-play-name }` visar ditt hav med en siktpanel (välj en kolumn och en rad och skjut), eller skriv `/{ cmd-daily-name } { cmd-daily-fire-name } { cmd-daily-fire-opt-targets-name }:C4`. En ruta som du redan har skjutit på i dag avvisas och räknas inte. Par är vad den starka datorn behöver. Du har ett försök om dagen; klarar du flera dagar i rad bygger du upp en svit. `/{ cmd-daily-name } { cmd-daily-standings-name }` visar dagens ställning eller en tidigare dags (med den dagens flotta), och med `/{ cmd-daily-name } { cmd-daily-remind-name }` får du ett direktmeddelande innan dagen är slut, så länge din svit är 3 eller mer.
cmd-daily-play-name = spela
cmd-daily-play-desc = Visa ditt hav i dag, med en siktpanel för att skjuta med klick
cmd-daily-play-opt-rules-name = regler
cmd-daily-play-opt-rules-desc = Regeluppsättning (standard: Sjöslag)
cmd-daily-fire-name = skjut
cmd-daily-fire-desc = Skjut mot dagens hav: en ruta i Sjöslag, tre i Game 2000
cmd-daily-fire-opt-targets-name = mål
cmd-daily-fire-opt-targets-desc = Rutor att skjuta på, till exempel C4 (Game 2000: C4 D5 E6)
cmd-daily-fire-opt-rules-name = regler
cmd-daily-fire-opt-rules-desc = Regeluppsättning (standard: Sjöslag)
cmd-daily-standings-name = ställning
cmd-daily-standings-desc = Ställningen för dagens hav, eller för en tidigare dag med dess flotta
cmd-daily-standings-opt-rules-name = regler
cmd-daily-standings-opt-rules-desc = Regeluppsättning (standard: Sjöslag)
cmd-daily-standings-opt-scope-name = omfång
cmd-daily-standings-opt-scope-desc = Den här serverns ställning, eller den globala (medlemmar som har valt att vara med)
cmd-daily-standings-opt-day-name = dag
cmd-daily-standings-opt-day-desc = En tidigare dag: datumet (2026-12-04) eller dess nummer
cmd-daily-remind-name = påminn
cmd-daily-remind-desc = Ett direktmeddelande tre timmar innan dagen slutar, så länge din svit är 3 eller mer
cmd-daily-remind-opt-on-name = på
cmd-daily-remind-opt-on-desc = True: påminn mig; False: inga påminnelser

daily-count = { $rules ->
    [game2000] { $n ->
        [one] 1 tur
       *[other] { $n } turer
    }
   *[other] { $n ->
        [one] 1 skott
       *[other] { $n } skott
    }
}
daily-heading = 🌊 **Dagens hav** · { $variant } · { $day }
daily-progress = Avfyrat: **{ $fired }** · par { $par } · svit { $streak } · dagen slutar { $ends }
daily-shot-miss = { $cell }: miss.
daily-shot-hit = { $cell }: **träff**!
daily-shot-sunk = { $cell }: **träff och sänkt**, en { $ship }!
daily-salvo = { $cells }: { $reports }
daily-cleared = 🎉 **Klart!** Du sänkte dagens flotta på **{ $fired }** (par { $par }{ $under ->
    [0] , precis på par
   *[other] { "" }
}).
daily-place-server = I dag på den här servern: plats **{ $place }**.
daily-place-everyone = Bland alla som har klarat det i dag: plats **{ $place }**.
daily-streak = Svit: **{ $streak }** { $streak ->
    [one] dag
   *[other] dagar
} (bästa { $best }).
daily-aim = Välj en kolumn och en rad och skjut. Du siktar på **{ $cell }**.
daily-aim-salvo = Välj tre rutor: sikta med kolumn och rad, tryck på Lägg till för varje och skjut sedan. Du siktar på **{ $cell }** · salva ({ $count }/3): { $salvo }
daily-salvo-empty = inga än
daily-column-placeholder = Kolumn att sikta på
daily-row-placeholder = Rad att sikta på
daily-button-share = Dela
daily-button-fire-at = Skjut på { $cell }
daily-button-add = Lägg till { $cell }
daily-button-remove = Ta bort { $cell }
daily-button-clear = Töm
daily-button-fire-salvo = Skjut ({ $count }/3)

err-daily-finished = Du har redan klarat dagens hav. I morgon kommer ett nytt.
err-daily-count = { $expected ->
    [one] Sjöslag skjuter på en ruta i taget, till exempel `C4`
   *[other] Game 2000 skjuter på { $expected } rutor i taget, till exempel `C4 D5 E6`
}; du angav { $given }. Inget skott avlossades.
err-daily-off-board = { $cell } ligger inte på den här spelplanen. Inget skott avlossades.
err-daily-repeat = Du har redan skjutit på { $cell } i dag: det skottet räknas inte. Välj en annan ruta.
err-daily-twice = { $cell } står två gånger i samma salva: välj tre olika rutor. Inget skott avlossades.
err-daily-salvo-full = Salvan har redan tre rutor: avfyra den, eller ta bort en först.
err-daily-not-yet = Dag { $day } har inte börjat än: dess flotta är fortfarande dold.
err-daily-busy = Ett annat skott från dig avlossades i samma ögonblick. Inget räknades två gånger; försök igen.
err-daily-unavailable = Dagens hav går inte att nå just nu. Inget skott avlossades; försök igen om en stund.
err-daily-day = `{ $given }` är ingen dag jag känner till: ange ett datum som `2026-12-04` eller ett dagnummer som ställningarna visar det.
err-daily-no-server = En servers ställning finns bara på en server. Här visar `/{ cmd-daily-name } { cmd-daily-standings-name } { cmd-daily-standings-opt-scope-name }:global` den globala.
err-daily-share-unfinished = Bara ett klarat hav kan delas.

daily-table-server = Den här servern: { $finished } av { $total } spelare har klarat det · par { $par }
daily-table-global = Alla som har valt att vara med: { $finished } av { $total } spelare har klarat det · par { $par }
daily-table-empty = Ingen här har skjutit mot det här havet än.
daily-table-playing = spelar fortfarande, { $fired } hittills
daily-table-more = …och { $n } till.
daily-table-global-note = Bara medlemmar som har valt det är med: `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Synlig`.
daily-table-fleet = Den dagens flotta: `{ $fleet }`
daily-table-today = Dagens flotta förblir dold tills dagen är slut.

daily-remind-on = Påminnelser är på: så länge din svit är 3 eller mer och du inte har spelat skickar jag ett direktmeddelande tre timmar innan dagen slutar. Stäng av dem med `/{ cmd-daily-name } { cmd-daily-remind-name } { cmd-daily-remind-opt-on-name }:False`.
daily-remind-off = Påminnelser är av: inga direktmeddelanden om dagens hav.
daily-reminder = 🌊 Dagens hav väntar på dig: { $streaks } står på spel. Dagen slutar { $ends }. Spela med `/{ cmd-daily-name } { cmd-daily-play-name }`.
daily-reminder-streak = en svit på { $streak } dagar i { $variant }

daily-card-title = Dagens hav
daily-card-subtitle = { $variant } · { $day }
daily-card-fired = { $rules ->
    [game2000] Turer
   *[other] Skott
}
daily-card-par = Par
daily-card-streak = Svit
daily-card-alt = Dagens hav { $day }: klarat på { $fired }, par { $par }, svit { $streak }. { $shots } skott i ordning, varav { $hits } träffar.
daily-shared = { $member } klarade dagens hav för { $day } på **{ $fired }** (par { $par }). Din tur: `/{ cmd-daily-name } { cmd-daily-play-name }`.

stats-daily-streak = Svit i dagens hav { $streak } (bästa { $best })
