# Broadside — Nederlands (nl).
#
# Same message ids and { $variables } as en-US; see the notes there.

## Game names

variant-classic = Klassiek
variant-game2000 = Game 2000
variant-classic-title = Klassiek (Søslag / Sjöslag)
variant-game2000-title = Zeeslag Game 2000
variant-classic-short = klassiek
variant-game2000-short = Game 2000
choice-variant-classic = Klassiek (Søslag / Sjöslag)
choice-variant-game2000 = Zeeslag Game 2000
choice-difficulty-easy = Makkelijk
choice-difficulty-normal = Normaal
choice-difficulty-hard = Moeilijk

## Commands: names, descriptions (at most 100 characters) and long help

cmd-challenge-name = uitdagen
cmd-challenge-desc = Daag iemand (of mij, de computer) hier uit voor een potje zeeslag
cmd-challenge-help =
    De uitgedaagde speler krijgt de knoppen Accepteren en Weigeren. Per kanaal loopt er één partij (open een thread om er meer tegelijk te spelen); iedereen speelt één partij tegelijk.
cmd-challenge-opt-opponent-name = tegenstander
cmd-challenge-opt-opponent-desc = Tegen wie je wilt spelen
cmd-challenge-opt-variant-name = variant
cmd-challenge-opt-variant-desc = Spelregels: klassiek (standaard) of Game 2000
cmd-challenge-opt-forbid_repeats-name = dubbel_schieten_verbieden
cmd-challenge-opt-forbid_repeats-desc = Huisregel voor Game 2000: schoten op al beschoten vakjes weigeren (standaard: nee)
cmd-challenge-opt-difficulty-name = moeilijkheid
cmd-challenge-opt-difficulty-desc = Tegen de computer (mij): makkelijk, normaal (standaard) of moeilijk

cmd-place-name = plaatsen
cmd-place-desc = Plaats je vloot in het geheim (als tekst, of een willekeurige)
cmd-place-help =
    Zonder vloot krijg je een willekeurige geldige vloot. Het antwoord is privé: een voorbeeldplaatje met de knoppen Schudden en Klaar. Werkt in het kanaal van de partij en in een privébericht aan de bot.
    Voorbeeld: `A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10`.
cmd-place-opt-fleet-name = vloot
cmd-place-opt-fleet-desc = Je schepen, bv. A1-A4 C1-C3 E1-E3 … (leeg laten voor een willekeurige vloot)

cmd-fire-name = schieten
cmd-fire-desc = Schiet op de vijand: één vakje in klassiek (C4), drie in Game 2000 (C4 D5 E6)
cmd-fire-help =
    Alleen wie aan de beurt is kan schieten, in het kanaal van de partij. De uitslag is openbaar, met jouw kaart van de vijandelijke zee. Of druk op **Schiet** onder het bericht dat jou de beurt geeft: in een paneel dat alleen jij ziet kies je de vakjes zonder te typen.
cmd-fire-opt-targets-name = doelen
cmd-fire-opt-targets-desc = Vakjes om op te schieten: C4 (klassiek) of C4 D5 E6 (Game 2000)

cmd-board-name = bord
cmd-board-desc = Bekijk je vloot met de schade en wat je van de vijandelijke zee weet (alleen voor jou)
cmd-board-help =
    Kan op elk moment tijdens een partij, ook om je borden opnieuw te zien als de eerdere privéantwoorden verdwenen zijn.

cmd-status-name = stand
cmd-status-desc = Toon de partij in dit kanaal (of je eigen): spelers, regels, beurt, schoten en deadline
cmd-status-help =
    Het antwoord is openbaar, zodat iedereen in het kanaal de partij kan volgen.

cmd-forfeit-name = opgeven
cmd-forfeit-desc = Geef je huidige partij op; je tegenstander wint
cmd-forfeit-help =
    Werkt overal, ook in een privébericht aan de bot. Het einde wordt gemeld in het kanaal van de partij.

cmd-cancel-name = annuleren
cmd-cancel-desc = Blaas de partij in dit kanaal af (de uitdager vóór de acceptatie, of een moderator)
cmd-cancel-help =
    Een afgeblazen partij heeft geen winnaar. Moderators zijn leden met de machtiging **Berichten beheren**.

cmd-rules-name = regels
cmd-rules-desc = Leg de regels van klassiek of Game 2000 uit (alleen jij ziet het antwoord)
cmd-rules-help =
    Zonder optie worden beide spelvormen uitgelegd.
cmd-rules-opt-variant-name = variant
cmd-rules-opt-variant-desc = Welke spelregels (standaard: allebei)

cmd-replay-name = herhaling
cmd-replay-desc = Bekijk een afgelopen partij opnieuw, schot voor schot, als bewegend plaatje
cmd-replay-help =
    De spelers kunnen hem overal bekijken, en leden van de server die het kanaal kunnen zien waarin de partij gespeeld is, kunnen hem daar bekijken; alleen jij ziet de herhaling. Begin te typen om een van je laatste tien partijen te kiezen, of geef een partijnummer (het nummer staat bij elke herhaling).
cmd-replay-opt-match-name = partij
cmd-replay-opt-match-desc = De partij: een van je laatste tien, of een partijnummer

cmd-stats-name = statistieken
cmd-stats-desc = Toon de rating en statistieken van een lid als plaatje (standaard die van jou)
cmd-stats-help =
    Elk lid heeft per spelvorm een Glicko-2-rating, die na elke ratingpartij verandert (lid tegen lid, beëindigd door de vernietiging van een vloot, door gelijkspel, door opgave of door verlopen tijd; opgeven of de tijd laten verlopen telt als verlies). Partijen tegen de computer worden in plaats daarvan per moeilijkheidsgraad geteld. Een rating blijft voorlopig tijdens de eerste 5 ratingpartijen. Het antwoord is openbaar, tenzij je `{ cmd-stats-opt-private-name }:True` toevoegt.
cmd-stats-opt-member-name = lid
cmd-stats-opt-member-desc = Wiens statistieken (standaard: de jouwe)
cmd-stats-opt-variant-name = variant
cmd-stats-opt-variant-desc = Spelregels (standaard: klassiek)
cmd-stats-opt-private-name = privé
cmd-stats-opt-private-desc = Laat het plaatje alleen aan jou zien (standaard: nee)

cmd-leaderboard-name = ranglijst
cmd-leaderboard-desc = Toon de beste spelers naar rating: op deze server of wereldwijd (wie zichtbaar wil zijn)
cmd-leaderboard-help =
    Toont de leden die op deze server een ratingpartij speelden, tien per pagina, de hoogste rating eerst; voorlopige ratings (minder dan 5 ratingpartijen) komen na de andere. Sta je op de lijst maar niet op de pagina, dan staat je eigen regel eronder. `{ cmd-leaderboard-opt-scope-name }:Wereldwijd` (standaard in privégesprekken, groepsgesprekken en servers zonder de bot) rangschikt de leden van overal die zich met `/{ cmd-privacy-name } { cmd-privacy-set-name }` zichtbaar hebben gemaakt.
cmd-leaderboard-opt-variant-name = variant
cmd-leaderboard-opt-variant-desc = Spelregels (standaard: klassiek)
cmd-leaderboard-opt-season-name = seizoen
cmd-leaderboard-opt-season-desc = Welk seizoen: huidig, alle (aller tijden), of het nummer van een vorig seizoen
cmd-leaderboard-opt-scope-name = bereik
cmd-leaderboard-opt-scope-desc = De ranglijst van deze server, of de wereldwijde (leden die zichtbaar willen zijn)
choice-scope-server = Deze server
choice-scope-global = Wereldwijd (leden die zichtbaar willen zijn)

cmd-history-name = geschiedenis
cmd-history-desc = Toon de laatste tien partijen van een lid (standaard de jouwe); alleen jij ziet ze
cmd-history-help =
    Elke regel toont de datum, de spelregels, de tegenstander, de uitslag, hoe de partij eindigde, het aantal schoten of beurten en het partijnummer (geef dat aan `/{ cmd-replay-name }` om de partij opnieuw te bekijken).
cmd-history-opt-member-name = lid
cmd-history-opt-member-desc = Wiens partijen (standaard: de jouwe)

cmd-privacy-name = privacy
cmd-privacy-desc = Wat de bot over je opslaat, en hoe je dat verwijdert
cmd-privacy-help =
    `/{ cmd-privacy-name } { cmd-privacy-info-name }` legt uit wat er wordt opgeslagen; met `/{ cmd-privacy-name } { cmd-privacy-set-name }` kies je of je naam op de wereldwijde ranglijst staat (standaard niet); `/{ cmd-privacy-name } { cmd-privacy-delete-name }` verwijdert je ratings en statistieken nadat je dat hebt bevestigd.
