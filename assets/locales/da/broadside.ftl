# Broadside — dansk (da).
#
# Same message ids and { $variables } as en-US; see the notes there.

## Game names

variant-classic = Søslag
variant-game2000 = Game 2000
variant-classic-title = Søslag (klassisk)
variant-game2000-title = Game 2000 (Zeeslag)
variant-classic-short = klassisk
variant-game2000-short = Game 2000
choice-variant-classic = Søslag (klassisk)
choice-variant-game2000 = Game 2000 (hollandsk Zeeslag)
choice-difficulty-easy = Let
choice-difficulty-normal = Normal
choice-difficulty-hard = Svær

## Commands: names, descriptions (at most 100 characters) and long help

cmd-challenge-name = udfordr
cmd-challenge-desc = Udfordr et medlem (eller mig, computeren) til søslag her
cmd-challenge-help =
    Den udfordrede får knapperne Acceptér og Afslå. Der kan være ét spil pr. kanal (start en tråd for at spille flere på én gang), og hvert medlem spiller ét spil ad gangen.
cmd-challenge-opt-opponent-name = modstander
cmd-challenge-opt-opponent-desc = Det medlem, du vil spille mod
cmd-challenge-opt-variant-name = variant
cmd-challenge-opt-variant-desc = Regelsæt: klassisk Søslag (standard) eller Game 2000
cmd-challenge-opt-forbid_repeats-name = forbyd_gentagelser
cmd-challenge-opt-forbid_repeats-desc = Husregel i Game 2000: afvis skud mod felter, der allerede er skudt på (standard: nej)
cmd-challenge-opt-difficulty-name = sværhedsgrad
cmd-challenge-opt-difficulty-desc = Mod computeren (mig): let, normal (standard) eller svær

cmd-place-name = placer
cmd-place-desc = Placér din flåde i hemmelighed (som tekst eller tilfældigt)
cmd-place-help =
    Uden en flåde får du en tilfældig, gyldig flåde. Svaret er privat: et billede af flåden med knapperne Bland og Klar. Virker i spillets kanal og i en privat besked til botten.
    Eksempel: `A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10`.
cmd-place-opt-fleet-name = flåde
cmd-place-opt-fleet-desc = Dine skibe, f.eks. A1-A4 C1-C3 E1-E3 … (udelad for en tilfældig flåde)

cmd-fire-name = skyd
cmd-fire-desc = Skyd mod fjenden: ét felt i Søslag (C4), tre i Game 2000 (C4 D5 E6)
cmd-fire-help =
    Kun den spiller, der har turen, kan skyde, og kun i spillets kanal. Resultatet er offentligt, med dit billede af fjendens hav. Eller tryk på **Skyd** under beskeden, der giver dig turen: i et panel, som kun du ser, vælger du felterne uden at skrive.
cmd-fire-opt-targets-name = mål
cmd-fire-opt-targets-desc = Felter at skyde på: C4 (Søslag) eller C4 D5 E6 (Game 2000)

cmd-board-name = bræt
cmd-board-desc = Se din egen flåde med skaderne og det, du ved om fjendens hav (kun for dig)
cmd-board-help =
    Kan bruges når som helst under et spil, også for at se dine brætter igen, når de tidligere private svar er forsvundet.

cmd-status-name = status
cmd-status-desc = Vis spillet i denne kanal (eller dit eget): spillere, regler, tur, skud og frist
cmd-status-help =
    Svaret er offentligt, så alle i kanalen kan følge med.

cmd-forfeit-name = opgiv
cmd-forfeit-desc = Giv op i dit nuværende spil; din modstander vinder
cmd-forfeit-help =
    Virker overalt, også i en privat besked til botten. Afslutningen meldes i spillets kanal.

cmd-cancel-name = aflys
cmd-cancel-desc = Aflys spillet i denne kanal (udfordreren før accept, eller en moderator)
cmd-cancel-help =
    Ingen vinder et aflyst spil. Moderatorer er medlemmer med tilladelsen **Administrer beskeder**.

cmd-rules-name = regler
cmd-rules-desc = Forklar reglerne for Søslag eller Game 2000 (kun du ser svaret)
cmd-rules-help =
    Uden valg forklares begge regelsæt.
cmd-rules-opt-variant-name = variant
cmd-rules-opt-variant-desc = Hvilket regelsæt (standard: begge)

cmd-replay-name = genafspil
cmd-replay-desc = Se et afsluttet spil igen, skud for skud, som et levende billede
cmd-replay-help =
    Spillerne kan se det overalt, og medlemmer af serveren, der kan se kanalen, det blev spillet i, kan se det dér; kun du ser genafspilningen. Begynd at skrive for at vælge et af dine sidste ti spil, eller angiv et spilnummer (hver genafspilning viser sit).
cmd-replay-opt-match-name = spil
cmd-replay-opt-match-desc = Spillet: et af dine sidste ti, eller et spilnummer

cmd-stats-name = statistik
cmd-stats-desc = Vis et medlems rating og statistik som billede (som standard din egen)
cmd-stats-help =
    Hvert medlem har en Glicko-2-rating pr. regelsæt, som ændres efter hvert ratingspil (medlem mod medlem, afsluttet ved sænkning, uafgjort, opgivelse eller overskredet tid; at give op eller lade tiden løbe ud tæller som et nederlag). Spil mod computeren tælles i stedet pr. sværhedsgrad. En rating er foreløbig i de første 5 ratingspil. Svaret er offentligt, medmindre du tilføjer `{ cmd-stats-opt-private-name }:True`.
cmd-stats-opt-member-name = medlem
cmd-stats-opt-member-desc = Hvis statistik (standard: din egen)
cmd-stats-opt-variant-name = variant
cmd-stats-opt-variant-desc = Regelsæt (standard: klassisk)
cmd-stats-opt-private-name = privat
cmd-stats-opt-private-desc = Vis billedet kun for dig (standard: nej)

cmd-leaderboard-name = rangliste
cmd-leaderboard-desc = Vis de bedste spillere efter rating: på denne server eller globalt (dem, der har valgt at være med)
cmd-leaderboard-help =
    Viser de medlemmer, der har spillet et ratingspil på denne server, ti pr. side med den højeste rating først; foreløbige ratings (færre end 5 ratingspil) kommer efter de andre. Står du på listen, men ikke på siden, vises din egen linje under den. `{ cmd-leaderboard-opt-scope-name }:Global` (standard i DM'er, gruppe-DM'er og servere uden botten) rangerer medlemmer overalt, der har valgt at være med via `/{ cmd-privacy-name } { cmd-privacy-set-name }`.
cmd-leaderboard-opt-variant-name = variant
cmd-leaderboard-opt-variant-desc = Regelsæt (standard: klassisk)
cmd-leaderboard-opt-season-name = sæson
cmd-leaderboard-opt-season-desc = Hvilken sæson: nuværende, alle (samlet) eller nummeret på en tidligere sæson
cmd-leaderboard-opt-scope-name = omfang
cmd-leaderboard-opt-scope-desc = Serverens rangliste, eller den globale (medlemmer, der har valgt at være med)
choice-scope-server = Denne server
choice-scope-global = Global (medlemmer, der har valgt at være med)

cmd-history-name = historik
cmd-history-desc = Vis et medlems sidste ti afsluttede spil (som standard dine egne); kun du ser det
cmd-history-help =
    Hver linje viser datoen, regelsættet, modstanderen, resultatet, hvordan spillet endte, antal skud eller ture og spilnummeret (giv det til `/{ cmd-replay-name }` for at se spillet igen).
cmd-history-opt-member-name = medlem
cmd-history-opt-member-desc = Hvis spil (standard: dine egne)

cmd-privacy-name = privatliv
cmd-privacy-desc = Hvad botten gemmer om dig, og hvordan du sletter det
cmd-privacy-help =
    `/{ cmd-privacy-name } { cmd-privacy-info-name }` forklarer, hvad der gemmes; med `/{ cmd-privacy-name } { cmd-privacy-set-name }` vælger du, om dit navn vises på den globale rangliste (skjult som standard); `/{ cmd-privacy-name } { cmd-privacy-delete-name }` sletter dine ratings og din statistik, når du har bekræftet.
cmd-privacy-info-name = info
cmd-privacy-info-desc = Forklar, hvad botten gemmer om medlemmer, og hvordan det slettes
cmd-privacy-set-name = indstil
cmd-privacy-set-desc = Vælg, om dit navn og din rating vises på den globale rangliste
cmd-privacy-set-opt-leaderboard-name = rangliste
cmd-privacy-set-opt-leaderboard-desc = Vis dit navn på den globale rangliste, eller skjul det (skjult som standard)
choice-leaderboard-visible = Synlig: vis mig på den globale rangliste
choice-leaderboard-hidden = Skjult (standard)
cmd-privacy-delete-name = slet
cmd-privacy-delete-desc = Slet dine ratings, din statistik og dit navn fra tidligere spil

