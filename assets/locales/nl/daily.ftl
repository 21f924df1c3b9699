## The daily sea (issue 52): /daily play, fire, standings, remind, the aim panel and Share.
## Loaded after broadside.ftl; one writer per file.

cmd-daily-name = dagelijkse_zee
cmd-daily-desc = Elke dag één verborgen vloot voor iedereen: laat hem zinken in zo min mogelijk schoten
cmd-daily-help =
    Elke dag ligt er per spelvorm één verborgen vloot klaar, voor alle leden dezelfde. Laat hem zinken in zo min mogelijk schoten: `/{ cmd-daily-name } { cmd-daily-play-name }` toont je zee met een richtpaneel (kies een kolom en een rij en schiet), of typ `/{ cmd-daily-name } { cmd-daily-fire-name } { cmd-daily-fire-opt-targets-name }:C4`. Een vakje waarop je vandaag al geschoten hebt, wordt geweigerd en telt niet mee. Par is wat de moeilijke computer nodig heeft. Je krijgt één poging per dag; ben je meerdere dagen achter elkaar klaar, dan bouw je een reeks op. `/{ cmd-daily-name } { cmd-daily-standings-name }` toont de stand van vandaag of van een eerdere dag (met de vloot erbij), en met `/{ cmd-daily-name } { cmd-daily-remind-name }` krijg je een privébericht voordat de dag afloopt, zolang je reeks 3 of meer is.
cmd-daily-play-name = spelen
cmd-daily-play-desc = Toon je zee van vandaag, met een richtpaneel om met klikken te schieten
cmd-daily-play-opt-rules-name = regels
cmd-daily-play-opt-rules-desc = Spelregels (standaard: klassiek)
cmd-daily-fire-name = schieten
cmd-daily-fire-desc = Schiet op de zee van vandaag: één vakje in klassiek, drie in Game 2000
cmd-daily-fire-opt-targets-name = doelen
cmd-daily-fire-opt-targets-desc = Vakjes om op te schieten, zoals C4 (Game 2000: C4 D5 E6)
cmd-daily-fire-opt-rules-name = regels
cmd-daily-fire-opt-rules-desc = Spelregels (standaard: klassiek)
cmd-daily-standings-name = stand
cmd-daily-standings-desc = De stand van vandaag, of van een eerdere dag met de vloot erbij
cmd-daily-standings-opt-rules-name = regels
cmd-daily-standings-opt-rules-desc = Spelregels (standaard: klassiek)
cmd-daily-standings-opt-scope-name = bereik
cmd-daily-standings-opt-scope-desc = De stand op deze server, of de wereldwijde (leden die zichtbaar willen zijn)
cmd-daily-standings-opt-day-name = dag
cmd-daily-standings-opt-day-desc = Een eerdere dag: de datum (2026-12-04) of het dagnummer
cmd-daily-remind-name = herinneren
cmd-daily-remind-desc = Een privébericht drie uur voor het einde van de dag, zolang je reeks 3 of meer is
cmd-daily-remind-opt-on-name = aan
cmd-daily-remind-opt-on-desc = True: herinner me; False: geen herinneringen

daily-count = { $rules ->
    [game2000] { $n ->
        [one] 1 beurt
       *[other] { $n } beurten
    }
   *[other] { $n ->
        [one] 1 schot
       *[other] { $n } schoten
    }
}
daily-heading = 🌊 **Dagelijkse zee** · { $variant } · { $day }
daily-progress = Tot nu toe: **{ $fired }** · par { $par } · reeks { $streak } · de dag eindigt { $ends }
daily-shot-miss = { $cell }: mis.
daily-shot-hit = { $cell }: **raak**!
daily-shot-sunk = { $cell }: **raak en gezonken**: { $ship }!
daily-salvo = { $cells }: { $reports }
daily-cleared = 🎉 **Alles gezonken!** Je liet de vloot van vandaag zinken in **{ $fired }** (par { $par }{ $under ->
    [0] , precies op par
   *[other] { "" }
}).
daily-place-server = Vandaag op deze server: plaats **{ $place }**.
daily-place-everyone = Van iedereen die vandaag klaar is: plaats **{ $place }**.
daily-streak = Reeks: **{ $streak }** { $streak ->
    [one] dag
   *[other] dagen
} (record: { $best }).
daily-button-share = Delen