cmd-privacy-info-name = info
cmd-privacy-info-desc = Leg uit wat de bot over leden opslaat en hoe je dat verwijdert
cmd-privacy-set-name = instellen
cmd-privacy-set-desc = Kies of je naam en rating op de wereldwijde ranglijst staan
cmd-privacy-set-opt-leaderboard-name = ranglijst
cmd-privacy-set-opt-leaderboard-desc = Zet je naam op de wereldwijde ranglijst, of verberg hem (standaard verborgen)
choice-leaderboard-visible = Zichtbaar: zet mij op de wereldwijde ranglijst
choice-leaderboard-hidden = Verborgen (standaard)
cmd-privacy-delete-name = verwijderen
cmd-privacy-delete-desc = Verwijder je ratings en statistieken en je naam uit afgelopen partijen

cmd-help-name = hulp
cmd-help-desc = Uitleg over het spel en een lijst van de commando's
cmd-help-help =
    Zonder optie zie je alle commando's. Noem een commando om de opties ervan te zien.
cmd-help-opt-command-name = commando
cmd-help-opt-command-desc = Een commando om uitgebreid uit te leggen, bijvoorbeeld: hulp

## /help

help-intro = **Broadside** is zeeslag voor twee spelers: verstop je vloot en schiet om beurten op de zee van de ander, tot er één vloot gezonken is.
help-commands = **Commando's**
help-more = Met `/{ cmd-help-name } { cmd-help-opt-command-name }:<naam>` krijg je meer uitleg over één commando.
help-options = **Opties**
help-required = verplicht
help-optional = optioneel
err-help-unknown = Er is geen commando `/{ $command }`. Met `/{ cmd-help-name }` zie je ze allemaal.

## /rules

rules-classic = **Klassiek — Søslag / Sjöslag**
    • De zee is 10×10 vakjes groot: kolommen A–J, rijen 1–10 (`C4` is kolom C, rij 4).
    • Vloot: 1 slagschip (4 vakjes), 2 kruisers (3), 3 torpedojagers (2), 4 torpedoboten (1).
    • Schepen liggen in een rechte lijn en raken elkaar nooit, ook niet met een hoekje.
    • Eén schot per beurt met `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4`. Schiet je mis, dan gaat de beurt over; raak je of laat je een schip zinken, dan schiet je nog een keer.
    • Zinkt er een schip, dan hoor je welk het was en wordt het water eromheen voor je gemarkeerd.
    • Een vakje waar je al op geschoten hebt, wordt geweigerd; dat kost je niets.
    • Wie als eerste alle tien schepen laat zinken, wint. Wie zijn beurt laat verlopen, verliest.
rules-game2000 = **Game 2000 — Zeeslag**
    • De zee is 9×9 vakjes groot: kolommen A–I, rijen 1–9.
    • Vloot: 2 boten van 3 vakjes, 3 van 2 vakjes, 2 van 1 vakje.
    • Boten raken elkaar nooit (ook niet diagonaal), staan nooit in een hoekvakje (A1, I1, A9, I9), en een boot van 2 of 3 vakjes mag niet met zijn lange kant langs de rand liggen. Een boot van 1 vakje mag wel aan de rand staan.
    • Elke beurt noem je drie vakjes: `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4 D5 E6`. Ze worden in willekeurige volgorde afgehandeld en je krijgt per schot een melding: water, "boot van lengte L geraakt" of "boot van lengte L vernietigd" — maar nooit welk vakje raak was.
    • Een vakje waar je eerder al op schoot, meldt altijd water (tenzij dubbel schieten in deze partij verboden is).
    • Beide spelers krijgen evenveel beurten: vernietigt de tweede speler in dezelfde ronde ook alles, dan is het gelijkspel.
    • Wie zijn beurt laat verlopen, verliest.

## Challenge

challenge-public = ⚓ { $challenger } daagt { $opponent } uit: **{ $variant }**.
challenge-house-rule = Huisregel: schoten op vakjes die al beschoten zijn, worden geweigerd.
challenge-answer = { $opponent }, accepteer of weiger — de uitdaging verloopt { $deadline }.
challenge-accepted =
    ⚓ { $challenger } tegen { $opponent } — **{ $variant }**. Uitdaging aangenomen!
    Jullie plaatsen nu allebei in het geheim je vloot (ik heb jullie elk een privévoorbeeld gestuurd; `/{ cmd-place-name }` werkt hier ook, privé). Het plaatsen eindigt { $deadline }.
button-accept = Accepteren
button-decline = Weigeren
err-challenge-bots = Bots kunnen niet meespelen. Daag een lid van deze server uit.
err-channel-busy = In dit kanaal loopt al een partij. Open een thread (of gebruik een ander kanaal) om tegelijk te spelen.
err-you-busy = Je speelt al een partij. Iedereen speelt één partij tegelijk.
err-you-busy-in = Je speelt al een partij in { $channel }. Iedereen speelt één partij tegelijk.
err-other-busy = { $player } speelt al een partij. Iedereen speelt één partij tegelijk.
err-other-busy-in = { $player } speelt al een partij in { $channel }. Iedereen speelt één partij tegelijk.

## Placement

dm-closed-hint = { $player }, ik kan je geen privéberichten sturen. Gebruik hier `/{ cmd-place-name }`: het antwoord is privé, alleen jij ziet je vloot.
placement-prompt =
    Je vloot voor de partij **{ $variant }** in { $channel } (alleen jij ziet dit).
    `{ $fleet }`
    Kies **Schudden** voor een andere willekeurige vloot, **Klaar** om hem vast te leggen — of typ je eigen vloot met `/{ cmd-place-name } { cmd-place-opt-fleet-name }:A1-A4 C1-C3 …` (hier of in het kanaal van de partij).
button-shuffle = Schudden
button-ready = Klaar
fleet-final-waiting = Je vloot ligt vast: `{ $fleet }`. We wachten tot { $player } klaar is met plaatsen.
fleet-final-battle = Je vloot ligt vast: `{ $fleet }`. De strijd is begonnen!
err-place-no-match = Je hebt geen partij om een vloot voor te plaatsen. Begin er een met `/{ cmd-challenge-name }`.
err-not-your-button = Deze knop is van een andere speler.
err-ready-battle-begun = Er valt geen vloot meer vast te leggen: de strijd is al begonnen.
err-ready-stale = Dit voorbeeld is verouderd: je vloot is intussen veranderd (door Schudden of `/{ cmd-place-name }`). Klik op Klaar bij het nieuwste voorbeeld, of bekijk je vloot met `/{ cmd-board-name }`.

## Battle

battle-how-classic = `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4` — één vakje; bij raak of gezonken mag je nog eens
battle-how-game2000 = `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4 D5 E6` — drie vakjes per beurt
battle-starts = ⚔️ Beide vloten liggen klaar: { $challenger } tegen { $opponent }. **{ $first }** begint ({ $how }). De beurt eindigt { $deadline }. Met `/{ cmd-board-name }` zie je altijd privé je eigen bord.

ship-classic = { $len ->
    [4] slagschip
    [3] kruiser
    [2] torpedojager
   *[1] torpedoboot
}
ship-game2000 = boot van { $len ->
    [one] 1 vakje
   *[other] { $len } vakjes
}
report-miss = mis
report-water = water
report-hit = raak
report-hit-len = boot van lengte { $len } geraakt
report-sunk-len = boot van lengte { $len } vernietigd
report-sunk-ship = { $ship } gezonken ({ $len ->
    [one] 1 vakje
   *[other] { $len } vakjes
})

fire-result-miss = mis.
fire-result-hit = **raak!**
fire-result-sunk = **{ $report }!**
fire-classic = 🎯 { $shooter } schiet op **{ $cells }**: { $result }
fire-salvo = 🎯 { $shooter } schiet op **{ $cells }** (beurt { $turn }): { $reports }.
fire-again = { $player } mag nog een keer — de beurt eindigt { $deadline }.
fire-last-chance = { $shooter } heeft je hele vloot vernietigd, { $player }! Beide spelers krijgen evenveel beurten: dit is je laatste — vernietig ook alle boten en het wordt gelijkspel.
fire-to-move = { $player } is aan de beurt — de beurt eindigt { $deadline }.
fire-expect-classic = Bij klassiek schiet je op één vakje per beurt, zoals `C4`.
fire-expect-game2000 = Bij Game 2000 schiet je op drie vakjes per beurt, zoals `C4 D5 E6`.
err-fire-not-here = Je speelt niet mee in de partij van dit kanaal. Met `/{ cmd-status-name }` zie je wie wel.

## /board

board-placement = Je vloot (de strijd is nog niet begonnen).
board-battle = Je vloot, en wat je van de vijandelijke zee weet.
err-board-not-accepted = De uitdaging is nog niet aangenomen.
err-board-no-fleet = Je hebt nog geen vloot geplaatst. Gebruik `/{ cmd-place-name }`.

## /status

status-head = **{ $variant }** — { $challenger } tegen { $opponent } in { $channel }
status-house-rule = Huisregel: herhaalde schoten worden geweigerd.
status-challenge = We wachten op het antwoord van { $opponent } — verloopt { $deadline }.
status-placement = Vloten plaatsen: { $challenger } { $challenger_state }, { $opponent } { $opponent_state } — het plaatsen eindigt { $deadline }.
status-ready = klaar
status-placing = bezig
status-turn = Beurt { $turn }: { $player } is aan zet — de beurt eindigt { $deadline }.
status-over = De partij is voorbij.
status-set-aside = De partij in dit kanaal (partij { $id }) kon na een upgrade niet gelezen worden. Ze wordt bewaard zoals ze was, niet beëindigd, en komt terug zodra een versie van mij start die haar kan lezen.