cmd-help-name = hjælp
cmd-help-desc = Forklar, hvordan man spiller, og vis kommandoerne
cmd-help-help =
    Uden valg vises alle kommandoer. Angiv en kommando for at se dens valgmuligheder.
cmd-help-opt-command-name = kommando
cmd-help-opt-command-desc = En kommando, der skal forklares nærmere, for eksempel: hjælp

## /help

help-intro = **Broadside** er søslag for to spillere: skjul din flåde, og skyd på skift mod modstanderens hav, indtil den ene flåde er sænket.
help-commands = **Kommandoer**
help-more = Brug `/{ cmd-help-name } { cmd-help-opt-command-name }:<navn>` for at få en enkelt kommando forklaret.
help-options = **Valgmuligheder**
help-required = påkrævet
help-optional = valgfri
err-help-unknown = Der findes ingen kommando ved navn `/{ $command }`. Brug `/{ cmd-help-name }` for at se dem alle.

## /rules

rules-classic = **Søslag — klassisk**
    • Havet er 10×10 felter: kolonnerne A–J og rækkerne 1–10 (`C4` er kolonne C, række 4).
    • Flåden: 1 slagskib (4 felter), 2 krydsere (3), 3 destroyere (2) og 4 torpedobåde (1).
    • Skibene ligger på en lige linje og rører aldrig hinanden, heller ikke på skrå.
    • Ét skud pr. tur med `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4`. Skyder du forbi, går turen videre; rammer eller sænker du et skib, skyder du igen.
    • Når et skib synker, får du at vide, hvilket det var, og vandet omkring det bliver markeret for dig.
    • Et skud mod et felt, du allerede har prøvet, afvises og koster ingenting.
    • Den, der først sænker alle ti skibe, vinder. Lader du din tur løbe ud, har du tabt.
rules-game2000 = **Game 2000 — hollandsk Zeeslag**
    • Havet er 9×9 felter: kolonnerne A–I og rækkerne 1–9.
    • Flåden: 2 skibe på 3 felter, 3 på 2 felter og 2 på 1 felt.
    • Skibene rører aldrig hinanden (heller ikke på skrå), står aldrig i et hjørnefelt (A1, I1, A9, I9), og et skib på 2 eller 3 felter må ikke ligge med langsiden langs kanten. Et skib på 1 felt må gerne stå ved kanten.
    • Hver tur angiver du tre felter: `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4 D5 E6`. De afgøres i tilfældig rækkefølge, og du får én melding pr. skud: vand, "længde L ramt" eller "længde L sænket" — men aldrig hvilket felt der ramte.
    • Et felt, du har skudt på før, melder altid vand (medmindre gentagelser er forbudt i spillet).
    • Begge spillere får lige mange ture: sænker den anden spiller også alt i samme runde, bliver det uafgjort.
    • Lader du din tur løbe ud, har du tabt.

## Challenge

challenge-public = ⚓ { $challenger } udfordrer { $opponent }: **{ $variant }**.
challenge-house-rule = Husregel: skud mod felter, der allerede er skudt på, afvises.
challenge-answer = { $opponent }, acceptér eller afslå — udfordringen udløber { $deadline }.
challenge-accepted =
    ⚓ { $challenger } mod { $opponent } — **{ $variant }**. Udfordringen er taget imod!
    Nu placerer I begge jeres flåder i hemmelighed (jeg har sendt jer hver en privat forhåndsvisning; `/{ cmd-place-name }` virker også her, privat). Placeringen slutter { $deadline }.
button-accept = Acceptér
button-decline = Afslå
err-challenge-bots = Botter kan ikke spille. Udfordr et medlem af denne server.
err-channel-busy = Der er allerede et spil i denne kanal. Start en tråd (eller brug en anden kanal) for at spille samtidig.
err-you-busy = Du er allerede i gang med et spil. Hvert medlem spiller ét spil ad gangen.
err-you-busy-in = Du er allerede i gang med et spil i { $channel }. Hvert medlem spiller ét spil ad gangen.
err-other-busy = { $player } er allerede i gang med et spil. Hvert medlem spiller ét spil ad gangen.
err-other-busy-in = { $player } er allerede i gang med et spil i { $channel }. Hvert medlem spiller ét spil ad gangen.

## Placement

dm-closed-hint = { $player }, jeg kan ikke sende dig private beskeder. Brug `/{ cmd-place-name }` her: svaret er privat, kun du ser din flåde.
placement-prompt =
    Din flåde til spillet **{ $variant }** i { $channel } (kun du kan se den).
    `{ $fleet }`
    Tryk **Bland** for en ny tilfældig flåde, **Klar** for at låse den — eller skriv din egen med `/{ cmd-place-name } { cmd-place-opt-fleet-name }:A1-A4 C1-C3 …` (her eller i spillets kanal).
button-shuffle = Bland
button-ready = Klar
fleet-final-waiting = Din flåde er låst: `{ $fleet }`. Venter på, at { $player } bliver færdig med at placere.
fleet-final-battle = Din flåde er låst: `{ $fleet }`. Slaget er begyndt!
err-place-no-match = Du har intet spil at placere en flåde til. Start et med `/{ cmd-challenge-name }`.
err-not-your-button = Denne knap tilhører en anden spiller.
err-ready-battle-begun = Der er ingen flåde at låse længere: slaget er begyndt.
err-ready-stale = Denne forhåndsvisning er forældet: din flåde er ændret siden (med Bland eller `/{ cmd-place-name }`). Tryk Klar på den nyeste, eller se din flåde med `/{ cmd-board-name }`.

## Battle

battle-how-classic = `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4` — ét felt; rammer eller sænker du et skib, skyder du igen
battle-how-game2000 = `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4 D5 E6` — tre felter pr. tur
battle-starts = ⚔️ Begge flåder er på plads: { $challenger } mod { $opponent }. **{ $first }** skyder først ({ $how }). Turen slutter { $deadline }. `/{ cmd-board-name }` viser altid dit eget bræt privat.

ship-classic = { $len ->
    [4] slagskib
    [3] krydser
    [2] destroyer
   *[1] torpedobåd
}
ship-game2000 = skib på { $len ->
    [one] 1 felt
   *[other] { $len } felter
}
report-miss = forbi
report-water = vand
report-hit = ramt
report-hit-len = længde { $len } ramt
report-sunk-len = længde { $len } sænket
report-sunk-ship = { $ship } sænket ({ $len ->
    [one] 1 felt
   *[other] { $len } felter
})

fire-result-miss = forbi.
fire-result-hit = **ramt!**
fire-result-sunk = **{ $report }!**
fire-classic = 🎯 { $shooter } skyder på **{ $cells }**: { $result }
fire-salvo = 🎯 { $shooter } skyder på **{ $cells }** (tur { $turn }): { $reports }.
fire-again = { $player } skyder igen — turen slutter { $deadline }.
fire-last-chance = { $shooter } har sænket hele din flåde, { $player }! Begge spillere får lige mange ture: dette er din sidste — sænker du også alle skibe, bliver det uafgjort.
fire-to-move = { $player } har turen — den slutter { $deadline }.
fire-expect-classic = I Søslag skyder man på ét felt pr. tur, f.eks. `C4`.
fire-expect-game2000 = I Game 2000 skyder man på tre felter pr. tur, f.eks. `C4 D5 E6`.
err-fire-not-here = Du er ikke med i spillet i denne kanal. Brug `/{ cmd-status-name }` for at se, hvem der er.

## /board

board-placement = Din flåde (slaget er ikke begyndt endnu).
board-battle = Din flåde, og det du ved om fjendens hav.
err-board-not-accepted = Udfordringen er ikke taget imod endnu.
err-board-no-fleet = Du har ikke placeret en flåde endnu. Brug `/{ cmd-place-name }`.

## /status

status-head = **{ $variant }** — { $challenger } mod { $opponent } i { $channel }
status-house-rule = Husregel: gentagne skud afvises.
status-challenge = Venter på svar fra { $opponent } — udløber { $deadline }.
status-placement = Flåderne placeres: { $challenger } { $challenger_state }, { $opponent } { $opponent_state } — placeringen slutter { $deadline }.
status-ready = klar
status-placing = placerer
status-turn = Tur { $turn }: { $player } har turen — den slutter { $deadline }.
status-over = Spillet er slut.
status-set-aside = Spillet i denne kanal (spil { $id }) kunne ikke læses efter en opgradering. Det gemmes som det var, ikke afsluttet, og kommer tilbage, når en version af mig, der kan læse det, starter.

