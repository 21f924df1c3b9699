## De zee van de dag (issue 52): /dagelijks spelen, schieten, klassement, herinneren, het richtpaneel en Delen.
## Geladen na broadside.ftl; één schrijver per bestand.

cmd-daily-name = dagelijks
cmd-daily-desc = De zee van de dag: elke dag één verborgen vloot voor iedereen, zink hem met zo min mogelijk schoten
cmd-daily-help =
    Elke dag is er per spelvariant één verborgen vloot, voor iedereen dezelfde. Breng hem met zo min mogelijk schoten tot zinken: `/{ cmd-daily-name } { cmd-daily-play-name }` toont je zee met een richtpaneel (kies een kolom en een rij en vuur), of typ `/{ cmd-daily-name } { cmd-daily-fire-name } { cmd-daily-fire-opt-targets-name }:C4`. Een vakje waar je vandaag al op schoot, wordt geweigerd en niet geteld. Par is wat de sterke computer nodig heeft. Je hebt één poging per dag; wie dagen achter elkaar afmaakt, bouwt een reeks op. `/{ cmd-daily-name } { cmd-daily-standings-name }` toont het klassement van vandaag of van een eerdere dag (met de vloot van die dag), en met `/{ cmd-daily-name } { cmd-daily-remind-name }` krijg je een privébericht voordat de dag om is, zolang je reeks 3 of meer is.
cmd-daily-play-name = spelen
cmd-daily-play-desc = Toon je zee van vandaag, met een richtpaneel om met klikken te schieten
cmd-daily-play-opt-rules-name = regels
cmd-daily-play-opt-rules-desc = Spelvariant (standaard: klassiek)
cmd-daily-fire-name = schieten
cmd-daily-fire-desc = Schiet op de zee van vandaag: één vakje in klassiek, drie in Game 2000
cmd-daily-fire-opt-targets-name = doelen
cmd-daily-fire-opt-targets-desc = Vakjes om op te schieten, zoals C4 (Game 2000: C4 D5 E6)
cmd-daily-fire-opt-rules-name = regels
cmd-daily-fire-opt-rules-desc = Spelvariant (standaard: klassiek)
cmd-daily-standings-name = klassement
cmd-daily-standings-desc = Het klassement van de zee van vandaag, of van een eerdere dag met zijn vloot
cmd-daily-standings-opt-rules-name = regels
cmd-daily-standings-opt-rules-desc = Spelvariant (standaard: klassiek)
cmd-daily-standings-opt-scope-name = bereik
cmd-daily-standings-opt-scope-desc = Het klassement van deze server, of het wereldwijde (leden die zichtbaar willen zijn)
cmd-daily-standings-opt-day-name = dag
cmd-daily-standings-opt-day-desc = Een eerdere dag: de datum (2026-12-04) of het nummer
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
daily-heading = 🌊 **Zee van de dag** · { $variant } · { $day }
daily-progress = Geschoten: **{ $fired }** · par { $par } · reeks { $streak } · de dag eindigt { $ends }
daily-shot-miss = { $cell }: mis.
daily-shot-hit = { $cell }: **raak**!
daily-shot-sunk = { $cell }: **raak en gezonken**, een { $ship }!
daily-salvo = { $cells }: { $reports }
daily-cleared = 🎉 **Gelukt!** Je bracht de vloot van vandaag tot zinken in **{ $fired }** (par { $par }{ $under ->
    [0] , precies op par
   *[other] { "" }
}).
daily-place-server = Vandaag in deze server: plaats **{ $place }**.
daily-place-everyone = Van iedereen die hem vandaag schoonveegde: plaats **{ $place }**.
daily-streak = Reeks: **{ $streak }** { $streak ->
    [one] dag
   *[other] dagen
} (beste { $best }).
daily-aim = Kies een kolom en een rij en vuur. Je richt op **{ $cell }**.
daily-aim-salvo = Kies drie vakjes: richt met kolom en rij, druk voor elk op Toevoegen en vuur dan. Je richt op **{ $cell }** · salvo ({ $count }/3): { $salvo }
daily-salvo-empty = nog geen
daily-column-placeholder = Kolom om op te richten
daily-row-placeholder = Rij om op te richten
daily-button-share = Delen
daily-button-fire-at = Vuur op { $cell }
daily-button-add = { $cell } toevoegen
daily-button-remove = { $cell } weghalen
daily-button-clear = Leegmaken
daily-button-fire-salvo = Vuur ({ $count }/3)