## Ending a match

cancel-done = De partij is afgeblazen.
forfeit-done = Je hebt de partij opgegeven.
end-fleet-destroyed = 🏆 { $winner } heeft alle schepen van { $loser } vernietigd en **wint**!
end-forfeit = 🏳️ { $loser } geeft op. { $winner } **wint**.
end-turn-timeout = ⏰ { $loser } liet de beurt verlopen — wie een beurt overslaat, verliest. { $winner } **wint**.
end-placement-timeout = ⏰ { $loser } was niet op tijd klaar met plaatsen. { $winner } **wint**.
end-draw = 🤝 { $challenger } en { $opponent } hebben in dezelfde ronde elkaars vloot vernietigd: **gelijkspel**!
end-turn-limit = 🤝 { $challenger } en { $opponent } hebben elk { $turns } beurten gehad en beide vloten drijven nog: de partij eindigt bij de beurtenlimiet in **gelijkspel**.
end-declined = { $opponent } heeft de uitdaging van { $challenger } geweigerd.
end-expired = De uitdaging van { $challenger } aan { $opponent } is verlopen zonder antwoord.
end-abandoned = { $challenger } en { $opponent } waren geen van beiden op tijd klaar met plaatsen; de partij gaat niet door.
end-cancelled = { $player } heeft de partij afgeblazen.
stats-line = { $player }: { $shots ->
    [one] 1 schot
   *[other] { $shots } schoten
}, { $hits ->
    [one] 1 treffer
   *[other] { $hits } treffers
} ({ $percent }%), { $turns ->
    [one] 1 beurt
   *[other] { $turns } beurten
}

## Errors of the bot

err-generic = Er ging bij mij iets mis. Probeer het zo nog eens.
err-parse-input = Ik begrijp `{ $input }` niet: { $error }
err-parse = Ik begrijp dat niet: { $error }
err-stale-button = Deze knop doet niets meer: de partij is voorbij of onbekend.
err-no-match = Je speelt geen partij. Begin er een met `/{ cmd-challenge-name }`.
err-no-match-here = In dit kanaal loopt geen partij. Begin er een met `/{ cmd-challenge-name }`.

## Errors of the rules

err-bounds = { $variant } heeft kolommen A–{ $last } en rijen 1–{ $size }
phase-challenge = de partij wacht nog op een antwoord op de uitdaging
phase-placement = de vloten worden nog geplaatst
phase-battle = de strijd is in volle gang
phase-finished = de partij is voorbij
err-coord-empty = Geen vakje opgegeven: schrijf een kolomletter en een rijnummer, zoals C4.
err-coord-space = In `{ $input }` staat een spatie; schrijf het vakje zonder, zoals { $suggestion }.
err-coord-malformed = `{ $input }` is geen vakje: een vakje is een kolomletter gevolgd door een rijnummer, zoals C4.
err-coord-off-board = `{ $input }` ligt buiten het bord: { $bounds }.
err-ship-not-straight = `{ $ship }` is geen rechte lijn: een schip ligt langs één rij of één kolom, zoals A1-A4.
err-ship-off-board = `{ $ship }` steekt buiten het bord uit.
err-ship-empty = Een schip beslaat minstens één vakje.
err-fleet-empty = Geen schepen opgegeven: schrijf schepen als `A1-A4 C1-C3 J10`, gescheiden door spaties of komma's.
err-fleet-syntax = `{ $token }` is geen schip. { $reason }
err-fleet-rules = Die vloot kan niet: { $problems }.
err-fleet-more = en nog { $count }
err-problem-off-board = { $ship } ligt buiten het bord ({ $bounds })
err-problem-too-long = { $ship } is { $len } vakjes lang; het langste schip heeft { $max } vakjes
err-problem-overlap = { $a } en { $b } overlappen op { $at }
err-problem-touch = { $a } raakt { $b } { $how ->
    [side] zij aan zij
   *[corner] met een hoekje
}
err-problem-corner-single = { $cell } is een hoekvakje, en bij Game 2000 blijven de hoeken leeg
err-problem-corner = { $ship } staat op het hoekvakje { $cell }, en bij Game 2000 blijven de hoeken leeg
err-problem-along-edge = { $ship } ligt met zijn lange kant langs de { $edge ->
    [top] bovenrand
    [bottom] onderrand
    [left] linkerrand
   *[right] rechterrand
} (Game 2000 verbiedt dat voor boten van 2 of 3 vakjes)
err-problem-count = { $len ->
    [one] schepen van 1 vakje
   *[other] schepen van { $len } vakjes
}: je hebt er { $have }, de vloot heeft er { $need } nodig
err-challenge-self = Je kunt jezelf niet uitdagen. Kies een ander lid van deze server.
err-answer-not-challenged = Alleen wie uitgedaagd is, kan op deze uitdaging antwoorden.
err-answer-not-pending = Op deze uitdaging is al geantwoord ({ $phase }).
err-not-a-player = Je speelt niet mee in deze partij.
err-place-not-placing = Vloten plaats je na het aannemen van de uitdaging en vóór de strijd ({ $phase }).
err-place-already-ready = Je vloot ligt al vast; wacht op je tegenstander.
err-place-no-fleet = Plaats eerst een vloot (als tekst, of een willekeurige).
err-place-wrong-variant = Die vloot is voor { $fleet }, maar deze partij is { $variant }.
err-fire-not-in-battle = Er is geen strijd om in te schieten ({ $phase }).
err-fire-not-your-turn = Je bent niet aan de beurt: { $player } is aan zet.
err-fire-shot-count = Bij { $variant } schiet je op precies { $expected ->
    [one] 1 vakje
   *[other] { $expected } vakjes
} per beurt; jij gaf er { $given }.
err-fire-off-board = { $cell } ligt buiten het bord: { $bounds }.
err-fire-already = Op { $cell } heb je al geschoten; kies een vakje dat je nog niet geprobeerd hebt.
err-fire-duplicate = { $cell } staat twee keer in dit salvo; noem drie verschillende vakjes.
err-end-over = Deze partij is al voorbij.
err-end-not-started = De uitdaging is nog niet aangenomen: de uitdager kan haar met `/{ cmd-cancel-name }` intrekken, en wie uitgedaagd is kan weigeren.
err-end-not-allowed = Alleen de uitdager (vóór de uitdaging is aangenomen) of een moderator kan een partij afblazen.

## Words inside pictures (short: they are drawn in headings and legends)

pic-your-fleet = Jouw vloot
pic-enemy-waters = Vijandelijke zee
pic-history = Meldingen
pic-turn = Beurt { $n }
pic-ships-left = Schepen over
pic-water = water
pic-hit-len = lengte { $len } geraakt
pic-destroyed-len = lengte { $len } vernietigd
pic-miss = mis
pic-hit = raak
pic-sunk-len = schip van lengte { $len } gezonken
pic-wins = { $name } wint
pic-draw = Gelijkspel
pic-cancelled = Afgeblazen
pic-reason-fleet = alle schepen vernietigd
pic-reason-forfeit = door opgave
pic-reason-timeout = tijd verstreken
pic-reason-turn-limit = beurtenlimiet bereikt
pic-shots = Schoten
pic-hits = Treffers
pic-accuracy = Trefzekerheid
pic-turns = Beurten
pic-percent = { $n }%
pic-afloat = nog { $afloat } van { $total } schepen over
pic-enemy-shots = vijandelijke schoten: { $shots }, treffers: { $hits }
pic-shots-fired = schoten: { $shots }, treffers: { $hits }
pic-no-shots = nog geen schoten
pic-replay-move = Zet { $n } van { $total }: { $name }
pic-replay-sampled = één beeld per { $k } zetten
pic-replay-alt = Herhaling van { $a } tegen { $b }, { $moves } zetten
pic-alt-sunk = Gezonken: { $cells }
pic-alt-hits = Geraakt, nog niet gezonken: { $cells }
pic-alt-misses = Missers: { $cells }
pic-alt-known-water = Water rond gezonken schepen: { $cells }
pic-alt-only-water = Water (beurten zonder treffer): { $cells }
pic-alt-left-out = Oudere beurten weggelaten: { $n }
pic-alt-ships = Schepen: { $ships }
pic-alt-ship-hit = { $ship } (geraakt: { $cells })
pic-alt-ship-sunk = { $ship } (gezonken)
pic-alt-enemy-misses = Vijandelijke missers: { $cells }

## Against the computer

computer-challenge = ⚓ { $human } neemt het op tegen { $computer } (**{ $level }**) in **{ $variant }**. Plaats je vloot — het voorbeeld ziet alleen jij — en druk dan op Klaar. Het plaatsen eindigt { $deadline }.