## Ending a match

cancel-done = Spillet er aflyst.
forfeit-done = Du har opgivet spillet.
end-fleet-destroyed = 🏆 { $loser } har mistet alle sine skibe: { $winner } **vinder**!
end-forfeit = 🏳️ { $loser } giver op. { $winner } **vinder**.
end-turn-timeout = ⏰ { $loser } lod turen løbe ud — den, der springer en tur over, taber. { $winner } **vinder**.
end-placement-timeout = ⏰ { $loser } nåede ikke at placere sin flåde i tide. { $winner } **vinder**.
end-draw = 🤝 { $challenger } og { $opponent } sænkede hinandens flåder i samme runde: det er **uafgjort**!
end-turn-limit = 🤝 { $challenger } og { $opponent } har haft { $turns } ture hver, og begge flåder flyder stadig: spillet ender **uafgjort** ved turgrænsen.
end-declined = { $opponent } har afslået udfordringen fra { $challenger }.
end-expired = Udfordringen fra { $challenger } til { $opponent } udløb uden svar.
end-abandoned = Hverken { $challenger } eller { $opponent } nåede at placere i tide; spillet er aflyst.
end-cancelled = { $player } har aflyst spillet.
stats-line = { $player }: { $shots ->
    [one] 1 skud
   *[other] { $shots } skud
}, { $hits ->
    [one] 1 træffer
   *[other] { $hits } træffere
} ({ $percent } %), { $turns ->
    [one] 1 tur
   *[other] { $turns } ture
}

## Errors of the bot

err-generic = Noget gik galt hos mig. Prøv igen om et øjeblik.
err-parse-input = Jeg forstod ikke `{ $input }`: { $error }
err-parse = Jeg forstod det ikke: { $error }
err-stale-button = Denne knap virker ikke længere: spillet er slut eller ukendt.
err-no-match = Du er ikke med i noget spil. Start et med `/{ cmd-challenge-name }`.
err-no-match-here = Der er intet spil i denne kanal. Start et med `/{ cmd-challenge-name }`.

## Errors of the rules

err-bounds = { $variant } har kolonnerne A–{ $last } og rækkerne 1–{ $size }
phase-challenge = spillet venter på svar på udfordringen
phase-placement = flåderne er ved at blive placeret
phase-battle = slaget er i gang
phase-finished = spillet er slut
err-coord-empty = Intet felt angivet: skriv et kolonnebogstav og et rækketal, f.eks. C4.
err-coord-space = `{ $input }` indeholder et mellemrum; skriv feltet uden, f.eks. { $suggestion }.
err-coord-malformed = `{ $input }` er ikke et felt: et felt er et kolonnebogstav efterfulgt af et rækketal, f.eks. C4.
err-coord-off-board = `{ $input }` ligger uden for brættet: { $bounds }.
err-ship-not-straight = `{ $ship }` er ikke en lige linje: et skib ligger langs én række eller én kolonne, f.eks. A1-A4.
err-ship-off-board = `{ $ship }` rækker ud over brættet.
err-ship-empty = Et skib skal dække mindst ét felt.
err-fleet-empty = Ingen skibe angivet: skriv skibe som `A1-A4 C1-C3 J10`, adskilt af mellemrum eller kommaer.
err-fleet-syntax = `{ $token }` er ikke et skib. { $reason }
err-fleet-rules = Den flåde går ikke: { $problems }.
err-fleet-more = og { $count } til
err-problem-off-board = { $ship } ligger uden for brættet ({ $bounds })
err-problem-too-long = { $ship } er { $len } felter langt; det længste skib har { $max } felter
err-problem-overlap = { $a } og { $b } overlapper i { $at }
err-problem-touch = { $a } rører { $b } { $how ->
    [side] side om side
   *[corner] på skrå
}
err-problem-corner-single = { $cell } er et hjørnefelt, og i Game 2000 skal hjørnerne være tomme
err-problem-corner = { $ship } dækker hjørnefeltet { $cell }, og i Game 2000 skal hjørnerne være tomme
err-problem-along-edge = { $ship } ligger med langsiden langs { $edge ->
    [top] den øverste
    [bottom] den nederste
    [left] den venstre
   *[right] den højre
} kant (det forbyder Game 2000 for skibe på 2 eller 3 felter)
err-problem-count = { $len ->
    [one] skibe på 1 felt
   *[other] skibe på { $len } felter
}: du har { $have }, flåden skal have { $need }
err-challenge-self = Du kan ikke udfordre dig selv. Vælg et andet medlem af serveren.
err-answer-not-challenged = Kun den udfordrede spiller kan svare på denne udfordring.
err-answer-not-pending = Udfordringen er allerede besvaret ({ $phase }).
err-not-a-player = Du er ikke med i dette spil.
err-place-not-placing = Flåder placeres, efter udfordringen er taget imod og før slaget ({ $phase }).
err-place-already-ready = Din flåde er allerede låst; vent på din modstander.
err-place-no-fleet = Placér en flåde først (som tekst eller tilfældigt).
err-place-wrong-variant = Den flåde er til { $fleet }, men dette spil er { $variant }.
err-fire-not-in-battle = Der er intet slag at skyde i ({ $phase }).
err-fire-not-your-turn = Det er ikke din tur: { $player } har turen.
err-fire-shot-count = I { $variant } skyder man på præcis { $expected ->
    [one] 1 felt
   *[other] { $expected } felter
} pr. tur; du angav { $given }.
err-fire-off-board = { $cell } ligger uden for brættet: { $bounds }.
err-fire-already = Du har allerede skudt på { $cell }; vælg et felt, du ikke har prøvet.
err-fire-duplicate = { $cell } er nævnt to gange i denne salve; angiv tre forskellige felter.
err-end-over = Dette spil er allerede slut.
err-end-not-started = Udfordringen er ikke taget imod endnu: udfordreren kan trække den tilbage med `/{ cmd-cancel-name }`, og den udfordrede kan afslå.
err-end-not-allowed = Kun udfordreren (før udfordringen er taget imod) eller en moderator kan aflyse et spil.

## Words inside pictures (short: they are drawn in headings and legends)

pic-your-fleet = Din flåde
pic-enemy-waters = Fjendens hav
pic-history = Meldinger
pic-turn = Tur { $n }
pic-ships-left = Skibe tilbage
pic-water = vand
pic-hit-len = længde { $len } ramt
pic-destroyed-len = længde { $len } sænket
pic-miss = forbi
pic-hit = ramt
pic-sunk-len = skib (længde { $len }) sænket
pic-wins = { $name } vinder
pic-draw = Uafgjort
pic-cancelled = Aflyst
pic-reason-fleet = alle skibe sænket
pic-reason-forfeit = modstanderen gav op
pic-reason-timeout = på tid
pic-reason-turn-limit = turgrænsen nået
pic-shots = Skud
pic-hits = Træffere
pic-accuracy = Træfsikkerhed
pic-turns = Ture
pic-percent = { $n } %
pic-afloat = { $afloat } af { $total } skibe flyder stadig
pic-enemy-shots = fjendens skud: { $shots }, træffere: { $hits }
pic-shots-fired = skud: { $shots }, træffere: { $hits }
pic-no-shots = ingen skud endnu
pic-replay-move = Træk { $n } af { $total }: { $name }
pic-replay-sampled = ét billede pr. { $k } træk
pic-replay-alt = Genafspilning af { $a } mod { $b }, { $moves } træk
pic-alt-sunk = Sænket: { $cells }
pic-alt-hits = Ramt, endnu ikke sænket: { $cells }
pic-alt-misses = Forbiskud: { $cells }
pic-alt-known-water = Vand omkring sænkede skibe: { $cells }
pic-alt-only-water = Vand (ture uden træffere): { $cells }
pic-alt-left-out = Ældre ture udeladt: { $n }
pic-alt-ships = Skibe: { $ships }
pic-alt-ship-hit = { $ship } (ramt: { $cells })
pic-alt-ship-sunk = { $ship } (sænket)
pic-alt-enemy-misses = Fjendens forbiskud: { $cells }

## Against the computer

computer-challenge = ⚓ { $human } tager kampen op mod { $computer } (**{ $level }**) i **{ $variant }**. Placér din flåde — forhåndsvisningen ser kun du — og tryk så på Klar. Placeringen slutter { $deadline }.