err-daily-finished = Je hebt de zee van vandaag al schoongeveegd. Morgen komt er een nieuwe.
err-daily-count = { $expected ->
    [one] Klassiek schiet op één vakje tegelijk, zoals `C4`
   *[other] Game 2000 schiet op { $expected } vakjes tegelijk, zoals `C4 D5 E6`
}; jij gaf er { $given }. Er is niets afgevuurd.
err-daily-off-board = { $cell } ligt niet op dit bord. Er is niets afgevuurd.
err-daily-repeat = Je schoot vandaag al op { $cell }: dat schot telt niet. Kies een ander vakje.
err-daily-twice = { $cell } staat twee keer in één salvo: kies drie verschillende vakjes. Er is niets afgevuurd.
err-daily-salvo-full = Het salvo heeft al drie vakjes: vuur het af, of haal er eerst een weg.
err-daily-not-yet = Dag { $day } is nog niet begonnen: de vloot ervan is nog verborgen.
err-daily-busy = Er werd op hetzelfde moment een ander schot van jou afgevuurd. Niets is dubbel geteld; probeer het opnieuw.
err-daily-unavailable = De zee van de dag is nu niet bereikbaar. Er is niets afgevuurd; probeer het zo opnieuw.
err-daily-day = `{ $given }` is geen dag die ik ken: geef een datum zoals `2026-12-04` of een dagnummer zoals de klassementen het tonen.
err-daily-no-server = Een klassement per server bestaat alleen in een server. Hier toont `/{ cmd-daily-name } { cmd-daily-standings-name } { cmd-daily-standings-opt-scope-name }:global` het wereldwijde.
err-daily-share-unfinished = Alleen een schoongeveegde zee kun je delen.

daily-table-server = Deze server: { $finished } van de { $total } spelers klaar · par { $par }
daily-table-global = Iedereen die zichtbaar wil zijn: { $finished } van de { $total } spelers klaar · par { $par }
daily-table-empty = Hier heeft nog niemand op deze zee geschoten.
daily-table-playing = nog bezig, { $fired } tot nu toe
daily-table-more = …en nog { $n }.
daily-table-global-note = Alleen leden die ervoor kozen staan erin: `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Zichtbaar`.
daily-table-fleet = De vloot van die dag: `{ $fleet }`
daily-table-today = De vloot van vandaag blijft verborgen tot de dag voorbij is.

daily-remind-on = Herinneringen staan aan: zolang je reeks 3 of meer is en je nog niet gespeeld hebt, stuur ik je drie uur voor het einde van de dag een privébericht. Zet ze uit met `/{ cmd-daily-name } { cmd-daily-remind-name } { cmd-daily-remind-opt-on-name }:False`.
daily-remind-off = Herinneringen staan uit: geen privéberichten over de zee van de dag.
daily-reminder = 🌊 Je zee van de dag wacht: { $streaks } staat op het spel. De dag eindigt { $ends }. Speel met `/{ cmd-daily-name } { cmd-daily-play-name }`.
daily-reminder-streak = een reeks van { $streak } dagen in { $variant }

daily-card-title = Zee van de dag
daily-card-subtitle = { $variant } · { $day }
daily-card-fired = { $rules ->
    [game2000] Beurten
   *[other] Schoten
}
daily-card-par = Par
daily-card-streak = Reeks
daily-card-alt = Zee van de dag { $day }: schoongeveegd in { $fired }, par { $par }, reeks { $streak }. { $shots } schoten op volgorde, waarvan { $hits } raak.
daily-shared = { $member } veegde de zee van { $day } schoon in **{ $fired }** (par { $par }). Jouw beurt: `/{ cmd-daily-name } { cmd-daily-play-name }`.

stats-daily-streak = Reeks zee van de dag { $streak } (beste { $best })