## Durable matches
err-storage = Ik kon dat niet opslaan, dus er is niets veranderd. Probeer het zo nog eens.
resumed-challenge = ♻️ Ik ben terug na een herstart en deze partij gaat door: { $opponent }, de uitdaging van { $challenger } staat nog en verloopt { $deadline }.
resumed-placement = ♻️ Ik ben terug na een herstart en deze partij gaat door: { $challenger } en { $opponent }, het plaatsen van de schepen eindigt { $deadline }.
resumed-battle = ♻️ Ik ben terug na een herstart en deze partij gaat door: { $player } is aan de beurt, de beurt eindigt { $deadline }.
set-aside-note = ⚠️ Na een upgrade kan ik de partij in dit kanaal niet lezen (partij { $id }). Ze wordt precies bewaard zoals ze was, niet beëindigd en niet meegeteld, en komt terug zodra een versie van mij start die haar kan lezen. Tot dan zijn dit kanaal en de spelers vrij.
err-busy = Deze partij slaat haar laatste zet nog op. Probeer het zo nog eens.
err-time-up = De tijd is om: deze partij eindigt zo volgens de tijdslimiet, dus die zet telt niet meer.
err-missing-permissions = Ik kan hier geen partij spelen, want ik mis deze machtigingen in dit kanaal: { $missing }. Vraag een moderator ze te geven, of daag uit in een ander kanaal.
perm-view-channel = Kanaal bekijken
perm-send-messages = Berichten versturen
perm-send-messages-in-threads = Berichten versturen in threads
perm-attach-files = Bestanden bijvoegen
perm-embed-links = Links insluiten

## /replay

button-replay = Herhaling
replay-caption = Herhaling: { $a } tegen { $b } · { $variant } · { $moves ->
    [one] 1 zet
   *[other] { $moves } zetten
} · partij `{ $id }`
replay-sampled = Het was een lange partij: de herhaling toont één beeld per { $k } zetten.
replay-choice = { $a } tegen { $b } · { $variant } · { $ago }
ago-now = zojuist
ago-minutes = { $n ->
    [one] 1 minuut geleden
   *[other] { $n } minuten geleden
}
ago-hours = { $n ->
    [one] 1 uur geleden
   *[other] { $n } uur geleden
}
ago-days = { $n ->
    [one] 1 dag geleden
   *[other] { $n } dagen geleden
}
err-replay-id = `{ $given }` is geen partijnummer. Kies een van je partijen uit de lijst, of geef het nummer dat een herhaling toont.
err-replay-hidden = Er is geen herhaling met nummer `{ $id }` die jij kunt bekijken: controleer het nummer, en of de partij afgelopen is. Een partij is zichtbaar voor haar spelers en, op haar server, voor leden die het kanaal kunnen zien waarin ze gespeeld is.
err-replay-live = Die partij wordt nog gespeeld; de herhaling is klaar zodra ze afgelopen is.
err-replay-no-battle = In die partij is geen schot gelost, dus er is niets te herhalen.
err-replay-cooldown = Je hebt net een herhaling bekeken. Je kunt de volgende over { $seconds ->
    [one] 1 seconde
   *[other] { $seconds } seconden
} bekijken.
err-replay-busy = Er worden nu veel herhalingen getekend; probeer het zo nog eens.
err-replay-too-often = Je hebt net om meerdere herhalingen gevraagd. Vraag het over { $seconds ->
    [one] 1 seconde
   *[other] { $seconds } seconden
} opnieuw.
err-matches-too-often = Je hebt net een paar keer om de lijst met partijen gevraagd. Vraag het over { $seconds ->
    [one] 1 seconde
   *[other] { $seconds } seconden
} opnieuw.
err-replay-slow = Discord doet er lang over om me te vertellen wie het kanaal van die partij kan zien. Probeer het zo nog eens.
err-storage-read = Ik kon de opgeslagen partijen nu niet lezen. Probeer het zo nog eens.

## Ratings and statistics

deleted-player = verwijderde speler
stats-subtitle = { $variant } · rating
stats-tournaments = Toernooien: { $played } gespeeld, { $won } gewonnen
stats-provisional = voorlopig: { $games } van 5 ratingpartijen
stats-deviation = ± { $rd }
stats-trend = Rating over de laatste { $n ->
    [one] ratingpartij
   *[other] { $n } ratingpartijen
}
stats-trend-empty = Nog niet genoeg ratingpartijen voor een grafiek
stats-wins = Gewonnen
stats-losses = Verloren
stats-draws = Gelijk
stats-accuracy = Trefzekerheid
stats-to-win-shots = Schoten per overwinning (gemiddeld)
stats-to-win-turns = Beurten per overwinning (gemiddeld)
stats-best = Beste overwinning
stats-best-shots = { $n ->
    [one] 1 schot
   *[other] { $n } schoten
}
stats-best-turns = { $n ->
    [one] 1 beurt
   *[other] { $n } beurten
}
stats-streak = Winstreeks
stats-longest = Langste reeks
stats-games = Ratingpartijen
stats-none = –
stats-percent = { $n }%
stats-computer = Tegen de computer
stats-computer-empty = Nog geen partijen tegen de computer
stats-computer-line = { $won } gewonnen · { $lost } verloren{ $drawn ->
    [0] {""}
   *[other] {" "}· { $drawn } gelijk
}
stats-alt = Statistieken van { $name }, { $variant }: rating { $rating }{ $provisional ->
    [yes] {" "}(voorlopig)
   *[no] {""}
}, { $wins } gewonnen, { $losses } verloren, { $draws } gelijk, trefzekerheid { $accuracy }, winstreeks { $streak }, langste { $longest }.
stats-nothing = { $name } heeft nog geen partij { $variant } uitgespeeld.

## Leaderboard

board-title = Ranglijst · { $variant }
board-subtitle = { $server } · pagina { $page } van { $pages }
board-col-rank = #
board-col-player = Speler
board-col-rating = Rating
board-col-record = W–V–G
board-provisional = Voorlopig (minder dan 5 ratingpartijen)
board-empty = Op deze server heeft nog niemand een ratingpartij { $variant } gespeeld.
board-alt = Ranglijst van { $variant }, pagina { $page } van { $pages }: { $lines }.
board-this-server = deze server
button-previous = Vorige
button-next = Volgende
err-leaderboard-dm = Een ranglijst van een server wordt alleen bijgehouden op servers die de bot hebben toegevoegd. Hier toont `/{ cmd-leaderboard-name } { cmd-leaderboard-opt-scope-name }:Wereldwijd` de wereldwijde.
err-leaderboard-global-season = De wereldwijde ranglijst heeft geen seizoenen (je gaf `{ $given }`): seizoenen horen bij een server. Laat `{ cmd-leaderboard-opt-season-name }:` hier weg, of vraag het seizoen op via de server waar het bij hoort.
board-global = Wereldwijd · iedereen die zichtbaar wil zijn, waar die ook speelt
board-global-empty = Nog niemand staat op de wereldwijde ranglijst van { $variant }.
board-global-note = Hier staan alleen leden die daarvoor kozen: `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Zichtbaar` zet je erop, `:Verborgen` haalt je eraf.
# Rating seasons on the leaderboard (issue 39)
season-choice-current = Het huidige seizoen
season-choice-all = Aller tijden (totale rating)
season-choice-past = Seizoen { $number }: { $season }
season-name-month = { $month } { $year }
season-name-quarter = Q{ $quarter } { $year }
month-1 = januari
month-2 = februari
month-3 = maart
month-4 = april
month-5 = mei
month-6 = juni
month-7 = juli
month-8 = augustus
month-9 = september
month-10 = oktober
month-11 = november
month-12 = december
board-season-title = Seizoen { $number } · { $season } · { $variant }
board-season-subtitle = { $server } · { $dates } · pagina { $page } van { $pages }
board-season-subtitle-final = { $server } · { $dates } · eindstand · pagina { $page } van { $pages }
board-season-provisional = Voorlopig (minder dan { $games } ratingpartijen dit seizoen)
board-season-empty = Nog niemand heeft dit seizoen een ratingpartij { $variant } gespeeld.
board-season-gap = (verwijderd)
board-season-alt = Seizoen { $number } ({ $season }) van { $variant }, pagina { $page } van { $pages }: { $lines }.
err-leaderboard-season-off = Seizoenen staan uit op deze server: bekijk `{ cmd-leaderboard-opt-season-name }:alle`, of een vorig seizoen met zijn nummer.
err-leaderboard-season-unknown = `{ $given }` is geen seizoen van deze server: schrijf `huidig`, `alle`, of het nummer van een vorig seizoen (begin te typen om er een te kiezen).
# The end of a rating season (issue 39)
season-end-title = 🏆 **Seizoen { $number } · { $season }** is voorbij.
season-end-empty = Niemand heeft dit seizoen een ratingpartij gespeeld.
season-end-champion = **{ $variant }**: kampioen { $champion } met { $rating }.
season-end-no-champion = **{ $variant }**: geen kampioen (niemand speelde dit seizoen 5 ratingpartijen).
season-end-line = { $rank }. { $name } · { $rating } · { $won } gewonnen, { $lost } verloren, { $drawn } gelijk
season-end-gap = { $rank }. (verwijderd)
season-end-active = meest actief: { $name } ({ $games ->
    [one] 1 partij
   *[other] { $games } partijen
})
season-end-active-none = meest actief: niemand
season-end-figures = { $matches ->
    [one] 1 partij
   *[other] { $matches } partijen
} gespeeld door { $players ->
    [one] 1 lid
   *[other] { $players } leden
}; { $active }.
season-end-more = De hele eindstand: `/{ cmd-leaderboard-name } { cmd-leaderboard-opt-season-name }:{ $number }`.
stats-champion = Kampioen, { $season }, { $variant }
stats-champion-more = { $title } (+{ $more } meer)