## Durable matches
err-storage = Jeg kunne ikke gemme det, så intet er ændret. Prøv igen om lidt.
resumed-challenge = ♻️ Jeg er tilbage efter en genstart, og spillet fortsætter: { $opponent }, udfordringen fra { $challenger } gælder stadig og udløber { $deadline }.
resumed-placement = ♻️ Jeg er tilbage efter en genstart, og spillet fortsætter: { $challenger } og { $opponent }, placeringen af flåderne slutter { $deadline }.
resumed-battle = ♻️ Jeg er tilbage efter en genstart, og spillet fortsætter: { $player } har turen, turen slutter { $deadline }.
set-aside-note = ⚠️ Efter en opgradering kan jeg ikke læse spillet i denne kanal (spil { $id }). Det gemmes præcis som det var, ikke afsluttet og ikke talt med, og kommer tilbage, når en version af mig, der kan læse det, starter. Indtil da er kanalen og spillerne fri.
err-busy = Spillet er stadig ved at gemme det seneste træk. Prøv igen om lidt.
err-time-up = Tiden er gået: spillet slutter om lidt på grund af tidsfristen, så det træk tæller ikke længere.
err-missing-permissions = Jeg kan ikke afvikle et spil her, for jeg mangler disse tilladelser i kanalen: { $missing }. Bed en moderator om at give dem, eller udfordr i en anden kanal.
perm-view-channel = Se kanal
perm-send-messages = Send beskeder
perm-send-messages-in-threads = Send beskeder i tråde
perm-attach-files = Vedhæft filer
perm-embed-links = Integrer links

## /replay

button-replay = Genafspil
replay-caption = Genafspilning: { $a } mod { $b } · { $variant } · { $moves ->
    [one] 1 træk
   *[other] { $moves } træk
} · spil `{ $id }`
replay-sampled = Spillet var langt: genafspilningen viser ét billede pr. { $k } træk.
replay-choice = { $a } mod { $b } · { $variant } · { $ago }
ago-now = lige nu
ago-minutes = { $n ->
    [one] for 1 minut siden
   *[other] for { $n } minutter siden
}
ago-hours = { $n ->
    [one] for 1 time siden
   *[other] for { $n } timer siden
}
ago-days = { $n ->
    [one] for 1 dag siden
   *[other] for { $n } dage siden
}
err-replay-id = `{ $given }` er ikke et spilnummer. Vælg et af dine spil på listen, eller angiv det nummer, en genafspilning viser.
err-replay-hidden = Der er ingen genafspilning med nummeret `{ $id }`, som du kan se: tjek nummeret, og om spillet er slut. Et spil kan ses af spillerne og af de medlemmer af serveren, der kan se kanalen, det blev spillet i.
err-replay-live = Det spil er stadig i gang; genafspilningen er klar, når det er slut.
err-replay-no-battle = Der blev ikke affyret et eneste skud i det spil, så der er intet at genafspille.
err-replay-cooldown = Du så en genafspilning for et øjeblik siden. Du kan se den næste om { $seconds ->
    [one] 1 sekund
   *[other] { $seconds } sekunder
}.
err-replay-busy = Der tegnes mange genafspilninger lige nu; prøv igen om lidt.
err-replay-too-often = Du har bedt om flere genafspilninger på kort tid. Spørg igen om { $seconds ->
    [one] 1 sekund
   *[other] { $seconds } sekunder
}.
err-matches-too-often = Du har bedt om listen over spil flere gange på kort tid. Spørg igen om { $seconds ->
    [one] 1 sekund
   *[other] { $seconds } sekunder
}.
err-replay-slow = Discord er længe om at fortælle mig, hvem der kan se kanalen til det spil. Prøv igen om lidt.
err-storage-read = Jeg kunne ikke læse de gemte spil lige nu. Prøv igen om lidt.

## Ratings and statistics

deleted-player = slettet spiller
stats-subtitle = { $variant } · rating
stats-tournaments = Turneringer: { $played } spillet, { $won } vundet
stats-provisional = foreløbig: { $games } af 5 ratingspil
stats-deviation = ± { $rd }
stats-trend = Rating i { $n ->
    [one] det seneste ratingspil
   *[other] de seneste { $n } ratingspil
}
stats-trend-empty = Endnu ikke nok ratingspil til en graf
stats-wins = Vundet
stats-losses = Tabt
stats-draws = Uafgjort
stats-accuracy = Træfsikkerhed
stats-to-win-shots = Skud pr. sejr (gennemsnit)
stats-to-win-turns = Ture pr. sejr (gennemsnit)
stats-best = Bedste sejr
stats-best-shots = { $n ->
    [one] 1 skud
   *[other] { $n } skud
}
stats-best-turns = { $n ->
    [one] 1 tur
   *[other] { $n } ture
}
stats-streak = Sejrsrække
stats-longest = Længste række
stats-games = Ratingspil
stats-none = –
stats-percent = { $n } %
stats-computer = Mod computeren
stats-computer-empty = Ingen spil mod computeren endnu
stats-computer-line = { $won } vundet · { $lost } tabt{ $drawn ->
    [0] {""}
   *[other] {" "}· { $drawn } uafgjort
}
stats-alt = Statistik for { $name }, { $variant }: rating { $rating }{ $provisional ->
    [yes] {" "}(foreløbig)
   *[no] {""}
}, { $wins } vundet, { $losses } tabt, { $draws } uafgjort, træfsikkerhed { $accuracy }, sejrsrække { $streak }, længste { $longest }.
stats-nothing = { $name } har endnu ikke gennemført et spil i { $variant }.

## Leaderboard

board-title = Rangliste · { $variant }
board-subtitle = { $server } · side { $page } af { $pages }
board-col-rank = #
board-col-player = Spiller
board-col-rating = Rating
board-col-record = V–T–U
board-provisional = Foreløbig (færre end 5 ratingspil)
board-empty = Ingen har spillet et ratingspil i { $variant } på denne server endnu.
board-alt = Rangliste for { $variant }, side { $page } af { $pages }: { $lines }.
board-this-server = denne server
button-previous = Forrige
button-next = Næste
err-leaderboard-dm = En servers rangliste føres kun på servere, der har tilføjet botten. Her viser `/{ cmd-leaderboard-name } { cmd-leaderboard-opt-scope-name }:Global` den globale.
err-leaderboard-global-season = Den globale rangliste har ingen sæsoner (du skrev `{ $given }`): sæsoner hører til en server. Udelad `{ cmd-leaderboard-opt-season-name }:` her, eller spørg efter en sæson på dens server.
board-global = Global · alle, der har valgt at være med, uanset hvor de spiller
board-global-empty = Ingen er på den globale rangliste for { $variant } endnu.
board-global-note = Her er kun medlemmer, der selv har valgt det: `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Synlig` tilføjer dig, `:Skjult` fjerner dig.
# Rating seasons on the leaderboard (issue 39)
season-choice-current = Den nuværende sæson
season-choice-all = Samlet (rating over alle sæsoner)
season-choice-past = Sæson { $number }: { $season }
season-name-month = { $month } { $year }
season-name-quarter = { $quarter }. kvartal { $year }
month-1 = januar
month-2 = februar
month-3 = marts
month-4 = april
month-5 = maj
month-6 = juni
month-7 = juli
month-8 = august
month-9 = september
month-10 = oktober
month-11 = november
month-12 = december
board-season-title = Sæson { $number } · { $season } · { $variant }
board-season-subtitle = { $server } · { $dates } · side { $page } af { $pages }
board-season-subtitle-final = { $server } · { $dates } · slutstilling · side { $page } af { $pages }
board-season-provisional = Foreløbig (færre end { $games } ratingspil i denne sæson)
board-season-empty = Ingen har spillet et ratingspil i { $variant } i denne sæson endnu.
board-season-gap = (fjernet)
board-season-alt = Sæson { $number } ({ $season }) i { $variant }, side { $page } af { $pages }: { $lines }.
err-leaderboard-season-off = Sæsoner er slået fra på denne server: se `{ cmd-leaderboard-opt-season-name }:alle`, eller en tidligere sæson med dens nummer.
err-leaderboard-season-unknown = `{ $given }` er ikke en sæson på denne server: skriv `nuværende`, `alle` eller nummeret på en tidligere sæson (begynd at skrive for at vælge en).
# The end of a rating season (issue 39)
season-end-title = 🏆 **Sæson { $number } · { $season }** er slut.
season-end-empty = Ingen spillede et ratingspil i denne sæson.
season-end-champion = **{ $variant }**: mester { $champion } med { $rating }.
season-end-no-champion = **{ $variant }**: ingen mester (ingen spillede 5 ratingspil i denne sæson).
season-end-line = { $rank }. { $name } · { $rating } · { $won ->
    [one] 1 sejr
   *[other] { $won } sejre
}, { $lost } nederlag, { $drawn ->
    [one] 1 uafgjort
   *[other] { $drawn } uafgjorte
}
season-end-gap = { $rank }. (fjernet)
season-end-active = mest aktiv: { $name } ({ $games } spil)
season-end-active-none = mest aktiv: ingen
season-end-figures = { $matches } spil spillet af { $players ->
    [one] 1 medlem
   *[other] { $players } medlemmer
}; { $active }.
season-end-more = Hele slutstillingen: `/{ cmd-leaderboard-name } { cmd-leaderboard-opt-season-name }:{ $number }`.
stats-champion = Mester, { $season }, { $variant }
stats-champion-more = { $title } (+{ $more } til)

