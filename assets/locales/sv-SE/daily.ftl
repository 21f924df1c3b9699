## The daily sea (issue 52): /daily play, fire, standings, remind, the aim panel and Share.
## Loaded after broadside.ftl; one writer per file.

cmd-daily-name = dagens_hav
cmd-daily-desc = En dold flotta om dagen för alla: sänk den på färst skott
cmd-daily-help =
    Varje dag finns det en dold flotta per regeluppsättning, samma för alla medlemmar. Sänk den med så få skott som möjligt: `/{ cmd-daily-name } { cmd-daily-play-name }` visar ditt hav med en siktpanel (välj en kolumn och en rad och skjut), eller skriv `/{ cmd-daily-name } { cmd-daily-fire-name } { cmd-daily-fire-opt-targets-name }:C4`. En ruta som du redan har skjutit på i dag avvisas och räknas inte. Par är vad den svåra datorn behöver. Du får ett försök om dagen; blir du klar flera dagar i rad bygger du upp en svit. `/{ cmd-daily-name } { cmd-daily-standings-name }` visar dagens ställning eller en tidigare dags (med flottan), och med `/{ cmd-daily-name } { cmd-daily-remind-name }` får du ett direktmeddelande innan dagen slutar, så länge din svit är 3 eller mer.
cmd-daily-play-name = spela
cmd-daily-play-desc = Visa ditt hav i dag med en siktpanel, så att du kan skjuta med klick
cmd-daily-play-opt-rules-name = regler
cmd-daily-play-opt-rules-desc = Regler (standard: klassiskt Sjöslag)
cmd-daily-fire-name = skjut
cmd-daily-fire-desc = Skjut på dagens hav: en ruta i Sjöslag, tre i Game 2000
cmd-daily-fire-opt-targets-name = mål
cmd-daily-fire-opt-targets-desc = Rutor att skjuta på, t.ex. C4 (Game 2000: C4 D5 E6)
cmd-daily-fire-opt-rules-name = regler
cmd-daily-fire-opt-rules-desc = Regler (standard: klassiskt Sjöslag)
cmd-daily-standings-name = ställning
cmd-daily-standings-desc = Ställningen i dag, eller för en tidigare dag med dess flotta
cmd-daily-standings-opt-rules-name = regler
cmd-daily-standings-opt-rules-desc = Regler (standard: klassiskt Sjöslag)
cmd-daily-standings-opt-scope-name = omfång
cmd-daily-standings-opt-scope-desc = Serverns ställning, eller den globala (medlemmar som har valt att vara med)
cmd-daily-standings-opt-day-name = dag
cmd-daily-standings-opt-day-desc = En tidigare dag: datumet (2026-12-04) eller dagens nummer
cmd-daily-remind-name = påminn
cmd-daily-remind-desc = Ett direktmeddelande tre timmar innan dagen slutar, så länge din svit är 3 eller mer
cmd-daily-remind-opt-on-name = på
cmd-daily-remind-opt-on-desc = True: påminn mig; False: inga påminnelser

daily-count = { $rules ->
    [game2000] { $n ->
        [one] 1 drag
       *[other] { $n } drag
    }
   *[other] { $n ->
        [one] 1 skott
       *[other] { $n } skott
    }
}
daily-heading = 🌊 **Dagens hav** · { $variant } · { $day }
daily-progress = Hittills: **{ $fired }** · par { $par } · svit { $streak } · dagen slutar { $ends }
daily-shot-miss = { $cell }: miss.
daily-shot-hit = { $cell }: **träff**!
daily-shot-sunk = { $cell }: **träff och sänkt**: { $ship }!
daily-salvo = { $cells }: { $reports }
daily-cleared = 🎉 **Allt sänkt!** Du sänkte dagens flotta på **{ $fired }** (par { $par }{ $under ->
    [0] , precis på par
   *[other] { "" }
}).
daily-place-server = I dag på den här servern: plats **{ $place }**.
daily-place-everyone = Bland alla som har blivit klara i dag: plats **{ $place }**.
daily-streak = Svit: **{ $streak }** { $streak ->
    [one] dag
   *[other] dagar
} i rad (rekord: { $best }).
daily-button-share = Dela

err-daily-finished = Du är redan klar med dagens hav. I morgon kommer ett nytt.
err-daily-count = { $expected ->
    [one] I Sjöslag skjuter man på en ruta i taget, t.ex. `C4`
   *[other] I Game 2000 skjuter man på { $expected } rutor i taget, t.ex. `C4 D5 E6`
}; du angav { $given }. Inga skott avlossades.
err-daily-off-board = { $cell } finns inte på spelplanen. Inga skott avlossades.
err-daily-repeat = Du har redan skjutit på { $cell } i dag: det skottet räknas inte. Välj en annan ruta.
err-daily-twice = { $cell } står två gånger i samma salva: välj tre olika rutor. Inga skott avlossades.
err-daily-not-yet = Dag { $day } har inte börjat än: dess flotta är fortfarande dold.
err-daily-busy = Ett annat skott från dig avlossades i samma ögonblick. Inget räknades två gånger; försök igen.
err-daily-unavailable = Dagens hav går inte att nå just nu. Inga skott avlossades; försök igen om en stund.
err-daily-day = `{ $given }` är ingen dag som jag känner till: ange ett datum som `2026-12-04` eller ett dagnummer som i ställningen.
err-daily-no-server = En servers ställning förs bara på en server. Här visar `/{ cmd-daily-name } { cmd-daily-standings-name } { cmd-daily-standings-opt-scope-name }:Global` den globala.
err-daily-share-unfinished = Du kan dela havet först när du är klar.

daily-table-server = Den här servern: { $finished } av { $total } spelare klara · par { $par }
daily-table-global = Alla som har valt att vara med: { $finished } av { $total } spelare klara · par { $par }
daily-table-empty = Ingen här har skjutit på det här havet än.
daily-table-playing = spelar fortfarande, { $fired } hittills
daily-table-more = …och { $n } till.
daily-table-global-note = Här står bara medlemmar som själva har valt det: `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Synlig`.
daily-table-fleet = Flottan den dagen: `{ $fleet }`
daily-table-today = Dagens flotta förblir dold tills dagen är slut.

daily-remind-on = Påminnelserna är påslagna: så länge din svit är 3 eller mer och du inte har spelat skickar jag ett direktmeddelande till dig tre timmar innan dagen slutar. Stäng av dem med `/{ cmd-daily-name } { cmd-daily-remind-name } { cmd-daily-remind-opt-on-name }:False`.
daily-remind-off = Påminnelserna är avstängda: inga direktmeddelanden om dagens hav.
daily-reminder = 🌊 Dagens hav väntar på dig. På spel: { $streaks }. Dagen slutar { $ends }. Spela med `/{ cmd-daily-name } { cmd-daily-play-name }`.
daily-reminder-streak = en svit på { $streak } dagar i { $variant }

daily-card-title = Dagens hav
daily-card-subtitle = { $variant } · { $day }
daily-card-fired = { $rules ->
    [game2000] Drag
   *[other] Skott
}
daily-card-par = Par
daily-card-streak = Svit
daily-card-alt = Dagens hav { $day }: klarat på { $fired }, par { $par }, svit { $streak }. { $shots } skott i ordning, varav { $hits } träffar.
daily-shared = { $member } klarade Dagens hav { $day } på **{ $fired }** (par { $par }). Din tur: `/{ cmd-daily-name } { cmd-daily-play-name }`.

stats-daily-streak = Dagens hav: svit { $streak } (rekord { $best })