## History

history-title = **Laatste partijen van { $name }**
history-empty = { $name } heeft nog geen afgelopen partijen.
history-line = { $date } · { $variant } · tegen { $opponent } · **{ $result }** ({ $how }) · { $count } · partij `{ $id }`
history-win = gewonnen
history-loss = verloren
history-draw = gelijkspel
history-how-sunk = alle schepen vernietigd
history-how-draw = beide vloten vernietigd
history-how-forfeit = door opgave
history-how-timeout = tijd verstreken
history-computer = de computer ({ $level })
history-shots = { $n ->
    [one] 1 schot
   *[other] { $n } schoten
}
history-turns = { $n ->
    [one] 1 beurt
   *[other] { $n } beurten
}

err-history-dm = De partijen van een ander lid kun je alleen op een server opvragen (de partijen die daar gespeeld zijn). Gebruik hier `/{ cmd-history-name }` zonder lid om je eigen partijen te zien.

## Rematch

button-rematch = Revanche
button-last-fleet = Vorige vloot
series-line = Onderlinge stand: { $a } **{ $wa } – { $wb }** { $b }{ $draws ->
    [0] {""}
    [one] , 1 gelijkspel
   *[other] , { $draws } gelijkspellen
}
rematch-waiting = 🔁 { $player } wil revanche. { $other }, druk op **Revanche** onder de uitslag om nog een keer te spelen (het aanbod verloopt { $deadline }).
rematch-started =
    🔁 Revanche: { $challenger } tegen { $opponent } — **{ $variant }**.
    Plaats jullie vloten in het geheim (ik heb jullie elk een privévoorbeeld gestuurd; met **Vorige vloot** neem je de vloot van de vorige partij weer over). Het plaatsen eindigt { $deadline }.
rematch-started-computer =
    🔁 Revanche: { $challenger } tegen { $opponent } — **{ $variant }**.
    Plaats je vloot in het geheim (je privévoorbeeld komt eraan; met **Vorige vloot** neem je de vloot van de vorige partij weer over). Het plaatsen eindigt { $deadline }.
rematch-first = Deze keer schiet { $player } als eerste.
err-rematch-unavailable = Voor die partij is geen revanche mogelijk: alleen een uitgespeelde partij kan opnieuw gespeeld worden.
err-rematch-not-player = Alleen de spelers van die partij kunnen om revanche vragen.
err-rematch-expired = De tijd om revanche te vragen is om. Begin een nieuwe partij met `/{ cmd-challenge-name }`.
err-rematch-started = De revanche is al begonnen.
err-rematch-channel = In dit kanaal kunnen geen partijen meer gestart worden, dus hier komt geen revanche. Dat kan wel in: { $channels }; daag daar opnieuw uit met `/{ cmd-challenge-name }`.
err-rematch-pace = Op deze server wordt niet meer in het tempo { $pace } gespeeld, dus een revanche kan niet. Begin een nieuwe partij met `/{ cmd-challenge-name }` in een van deze tempo's: { $paces }.
err-last-fleet = Er is geen vloot van een vorige partij om opnieuw te gebruiken.

## Privacy