## History

history-title = **Seneste spil for { $name }**
history-empty = { $name } har endnu ingen afsluttede spil.
history-line = { $date } · { $variant } · mod { $opponent } · **{ $result }** ({ $how }) · { $count } · spil `{ $id }`
history-win = vundet
history-loss = tabt
history-draw = uafgjort
history-how-sunk = alle skibe sænket
history-how-draw = begge flåder sænket
history-how-forfeit = ved opgivelse
history-how-timeout = tiden løb ud
history-computer = computeren ({ $level })
history-shots = { $n ->
    [one] 1 skud
   *[other] { $n } skud
}
history-turns = { $n ->
    [one] 1 tur
   *[other] { $n } ture
}

err-history-dm = Et andet medlems spil kan kun vises på en server (de spil, der er spillet der). Brug `/{ cmd-history-name }` uden medlem her for at se dine egne.

## Rematch

button-rematch = Revanche
button-last-fleet = Forrige flåde
series-line = Indbyrdes: { $a } **{ $wa } – { $wb }** { $b }{ $draws ->
    [0] {""}
    [one] , 1 uafgjort
   *[other] , { $draws } uafgjorte
}
rematch-waiting = 🔁 { $player } vil have revanche. { $other }, tryk på **Revanche** under resultatet for at spille igen (tilbuddet udløber { $deadline }).
rematch-started =
    🔁 Revanche: { $challenger } mod { $opponent } — **{ $variant }**.
    Placér jeres flåder i hemmelighed (jeg har sendt jer hver en privat forhåndsvisning; **Forrige flåde** genbruger flåden fra sidste spil). Placeringen slutter { $deadline }.
rematch-started-computer =
    🔁 Revanche: { $challenger } mod { $opponent } — **{ $variant }**.
    Placér din flåde i hemmelighed (din private forhåndsvisning er på vej; **Forrige flåde** genbruger flåden fra sidste spil). Placeringen slutter { $deadline }.
rematch-first = Denne gang skyder { $player } først.
err-rematch-unavailable = Det spil kan ikke få en revanche: kun et spil, der er spillet til ende, kan spilles igen.
err-rematch-not-player = Kun spillerne fra det spil kan bede om revanche.
err-rematch-expired = Tiden til at bede om revanche er udløbet. Start et nyt spil med `/{ cmd-challenge-name }`.
err-rematch-started = Revanchen er allerede begyndt.
err-rematch-channel = Der kan ikke længere startes spil i denne kanal, så der bliver ingen revanche her. Spil kan startes i: { $channels }; udfordr igen dér med `/{ cmd-challenge-name }`.
err-rematch-pace = På denne server spilles der ikke længere i tempoet { $pace }, så dette spil kan ikke spilles igen. Start et nyt spil med `/{ cmd-challenge-name }` i et af disse tempoer: { $paces }.
err-last-fleet = Der er ingen flåde fra et tidligere spil at genbruge.

## Privacy