err-daily-finished = Je bent al klaar met de zee van vandaag. Morgen ligt er een nieuwe.
err-daily-count = { $expected ->
    [one] Bij klassiek schiet je op één vakje tegelijk, zoals `C4`
   *[other] Bij Game 2000 schiet je op { $expected } vakjes tegelijk, zoals `C4 D5 E6`
}; jij gaf er { $given }. Er is niet geschoten.
err-daily-off-board = { $cell } ligt niet op dit bord. Er is niet geschoten.
err-daily-repeat = Op { $cell } heb je vandaag al geschoten: dat schot telt niet mee. Kies een ander vakje.
err-daily-twice = { $cell } staat twee keer in één salvo: kies drie verschillende vakjes. Er is niet geschoten.
err-daily-not-yet = Dag { $day } is nog niet begonnen: de vloot ervan is nog verborgen.
err-daily-busy = Er werd op hetzelfde moment nog een schot van jou afgevuurd. Niets is dubbel geteld; probeer het opnieuw.
err-daily-unavailable = De dagelijkse zee is nu niet bereikbaar. Er is niet geschoten; probeer het zo meteen opnieuw.
err-daily-day = `{ $given }` is geen dag die ik ken: geef een datum zoals `2026-12-04` of een dagnummer zoals in de stand.
err-daily-no-server = De stand van een server wordt alleen op een server bijgehouden. Hier toont `/{ cmd-daily-name } { cmd-daily-standings-name } { cmd-daily-standings-opt-scope-name }:Wereldwijd` de wereldwijde.
err-daily-share-unfinished = Je kunt de zee pas delen als je klaar bent.

daily-table-server = Deze server: { $finished } van de { $total } spelers klaar · par { $par }
daily-table-global = Iedereen die zichtbaar wil zijn: { $finished } van de { $total } spelers klaar · par { $par }
daily-table-empty = Hier heeft nog niemand op deze zee geschoten.
daily-table-playing = speelt nog, { $fired } tot nu toe
daily-table-more = …en nog { $n }.
daily-table-global-note = Hier staan alleen leden die daarvoor kozen: `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Zichtbaar`.
daily-table-fleet = De vloot van die dag: `{ $fleet }`
daily-table-today = De vloot van vandaag blijft verborgen tot de dag voorbij is.

daily-remind-on = Herinneringen staan aan: zolang je reeks 3 of meer is en je nog niet gespeeld hebt, stuur ik je drie uur voor het einde van de dag een privébericht. Zet ze uit met `/{ cmd-daily-name } { cmd-daily-remind-name } { cmd-daily-remind-opt-on-name }:False`.
daily-remind-off = Herinneringen staan uit: geen privéberichten over de dagelijkse zee.
daily-reminder = 🌊 Je dagelijkse zee wacht op je. Op het spel: { $streaks }. De dag eindigt { $ends }. Speel met `/{ cmd-daily-name } { cmd-daily-play-name }`.
daily-reminder-streak = een reeks van { $streak } dagen in { $variant }

daily-card-title = Dagelijkse zee
daily-card-subtitle = { $variant } · { $day }
daily-card-fired = { $rules ->
    [game2000] Beurten
   *[other] Schoten
}
daily-card-par = Par
daily-card-streak = Reeks
daily-card-alt = Dagelijkse zee { $day }: klaar in { $fired }, par { $par }, reeks { $streak }. { $shots } schoten op volgorde, waarvan { $hits } raak.
daily-shared = { $member } liet de vloot van de dagelijkse zee van { $day } zinken in **{ $fired }** (par { $par }). Nu jij: `/{ cmd-daily-name } { cmd-daily-play-name }`.

stats-daily-streak = Dagelijkse zee: reeks { $streak } (record { $best })