privacy-info = **Wat Broadside opslaat**
    • Elke partij: de spelers (Discord-gebruikers-id's en weergavenamen), server en kanaal, de vloten, elk schot en de uitslag. Afgelopen partijen worden bewaard voor de geschiedenis, statistieken en herhalingen.
    • Per lid en spelvorm: een rating, het aantal gewonnen, verloren en gelijkgespeelde partijen en, per uitgespeelde partij, de schoten, treffers en beurten.
    • Per lid: de laatst geziene weergavenaam, voor de ranglijsten, en wie onder welke partij op **Revanche** drukte.
    • Per lid: of die de herinneringen voor dagelijkse partijen heeft uitgezet. De instellingen van een server bevatten kanalen, geen leden.
    • Terwijl een herinnering verstuurd wordt: de partij en welke herinnering het is, hooguit twee minuten. Een herinnering telt als verstuurd zodra het privébericht weg is; stopt de bot precies op dat moment, dan kan die ene herinnering twee keer komen.
    • Alleen in het geheugen: hoe een lid zijn schepen meestal plaatst. De computer op niveau Moeilijk leert dat uit de vloten van afgelopen partijen (nooit uit een lopende partij) en bouwt het na een herstart opnieuw op uit die partijen.
    • De dagelijkse zee: je schoten per dag en per spelvorm, wanneer je klaar was, je reeksen, de servers waar je speelde en of je een herinnering wilt. Afgelopen dagen blijven bewaard; wis je je gegevens, dan verdwijnen ook deze.
    • Verder niets: geen berichten, geen e-mailadressen, niets van buiten de partijen.
    Alles blijft bewaard zolang de database van de bot bewaard wordt (daar beslist de beheerder van de server over); niets wordt ergens anders heen gestuurd.
    Met `/{ cmd-privacy-name } { cmd-privacy-delete-name }` verwijder je je ratings en statistieken; in afgelopen partijen worden je naam en id dan vervangen door "verwijderde speler" (de andere speler houdt zijn eigen resultaten).
privacy-confirm = Hiermee verwijder je je ratings en statistieken op alle servers, en wordt je naam in elke afgelopen partij vervangen door "verwijderde speler". Dit kan niet ongedaan worden gemaakt. Druk op **Mijn gegevens verwijderen** om te bevestigen.
button-privacy-delete = Mijn gegevens verwijderen
privacy-done = Klaar: je ratings en statistieken zijn verwijderd{ $n ->
    [0] {"."}
    [one] , en in 1 afgelopen partij ben je nu "verwijderde speler".
   *[other] , en in { $n } afgelopen partijen ben je nu "verwijderde speler".
}
err-privacy-playing = Je speelt een partij, of er staat nog een uitdaging aan jou open: speel die partij eerst uit of geef haar op, of wijs de uitdaging af, en verwijder daarna je gegevens.
err-privacy-not-yours = Deze knop is van het lid dat de vraag stelde; gebruik zelf `/{ cmd-privacy-name } { cmd-privacy-delete-name }`.
privacy-info-listed = • De wereldwijde ranglijst: je **staat erop** met je naam en ratings. `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Verborgen` haalt je eraf.
privacy-info-hidden = • De wereldwijde ranglijst: je **staat er niet op** (standaard). `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Zichtbaar` zet je naam en ratings erop.
privacy-listed = Klaar: je naam en ratings staan nu op de wereldwijde ranglijst, in elke spelvorm waarin je een rating hebt. De ranglijsten van servers veranderen niet. `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Verborgen` haalt je er weer af.
privacy-hidden = Klaar: je staat niet op de wereldwijde ranglijst. De ranglijsten van servers veranderen niet.

## Servers: settings, paces, threads, reminders, live matches

choice-pace-blitz = Blitz
choice-pace-standard = Standaard
choice-pace-daily = Dagelijks
choice-language-server = De taal van de server
choice-language-en-US = English
choice-language-nl = Nederlands
choice-language-da = Dansk
choice-language-sv-SE = Svenska
choice-default_rules-classic = Klassiek (Søslag / Sjöslag)
choice-default_rules-game2000 = Zeeslag Game 2000
language-name = Nederlands
duration-seconds =
    { $n ->
        [one] 1 seconde
       *[other] { $n } seconden
    }
duration-minutes =
    { $n ->
        [one] 1 minuut
       *[other] { $n } minuten
    }
duration-hours =
    { $n ->
        [one] 1 uur
       *[other] { $n } uur
    }
pace-line = ⏱ Tempo: **{ $pace }**, { $turn } per beurt.
err-channel-not-allowed = Op deze server worden in dit kanaal geen partijen gestart. Dat kan wel in: { $channels }.
err-pace-not-allowed = Op deze server wordt niet in het tempo { $pace } gespeeld. Kies uit: { $paces }.
challenge-no-thread = Op deze server wordt elke partij in een eigen thread gespeeld, maar ik mag in dit kanaal geen threads openen (ik mis de machtiging **Openbare threads maken**), dus deze partij wordt hier in het kanaal gespeeld. Vraag de beheerders van de server om mij die machtiging hier te geven.
thread-name = { $a } tegen { $b } · { $variant }
thread-failed = Ik kon voor deze partij geen thread openen, dus ze wordt hier in het kanaal gespeeld.
thread-summary-won = 🏁 { $winner } versloeg { $loser } — de partij en de onthulde vloten staan in { $thread }.
thread-summary-draw = 🏁 { $challenger } en { $opponent } speelden gelijk — de partij en de onthulde vloten staan in { $thread }.
thread-summary-over = 🏁 De partij tussen { $challenger } en { $opponent } is voorbij — zie { $thread }.
reminder-half = ⏰ In je dagelijkse partij tegen { $opponent } (**{ $variant }**) is de helft van je beurt voorbij: je beurt eindigt { $deadline }. { $link }
reminder-hour = ⏰ Je beurt in je dagelijkse partij tegen { $opponent } (**{ $variant }**) eindigt binnen het uur, { $deadline }: wie een beurt overslaat, verliest. { $link }
button-reminders-off = Geen herinneringen meer
button-reminders-on = Herinner me weer
reminders-off-done = Herinneringen staan uit: ik herinner je niet meer aan je dagelijkse partijen. Zet ze weer aan met `/{ cmd-reminders-name } { cmd-reminders-opt-on-name }:True`.
reminders-on-done = Herinneringen staan aan: in een dagelijkse partij stuur ik je een privébericht als de helft van je beurt voorbij is, en nog eens een uur voor het einde.
settings-title = ⚙️ **Broadside op deze server**
settings-rules = Standaardspelregels (als een uitdaging er geen kiest): **{ $rules }**; dubbel schieten { $repeats }.
settings-repeats-forbidden = verboden
settings-repeats-allowed = toegestaan
settings-pace = Standaardtempo (als een uitdaging er geen kiest): **{ $pace }**; leden kunnen kiezen uit { $paces }.
settings-threads-on = Threads: **aan**, elke aangenomen uitdaging wordt in een eigen thread gespeeld.
settings-threads-off = Threads: **uit**, partijen worden gespeeld in het kanaal waarin ze gestart zijn.
settings-threads-missing = ⚠️ Ik mis de machtiging **Openbare threads maken** in dit kanaal: partijen die hier starten, worden in het kanaal gespeeld.
settings-channels-all = Kanalen: partijen kunnen in elk kanaal gestart worden.
settings-channels = Kanalen: partijen kunnen gestart worden in { $channels }.
settings-language-server = Taal van openbare teksten: die van de server ({ $language }).
settings-language = Taal van openbare teksten: **{ $language }**.
settings-rated-on = Ratingpartijen: **ja**, partijen hier tellen mee voor ratings, statistieken en ranglijsten.
settings-rated-off = Ratingpartijen: **nee**, partijen tussen leden tellen hier niet mee voor ratings, statistieken of ranglijsten.
settings-how = Wijzig ze met `/{ cmd-settings-name } { cmd-settings-set-name }`; `/{ cmd-settings-name } { cmd-settings-reset-name }` zet ze allemaal terug.
settings-saved = ✅ Opgeslagen, en meteen van kracht.
settings-reset-ask = Alle instellingen van deze server terugzetten naar de standaardwaarden? Druk op **Terugzetten** om te bevestigen.
button-settings-reset = Terugzetten
settings-reset-done = Alle instellingen van deze server zijn teruggezet naar de standaardwaarden.
err-settings-permission = Alleen leden met de machtiging **Server beheren** kunnen de instellingen zien en wijzigen.
err-settings-nothing = Noem ten minste één instelling om te wijzigen, zoals `{ cmd-settings-set-opt-threads-name }:True`.
err-settings-no-pace = Er moet ten minste één tempo toegestaan blijven.
err-settings-pace-not-allowed = Het standaardtempo { $pace } moet een van de toegestane tempo's zijn: sta het ook toe.
err-settings-paces = `{ $given }` is geen lijst van tempo's: schrijf een of meer van `blitz`, `standaard` en `dagelijks`, zoals `blitz dagelijks`.
err-settings-channels = `{ $given }` is geen lijst van kanalen: vermeld de kanalen (`#spellen #blitz`), of schrijf `alle` voor elk kanaal.
err-settings-channels-many = Dat zijn meer dan { $most } kanalen: vermeld er hoogstens { $most }, of schrijf `alle` voor elk kanaal.
err-settings-channels-foreign = Kanaal `{ $channel }` hoort niet bij deze server: vermeld kanalen van deze server (`#spellen`).
err-settings-channel-unchecked = Ik kon niet nagaan of `{ $channel }` een kanaal van deze server is (Discord antwoordde niet op tijd). Probeer het zo nog eens.
matches-title = 🌊 **Partijen op deze server waar je kunt meekijken** ({ $total }):
matches-line = • { $challenger } tegen { $opponent } · { $variant } · { $pace } · { $state } · { $channel }
matches-state-challenge = wacht op het antwoord van { $player }, verloopt { $deadline }
matches-state-placement = vloten worden geplaatst, eindigt { $deadline }
matches-state-turn = { $player } is aan de beurt, beurt eindigt { $deadline }
matches-page = Pagina { $page } van { $pages }
matches-empty = Er wordt op deze server nu geen partij gespeeld in een kanaal dat je kunt zien. Begin er een met `/{ cmd-challenge-name }`.
cmd-challenge-opt-pace-name = tempo
cmd-challenge-opt-pace-desc = Hoe snel: blitz (60 s per beurt), standaard (5 min) of dagelijks (een dag, met herinneringen)
cmd-matches-name = partijen
cmd-matches-desc = Toon de lopende partijen op deze server: wie speelt, wie aan de beurt is en waar je kunt meekijken
cmd-matches-help = Alleen jij ziet het antwoord. Het toont de partijen in de kanalen die je kunt zien (nooit die in privéthreads), elk met een link naar het kanaal of de thread.
cmd-reminders-name = herinneringen
cmd-reminders-desc = Zet de herinneringen voor je dagelijkse partijen aan of uit
cmd-reminders-help = In een dagelijkse partij stuur ik wie aan de beurt is een privébericht als de helft van de beurt voorbij is, en nog eens een uur voor het einde.
cmd-reminders-opt-on-name = aan
cmd-reminders-opt-on-desc = True: herinner me; False: geen herinneringen
cmd-settings-name = instellingen
cmd-settings-desc = Stel in hoe de bot op deze server speelt (machtiging Server beheren)
cmd-settings-help = Instellingen gelden meteen en worden in de database bewaard. Alleen leden met de machtiging **Server beheren** kunnen dit commando gebruiken.
cmd-settings-show-name = tonen
cmd-settings-show-desc = Toon alle instellingen van deze server en hun waarden (privé)
cmd-settings-set-name = wijzigen
cmd-settings-set-desc = Wijzig een of meer instellingen van deze server
cmd-settings-reset-name = terugzetten
cmd-settings-reset-desc = Zet alle instellingen van deze server terug naar de standaardwaarden (na bevestiging)
cmd-settings-set-opt-default_rules-name = standaardregels
cmd-settings-set-opt-default_rules-desc = De spelregels van een uitdaging die er zelf geen kiest
cmd-settings-set-opt-forbid_repeats-name = dubbel_schieten_verbieden
cmd-settings-set-opt-forbid_repeats-desc = Huisregel voor Game 2000 als de uitdaging niets kiest: dubbel schieten verbieden
cmd-settings-set-opt-pace-name = tempo
cmd-settings-set-opt-pace-desc = Het tempo van een uitdaging die er zelf geen kiest
cmd-settings-set-opt-paces-name = tempi
cmd-settings-set-opt-paces-desc = De tempo's waaruit leden kiezen, zoals: blitz dagelijks
cmd-settings-set-opt-threads-name = threads
cmd-settings-set-opt-threads-desc = Een eigen thread voor elke aangenomen uitdaging
cmd-settings-set-opt-channels-name = kanalen
cmd-settings-set-opt-channels-desc = Waar partijen mogen starten (vermeld de kanalen), of: alle
cmd-settings-set-opt-language-name = taal
cmd-settings-set-opt-language-desc = De taal van openbare teksten
cmd-settings-set-opt-rated-name = rating
cmd-settings-set-opt-rated-desc = Of partijen hier meetellen voor ratings en ranglijsten

## Tournaments
cmd-tournament-name = toernooi
cmd-tournament-desc = Zwitserse toernooien in dit kanaal
cmd-tournament-help = Een Zwitsers toernooi: iedereen speelt elke ronde tegen iemand met een vergelijkbare score, nooit twee keer tegen dezelfde. Winst 1, remise ½, verlies 0; een bye levert 1 punt op. Bij gelijke stand beslissen Buchholz Cut-1, Sonneborn–Berger, het aantal winstpartijen en de rating. Elke partij wordt in een eigen thread gespeeld; wie in een ronde nooit schiet, verliest die partij en doet in de latere rondes niet meer mee.
cmd-tournament-create-name = aanmaken
cmd-tournament-create-desc = Maak een Zwitsers toernooi in dit kanaal (Server beheren of de toernooirol)
cmd-tournament-create-opt-name-name = naam
cmd-tournament-create-opt-name-desc = De naam van het toernooi
cmd-tournament-create-opt-rules-name = regels
cmd-tournament-create-opt-rules-desc = De spelregels van de partijen
cmd-tournament-create-opt-rounds-name = rondes
cmd-tournament-create-opt-rounds-desc = Hoeveel rondes (1 tot 15)
cmd-tournament-create-opt-pace-name = tempo
cmd-tournament-create-opt-pace-desc = Hoe snel de partijen gaan: blitz, standaard of dagelijks
cmd-tournament-create-opt-starts-name = starttijd
cmd-tournament-create-opt-starts-desc = Wanneer het begint: een Discord-tijd, over 2 uur, over 30 min, morgen 20:00
cmd-tournament-create-opt-max_players-name = max_spelers
cmd-tournament-create-opt-max_players-desc = Maximumaantal spelers (4 tot 256; standaard 64)
cmd-tournament-join-name = meedoen
cmd-tournament-join-desc = Doe mee aan een toernooi in dit kanaal
cmd-tournament-join-opt-tournament-name = welk_toernooi
cmd-tournament-join-opt-tournament-desc = Welk toernooi, als het kanaal er meerdere heeft
cmd-tournament-leave-name = afmelden
cmd-tournament-leave-desc = Meld je af voor een toernooi (na de start: vanaf de volgende ronde)
cmd-tournament-leave-opt-tournament-name = welk_toernooi
cmd-tournament-leave-opt-tournament-desc = Welk toernooi, als het kanaal er meerdere heeft
cmd-tournament-start-name = starten
cmd-tournament-start-desc = Start je toernooi nu, zonder op de starttijd te wachten
cmd-tournament-start-opt-tournament-name = welk_toernooi
cmd-tournament-start-opt-tournament-desc = Welk toernooi, als het kanaal er meerdere heeft
cmd-tournament-standings-name = stand
cmd-tournament-standings-desc = Toon de stand van een toernooi in dit kanaal
cmd-tournament-standings-opt-tournament-name = welk_toernooi
cmd-tournament-standings-opt-tournament-desc = Welk toernooi, als het kanaal er meerdere heeft
cmd-tournament-standings-opt-page-name = pagina
cmd-tournament-standings-opt-page-desc = Welke pagina (32 spelers per pagina)
cmd-tournament-cancel-name = afgelasten
cmd-tournament-cancel-desc = Gelast een toernooi af (de maker, of Server beheren)
cmd-tournament-cancel-opt-tournament-name = welk_toernooi
cmd-tournament-cancel-opt-tournament-desc = Welk toernooi, als het kanaal er meerdere heeft
choice-rules-classic = Klassiek (Søslag / Sjöslag)
choice-rules-game2000 = Zeeslag Game 2000
cmd-settings-set-opt-timezone-name = tijdzone
cmd-settings-set-opt-timezone-desc = De tijdzone van de server, voor starttijden van toernooien en voor seizoenen, zoals Europe/Amsterdam
cmd-settings-set-opt-tournament_role-name = toernooirol
cmd-settings-set-opt-tournament_role-desc = Leden met deze rol mogen toernooien maken
settings-timezone = Tijdzone: **{ $zone }** (voor starttijden van toernooien, zoals `morgen 20:00`, en voor seizoenen).
settings-timezone-utc = Tijdzone: **UTC** (voor starttijden van toernooien, zoals `morgen 20:00`, en voor seizoenen).
settings-tournament-role = Toernooien: gemaakt door leden met de machtiging **Server beheren**, en door { $role }.
settings-tournament-role-none = Toernooien: gemaakt door leden met de machtiging **Server beheren**.
err-settings-timezone = `{ $given }` is geen tijdzone die ik ken: geef een IANA-naam, zoals `Europe/Amsterdam` of `America/New_York` (begin te typen om er een te kiezen).
# Rating seasons in the settings (issue 39)
cmd-settings-set-opt-season-name = seizoen
cmd-settings-set-opt-season-desc = Ratingseizoenen: uit, maandelijks of per kwartaal
cmd-settings-set-opt-season_channel-name = seizoenskanaal
cmd-settings-set-opt-season_channel-desc = Waar het einde van een seizoen wordt aangekondigd (een kanaal), of: geen
choice-season-off = Uit
choice-season-monthly = Maandelijks
choice-season-quarterly = Per kwartaal
settings-season-on = Seizoenen: **{ $cadence }**, vanaf de eerste dag om 00:00 in de tijdzone; het einde wordt aangekondigd in { $channel }.
settings-season-nowhere = geen kanaal (stel `{ cmd-settings-set-opt-season_channel-name }` in)
settings-season-off = Seizoenen: **uit**, één ranglijst die nooit opnieuw begint.
err-settings-season-channel = `{ $given }` is niet precies één kanaal: vermeld één kanaal van deze server (`#uitslagen`), of schrijf `geen`.
tournament-header = 🏆 Toernooi **{ $name }**, ronde { $round }
tournament-signup-title = 🏆 **{ $name }**: een Zwitsers toernooi
tournament-signup-rules = { $variant }, tempo { $pace }, { $rounds ->
    [one] 1 ronde
   *[other] { $rounds } rondes
}.
tournament-signup-starts = Het begint { $start }.
tournament-signup-starts-creator = Het begint wanneer { $creator } het start.
tournament-signup-count = Spelers: **{ $count }** van hoogstens { $max }.
tournament-signup-no-show = Niet komen opdagen: wie in een ronde nooit schiet, verliest die partij en doet in de latere rondes niet meer mee.
tournament-signup-open = Klik op **Meedoen** om te spelen (of **Afmelden**); elke partij wordt in een eigen thread gespeeld.
tournament-signup-closed = De inschrijving is gesloten: de rondes worden gespeeld.
tournament-signup-finished = Het toernooi is afgelopen.
tournament-signup-too-few = Afgelast: minder dan { $least } spelers deden mee.
tournament-signup-cancelled = Afgelast.
button-tournament-join = Meedoen
button-tournament-leave = Afmelden
tournament-joined = Je doet mee aan **{ $name }**. Je partijen worden in eigen threads gespeeld; daar ping ik je.
tournament-left = Je hebt je afgemeld voor **{ $name }**.
tournament-withdrawn = Je hebt je afgemeld voor **{ $name }**: vanaf ronde { $round } word je niet meer ingedeeld (een partij die je nu speelt, gaat door).
tournament-started-you = **{ $name }** is begonnen.
tournament-called-off-you = **{ $name }** is niet begonnen: minder dan { $least } spelers deden mee, dus het is afgelast.
tournament-paused-you = **{ $name }** kon niet worden ingedeeld en ligt stil. Probeer `/{ cmd-tournament-name } { cmd-tournament-start-name }` later opnieuw.
tournament-starting-you = **{ $name }** wordt gestart; de indeling volgt in het kanaal.
tournament-cancelled = 🏆 **{ $name }** is afgelast. Partijen die bezig zijn, gaan door als gewone partijen.
tournament-cancelled-you = Je hebt **{ $name }** afgelast.
tournament-called-off = 🏆 **{ $name }** is afgelast: minder dan { $least } spelers deden mee.
tournament-round-paired = 🏆 **{ $name }**: ronde { $round } van { $rounds }
tournament-board = Bord { $board }: { $white } (schiet eerst) tegen { $black }
tournament-bye = Bye: { $player } (1 punt)
tournament-busy = { $player } speelt nog een andere partij: bord { $board } tegen { $other } begint zodra die afgelopen is. Is het { $deadline } nog niet begonnen, dan verliest { $player } de partij van deze ronde reglementair.
tournament-round-deadline = De ronde eindigt { $deadline }; partijen die dan nog bezig zijn, eindigen door tijdsoverschrijding.
tournament-thread-name = { $name } · R{ $round } · { $a } tegen { $b }
tournament-match-start = { $white } schiet eerst tegen { $black }. Plaats jullie vloten (de voorbeeldplaatjes staan in jullie privéberichten, of gebruik `/{ cmd-place-name }`); het plaatsen eindigt { $deadline }.
tournament-paused = 🏆 **{ $name }** ligt stil: de volgende ronde kon niet worden ingedeeld. { $creator } kan verder met `/{ cmd-tournament-name } { cmd-tournament-start-name }`.
tournament-paused-creator = Je toernooi **{ $name }** ligt stil: ik kon de volgende ronde niet op tijd indelen. Gebruik `/{ cmd-tournament-name } { cmd-tournament-start-name }` in het kanaal om het opnieuw te proberen.
tournament-standings-title = 🏆 **{ $name }**: stand na ronde { $round } van { $rounds }
tournament-standings-final = 🏆 **{ $name }**: eindstand na { $round } van { $rounds ->
    [one] 1 ronde
   *[other] { $rounds } rondes
}
tournament-standings-page = (pagina { $page } van { $pages })
tournament-standings-key = Kolommen: plaats, naam, punten, Buchholz Cut-1, Sonneborn–Berger, winst-remise-verlies, dan per ronde: de plaats van de tegenstander, w (schoot eerst) of b (schoot als tweede), en + gewonnen, = remise, - verloren (F: reglementair).
# A round cell of the standings for the pairing bye (fits a cell of about 6 letters).
tournament-cell-bye = bye
# After a player's line in the standings text, when they left the tournament (one word).
tournament-out = (gestopt)
tournament-standings-subtitle = Stand na ronde { $round } van { $rounds }
tournament-standings-subtitle-final = Eindstand na { $round } van { $rounds ->
    [one] 1 ronde
   *[other] { $rounds } rondes
}
tournament-col-name = Speler
tournament-col-points = Ptn
tournament-col-cut1 = BH-1
tournament-col-sb = SB
tournament-col-record = W-R-V
tournament-col-round = R{ $round }
tournament-standings-alt = Stand van { $name } na ronde { $round }: { $lines }.
tournament-standings-alt-line = { $rank }. { $player }, { $count ->
    [one] 1 punt
   *[other] { $points } punten
}
tournament-winner = 🥇 { $player } wint **{ $name }**!
err-tournament-permission = Alleen leden met de machtiging **Server beheren** of met de toernooirol van de server kunnen toernooien maken.
err-tournament-threads = Ik kan hier geen toernooi houden: voor de partijen heb ik in dit kanaal **Openbare threads maken** en **Berichten versturen in threads** nodig.
err-tournament-unknown = Dat toernooi bestaat niet in dit kanaal. Begin te typen in `{ cmd-tournament-join-opt-tournament-name }:` om er een te kiezen.
err-tournament-none-here = Dit kanaal heeft geen open toernooi. Maak er een met `/{ cmd-tournament-name } { cmd-tournament-create-name }`.
err-tournament-several = Dit kanaal heeft meerdere toernooien ({ $names }): kies er een met `{ cmd-tournament-join-opt-tournament-name }:`.
err-tournament-several-more = Dit kanaal heeft meerdere toernooien ({ $names } en nog { $more }): kies er een met `{ cmd-tournament-join-opt-tournament-name }:`.
err-tournament-name = De naam van een toernooi moet 1 tot { $most } tekens hebben.
err-tournament-rounds = { $given } rondes kan niet: een toernooi heeft 1 tot { $most } rondes.
err-tournament-max-players = { $given ->
    [one] 1 speler
   *[other] { $given } spelers
} kan niet: een toernooi heeft plaats voor { $least } tot { $most } spelers.
err-tournament-full = Dit toernooi is vol: alle { $max } plaatsen zijn bezet.
err-tournament-joined = Je doet al mee aan dit toernooi.
err-tournament-not-joined = Je doet niet mee aan dit toernooi.
err-tournament-started = Dit toernooi is al begonnen: de inschrijving is gesloten.
err-tournament-over = Dit toernooi is afgelopen.
err-tournament-not-creator = Alleen het lid dat dit toernooi heeft gemaakt, kan dat doen.
err-tournament-start-passed = De starttijd is voorbij: het begint vanzelf.
err-tournament-when = Ik kan `{ $given }` niet lezen als starttijd. Schrijf bijvoorbeeld `over 2 uur`, `over 30 min`, `morgen 20:00` (in { $zone }) of een Discord-tijd zoals `<t:1767225600>`.
err-tournament-when-past = `{ $given }` is al voorbij ({ $zone }): geef een tijd in de toekomst, zoals `over 2 uur` of `morgen 20:00`.
err-tournament-when-far = `{ $given }` ligt meer dan 90 dagen in de toekomst ({ $zone }): geef een eerdere tijd, zoals `over 2 uur` of `morgen 20:00`.

## Editor

button-edit = Bewerken
editor-prompt =
    ✏️ Vlooteditor voor de partij **{ $variant }** in { $channel } (alleen jij ziet dit).
    { $placed } van { $total } geplaatst: { $fleet }
editor-no-ships = nog geen schepen
editor-selected = Gekozen: **{ $ship }**, boeg op **{ $cell }**.
editor-how = Kies een schip, dan de kolom en de rij van de boeg, en druk op **Rechts** of **Omlaag**. De boeg van het gekozen schip kan niet op een gearceerd vakje liggen.
editor-complete = Alle schepen liggen: **Klaar** legt deze vloot vast. Om een schip te verplaatsen kies je het en plaats je het opnieuw.
editor-alt = Vlooteditor: { $placed } van { $total } schepen geplaatst ({ $fleet }). Gekozen: { $ship }, boeg op { $cell }. De boeg kan niet op gearceerde vakjes liggen.
editor-ship-option = { $ship } · { $len ->
    [one] 1 vakje
   *[other] { $len } vakjes
}
editor-ship-plain = Schip · { $len ->
    [one] 1 vakje
   *[other] { $len } vakjes
}
editor-ship-placed = op { $ship }
editor-ship-unplaced = nog niet geplaatst
editor-ship-placeholder = Schip om te plaatsen
editor-column = Kolom { $col }
editor-column-placeholder = Kolom van de boeg
editor-row = Rij { $row }
editor-row-placeholder = Rij van de boeg
editor-button-right = Rechts
editor-button-down = Omlaag
editor-button-remove = Schip weghalen
editor-button-rest = Rest willekeurig
editor-button-clear = Alles weghalen
err-editor-no-ship = Deze editor is verouderd: kies het schip opnieuw.
err-editor-bow-off-sea = { $cell } ligt buiten de zee: { $bounds }.
err-editor-off-sea = { $ship } met de boeg op { $cell } steekt { $way ->
    [right] naar rechts
   *[down] naar beneden
} buiten de zee uit. Kies een ander vakje of de andere richting.
err-editor-not-placed = { $ship } ligt niet op zee: er valt niets weg te halen.
err-editor-all-placed = Alle schepen liggen al. Om er een te verplaatsen kies je het en plaats je het opnieuw, of druk op Klaar.
err-editor-no-room = Er is geen ruimte meer voor de andere schepen. Verplaats of haal eerst een paar weg.
err-editor-incomplete = { $missing ->
    [one] Er moet nog één schip geplaatst worden: plaats het
   *[other] Er moeten nog { $missing } schepen geplaatst worden: plaats ze
}, of druk op **Rest willekeurig**.
fire-complete-no-match = Je speelt geen partij in dit kanaal.
fire-complete-not-battle = De strijd is nog niet begonnen.
fire-complete-not-your-turn = Je bent nog niet aan de beurt: wacht op de zet van je tegenstander.
fire-complete-time-up = De tijd voor deze beurt is om.

## Review 36

err-several-here = In dit kanaal wachten meerdere uitdagingen op hun thread, dus ik weet niet welke je bedoelt. `/{ cmd-matches-name }` toont ze, en elke uitdaging wordt beantwoord met de knoppen eronder.
thread-unused = 🧭 Deze thread wordt niet gebruikt: de partij tussen { $challenger } en { $opponent } wordt in { $channel } gespeeld.

## Play anywhere (issue 38)

challenge-install-hint = { $opponent }, om hier te spelen heb je Broadside nodig in je eigen apps (pas dan kun je hier de commando's gebruiken): { $link }
err-challenge-private-answers = Hier zou alleen jij mijn antwoorden zien: deze server heeft Broadside niet toegevoegd en **Externe apps gebruiken** staat voor jou uit, dus toont Discord de antwoorden van een app die je zelf hebt toegevoegd alleen aan jou. Niemand zou een partij kunnen volgen, dus begin ik er hier geen. Vraag de beheerders van de server om Externe apps gebruiken voor je rol (of in dit kanaal) aan te zetten, of om Broadside aan de server toe te voegen — of speel in een privégesprek of een groepsgesprek.
err-challenge-bot-dm = Alleen jij ziet ons privégesprek, dus niemand anders kan hier op een uitdaging reageren. Daag een ander lid uit op een server, in een privégesprek met die persoon of in een groepsgesprek; hier kun je tegen mij spelen.

## Aim panel (the daily sea's and a match's)

button-fire = Schiet
aim-line = Kies een kolom en een rij en schiet. Je mikt op **{ $cell }**.
aim-line-salvo = Kies drie vakjes: mik met de kolom en de rij, druk voor elk vakje op Toevoegen en schiet dan. Je mikt op **{ $cell }** · salvo ({ $count }/3): { $salvo }
aim-salvo-empty = nog geen
aim-column-placeholder = Kolom om op te mikken
aim-row-placeholder = Rij om op te mikken
aim-button-fire-at = Schiet op { $cell }
aim-button-add = { $cell } toevoegen
aim-button-remove = { $cell } weghalen
aim-button-clear = Wissen
aim-button-fire-salvo = Schiet ({ $count }/3)
aim-match-heading = 🎯 Je bent aan de beurt in de partij **{ $variant }**: de beurt eindigt { $deadline }. Alleen jij ziet dit paneel.
aim-match-turn-over = Je beurt is voorbij: { $player } is aan zet. Ben je weer aan de beurt, dan opent de knop **Schiet** onder dat bericht een nieuw paneel.
aim-match-over = De partij is afgelopen.
err-aim-fired = Op { $cell } heb je al geschoten: kies een ander vakje. Er is niet geschoten.
err-aim-salvo-full = Het salvo heeft al drie vakjes: vuur het af, of haal er eerst een weg.