privacy-info = **Hvad Broadside gemmer**
    • Hvert spil: spillerne (Discord-bruger-id'er og viste navne), server og kanal, flåderne, hvert skud og resultatet. Afsluttede spil gemmes til historik, statistik og genafspilninger.
    • Pr. medlem og regelsæt: en rating, antal vundne, tabte og uafgjorte spil og, for hvert spil, der er spillet til ende, skud, træffere og ture.
    • Pr. medlem: det senest sete viste navn, til ranglisterne, og hvem der trykkede på **Revanche** under hvilket spil.
    • Pr. medlem: om vedkommende har slået påmindelser om daglige spil fra. En servers indstillinger indeholder kanaler, men ingen medlemmer.
    • Mens en påmindelse sendes: spillet, og hvilken påmindelse det er, i højst to minutter. En påmindelse regnes som sendt, når dens DM er sendt; stopper botten netop da, kan den ene påmindelse komme to gange.
    • Kun i hukommelsen: hvordan et medlem plejer at placere sine skibe. Computeren på niveau Svær lærer det ud fra flåderne i medlemmets afsluttede spil (aldrig fra et spil i gang) og bygger det op igen ud fra spillene efter en genstart.
    • Dagens hav: dine skud pr. dag og regelsæt, hvornår du blev færdig, hvor mange dage i træk du har spillet, de servere, du spillede på, og om du vil have påmindelsen. Dage, der er forbi, gemmes til tabellerne; sletter du dine data, slettes de også.
    • Intet andet: ingen beskeder, ingen e-mailadresser, intet uden for spillene.
    Alt gemmes, så længe bottens database gemmes (det bestemmer serverens administrator); intet sendes andre steder hen.
    Brug `/{ cmd-privacy-name } { cmd-privacy-delete-name }` til at slette dine ratings og din statistik; i afsluttede spil bliver dit navn og id så erstattet af "slettet spiller" (den anden spiller beholder sine resultater).
privacy-confirm = Dette sletter dine ratings og din statistik på alle servere og erstatter dit navn i alle afsluttede spil med "slettet spiller". Det kan ikke fortrydes. Tryk på **Slet mine data** for at bekræfte.
button-privacy-delete = Slet mine data
privacy-done = Færdig: dine ratings og din statistik er slettet{ $n ->
    [0] {"."}
    [one] , og i 1 afsluttet spil er du nu "slettet spiller".
   *[other] , og i { $n } afsluttede spil er du nu "slettet spiller".
}
err-privacy-playing = Du er i gang med et spil, eller en udfordring til dig står stadig åben: spil det færdigt, afslå den eller giv op først, og slet så dine data.
err-privacy-not-yours = Denne knap tilhører det medlem, der spurgte; brug selv `/{ cmd-privacy-name } { cmd-privacy-delete-name }`.
privacy-info-listed = • Den globale rangliste: du **står på den** med dit navn og dine ratings. `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Skjult` fjerner dig.
privacy-info-hidden = • Den globale rangliste: du **står ikke på den** (standard). `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Synlig` viser dit navn og dine ratings der.
privacy-listed = Færdig: dit navn og dine ratings vises nu på den globale rangliste, i hvert regelsæt, du har en rating i. Servernes ranglister ændres ikke. `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Skjult` fjerner dig igen.
privacy-hidden = Færdig: du står ikke på den globale rangliste. Servernes ranglister ændres ikke.

## Servers: settings, paces, threads, reminders, live matches

choice-pace-blitz = Lyn
choice-pace-standard = Standard
choice-pace-daily = Daglig
choice-language-server = Serverens sprog
choice-language-en-US = English
choice-language-nl = Nederlands
choice-language-da = Dansk
choice-language-sv-SE = Svenska
choice-default_rules-classic = Søslag (klassisk)
choice-default_rules-game2000 = Game 2000 (hollandsk Zeeslag)
language-name = Dansk
duration-seconds =
    { $n ->
        [one] 1 sekund
       *[other] { $n } sekunder
    }
duration-minutes =
    { $n ->
        [one] 1 minut
       *[other] { $n } minutter
    }
duration-hours =
    { $n ->
        [one] 1 time
       *[other] { $n } timer
    }
pace-line = ⏱ Tempo: **{ $pace }**, { $turn } pr. tur.
err-channel-not-allowed = På denne server startes der ikke spil i denne kanal. Spil kan startes i: { $channels }.
err-pace-not-allowed = På denne server spilles der ikke i tempoet { $pace }. Vælg mellem: { $paces }.
challenge-no-thread = På denne server foregår hvert spil i sin egen tråd, men jeg må ikke åbne tråde i denne kanal (jeg mangler **Opret offentlige tråde**), så dette spil foregår her i kanalen. Bed serverens administratorer om at give mig den tilladelse her.
thread-name = { $a } mod { $b } · { $variant }
thread-failed = Jeg kunne ikke åbne en tråd til dette spil, så det spilles her i kanalen.
thread-summary-won = 🏁 { $winner } slog { $loser } — spillet og de afslørede flåder findes i { $thread }.
thread-summary-draw = 🏁 { $challenger } og { $opponent } spillede uafgjort — spillet og de afslørede flåder findes i { $thread }.
thread-summary-over = 🏁 Spillet mellem { $challenger } og { $opponent } er slut — se { $thread }.
reminder-half = ⏰ Halvdelen af din tur er gået i dit daglige spil mod { $opponent } (**{ $variant }**): den slutter { $deadline }. { $link }
reminder-hour = ⏰ Din tur i dit daglige spil mod { $opponent } (**{ $variant }**) slutter inden for en time, { $deadline }: den, der springer en tur over, taber. { $link }
button-reminders-off = Stop påmindelser
button-reminders-on = Påmind mig igen
reminders-off-done = Påmindelser er slået fra: jeg minder dig ikke længere om dine daglige spil. Slå dem til igen med `/{ cmd-reminders-name } { cmd-reminders-opt-on-name }:True`.
reminders-on-done = Påmindelser er slået til: i et dagligt spil sender jeg dig en privat besked, når halvdelen af din tur er gået, og igen en time før den slutter.
settings-title = ⚙️ **Broadside på denne server**
settings-rules = Standardregelsæt (når en udfordring ikke selv vælger et): **{ $rules }**; gentagne skud { $repeats }.
settings-repeats-forbidden = forbudt
settings-repeats-allowed = tilladt
settings-pace = Standardtempo (når en udfordring ikke selv vælger et): **{ $pace }**; medlemmerne kan vælge { $paces }.
settings-threads-on = Tråde: **til**, hver accepteret udfordring spilles i sin egen tråd.
settings-threads-off = Tråde: **fra**, spillene foregår i den kanal, de blev startet i.
settings-threads-missing = ⚠️ Jeg mangler **Opret offentlige tråde** i denne kanal: spil, der startes her, spilles i kanalen.
settings-channels-all = Kanaler: spil kan startes i alle kanaler.
settings-channels = Kanaler: spil kan startes i { $channels }.
settings-language-server = Sprog i offentlige tekster: serverens eget ({ $language }).
settings-language = Sprog i offentlige tekster: **{ $language }**.
settings-rated-on = Ratet: **ja**, spil her tæller med i ratings, statistik og ranglister.
settings-rated-off = Ratet: **nej**, spil mellem medlemmer tæller her ikke med i ratings, statistik eller ranglister.
settings-how = Skift dem med `/{ cmd-settings-name } { cmd-settings-set-name }`; `/{ cmd-settings-name } { cmd-settings-reset-name }` sætter dem alle tilbage.
settings-saved = ✅ Gemt, og gælder med det samme.
settings-reset-ask = Vil du sætte alle serverens indstillinger tilbage til standard? Tryk på **Nulstil** for at bekræfte.
button-settings-reset = Nulstil
settings-reset-done = Alle serverens indstillinger er sat tilbage til standard.
err-settings-permission = Kun medlemmer med tilladelsen **Administrer server** kan se og ændre indstillingerne.
err-settings-nothing = Nævn mindst én indstilling, der skal ændres, f.eks. `{ cmd-settings-set-opt-threads-name }:True`.
err-settings-no-pace = Mindst ét tempo skal forblive tilladt.
err-settings-pace-not-allowed = Standardtempoet { $pace } skal være et af de tilladte tempoer: tillad det også.
err-settings-paces = `{ $given }` er ikke en liste over tempoer: skriv et eller flere af `lyn`, `standard` og `daglig`, f.eks. `lyn daglig`.
err-settings-channels = `{ $given }` er ikke en liste over kanaler: nævn kanalerne (`#spil #lyn`), eller skriv `alle` for alle kanaler.
err-settings-channels-many = Det er flere end { $most } kanaler: nævn højst { $most }, eller skriv `alle` for alle kanaler.
err-settings-channels-foreign = Kanalen `{ $channel }` hører ikke til denne server: nævn denne servers kanaler (`#spil`).
err-settings-channel-unchecked = Jeg kunne ikke tjekke, at `{ $channel }` er en kanal på denne server (Discord svarede ikke i tide). Prøv igen om lidt.
matches-title = 🌊 **Igangværende spil på denne server, som du kan følge** ({ $total }):
matches-line = • { $challenger } mod { $opponent } · { $variant } · { $pace } · { $state } · { $channel }
matches-state-challenge = venter på svar fra { $player }, udløber { $deadline }
matches-state-placement = placerer flåder, slutter { $deadline }
matches-state-turn = { $player } har turen, slutter { $deadline }
matches-page = Side { $page } af { $pages }
matches-empty = Der er ingen igangværende spil i de kanaler, du kan se på denne server, lige nu. Start et med `/{ cmd-challenge-name }`.
cmd-challenge-opt-pace-name = tempo
cmd-challenge-opt-pace-desc = Hvor hurtigt: lyn (60 s pr. tur), standard (5 min) eller daglig (en dag, med påmindelser)
cmd-matches-name = igangværende
cmd-matches-desc = Vis serverens igangværende spil: hvem der spiller, hvis tur det er, og hvor man kan se med
cmd-matches-help = Kun du kan se svaret. Det viser spillene i de kanaler, du kan se (aldrig dem i private tråde), hver med et link til spillets kanal eller tråd.
cmd-reminders-name = påmindelser
cmd-reminders-desc = Slå påmindelser om dine daglige spil til eller fra
cmd-reminders-help = I et dagligt spil sender jeg den, der har turen, en privat besked, når halvdelen af turen er gået, og igen en time før den slutter.
cmd-reminders-opt-on-name = til
cmd-reminders-opt-on-desc = True: påmind mig; False: ingen påmindelser
cmd-settings-name = indstillinger
cmd-settings-desc = Indstil, hvordan botten spiller på denne server (tilladelsen Administrer server)
cmd-settings-help = Indstillinger gælder med det samme og gemmes i databasen. Kun medlemmer med tilladelsen **Administrer server** kan bruge denne kommando.
cmd-settings-show-name = vis
cmd-settings-show-desc = Vis alle serverens indstillinger og deres værdier (privat)
cmd-settings-set-name = skift
cmd-settings-set-desc = Skift en eller flere af serverens indstillinger
cmd-settings-reset-name = nulstil
cmd-settings-reset-desc = Sæt alle serverens indstillinger tilbage til standard (efter en bekræftelse)
cmd-settings-set-opt-default_rules-name = standardregler
cmd-settings-set-opt-default_rules-desc = Regelsættet for en udfordring, der ikke selv vælger et
cmd-settings-set-opt-forbid_repeats-name = forbyd_gentagelser
cmd-settings-set-opt-forbid_repeats-desc = Husregel i Game 2000, når udfordringen ikke selv vælger: forbyd gentagne skud
cmd-settings-set-opt-pace-name = tempo
cmd-settings-set-opt-pace-desc = Tempoet for en udfordring, der ikke selv vælger et
cmd-settings-set-opt-paces-name = tempoer
cmd-settings-set-opt-paces-desc = De tempoer, medlemmerne kan vælge, f.eks.: lyn daglig
cmd-settings-set-opt-threads-name = tråde
cmd-settings-set-opt-threads-desc = En tråd for sig til hver accepteret udfordring
cmd-settings-set-opt-channels-name = kanaler
cmd-settings-set-opt-channels-desc = Hvor spil må starte (nævn kanalerne), eller: alle
cmd-settings-set-opt-language-name = sprog
cmd-settings-set-opt-language-desc = Sproget i offentlige tekster
cmd-settings-set-opt-rated-name = ratet
cmd-settings-set-opt-rated-desc = Om spil her tæller med i ratings og ranglister

## Tournaments
cmd-tournament-name = turnering
cmd-tournament-desc = Schweizerturneringer i denne kanal
cmd-tournament-help = En schweizerturnering: alle spiller hver runde mod en modstander med en lignende score, aldrig mod den samme to gange. Sejr 1, remis ½, nederlag 0; en bye giver 1 point. Ved lige stilling afgør Buchholz Cut-1, Sonneborn–Berger, antal sejre og rating. Hvert spil spilles i sin egen tråd; den, der aldrig skyder i en rundes spil, taber det og er ude af de senere runder.
cmd-tournament-create-name = opret
cmd-tournament-create-desc = Opret en schweizerturnering i denne kanal (Administrer server eller turneringsrollen)
cmd-tournament-create-opt-name-name = navn
cmd-tournament-create-opt-name-desc = Turneringens navn
cmd-tournament-create-opt-rules-name = regler
cmd-tournament-create-opt-rules-desc = Spillenes regelsæt
cmd-tournament-create-opt-rounds-name = runder
cmd-tournament-create-opt-rounds-desc = Hvor mange runder (1 til 15)
cmd-tournament-create-opt-pace-name = tempo
cmd-tournament-create-opt-pace-desc = Hvor hurtigt spillene går: lyn, standard eller daglig
cmd-tournament-create-opt-starts-name = starttid
cmd-tournament-create-opt-starts-desc = Hvornår den starter: en Discord-tid, om 2 timer, om 30 min, i morgen 20:00
cmd-tournament-create-opt-max_players-name = max_spillere
cmd-tournament-create-opt-max_players-desc = Maks. antal spillere (4 til 256; standard 64)
cmd-tournament-join-name = deltag
cmd-tournament-join-desc = Deltag i en turnering i denne kanal
cmd-tournament-join-opt-tournament-name = hvilken_turnering
cmd-tournament-join-opt-tournament-desc = Hvilken turnering, hvis kanalen har flere
cmd-tournament-leave-name = forlad
cmd-tournament-leave-desc = Forlad en turnering (efter start: fra næste runde)
cmd-tournament-leave-opt-tournament-name = hvilken_turnering
cmd-tournament-leave-opt-tournament-desc = Hvilken turnering, hvis kanalen har flere
cmd-tournament-start-name = start
cmd-tournament-start-desc = Start din turnering nu uden at vente på starttiden
cmd-tournament-start-opt-tournament-name = hvilken_turnering
cmd-tournament-start-opt-tournament-desc = Hvilken turnering, hvis kanalen har flere
cmd-tournament-standings-name = stilling
cmd-tournament-standings-desc = Vis stillingen i en turnering i denne kanal
cmd-tournament-standings-opt-tournament-name = hvilken_turnering
cmd-tournament-standings-opt-tournament-desc = Hvilken turnering, hvis kanalen har flere
cmd-tournament-standings-opt-page-name = side
cmd-tournament-standings-opt-page-desc = Hvilken side (32 spillere pr. side)
cmd-tournament-cancel-name = aflys
cmd-tournament-cancel-desc = Aflys en turnering (opretteren eller Administrer server)
cmd-tournament-cancel-opt-tournament-name = hvilken_turnering
cmd-tournament-cancel-opt-tournament-desc = Hvilken turnering, hvis kanalen har flere
choice-rules-classic = Søslag (klassisk)
choice-rules-game2000 = Game 2000 (hollandsk Zeeslag)
cmd-settings-set-opt-timezone-name = tidszone
cmd-settings-set-opt-timezone-desc = Serverens tidszone til turneringers starttid og til sæsoner, f.eks. Europe/Copenhagen
cmd-settings-set-opt-tournament_role-name = turneringsrolle
cmd-settings-set-opt-tournament_role-desc = Medlemmer med denne rolle må oprette turneringer
settings-timezone = Tidszone: **{ $zone }** (til turneringers starttider, f.eks. `i morgen 20:00`, og til sæsoner).
settings-timezone-utc = Tidszone: **UTC** (til turneringers starttider, f.eks. `i morgen 20:00`, og til sæsoner).
settings-tournament-role = Turneringer: oprettes af medlemmer med tilladelsen **Administrer server** og af { $role }.
settings-tournament-role-none = Turneringer: oprettes af medlemmer med tilladelsen **Administrer server**.
err-settings-timezone = `{ $given }` er ikke en tidszone, jeg kender: giv et IANA-navn, f.eks. `Europe/Copenhagen` eller `America/New_York` (begynd at skrive for at vælge en).
# Rating seasons in the settings (issue 39)
cmd-settings-set-opt-season-name = sæson
cmd-settings-set-opt-season-desc = Ratingsæsoner: fra, månedlig eller kvartalsvis
cmd-settings-set-opt-season_channel-name = sæsonkanal
cmd-settings-set-opt-season_channel-desc = Hvor en sæsons afslutning annonceres (en kanal), eller: ingen
choice-season-off = Fra
choice-season-monthly = Månedlig
choice-season-quarterly = Kvartalsvis
settings-season-on = Sæsoner: **{ $cadence }**, fra den første dag kl. 00:00 i tidszonen; afslutningen annonceres i { $channel }.
settings-season-nowhere = ingen kanal (sæt `{ cmd-settings-set-opt-season_channel-name }`)
settings-season-off = Sæsoner: **fra**, én rangliste, der aldrig nulstilles.
err-settings-season-channel = `{ $given }` er ikke én kanal: nævn én kanal på denne server (`#resultater`), eller skriv `ingen`.
tournament-header = 🏆 Turnering **{ $name }**, runde { $round }
tournament-signup-title = 🏆 **{ $name }**: en schweizerturnering
tournament-signup-rules = { $variant }, tempo { $pace }, { $rounds ->
    [one] 1 runde
   *[other] { $rounds } runder
}.
tournament-signup-starts = Den starter { $start }.
tournament-signup-starts-creator = Den starter, når { $creator } starter den.
tournament-signup-count = Spillere: **{ $count }** af højst { $max }.
tournament-signup-no-show = Udeblivelse: den, der aldrig skyder i en rundes spil, taber det og er ude af de senere runder.
tournament-signup-open = Tryk **Deltag** for at spille (eller **Forlad**); hvert spil spilles i sin egen tråd.
tournament-signup-closed = Tilmeldingen er lukket: runderne spilles.
tournament-signup-finished = Turneringen er slut.
tournament-signup-too-few = Aflyst: færre end { $least } spillere tilmeldte sig.
tournament-signup-cancelled = Aflyst.
button-tournament-join = Deltag
button-tournament-leave = Forlad
tournament-joined = Du er med i **{ $name }**. Dine spil bliver åbnet i hver sin tråd, og der pinger jeg dig.
tournament-left = Du har forladt **{ $name }**.
tournament-withdrawn = Du har forladt **{ $name }**: du bliver ikke parret fra og med runde { $round } (et spil, du spiller nu, fortsætter).
tournament-started-you = **{ $name }** er startet.
tournament-called-off-you = **{ $name }** blev ikke startet: færre end { $least } spillere tilmeldte sig, så den er aflyst.
tournament-paused-you = **{ $name }** kunne ikke parres, så den er sat på pause. Prøv `/{ cmd-tournament-name } { cmd-tournament-start-name }` igen senere.
tournament-starting-you = **{ $name }** bliver startet; parringerne kommer i kanalen.
tournament-cancelled = 🏆 **{ $name }** er aflyst. Spil, der er i gang, fortsætter som almindelige spil.
tournament-cancelled-you = Du har aflyst **{ $name }**.
tournament-called-off = 🏆 **{ $name }** er aflyst: færre end { $least } spillere tilmeldte sig.
tournament-round-paired = 🏆 **{ $name }**: runde { $round } af { $rounds }
tournament-board = Bræt { $board }: { $white } (skyder først) mod { $black }
tournament-bye = Bye: { $player } (1 point)
tournament-busy = { $player } spiller stadig et andet spil: bræt { $board } mod { $other } starter, så snart det er slut. Er det stadig ikke startet { $deadline }, taber { $player } rundens spil uden kamp.
tournament-round-deadline = Runden slutter { $deadline }; spil, der til den tid stadig er i gang, slutter på tid.
tournament-thread-name = { $name } · R{ $round } · { $a } mod { $b }
tournament-match-start = { $white } skyder først mod { $black }. Placér jeres flåder (forhåndsvisningerne er i jeres private beskeder, eller brug `/{ cmd-place-name }`); placeringen slutter { $deadline }.
tournament-paused = 🏆 **{ $name }** er sat på pause: næste runde kunne ikke parres. { $creator } kan fortsætte med `/{ cmd-tournament-name } { cmd-tournament-start-name }`.
tournament-paused-creator = Din turnering **{ $name }** er sat på pause: jeg kunne ikke parre næste runde i tide. Brug `/{ cmd-tournament-name } { cmd-tournament-start-name }` i dens kanal for at prøve igen.
tournament-standings-title = 🏆 **{ $name }**: stilling efter runde { $round } af { $rounds }
tournament-standings-final = 🏆 **{ $name }**: slutstilling efter { $round } af { $rounds ->
    [one] 1 runde
   *[other] { $rounds } runder
}
tournament-standings-page = (side { $page } af { $pages })
tournament-standings-key = Kolonner: plads, navn, point, Buchholz Cut-1, Sonneborn–Berger, vundne-uafgjorte-tabte, så hver runde: modstanderens plads, w (skød først) eller b (skød sidst), og + vandt, = uafgjort, - tabte (F: uden kamp).
# A round cell of the standings for the pairing bye (fits a cell of about 6 letters).
tournament-cell-bye = bye
# After a player's line in the standings text, when they left the tournament (one word).
tournament-out = (udgået)
tournament-standings-subtitle = Stilling efter runde { $round } af { $rounds }
tournament-standings-subtitle-final = Slutstilling efter { $round } af { $rounds ->
    [one] 1 runde
   *[other] { $rounds } runder
}
tournament-col-name = Spiller
tournament-col-points = Point
tournament-col-cut1 = BH-1
tournament-col-sb = SB
tournament-col-record = V-U-T
tournament-col-round = R{ $round }
tournament-standings-alt = Stillingen i { $name } efter runde { $round }: { $lines }.
tournament-standings-alt-line = { $rank }. { $player }, { $count ->
   *[other] { $points } point
}
tournament-winner = 🥇 { $player } vinder **{ $name }**!
err-tournament-permission = Kun medlemmer med tilladelsen **Administrer server** eller med serverens turneringsrolle kan oprette turneringer.
err-tournament-threads = Jeg kan ikke holde en turnering her: jeg skal have **Opret offentlige tråde** og **Send beskeder i tråde** i denne kanal til spillene.
err-tournament-unknown = Den turnering findes ikke i denne kanal. Begynd at skrive i `{ cmd-tournament-join-opt-tournament-name }:` for at vælge en.
err-tournament-none-here = Denne kanal har ingen åben turnering. Opret en med `/{ cmd-tournament-name } { cmd-tournament-create-name }`.
err-tournament-several = Denne kanal har flere turneringer ({ $names }): vælg en med `{ cmd-tournament-join-opt-tournament-name }:`.
err-tournament-several-more = Denne kanal har flere turneringer ({ $names } og { $more } til): vælg en med `{ cmd-tournament-join-opt-tournament-name }:`.
err-tournament-name = En turnerings navn skal have 1 til { $most } tegn.
err-tournament-rounds = { $given } runder går ikke: en turnering har 1 til { $most } runder.
err-tournament-max-players = { $given ->
    [one] 1 spiller
   *[other] { $given } spillere
} går ikke: en turnering har plads til { $least } til { $most } spillere.
err-tournament-full = Turneringen er fuld: alle { $max } pladser er taget.
err-tournament-joined = Du er allerede med i denne turnering.
err-tournament-not-joined = Du er ikke med i denne turnering.
err-tournament-started = Turneringen er allerede startet: tilmeldingen er lukket.
err-tournament-over = Turneringen er slut.
err-tournament-not-creator = Kun det medlem, der oprettede turneringen, kan gøre det.
err-tournament-start-passed = Starttiden er passeret: den starter af sig selv.
err-tournament-when = Jeg kan ikke læse `{ $given }` som starttid. Skriv f.eks. `om 2 timer`, `om 30 min`, `i morgen 20:00` (i { $zone }) eller en Discord-tid, f.eks. `<t:1767225600>`.
err-tournament-when-past = `{ $given }` er allerede passeret ({ $zone }): giv en tid i fremtiden, f.eks. `om 2 timer` eller `i morgen 20:00`.
err-tournament-when-far = `{ $given }` er mere end 90 dage ude i fremtiden ({ $zone }): giv et tidligere tidspunkt, f.eks. `om 2 timer` eller `i morgen 20:00`.

## Editor

button-edit = Rediger
editor-prompt =
    ✏️ Flådeeditor til spillet **{ $variant }** i { $channel } (kun du kan se den).
    Placeret { $placed } af { $total }: { $fleet }
editor-no-ships = ingen skibe endnu
editor-selected = Valgt: **{ $ship }**, stævn på **{ $cell }**.
editor-how = Vælg et skib, derefter kolonnen og rækken for stævnen, og tryk **Højre** eller **Ned**. Det valgte skibs stævn kan ikke ligge på et skraveret felt.
editor-complete = Alle skibe er placeret: **Klar** låser flåden. Vil du flytte et skib, så vælg det og placér det igen.
editor-alt = Flådeeditor: { $placed } af { $total } skibe placeret ({ $fleet }). Valgt: { $ship }, stævn på { $cell }. Stævnen kan ikke ligge på skraverede felter.
editor-ship-option = { $ship } · { $len ->
    [one] 1 felt
   *[other] { $len } felter
}
editor-ship-plain = Skib · { $len ->
    [one] 1 felt
   *[other] { $len } felter
}
editor-ship-placed = på { $ship }
editor-ship-unplaced = ikke placeret endnu
editor-ship-placeholder = Skib at placere
editor-column = Kolonne { $col }
editor-column-placeholder = Stævnens kolonne
editor-row = Række { $row }
editor-row-placeholder = Stævnens række
editor-button-right = Højre
editor-button-down = Ned
editor-button-remove = Fjern skib
editor-button-rest = Resten tilfældigt
editor-button-clear = Fjern alle
err-editor-no-ship = Denne editor er forældet: vælg skibet igen.
err-editor-bow-off-sea = { $cell } ligger uden for havet: { $bounds }.
err-editor-off-sea = { $ship } med stævnen på { $cell } rækker ud over havets kant { $way ->
    [right] mod højre
   *[down] nedad
}. Vælg et andet felt eller den anden retning.
err-editor-not-placed = { $ship } er ikke på havet: der er intet at fjerne.
err-editor-all-placed = Alle skibe er allerede placeret. Vil du flytte et, så vælg det og placér det igen, eller tryk Klar.
err-editor-no-room = Der er ikke plads til de andre skibe. Flyt eller fjern nogle først.
err-editor-incomplete = { $missing ->
    [one] Ét skib mangler at blive placeret: placér det
   *[other] { $missing } skibe mangler at blive placeret: placér dem
}, eller tryk **Resten tilfældigt**.
fire-complete-no-match = Du spiller ikke et spil i denne kanal.
fire-complete-not-battle = Slaget er ikke begyndt endnu.
fire-complete-not-your-turn = Det er ikke din tur endnu: vent på din modstanders træk.
fire-complete-time-up = Tiden for denne tur er gået.

## Review 36

err-several-here = Flere udfordringer i denne kanal venter på deres tråd, så jeg kan ikke se, hvilken du mener. `/{ cmd-matches-name }` viser dem, og hver besvares med knapperne under den.
thread-unused = 🧭 Denne tråd bruges ikke: spillet mellem { $challenger } og { $opponent } foregår i { $channel }.

## Play anywhere (issue 38)

challenge-install-hint = { $opponent }, for at spille her skal du have Broadside i dine egne apps (først da kan du bruge kommandoerne her): { $link }
err-challenge-private-answers = Her ville kun du se mine svar: denne server har ikke tilføjet Broadside, og **Brug eksterne apps** er slået fra for dig, så Discord viser kun svarene fra en app, du selv har tilføjet, til dig. Ingen andre kunne følge et spil, så jeg starter ikke et her. Bed serverens administratorer om at slå Brug eksterne apps til for din rolle (eller i denne kanal) eller om at tilføje Broadside til serveren — eller spil i en DM eller en gruppe-DM.
err-challenge-bot-dm = Kun du kan se vores DM, så ingen andre kan svare på en udfordring her. Udfordr et andet medlem på en server, i en DM med vedkommende eller i en gruppe-DM; her kan du spille mod mig.

## Aim panel (the daily sea's and a match's)

button-fire = Skyd
aim-line = Vælg en kolonne og en række, og skyd. Du sigter på **{ $cell }**.
aim-line-salvo = Vælg tre felter: sigt med kolonnen og rækken, tryk på Tilføj for hvert felt, og skyd så. Du sigter på **{ $cell }** · salve ({ $count }/3): { $salvo }
aim-salvo-empty = ingen endnu
aim-column-placeholder = Kolonne at sigte på
aim-row-placeholder = Række at sigte på
aim-button-fire-at = Skyd på { $cell }
aim-button-add = Tilføj { $cell }
aim-button-remove = Fjern { $cell }
aim-button-clear = Ryd
aim-button-fire-salvo = Skyd ({ $count }/3)
aim-match-heading = 🎯 Det er din tur i spillet **{ $variant }**: turen slutter { $deadline }. Kun du kan se dette panel.
aim-match-turn-over = Din tur er forbi: { $player } har turen. Når det er din tur igen, åbner knappen **Skyd** under den besked et nyt panel.
aim-match-over = Spillet er slut.
err-aim-fired = Du har allerede skudt på { $cell }: vælg et andet felt. Der blev ikke skudt.
err-aim-salvo-full = Salven har allerede tre felter: affyr den, eller fjern først et af dem.
