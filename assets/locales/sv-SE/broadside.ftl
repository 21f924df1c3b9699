# Broadside — svenska (sv-SE).
#
# Same message ids and { $variables } as en-US; see the notes there.

## Game names

variant-classic = Sjöslag
variant-game2000 = Game 2000
variant-classic-title = Sjöslag (klassiskt)
variant-game2000-title = Game 2000 (Zeeslag)
variant-classic-short = klassiskt
variant-game2000-short = Game 2000
choice-variant-classic = Sjöslag (klassiskt)
choice-variant-game2000 = Game 2000 (holländskt Zeeslag)
choice-difficulty-easy = Lätt
choice-difficulty-normal = Normal
choice-difficulty-hard = Svår

## Commands: names, descriptions (at most 100 characters) and long help

cmd-challenge-name = utmana
cmd-challenge-desc = Utmana en medlem (eller mig, datorn) på sjöslag här
cmd-challenge-help =
    Den utmanade får knapparna Anta och Avböj. Det kan bara pågå ett parti per kanal (starta en tråd för att spela flera samtidigt), och varje medlem spelar ett parti i taget.
cmd-challenge-opt-opponent-name = motståndare
cmd-challenge-opt-opponent-desc = Medlemmen du vill spela mot
cmd-challenge-opt-variant-name = variant
cmd-challenge-opt-variant-desc = Regler: klassiskt Sjöslag (standard) eller Game 2000
cmd-challenge-opt-forbid_repeats-name = förbjud_upprepning
cmd-challenge-opt-forbid_repeats-desc = Husregel i Game 2000: neka skott mot rutor som redan beskjutits (standard: nej)
cmd-challenge-opt-difficulty-name = svårighetsgrad
cmd-challenge-opt-difficulty-desc = Mot datorn (mig): lätt, normal (standard) eller svår

cmd-place-name = placera
cmd-place-desc = Placera din flotta i hemlighet (som text eller slumpvis)
cmd-place-help =
    Utan flotta får du en slumpad, giltig uppställning. Svaret är privat: en förhandsvisning med knapparna Blanda och Klar. Fungerar i partiets kanal och i ett direktmeddelande till botten.
    Exempel: `A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10`.
cmd-place-opt-fleet-name = flotta
cmd-place-opt-fleet-desc = Dina skepp, t.ex. A1-A4 C1-C3 E1-E3 … (lämna tomt för en slumpad flotta)

cmd-fire-name = skjut
cmd-fire-desc = Skjut mot fienden: en ruta i Sjöslag (C4), tre i Game 2000 (C4 D5 E6)
cmd-fire-help =
    Bara den som står på tur kan skjuta, och bara i partiets kanal. Resultatet är offentligt, med din bild av fiendens hav. Eller tryck på **Skjut** under meddelandet som ger dig turen: i en panel som bara du ser väljer du rutorna utan att skriva.
cmd-fire-opt-targets-name = mål
cmd-fire-opt-targets-desc = Rutor att skjuta på: C4 (Sjöslag) eller C4 D5 E6 (Game 2000)

cmd-board-name = spelplan
cmd-board-desc = Visa din egen flotta med skadorna och det du vet om fiendens hav (bara för dig)
cmd-board-help =
    Kan användas när som helst under ett parti, också för att se dina spelplaner igen när de tidigare privata svaren har försvunnit.

cmd-status-name = status
cmd-status-desc = Visa partiet i den här kanalen (eller ditt eget): spelare, regler, tur, skott och tidsgräns
cmd-status-help =
    Svaret är offentligt, så att alla i kanalen kan följa partiet.

cmd-forfeit-name = ge_upp
cmd-forfeit-desc = Ge upp ditt pågående parti; din motståndare vinner
cmd-forfeit-help =
    Fungerar var som helst, också i ett direktmeddelande till botten. Slutet meddelas i partiets kanal.

cmd-cancel-name = avbryt
cmd-cancel-desc = Avbryt partiet i den här kanalen (utmanaren innan utmaningen antagits, eller en moderator)
cmd-cancel-help =
    Ingen vinner ett avbrutet parti. Moderatorer är medlemmar med behörigheten **Hantera meddelanden**.

cmd-rules-name = regler
cmd-rules-desc = Förklara reglerna för Sjöslag eller Game 2000 (bara du ser svaret)
cmd-rules-help =
    Utan val förklaras båda regeluppsättningarna.
cmd-rules-opt-variant-name = variant
cmd-rules-opt-variant-desc = Vilka regler (standard: båda)

cmd-replay-name = repris
cmd-replay-desc = Se ett avslutat parti igen, skott för skott, som en animerad bild
cmd-replay-help =
    Spelarna kan se det var som helst, och medlemmar på servern som kan se kanalen där partiet spelades kan se det där; bara du ser reprisen. Börja skriva för att välja ett av dina tio senaste partier, eller ange ett partinummer (varje repris visar sitt).
cmd-replay-opt-match-name = parti
cmd-replay-opt-match-desc = Partiet: ett av dina tio senaste, eller ett partinummer

cmd-stats-name = statistik
cmd-stats-desc = Visa en medlems rating och statistik som bild (din egen som standard)
cmd-stats-help =
    Varje medlem har en Glicko-2-rating per regeluppsättning, som ändras av varje ratingparti (medlem mot medlem, där partiet slutade oavgjort eller med att en flotta sänktes, att någon gav upp eller att tiden gick ut; att ge upp eller låta tiden gå ut räknas som förlust). Partier mot datorn räknas i stället per svårighetsgrad. En rating är preliminär under de första 5 ratingpartierna. Svaret är offentligt om du inte lägger till `{ cmd-stats-opt-private-name }:True`.
cmd-stats-opt-member-name = medlem
cmd-stats-opt-member-desc = Vems statistik (standard: din egen)
cmd-stats-opt-variant-name = variant
cmd-stats-opt-variant-desc = Regler (standard: klassiskt)
cmd-stats-opt-private-name = privat
cmd-stats-opt-private-desc = Visa bilden bara för dig (standard: nej)

cmd-leaderboard-name = topplista
cmd-leaderboard-desc = Visa de bästa spelarna efter rating: på servern eller globalt (de som har valt att vara med)
cmd-leaderboard-help =
    Visar medlemmarna som har spelat ett ratingparti på den här servern, tio per sida med högst rating först; preliminära ratingar (färre än 5 ratingpartier) kommer efter de andra. Står du på listan men inte på sidan visas din egen rad under den. `{ cmd-leaderboard-opt-scope-name }:Global` (standard i DM, grupp-DM och servrar utan botten) rankar medlemmar överallt som har valt att vara med via `/{ cmd-privacy-name } { cmd-privacy-set-name }`.
cmd-leaderboard-opt-variant-name = variant
cmd-leaderboard-opt-variant-desc = Regler (standard: klassiskt)
cmd-leaderboard-opt-season-name = säsong
cmd-leaderboard-opt-season-desc = Vilken säsong: aktuell, alla (genom tiderna) eller numret på en tidigare säsong
cmd-leaderboard-opt-scope-name = omfång
cmd-leaderboard-opt-scope-desc = Serverns topplista, eller den globala (medlemmar som har valt att vara med)
choice-scope-server = Den här servern
choice-scope-global = Global (medlemmar som har valt att vara med)

cmd-history-name = historik
cmd-history-desc = Lista en medlems tio senaste avslutade partier (dina egna som standard); bara du ser det
cmd-history-help =
    Varje rad visar datum, regler, motståndare, resultat, hur partiet slutade, antal skott eller drag och partinumret (ge det till `/{ cmd-replay-name }` för att se partiet igen).
cmd-history-opt-member-name = medlem
cmd-history-opt-member-desc = Vems partier (standard: dina egna)

cmd-privacy-name = integritet
cmd-privacy-desc = Vad botten sparar om dig, och hur du raderar det
cmd-privacy-help =
    `/{ cmd-privacy-name } { cmd-privacy-info-name }` förklarar vad som sparas; med `/{ cmd-privacy-name } { cmd-privacy-set-name }` bestämmer du om ditt namn visas på den globala topplistan (dolt som standard); `/{ cmd-privacy-name } { cmd-privacy-delete-name }` raderar dina ratingar och din statistik när du har bekräftat.
cmd-privacy-info-name = info
cmd-privacy-info-desc = Förklara vad botten sparar om medlemmar och hur det raderas
cmd-privacy-set-name = välj
cmd-privacy-set-desc = Välj om ditt namn och din rating visas på den globala topplistan
cmd-privacy-set-opt-leaderboard-name = topplista
cmd-privacy-set-opt-leaderboard-desc = Visa ditt namn på den globala topplistan, eller dölj det (dolt som standard)
choice-leaderboard-visible = Synlig: visa mig på den globala topplistan
choice-leaderboard-hidden = Dold (standard)
cmd-privacy-delete-name = radera
cmd-privacy-delete-desc = Radera dina ratingar, din statistik och ditt namn från tidigare partier

cmd-help-name = hjälp
cmd-help-desc = Förklara hur man spelar och lista kommandona
cmd-help-help =
    Utan val listas alla kommandon. Ange ett kommando för att se dess val.
cmd-help-opt-command-name = kommando
cmd-help-opt-command-desc = Ett kommando att förklara närmare, till exempel: hjälp

## /help

help-intro = **Broadside** är sjöslag för två spelare: göm din flotta och skjut i tur och ordning mot den andras hav tills en flotta är sänkt.
help-commands = **Kommandon**
help-more = Skriv `/{ cmd-help-name } { cmd-help-opt-command-name }:<namn>` för att få ett enskilt kommando förklarat.
help-options = **Val**
help-required = obligatoriskt
help-optional = valfritt
err-help-unknown = Det finns inget kommando som heter `/{ $command }`. Skriv `/{ cmd-help-name }` för att se alla.

## /rules

rules-classic = **Sjöslag — klassiskt**
    • Havet har 10×10 rutor: kolumnerna A–J och raderna 1–10 (`C4` är kolumn C, rad 4).
    • Flottan: 1 slagskepp (4 rutor), 2 kryssare (3), 3 jagare (2) och 4 torpedbåtar (1).
    • Skeppen ligger i raka linjer och rör aldrig varandra, inte ens snett i ett hörn.
    • Ett skott per tur med `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4`. En miss lämnar över turen; en träff eller en sänkning ger dig ett skott till.
    • När ett skepp sjunker får du veta vilket det var, och vattnet runt omkring markeras åt dig.
    • Skott mot en ruta du redan prövat nekas och kostar ingenting.
    • Den som först sänker alla tio skepp vinner. Låter du turen gå ut förlorar du.
rules-game2000 = **Game 2000 — holländskt Zeeslag**
    • Havet har 9×9 rutor: kolumnerna A–I och raderna 1–9.
    • Flottan: 2 skepp på 3 rutor, 3 på 2 rutor och 2 på 1 ruta.
    • Skeppen rör aldrig varandra (inte ens snett), står aldrig i en hörnruta (A1, I1, A9, I9), och ett skepp på 2 eller 3 rutor får inte ligga med långsidan längs kanten. Ett skepp på 1 ruta får stå vid kanten.
    • Varje tur anger du tre rutor: `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4 D5 E6`. De avgörs i slumpvis ordning, och du får ett besked per skott: vatten, "längd L träffad" eller "längd L sänkt" — men aldrig vilken ruta som träffade.
    • En ruta du redan skjutit på ger alltid vatten (om inte partiet förbjuder upprepningar).
    • Båda spelarna får lika många drag: sänker den andra spelaren också allt i samma omgång blir det oavgjort.
    • Låter du turen gå ut förlorar du.

## Challenge

challenge-public = ⚓ { $challenger } utmanar { $opponent }: **{ $variant }**.
challenge-house-rule = Husregel: skott mot rutor som redan beskjutits nekas.
challenge-answer = { $opponent }, anta eller avböj — utmaningen går ut { $deadline }.
challenge-accepted =
    ⚓ { $challenger } mot { $opponent } — **{ $variant }**. Utmaningen är antagen!
    Nu placerar ni båda era flottor i hemlighet (jag har skickat en privat förhandsvisning till var och en av er; `/{ cmd-place-name }` fungerar här också, privat). Placeringen slutar { $deadline }.
button-accept = Anta
button-decline = Avböj
err-challenge-bots = Bottar kan inte spela. Utmana en medlem på den här servern.
err-channel-busy = Den här kanalen har redan ett parti. Starta en tråd (eller använd en annan kanal) för att spela samtidigt.
err-you-busy = Du spelar redan ett parti. Varje medlem spelar ett parti i taget.
err-you-busy-in = Du spelar redan ett parti i { $channel }. Varje medlem spelar ett parti i taget.
err-other-busy = { $player } spelar redan ett parti. Varje medlem spelar ett parti i taget.
err-other-busy-in = { $player } spelar redan ett parti i { $channel }. Varje medlem spelar ett parti i taget.

## Placement

dm-closed-hint = { $player }, jag kan inte skicka direktmeddelanden till dig. Använd `/{ cmd-place-name }` här: svaret är privat, bara du ser din flotta.
placement-prompt =
    Din flotta för partiet **{ $variant }** i { $channel } (bara du kan se den).
    `{ $fleet }`
    Tryck **Blanda** för en ny slumpad flotta, **Klar** för att låsa den — eller skriv din egen med `/{ cmd-place-name } { cmd-place-opt-fleet-name }:A1-A4 C1-C3 …` (här eller i partiets kanal).
button-shuffle = Blanda
button-ready = Klar
fleet-final-waiting = Din flotta är låst: `{ $fleet }`. Väntar på att { $player } ska placera klart.
fleet-final-battle = Din flotta är låst: `{ $fleet }`. Slaget har börjat!
err-place-no-match = Du har inget parti att placera en flotta för. Starta ett med `/{ cmd-challenge-name }`.
err-not-your-button = Den här knappen tillhör en annan spelare.
err-ready-battle-begun = Det finns ingen flotta att låsa längre: slaget har börjat.
err-ready-stale = Den här förhandsvisningen är inaktuell: din flotta har ändrats sedan dess (med Blanda eller `/{ cmd-place-name }`). Tryck Klar på den senaste, eller se din flotta med `/{ cmd-board-name }`.

## Battle

battle-how-classic = `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4` — en ruta; träff eller sänkning ger ett skott till
battle-how-game2000 = `/{ cmd-fire-name } { cmd-fire-opt-targets-name }:C4 D5 E6` — tre rutor per tur
battle-starts = ⚔️ Båda flottorna är på plats: { $challenger } mot { $opponent }. **{ $first }** skjuter först ({ $how }). Turen slutar { $deadline }. `/{ cmd-board-name }` visar alltid din egen spelplan privat.

ship-classic = { $len ->
    [4] slagskepp
    [3] kryssare
    [2] jagare
   *[1] torpedbåt
}
ship-game2000 = skepp på { $len ->
    [one] 1 ruta
   *[other] { $len } rutor
}
report-miss = miss
report-water = vatten
report-hit = träff
report-hit-len = längd { $len } träffad
report-sunk-len = längd { $len } sänkt
report-sunk-ship = { $ship } sänkt ({ $len ->
    [one] 1 ruta
   *[other] { $len } rutor
})

fire-result-miss = miss.
fire-result-hit = **träff!**
fire-result-sunk = **{ $report }!**
fire-classic = 🎯 { $shooter } skjuter på **{ $cells }**: { $result }
fire-salvo = 🎯 { $shooter } skjuter på **{ $cells }** (drag { $turn }): { $reports }.
fire-again = { $player } skjuter igen — turen slutar { $deadline }.
fire-last-chance = { $shooter } har sänkt hela din flotta, { $player }! Båda spelarna får lika många drag: det här är ditt sista — sänk alla skepp du också, så blir det oavgjort.
fire-to-move = { $player } står på tur — den slutar { $deadline }.
fire-expect-classic = I Sjöslag skjuter man på en ruta per tur, t.ex. `C4`.
fire-expect-game2000 = I Game 2000 skjuter man på tre rutor per tur, t.ex. `C4 D5 E6`.
err-fire-not-here = Du är inte med i partiet i den här kanalen. Skriv `/{ cmd-status-name }` för att se vilka som är det.

## /board

board-placement = Din flotta (slaget har inte börjat än).
board-battle = Din flotta, och det du vet om fiendens hav.
err-board-not-accepted = Utmaningen har inte antagits än.
err-board-no-fleet = Du har inte placerat någon flotta än. Använd `/{ cmd-place-name }`.

## /status

status-head = **{ $variant }** — { $challenger } mot { $opponent } i { $channel }
status-house-rule = Husregel: upprepade skott nekas.
status-challenge = Väntar på svar från { $opponent } — går ut { $deadline }.
status-placement = Flottorna placeras: { $challenger } { $challenger_state }, { $opponent } { $opponent_state } — placeringen slutar { $deadline }.
status-ready = klar
status-placing = placerar
status-turn = Drag { $turn }: { $player } står på tur — den slutar { $deadline }.
status-over = Partiet är slut.
status-set-aside = Partiet i den här kanalen (parti { $id }) kunde inte läsas efter en uppgradering. Det sparas som det var, inte avslutat, och kommer tillbaka när en version av mig som kan läsa det startar.

## Ending a match

cancel-done = Partiet är avbrutet.
forfeit-done = Du har gett upp partiet.
end-fleet-destroyed = 🏆 { $loser } har förlorat alla sina skepp: { $winner } **vinner**!
end-forfeit = 🏳️ { $loser } ger upp. { $winner } **vinner**.
end-turn-timeout = ⏰ { $loser } lät turen gå ut — den som hoppar över en tur förlorar. { $winner } **vinner**.
end-placement-timeout = ⏰ { $loser } hann inte placera sin flotta i tid. { $winner } **vinner**.
end-draw = 🤝 { $challenger } och { $opponent } sänkte varandras flottor i samma omgång: det blev **oavgjort**!
end-turn-limit = 🤝 { $challenger } och { $opponent } har gjort { $turns } drag var och båda flottorna flyter fortfarande: partiet slutar **oavgjort** vid draggränsen.
end-declined = { $opponent } har avböjt utmaningen från { $challenger }.
end-expired = Utmaningen från { $challenger } till { $opponent } gick ut utan svar.
end-abandoned = Varken { $challenger } eller { $opponent } hann placera i tid; partiet är avbrutet.
end-cancelled = { $player } har avbrutit partiet.
stats-line = { $player }: { $shots ->
    [one] 1 skott
   *[other] { $shots } skott
}, { $hits ->
    [one] 1 träff
   *[other] { $hits } träffar
} ({ $percent } %), { $turns ->
    [one] 1 drag
   *[other] { $turns } drag
}

## Errors of the bot

err-generic = Något gick fel hos mig. Försök igen om en liten stund.
err-parse-input = Jag förstod inte `{ $input }`: { $error }
err-parse = Jag förstod inte det: { $error }
err-stale-button = Den här knappen gör ingenting längre: partiet är slut eller okänt.
err-no-match = Du är inte med i något parti. Starta ett med `/{ cmd-challenge-name }`.
err-no-match-here = Det finns inget parti i den här kanalen. Starta ett med `/{ cmd-challenge-name }`.

## Errors of the rules

err-bounds = { $variant } har kolumnerna A–{ $last } och raderna 1–{ $size }
phase-challenge = partiet väntar på svar på utmaningen
phase-placement = flottorna håller på att placeras
phase-battle = slaget pågår
phase-finished = partiet är slut
err-coord-empty = Ingen ruta angiven: skriv en kolumnbokstav och ett radnummer, t.ex. C4.
err-coord-space = `{ $input }` innehåller ett mellanslag; skriv rutan utan, t.ex. { $suggestion }.
err-coord-malformed = `{ $input }` är ingen ruta: en ruta är en kolumnbokstav följd av ett radnummer, t.ex. C4.
err-coord-off-board = `{ $input }` ligger utanför spelplanen: { $bounds }.
err-ship-not-straight = `{ $ship }` är ingen rak linje: ett skepp ligger längs en rad eller en kolumn, t.ex. A1-A4.
err-ship-off-board = `{ $ship }` går utanför spelplanen.
err-ship-empty = Ett skepp måste täcka minst en ruta.
err-fleet-empty = Inga skepp angivna: skriv skepp som `A1-A4 C1-C3 J10`, åtskilda med mellanslag eller kommatecken.
err-fleet-syntax = `{ $token }` är inget skepp. { $reason }
err-fleet-rules = Den flottan går inte: { $problems }.
err-fleet-more = och { $count } till
err-problem-off-board = { $ship } ligger utanför spelplanen ({ $bounds })
err-problem-too-long = { $ship } är { $len } rutor långt; det längsta skeppet har { $max } rutor
err-problem-overlap = { $a } och { $b } överlappar i { $at }
err-problem-touch = { $a } rör { $b } { $how ->
    [side] sida vid sida
   *[corner] snett i ett hörn
}
err-problem-corner-single = { $cell } är en hörnruta, och i Game 2000 ska hörnen vara tomma
err-problem-corner = { $ship } täcker hörnrutan { $cell }, och i Game 2000 ska hörnen vara tomma
err-problem-along-edge = { $ship } ligger med långsidan längs { $edge ->
    [top] övre
    [bottom] nedre
    [left] vänstra
   *[right] högra
} kanten (Game 2000 förbjuder det för skepp på 2 eller 3 rutor)
err-problem-count = { $len ->
    [one] skepp på 1 ruta
   *[other] skepp på { $len } rutor
}: du har { $have }, flottan ska ha { $need }
err-challenge-self = Du kan inte utmana dig själv. Välj en annan medlem på servern.
err-answer-not-challenged = Bara den utmanade spelaren kan svara på den här utmaningen.
err-answer-not-pending = Utmaningen är redan besvarad ({ $phase }).
err-not-a-player = Du är inte med i det här partiet.
err-place-not-placing = Flottor placeras efter att utmaningen antagits och före slaget ({ $phase }).
err-place-already-ready = Din flotta är redan låst; vänta på din motståndare.
err-place-no-fleet = Placera en flotta först (som text eller slumpvis).
err-place-wrong-variant = Den flottan är för { $fleet }, men det här partiet är { $variant }.
err-fire-not-in-battle = Det finns inget slag att skjuta i ({ $phase }).
err-fire-not-your-turn = Det är inte din tur: { $player } står på tur.
err-fire-shot-count = I { $variant } skjuter man på exakt { $expected ->
    [one] 1 ruta
   *[other] { $expected } rutor
} per tur; du angav { $given }.
err-fire-off-board = { $cell } ligger utanför spelplanen: { $bounds }.
err-fire-already = Du har redan skjutit på { $cell }; välj en ruta du inte har prövat.
err-fire-duplicate = { $cell } står två gånger i den här salvan; ange tre olika rutor.
err-end-over = Det här partiet är redan slut.
err-end-not-started = Utmaningen har inte antagits än: utmanaren kan dra tillbaka den med `/{ cmd-cancel-name }`, och den utmanade kan avböja.
err-end-not-allowed = Bara utmanaren (innan utmaningen antagits) eller en moderator kan avbryta ett parti.

## Words inside pictures (short: they are drawn in headings and legends)

pic-your-fleet = Din flotta
pic-enemy-waters = Fiendens hav
pic-history = Besked
pic-turn = Drag { $n }
pic-ships-left = Skepp kvar
pic-water = vatten
pic-hit-len = längd { $len } träffad
pic-destroyed-len = längd { $len } sänkt
pic-miss = miss
pic-hit = träff
pic-sunk-len = skepp med längden { $len } sänkt
pic-wins = { $name } vinner
pic-draw = Oavgjort
pic-cancelled = Avbrutet
pic-reason-fleet = alla skepp sänkta
pic-reason-forfeit = motståndaren gav upp
pic-reason-timeout = på tid
pic-reason-turn-limit = draggränsen nådd
pic-shots = Skott
pic-hits = Träffar
pic-accuracy = Träffsäkerhet
pic-turns = Drag
pic-percent = { $n } %
pic-afloat = { $afloat } av { $total } skepp flyter
pic-enemy-shots = fiendens skott: { $shots }, träffar: { $hits }
pic-shots-fired = skott: { $shots }, träffar: { $hits }
pic-no-shots = inga skott än
pic-replay-move = Drag { $n } av { $total }: { $name }
pic-replay-sampled = en bild per { $k } drag
pic-replay-alt = Repris av { $a } mot { $b }, { $moves } drag
pic-alt-sunk = Sänkta: { $cells }
pic-alt-hits = Träffade, ännu inte sänkta: { $cells }
pic-alt-misses = Missar: { $cells }
pic-alt-known-water = Vatten runt sänkta skepp: { $cells }
pic-alt-only-water = Vatten (drag utan träff): { $cells }
pic-alt-left-out = Äldre drag utelämnade: { $n }
pic-alt-ships = Skepp: { $ships }
pic-alt-ship-hit = { $ship } (träffat: { $cells })
pic-alt-ship-sunk = { $ship } (sänkt)
pic-alt-enemy-misses = Fiendens missar: { $cells }

## Against the computer

computer-challenge = ⚓ { $human } tar sig an { $computer } (**{ $level }**) i **{ $variant }**. Placera din flotta — förhandsvisningen ser bara du — och tryck sedan på Klar. Placeringen slutar { $deadline }.

## Durable matches
err-storage = Jag kunde inte spara det, så ingenting har ändrats. Försök igen om en stund.
resumed-challenge = ♻️ Jag är tillbaka efter en omstart och partiet fortsätter: { $opponent }, utmaningen från { $challenger } gäller fortfarande och går ut { $deadline }.
resumed-placement = ♻️ Jag är tillbaka efter en omstart och partiet fortsätter: { $challenger } och { $opponent }, placeringen av flottorna slutar { $deadline }.
resumed-battle = ♻️ Jag är tillbaka efter en omstart och partiet fortsätter: { $player } står på tur, turen slutar { $deadline }.
set-aside-note = ⚠️ Efter en uppgradering kan jag inte läsa partiet i den här kanalen (parti { $id }). Det sparas precis som det var, inte avslutat och inte räknat, och kommer tillbaka när en version av mig som kan läsa det startar. Tills dess är kanalen och spelarna fria.
err-busy = Partiet sparar fortfarande sitt senaste drag. Försök igen om en stund.
err-time-up = Tiden är ute: partiet avslutas strax enligt tidsgränsen, så det draget räknas inte längre.
err-missing-permissions = Jag kan inte spela ett parti här, eftersom jag saknar dessa behörigheter i kanalen: { $missing }. Be en moderator att ge dem, eller utmana i en annan kanal.
perm-view-channel = Visa kanal
perm-send-messages = Skicka meddelanden
perm-send-messages-in-threads = Skicka meddelanden i trådar
perm-attach-files = Bifoga filer
perm-embed-links = Bädda in länkar

## /replay

button-replay = Repris
replay-caption = Repris: { $a } mot { $b } · { $variant } · { $moves ->
    [one] 1 drag
   *[other] { $moves } drag
} · parti `{ $id }`
replay-sampled = Partiet var långt: reprisen visar en bild per { $k } drag.
replay-choice = { $a } mot { $b } · { $variant } · { $ago }
ago-now = nyss
ago-minutes = { $n ->
    [one] för 1 minut sedan
   *[other] för { $n } minuter sedan
}
ago-hours = { $n ->
    [one] för 1 timme sedan
   *[other] för { $n } timmar sedan
}
ago-days = { $n ->
    [one] för 1 dag sedan
   *[other] för { $n } dagar sedan
}
err-replay-id = `{ $given }` är inget partinummer. Välj ett av dina partier i listan, eller ange numret som en repris visar.
err-replay-hidden = Det finns ingen repris med numret `{ $id }` som du kan se: kontrollera numret och att partiet är slut. Ett parti visas för sina spelare och, på sin server, för medlemmar som kan se kanalen där det spelades.
err-replay-live = Det partiet pågår fortfarande; reprisen finns när det är slut.
err-replay-no-battle = Inget skott avlossades i det partiet, så det finns inget att visa i repris.
err-replay-cooldown = Du såg en repris nyss. Du kan se nästa om { $seconds ->
    [one] 1 sekund
   *[other] { $seconds } sekunder
}.
err-replay-busy = Många repriser ritas just nu; försök igen om en stund.
err-replay-too-often = Du har bett om flera repriser på kort tid. Fråga igen om { $seconds ->
    [one] 1 sekund
   *[other] { $seconds } sekunder
}.
err-matches-too-often = Du har bett om listan över partier flera gånger på kort tid. Fråga igen om { $seconds ->
    [one] 1 sekund
   *[other] { $seconds } sekunder
}.
err-replay-slow = Discord dröjer med att tala om för mig vem som kan se kanalen för det partiet. Försök igen om en stund.
err-storage-read = Jag kunde inte läsa de sparade partierna just nu. Försök igen om en stund.

## Ratings and statistics

deleted-player = raderad spelare
stats-subtitle = { $variant } · rating
stats-tournaments = Turneringar: { $played ->
    [one] 1 spelad
   *[other] { $played } spelade
}, { $won ->
    [one] 1 vunnen
   *[other] { $won } vunna
}
stats-provisional = preliminär: { $games } av 5 ratingpartier
stats-deviation = ± { $rd }
stats-trend = Rating under { $n ->
    [one] det senaste ratingpartiet
   *[other] de senaste { $n } ratingpartierna
}
stats-trend-empty = Ännu inte tillräckligt många ratingpartier för ett diagram
stats-wins = Vunna
stats-losses = Förlorade
stats-draws = Oavgjorda
stats-accuracy = Träffsäkerhet
stats-to-win-shots = Skott per vinst (snitt)
stats-to-win-turns = Drag per vinst (snitt)
stats-best = Bästa vinst
stats-best-shots = { $n ->
    [one] 1 skott
   *[other] { $n } skott
}
stats-best-turns = { $n ->
    [one] 1 drag
   *[other] { $n } drag
}
stats-streak = Segersvit
stats-longest = Längsta svit
stats-games = Ratingpartier
stats-none = –
stats-percent = { $n } %
stats-computer = Mot datorn
stats-computer-empty = Inga partier mot datorn än
stats-computer-line = { $won ->
    [one] 1 vinst
   *[other] { $won } vinster
} · { $lost ->
    [one] 1 förlust
   *[other] { $lost } förluster
}{ $drawn ->
    [0] {""}
    [one] {" "}· 1 oavgjort
   *[other] {" "}· { $drawn } oavgjorda
}
stats-alt = Statistik för { $name }, { $variant }: rating { $rating }{ $provisional ->
    [yes] {" "}(preliminär)
   *[no] {""}
}, { $wins ->
    [one] 1 vinst
   *[other] { $wins } vinster
}, { $losses ->
    [one] 1 förlust
   *[other] { $losses } förluster
}, { $draws ->
    [one] 1 oavgjort
   *[other] { $draws } oavgjorda
}, träffsäkerhet { $accuracy }, segersvit { $streak }, längsta { $longest }.
stats-nothing = { $name } har inte spelat klart något parti i { $variant } än.

## Leaderboard

board-title = Topplista · { $variant }
board-subtitle = { $server } · sida { $page } av { $pages }
board-col-rank = #
board-col-player = Spelare
board-col-rating = Rating
board-col-record = V–F–O
board-provisional = Preliminär (färre än 5 ratingpartier)
board-empty = Ingen har spelat ett ratingparti i { $variant } på den här servern än.
board-alt = Topplista för { $variant }, sida { $page } av { $pages }: { $lines }.
board-this-server = den här servern
button-previous = Föregående
button-next = Nästa
err-leaderboard-dm = En servers topplista förs bara på servrar som har lagt till botten. Här visar `/{ cmd-leaderboard-name } { cmd-leaderboard-opt-scope-name }:Global` den globala.
err-leaderboard-global-season = Den globala topplistan har inga säsonger (du angav `{ $given }`): säsonger hör till en server. Utelämna `{ cmd-leaderboard-opt-season-name }:` här, eller be om säsongen på den server den hör till.
board-global = Global · alla som har valt att vara med, var de än spelar
board-global-empty = Ingen står på den globala topplistan för { $variant } än.
board-global-note = Här står bara medlemmar som själva har valt det: `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Synlig` lägger till dig, `:Dold` tar bort dig.
# Rating seasons on the leaderboard (issue 39)
season-choice-current = Den aktuella säsongen
season-choice-all = Genom tiderna (total rating)
season-choice-past = Säsong { $number }: { $season }
season-name-month = { $month } { $year }
season-name-quarter = Q{ $quarter } { $year }
month-1 = januari
month-2 = februari
month-3 = mars
month-4 = april
month-5 = maj
month-6 = juni
month-7 = juli
month-8 = augusti
month-9 = september
month-10 = oktober
month-11 = november
month-12 = december
board-season-title = Säsong { $number } · { $season } · { $variant }
board-season-subtitle = { $server } · { $dates } · sida { $page } av { $pages }
board-season-subtitle-final = { $server } · { $dates } · sluttabell · sida { $page } av { $pages }
board-season-provisional = Preliminär (färre än { $games } ratingpartier den här säsongen)
board-season-empty = Ingen har spelat ett ratingparti i { $variant } den här säsongen än.
board-season-gap = (borttagen)
board-season-alt = Säsong { $number } ({ $season }) i { $variant }, sida { $page } av { $pages }: { $lines }.
err-leaderboard-season-off = Säsonger är avstängda på den här servern: se `{ cmd-leaderboard-opt-season-name }:alla`, eller en tidigare säsong med dess nummer.
err-leaderboard-season-unknown = `{ $given }` är ingen säsong på den här servern: skriv `aktuell`, `alla` eller numret på en tidigare säsong (börja skriva för att välja en).
# The end of a rating season (issue 39)
season-end-title = 🏆 **Säsong { $number } · { $season }** är slut.
season-end-empty = Ingen spelade ett ratingparti den här säsongen.
season-end-champion = **{ $variant }**: mästare { $champion } med { $rating }.
season-end-no-champion = **{ $variant }**: ingen mästare (ingen spelade 5 ratingpartier den här säsongen).
season-end-line = { $rank }. { $name } · { $rating } · { $won ->
    [one] 1 vinst
   *[other] { $won } vinster
}, { $lost ->
    [one] 1 förlust
   *[other] { $lost } förluster
}, { $drawn ->
    [one] 1 oavgjort
   *[other] { $drawn } oavgjorda
}
season-end-gap = { $rank }. (borttagen)
season-end-active = mest aktiv: { $name } ({ $games ->
    [one] 1 parti
   *[other] { $games } partier
})
season-end-active-none = mest aktiv: ingen
season-end-figures = { $matches ->
    [one] 1 parti spelat
   *[other] { $matches } partier spelade
} av { $players ->
    [one] 1 medlem
   *[other] { $players } medlemmar
}; { $active }.
season-end-more = Hela sluttabellen: `/{ cmd-leaderboard-name } { cmd-leaderboard-opt-season-name }:{ $number }`.
stats-champion = Mästare, { $season }, { $variant }
stats-champion-more = { $title } (+{ $more } till)

## History

history-title = **Senaste partierna för { $name }**
history-empty = { $name } har inga avslutade partier än.
history-line = { $date } · { $variant } · mot { $opponent } · **{ $result }** ({ $how }) · { $count } · parti `{ $id }`
history-win = vinst
history-loss = förlust
history-draw = oavgjort
history-how-sunk = alla skepp sänkta
history-how-draw = båda flottorna sänkta
history-how-forfeit = uppgivet parti
history-how-timeout = tiden gick ut
history-computer = datorn ({ $level })
history-shots = { $n ->
    [one] 1 skott
   *[other] { $n } skott
}
history-turns = { $n ->
    [one] 1 drag
   *[other] { $n } drag
}

err-history-dm = En annan medlems partier kan bara visas på en server (de partier som spelats där). Använd `/{ cmd-history-name }` utan medlem här för att se dina egna.

## Rematch

button-rematch = Revansch
button-last-fleet = Förra flottan
series-line = Inbördes: { $a } **{ $wa } – { $wb }** { $b }{ $draws ->
    [0] {""}
    [one] , 1 oavgjort
   *[other] , { $draws } oavgjorda
}
rematch-waiting = 🔁 { $player } vill ha revansch. { $other }, tryck på **Revansch** under resultatet för att spela igen (erbjudandet går ut { $deadline }).
rematch-started =
    🔁 Revansch: { $challenger } mot { $opponent } — **{ $variant }**.
    Placera era flottor i hemlighet (jag har skickat en privat förhandsvisning till var och en av er; **Förra flottan** återanvänder flottan från förra partiet). Placeringen slutar { $deadline }.
rematch-started-computer =
    🔁 Revansch: { $challenger } mot { $opponent } — **{ $variant }**.
    Placera din flotta i hemlighet (din privata förhandsvisning är på väg; **Förra flottan** återanvänder flottan från förra partiet). Placeringen slutar { $deadline }.
rematch-first = Den här gången skjuter { $player } först.
err-rematch-unavailable = Det partiet kan inte få någon revansch: bara ett parti som har spelats klart kan spelas igen.
err-rematch-not-player = Bara spelarna i det partiet kan begära revansch.
err-rematch-expired = Tiden för att begära revansch har gått ut. Starta ett nytt parti med `/{ cmd-challenge-name }`.
err-rematch-started = Revanschen har redan börjat.
err-rematch-channel = Partier kan inte längre startas i den här kanalen, så det blir ingen revansch här. De kan startas i: { $channels }; utmana igen där med `/{ cmd-challenge-name }`.
err-rematch-pace = På den här servern spelas det inte längre i tempot { $pace }, så det här partiet kan inte spelas igen. Starta ett nytt parti med `/{ cmd-challenge-name }` i ett av dessa tempon: { $paces }.
err-last-fleet = Det finns ingen flotta från ett tidigare parti att återanvända.

## Privacy

privacy-info = **Vad Broadside sparar**
    • Varje parti: spelarna (Discord-användar-id:n och visningsnamn), server och kanal, flottorna, varje skott och resultatet. Avslutade partier sparas för historik, statistik och repriser.
    • Per medlem och regeluppsättning: en rating, antal vunna, förlorade och oavgjorda partier och, för varje parti som spelats klart, skott, träffar och drag.
    • Per medlem: det senast sedda visningsnamnet, för topplistorna, och vem som tryckte på **Revansch** under vilket parti.
    • Per medlem: om medlemmen har stängt av påminnelserna om dagliga partier. En servers inställningar innehåller kanaler men inga medlemmar.
    • Medan en påminnelse skickas: partiet och vilken påminnelse det är, i högst två minuter. En påminnelse räknas som skickad när dess DM har gått iväg; stannar botten just då kan den påminnelsen komma två gånger.
    • Bara i minnet: hur en medlem brukar placera sina skepp. Datorn på nivån Svår lär sig det från flottorna i medlemmens avslutade partier (aldrig från ett pågående parti) och bygger upp det igen utifrån partierna efter en omstart.
    • Dagens hav: dina skott per dag och regeluppsättning, när du blev klar, dina sviter, servrarna du spelade på och om du vill ha påminnelsen. Dagar som är över sparas för tabellerna; raderar du dina data raderas de också.
    • Inget annat: inga meddelanden, inga e-postadresser, inget utanför partierna.
    Allt sparas så länge bottens databas sparas (det avgör serverns administratör); inget skickas någon annanstans.
    Använd `/{ cmd-privacy-name } { cmd-privacy-delete-name }` för att radera dina ratingar och din statistik; i avslutade partier ersätts då ditt namn och id med "raderad spelare" (den andra spelaren behåller sina resultat).
privacy-confirm = Det här raderar dina ratingar och din statistik på alla servrar och ersätter ditt namn i varje avslutat parti med "raderad spelare". Det går inte att ångra. Tryck på **Radera mina uppgifter** för att bekräfta.
button-privacy-delete = Radera mina uppgifter
privacy-done = Klart: dina ratingar och din statistik är raderade{ $n ->
    [0] {"."}
    [one] , och i 1 avslutat parti är du nu "raderad spelare".
   *[other] , och i { $n } avslutade partier är du nu "raderad spelare".
}
err-privacy-playing = Du spelar ett parti, eller så står en utmaning till dig fortfarande öppen: spela klart, avböj eller ge upp först, och radera sedan dina uppgifter.
err-privacy-not-yours = Den här knappen tillhör medlemmen som frågade; använd `/{ cmd-privacy-name } { cmd-privacy-delete-name }` själv.
privacy-info-listed = • Den globala topplistan: du **står på den** med ditt namn och dina ratingar. `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Dold` tar bort dig.
privacy-info-hidden = • Den globala topplistan: du **står inte på den** (standard). `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Synlig` visar ditt namn och dina ratingar där.
privacy-listed = Klart: ditt namn och dina ratingar visas nu på den globala topplistan, i varje regeluppsättning du har en rating i. Servrarnas topplistor ändras inte. `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Dold` tar bort dig igen.
privacy-hidden = Klart: du står inte på den globala topplistan. Servrarnas topplistor ändras inte.

## Servers: settings, paces, threads, reminders, live matches

choice-pace-blitz = Blixt
choice-pace-standard = Standard
choice-pace-daily = Daglig
choice-language-server = Serverns språk
choice-language-en-US = English
choice-language-nl = Nederlands
choice-language-da = Dansk
choice-language-sv-SE = Svenska
choice-default_rules-classic = Sjöslag (klassiskt)
choice-default_rules-game2000 = Game 2000 (holländskt Zeeslag)
language-name = Svenska
duration-seconds =
    { $n ->
        [one] 1 sekund
       *[other] { $n } sekunder
    }
duration-minutes =
    { $n ->
        [one] 1 minut
       *[other] { $n } minuter
    }
duration-hours =
    { $n ->
        [one] 1 timme
       *[other] { $n } timmar
    }
pace-line = ⏱ Tempo: **{ $pace }**, { $turn } per tur.
err-channel-not-allowed = På den här servern startas inga partier i den här kanalen. Partier kan startas i: { $channels }.
err-pace-not-allowed = På den här servern spelas det inte i tempot { $pace }. Välj bland: { $paces }.
challenge-no-thread = På den här servern spelas varje parti i en egen tråd, men jag får inte öppna trådar i den här kanalen (jag saknar **Skapa offentliga trådar**), så det här partiet spelas i stället här i kanalen. Be serverns administratörer att ge mig den behörigheten här.
thread-name = { $a } mot { $b } · { $variant }
thread-failed = Jag kunde inte öppna en tråd för det här partiet, så det spelas här i kanalen.
thread-summary-won = 🏁 { $winner } besegrade { $loser } — partiet och de avslöjade flottorna finns i { $thread }.
thread-summary-draw = 🏁 { $challenger } och { $opponent } spelade oavgjort — partiet och de avslöjade flottorna finns i { $thread }.
thread-summary-over = 🏁 Partiet mellan { $challenger } och { $opponent } är slut — se { $thread }.
reminder-half = ⏰ Halva din tur har gått i ditt dagliga parti mot { $opponent } (**{ $variant }**): den slutar { $deadline }. { $link }
reminder-hour = ⏰ Din tur i ditt dagliga parti mot { $opponent } (**{ $variant }**) slutar inom en timme, { $deadline }: den som hoppar över en tur förlorar. { $link }
button-reminders-off = Stäng av påminnelser
button-reminders-on = Påminn mig igen
reminders-off-done = Påminnelserna är avstängda: jag påminner dig inte längre om dina dagliga partier. Slå på dem igen med `/{ cmd-reminders-name } { cmd-reminders-opt-on-name }:True`.
reminders-on-done = Påminnelserna är påslagna: i ett dagligt parti skickar jag ett direktmeddelande till dig när halva din tur har gått, och igen en timme innan den slutar.
settings-title = ⚙️ **Broadside på den här servern**
settings-rules = Standardregler (när en utmaning inte själv väljer): **{ $rules }**; upprepade skott { $repeats }.
settings-repeats-forbidden = förbjudna
settings-repeats-allowed = tillåtna
settings-pace = Standardtempo (när en utmaning inte själv väljer): **{ $pace }**; medlemmar kan välja { $paces }.
settings-threads-on = Trådar: **på**, varje antagen utmaning spelas i en egen tråd.
settings-threads-off = Trådar: **av**, partier spelas i kanalen där de startades.
settings-threads-missing = ⚠️ Jag saknar **Skapa offentliga trådar** i den här kanalen: partier som startas här spelas i kanalen.
settings-channels-all = Kanaler: partier kan startas i alla kanaler.
settings-channels = Kanaler: partier kan startas i { $channels }.
settings-language-server = Språk i offentliga texter: serverns eget ({ $language }).
settings-language = Språk i offentliga texter: **{ $language }**.
settings-rated-on = Ratingpartier: **ja**, partierna här räknas in i rating, statistik och topplistor.
settings-rated-off = Ratingpartier: **nej**, partier mellan medlemmar räknas här inte in i rating, statistik eller topplistor.
settings-how = Ändra dem med `/{ cmd-settings-name } { cmd-settings-set-name }`; `/{ cmd-settings-name } { cmd-settings-reset-name }` återställer alla.
settings-saved = ✅ Sparat, och gäller genast.
settings-reset-ask = Vill du återställa alla inställningar för den här servern? Tryck på **Återställ** för att bekräfta.
button-settings-reset = Återställ
settings-reset-done = Alla inställningar för den här servern är återställda.
err-settings-permission = Bara medlemmar med behörigheten **Hantera server** kan se och ändra inställningarna.
err-settings-nothing = Ange minst en inställning att ändra, t.ex. `{ cmd-settings-set-opt-threads-name }:True`.
err-settings-no-pace = Minst ett tempo måste vara tillåtet.
err-settings-pace-not-allowed = Standardtempot { $pace } måste vara ett av de tillåtna tempona: tillåt det också.
err-settings-paces = `{ $given }` är ingen lista med tempon: skriv ett eller flera av `blixt`, `standard` och `daglig`, t.ex. `blixt daglig`.
err-settings-channels = `{ $given }` är inte en lista med kanaler: nämn kanalerna (`#spel #blixt`), eller skriv `alla` för alla kanaler.
err-settings-channels-many = Det är fler än { $most } kanaler: nämn högst { $most }, eller skriv `alla` för alla kanaler.
err-settings-channels-foreign = Kanalen `{ $channel }` hör inte till den här servern: nämn den här serverns kanaler (`#spel`).
err-settings-channel-unchecked = Jag kunde inte kontrollera att `{ $channel }` är en kanal på den här servern (Discord svarade inte i tid). Försök igen om en stund.
matches-title = 🌊 **Pågående partier på den här servern som du kan titta på** ({ $total }):
matches-line = • { $challenger } mot { $opponent } · { $variant } · { $pace } · { $state } · { $channel }
matches-state-challenge = väntar på svar från { $player }, går ut { $deadline }
matches-state-placement = placerar flottor, slutar { $deadline }
matches-state-turn = { $player } står på tur, turen slutar { $deadline }
matches-page = Sida { $page } av { $pages }
matches-empty = Inget parti spelas just nu i de kanaler du kan se på den här servern. Starta ett med `/{ cmd-challenge-name }`.
cmd-challenge-opt-pace-name = tempo
cmd-challenge-opt-pace-desc = Hur snabbt: blixt (60 s per tur), standard (5 min) eller daglig (en dag, med påminnelser)
cmd-matches-name = partier
cmd-matches-desc = Visa serverns pågående partier: vem som spelar, vems tur det är och var man kan titta
cmd-matches-help = Bara du ser svaret. Det visar partierna i de kanaler du kan se (aldrig dem i privata trådar), vart och ett med en länk till partiets kanal eller tråd.
cmd-reminders-name = påminnelser
cmd-reminders-desc = Slå på eller av påminnelser om dina dagliga partier
cmd-reminders-help = I ett dagligt parti skickar jag ett direktmeddelande till den som står på tur när halva turen har gått, och igen en timme innan den slutar.
cmd-reminders-opt-on-name = på
cmd-reminders-opt-on-desc = True: påminn mig; False: inga påminnelser
cmd-settings-name = inställningar
cmd-settings-desc = Ställ in hur botten spelar på den här servern (behörigheten Hantera server)
cmd-settings-help = Inställningar gäller genast och sparas i databasen. Bara medlemmar med behörigheten **Hantera server** kan använda kommandot.
cmd-settings-show-name = visa
cmd-settings-show-desc = Visa alla inställningar för servern och deras värden (privat)
cmd-settings-set-name = ändra
cmd-settings-set-desc = Ändra en eller flera inställningar för servern
cmd-settings-reset-name = återställ
cmd-settings-reset-desc = Återställ alla inställningar för servern (efter en bekräftelse)
cmd-settings-set-opt-default_rules-name = standardregler
cmd-settings-set-opt-default_rules-desc = Reglerna för en utmaning som inte själv väljer några
cmd-settings-set-opt-forbid_repeats-name = förbjud_upprepning
cmd-settings-set-opt-forbid_repeats-desc = Husregel i Game 2000 när utmaningen inte själv väljer: förbjud upprepade skott
cmd-settings-set-opt-pace-name = tempo
cmd-settings-set-opt-pace-desc = Tempot för en utmaning som inte själv väljer något
cmd-settings-set-opt-paces-name = tempon
cmd-settings-set-opt-paces-desc = De tempon medlemmarna kan välja, t.ex.: blixt daglig
cmd-settings-set-opt-threads-name = trådar
cmd-settings-set-opt-threads-desc = En egen tråd för varje antagen utmaning
cmd-settings-set-opt-channels-name = kanaler
cmd-settings-set-opt-channels-desc = Var partier får starta (nämn kanalerna), eller: alla
cmd-settings-set-opt-language-name = språk
cmd-settings-set-opt-language-desc = Språket i offentliga texter
cmd-settings-set-opt-rated-name = rating
cmd-settings-set-opt-rated-desc = Om partier här räknas in i rating och topplistor

## Tournaments
cmd-tournament-name = turnering
cmd-tournament-desc = Schweizerturneringar i den här kanalen
cmd-tournament-help = En schweizerturnering: alla spelar varje rond mot någon med liknande poäng, aldrig mot samma motståndare två gånger. Vinst 1, oavgjort ½, förlust 0; en frirond ger 1 poäng. Vid lika poäng avgör Buchholz Cut-1, Sonneborn–Berger, antal vinster och rating. Varje parti spelas i en egen tråd; den som aldrig skjuter i en ronds parti förlorar det och är ute ur de senare ronderna.
cmd-tournament-create-name = skapa
cmd-tournament-create-desc = Skapa en schweizerturnering i den här kanalen (Hantera server eller turneringsrollen)
cmd-tournament-create-opt-name-name = namn
cmd-tournament-create-opt-name-desc = Turneringens namn
cmd-tournament-create-opt-rules-name = regler
cmd-tournament-create-opt-rules-desc = Partiernas regeluppsättning
cmd-tournament-create-opt-rounds-name = ronder
cmd-tournament-create-opt-rounds-desc = Hur många ronder (1 till 15)
cmd-tournament-create-opt-pace-name = tempo
cmd-tournament-create-opt-pace-desc = Hur fort partierna går: blixt, standard eller daglig
cmd-tournament-create-opt-starts-name = starttid
cmd-tournament-create-opt-starts-desc = När den börjar: en Discord-tid, om 2 timmar, om 30 min, i morgon 20:00
cmd-tournament-create-opt-max_players-name = max_spelare
cmd-tournament-create-opt-max_players-desc = Högsta antal spelare (4 till 256; standard 64)
cmd-tournament-join-name = delta
cmd-tournament-join-desc = Delta i en turnering i den här kanalen
cmd-tournament-join-opt-tournament-name = vilken_turnering
cmd-tournament-join-opt-tournament-desc = Vilken turnering, om kanalen har flera
cmd-tournament-leave-name = lämna
cmd-tournament-leave-desc = Lämna en turnering (efter start: från nästa rond)
cmd-tournament-leave-opt-tournament-name = vilken_turnering
cmd-tournament-leave-opt-tournament-desc = Vilken turnering, om kanalen har flera
cmd-tournament-start-name = starta
cmd-tournament-start-desc = Starta din turnering nu utan att vänta på starttiden
cmd-tournament-start-opt-tournament-name = vilken_turnering
cmd-tournament-start-opt-tournament-desc = Vilken turnering, om kanalen har flera
cmd-tournament-standings-name = ställning
cmd-tournament-standings-desc = Visa ställningen i en turnering i den här kanalen
cmd-tournament-standings-opt-tournament-name = vilken_turnering
cmd-tournament-standings-opt-tournament-desc = Vilken turnering, om kanalen har flera
cmd-tournament-standings-opt-page-name = sida
cmd-tournament-standings-opt-page-desc = Vilken sida (32 spelare per sida)
cmd-tournament-cancel-name = ställ_in
cmd-tournament-cancel-desc = Ställ in en turnering (den som skapade den, eller Hantera server)
cmd-tournament-cancel-opt-tournament-name = vilken_turnering
cmd-tournament-cancel-opt-tournament-desc = Vilken turnering, om kanalen har flera
choice-rules-classic = Sjöslag (klassiskt)
choice-rules-game2000 = Game 2000 (holländskt Zeeslag)
cmd-settings-set-opt-timezone-name = tidszon
cmd-settings-set-opt-timezone-desc = Serverns tidszon för turneringars starttider och för säsonger, t.ex. Europe/Stockholm
cmd-settings-set-opt-tournament_role-name = turneringsroll
cmd-settings-set-opt-tournament_role-desc = Medlemmar med den här rollen får skapa turneringar
settings-timezone = Tidszon: **{ $zone }** (för turneringars starttider, t.ex. `i morgon 20:00`, och för säsonger).
settings-timezone-utc = Tidszon: **UTC** (för turneringars starttider, t.ex. `i morgon 20:00`, och för säsonger).
settings-tournament-role = Turneringar: skapas av medlemmar med behörigheten **Hantera server** och av { $role }.
settings-tournament-role-none = Turneringar: skapas av medlemmar med behörigheten **Hantera server**.
err-settings-timezone = `{ $given }` är ingen tidszon jag känner till: ge ett IANA-namn, t.ex. `Europe/Stockholm` eller `America/New_York` (börja skriva för att välja en).
# Rating seasons in the settings (issue 39)
cmd-settings-set-opt-season-name = säsong
cmd-settings-set-opt-season-desc = Ratingsäsonger: av, varje månad eller varje kvartal
cmd-settings-set-opt-season_channel-name = säsongskanal
cmd-settings-set-opt-season_channel-desc = Var en säsongs slut meddelas (en kanal), eller: ingen
choice-season-off = Av
choice-season-monthly = Varje månad
choice-season-quarterly = Varje kvartal
settings-season-on = Säsonger: **{ $cadence }**, från första dagen kl. 00:00 i tidszonen; slutet meddelas i { $channel }.
settings-season-nowhere = ingen kanal (ställ in `{ cmd-settings-set-opt-season_channel-name }`)
settings-season-off = Säsonger: **av**, en enda topplista som aldrig nollställs.
err-settings-season-channel = `{ $given }` är inte en enda kanal: ange en kanal på den här servern (`#resultat`), eller skriv `ingen`.
tournament-header = 🏆 Turnering **{ $name }**, rond { $round }
tournament-signup-title = 🏆 **{ $name }**: en schweizerturnering
tournament-signup-rules = { $variant }, tempo { $pace }, { $rounds ->
    [one] 1 rond
   *[other] { $rounds } ronder
}.
tournament-signup-starts = Den börjar { $start }.
tournament-signup-starts-creator = Den börjar när { $creator } startar den.
tournament-signup-count = Spelare: **{ $count }** av högst { $max }.
tournament-signup-no-show = Uteblivande: den som aldrig skjuter i en ronds parti förlorar det och är ute ur de senare ronderna.
tournament-signup-open = Tryck **Delta** för att spela (eller **Lämna**); varje parti spelas i en egen tråd.
tournament-signup-closed = Anmälan är stängd: ronderna spelas.
tournament-signup-finished = Turneringen är slut.
tournament-signup-too-few = Inställd: färre än { $least } spelare anmälde sig.
tournament-signup-cancelled = Inställd.
button-tournament-join = Delta
button-tournament-leave = Lämna
tournament-joined = Du är med i **{ $name }**. Dina partier öppnas i egna trådar, och där pingar jag dig.
tournament-left = Du har lämnat **{ $name }**.
tournament-withdrawn = Du har lämnat **{ $name }**: du lottas inte längre från och med rond { $round } (ett parti du spelar nu fortsätter).
tournament-started-you = **{ $name }** har börjat.
tournament-called-off-you = **{ $name }** startade inte: färre än { $least } spelare anmälde sig, så den är inställd.
tournament-paused-you = **{ $name }** kunde inte lottas, så den är pausad. Försök med `/{ cmd-tournament-name } { cmd-tournament-start-name }` igen senare.
tournament-starting-you = **{ $name }** startas nu; lottningen kommer i kanalen.
tournament-cancelled = 🏆 **{ $name }** är inställd. Partier som pågår fortsätter som vanliga partier.
tournament-cancelled-you = Du har ställt in **{ $name }**.
tournament-called-off = 🏆 **{ $name }** är inställd: färre än { $least } spelare anmälde sig.
tournament-round-paired = 🏆 **{ $name }**: rond { $round } av { $rounds }
tournament-board = Bord { $board }: { $white } (skjuter först) mot { $black }
tournament-bye = Frirond: { $player } (1 poäng)
tournament-busy = { $player } spelar fortfarande ett annat parti: bord { $board } mot { $other } börjar så snart det är slut. Har det fortfarande inte börjat { $deadline } förlorar { $player } rondens parti på walkover.
tournament-round-deadline = Ronden slutar { $deadline }; partier som fortfarande pågår då slutar på tid.
tournament-thread-name = { $name } · R{ $round } · { $a } mot { $b }
tournament-match-start = { $white } skjuter först mot { $black }. Placera era flottor (förhandsvisningarna finns i era direktmeddelanden, eller använd `/{ cmd-place-name }`); placeringen slutar { $deadline }.
tournament-paused = 🏆 **{ $name }** är pausad: nästa rond kunde inte lottas. { $creator } kan fortsätta med `/{ cmd-tournament-name } { cmd-tournament-start-name }`.
tournament-paused-creator = Din turnering **{ $name }** är pausad: jag kunde inte lotta nästa rond i tid. Använd `/{ cmd-tournament-name } { cmd-tournament-start-name }` i dess kanal för att försöka igen.
tournament-standings-title = 🏆 **{ $name }**: ställning efter rond { $round } av { $rounds }
tournament-standings-final = 🏆 **{ $name }**: slutställning efter { $round } av { $rounds ->
    [one] 1 rond
   *[other] { $rounds } ronder
}
tournament-standings-page = (sida { $page } av { $pages })
tournament-standings-key = Kolumner: plats, namn, poäng, Buchholz Cut-1, Sonneborn–Berger, vinster-oavgjorda-förluster, sedan varje rond: motståndarens plats, w (sköt först) eller b (sköt sist), och + vann, = oavgjort, - förlorade (F: walkover).
# A round cell of the standings for the pairing bye (fits a cell of about 6 letters).
tournament-cell-bye = fri
# After a player's line in the standings text, when they left the tournament (one word).
tournament-out = (utgått)
tournament-standings-subtitle = Ställning efter rond { $round } av { $rounds }
tournament-standings-subtitle-final = Slutställning efter { $round } av { $rounds ->
    [one] 1 rond
   *[other] { $rounds } ronder
}
tournament-col-name = Spelare
tournament-col-points = Poäng
tournament-col-cut1 = BH-1
tournament-col-sb = SB
tournament-col-record = V-O-F
tournament-col-round = R{ $round }
tournament-standings-alt = Ställningen i { $name } efter rond { $round }: { $lines }.
tournament-standings-alt-line = { $rank }. { $player }, { $count ->
   *[other] { $points } poäng
}
tournament-winner = 🥇 { $player } vinner **{ $name }**!
err-tournament-permission = Bara medlemmar med behörigheten **Hantera server** eller med serverns turneringsroll kan skapa turneringar.
err-tournament-threads = Jag kan inte hålla en turnering här: för partierna behöver jag **Skapa offentliga trådar** och **Skicka meddelanden i trådar** i den här kanalen.
err-tournament-unknown = Den turneringen finns inte i den här kanalen. Börja skriva i `{ cmd-tournament-join-opt-tournament-name }:` för att välja en.
err-tournament-none-here = Den här kanalen har ingen öppen turnering. Skapa en med `/{ cmd-tournament-name } { cmd-tournament-create-name }`.
err-tournament-several = Den här kanalen har flera turneringar ({ $names }): välj en med `{ cmd-tournament-join-opt-tournament-name }:`.
err-tournament-several-more = Den här kanalen har flera turneringar ({ $names } och { $more } till): välj en med `{ cmd-tournament-join-opt-tournament-name }:`.
err-tournament-name = En turnerings namn ska ha 1 till { $most } tecken.
err-tournament-rounds = { $given } ronder går inte: en turnering har 1 till { $most } ronder.
err-tournament-max-players = { $given ->
    [one] 1 spelare
   *[other] { $given } spelare
} går inte: en turnering har plats för { $least } till { $most } spelare.
err-tournament-full = Turneringen är full: alla { $max } platser är tagna.
err-tournament-joined = Du är redan med i den här turneringen.
err-tournament-not-joined = Du är inte med i den här turneringen.
err-tournament-started = Turneringen har redan börjat: anmälan är stängd.
err-tournament-over = Turneringen är slut.
err-tournament-not-creator = Bara medlemmen som skapade turneringen kan göra det.
err-tournament-start-passed = Starttiden har passerat: den börjar av sig själv.
err-tournament-when = Jag kan inte läsa `{ $given }` som starttid. Skriv t.ex. `om 2 timmar`, `om 30 min`, `i morgon 20:00` (i { $zone }) eller en Discord-tid, t.ex. `<t:1767225600>`.
err-tournament-when-past = `{ $given }` har redan passerat ({ $zone }): ange en tid i framtiden, t.ex. `om 2 timmar` eller `i morgon 20:00`.
err-tournament-when-far = `{ $given }` ligger mer än 90 dagar fram i tiden ({ $zone }): ange en tidigare tid, t.ex. `om 2 timmar` eller `i morgon 20:00`.

## Editor

button-edit = Redigera
editor-prompt =
    ✏️ Flottredigerare för partiet **{ $variant }** i { $channel } (bara du kan se den).
    Placerade { $placed } av { $total }: { $fleet }
editor-no-ships = inga skepp än
editor-selected = Valt: **{ $ship }**, fören på **{ $cell }**.
editor-how = Välj ett skepp, sedan kolumnen och raden för fören, och tryck **Höger** eller **Ner**. Det valda skeppets för kan inte ligga på en skrafferad ruta.
editor-complete = Alla skepp är placerade: **Klar** låser flottan. Om du vill flytta ett skepp, välj det och placera det igen.
editor-alt = Flottredigerare: { $placed } av { $total } skepp placerade ({ $fleet }). Valt: { $ship }, fören på { $cell }. Fören kan inte ligga på skrafferade rutor.
editor-ship-option = { $ship } · { $len ->
    [one] 1 ruta
   *[other] { $len } rutor
}
editor-ship-plain = Skepp · { $len ->
    [one] 1 ruta
   *[other] { $len } rutor
}
editor-ship-placed = på { $ship }
editor-ship-unplaced = inte placerat än
editor-ship-placeholder = Skepp att placera
editor-column = Kolumn { $col }
editor-column-placeholder = Förens kolumn
editor-row = Rad { $row }
editor-row-placeholder = Förens rad
editor-button-right = Höger
editor-button-down = Ner
editor-button-remove = Ta bort skepp
editor-button-rest = Slumpa resten
editor-button-clear = Ta bort alla
err-editor-no-ship = Den här redigeraren är inaktuell: välj skeppet igen.
err-editor-bow-off-sea = { $cell } ligger utanför havet: { $bounds }.
err-editor-off-sea = { $ship } med fören på { $cell } går utanför havet { $way ->
    [right] åt höger
   *[down] nedåt
}. Välj en annan ruta eller den andra riktningen.
err-editor-not-placed = { $ship } är inte på havet: det finns inget att ta bort.
err-editor-all-placed = Alla skepp är redan placerade. Om du vill flytta ett, välj det och placera det igen, eller tryck Klar.
err-editor-no-room = Det finns ingen plats kvar för de andra skeppen. Flytta eller ta bort några först.
err-editor-incomplete = { $missing ->
    [one] Ett skepp återstår att placera: placera det
   *[other] { $missing } skepp återstår att placera: placera dem
}, eller tryck **Slumpa resten**.
fire-complete-no-match = Du spelar inget parti i den här kanalen.
fire-complete-not-battle = Slaget har inte börjat än.
fire-complete-not-your-turn = Det är inte din tur än: vänta på motståndarens drag.
fire-complete-time-up = Tiden för det här draget är ute.

## Review 36

err-several-here = Flera utmaningar i den här kanalen väntar på sina trådar, så jag vet inte vilken du menar. `/{ cmd-matches-name }` visar dem, och var och en besvaras med knapparna under den.
thread-unused = 🧭 Den här tråden används inte: partiet mellan { $challenger } och { $opponent } spelas i { $channel }.

## Play anywhere (issue 38)

challenge-install-hint = { $opponent }, för att spela här behöver du Broadside bland dina egna appar (först då kan du använda kommandona här): { $link }
err-challenge-private-answers = Här skulle bara du se mina svar: den här servern har inte lagt till Broadside, och **Använd externa appar** är avstängt för dig, så Discord visar bara för dig svaren från en app som du själv har lagt till. Ingen annan skulle kunna följa ett parti, så jag startar inget här. Be serverns administratörer att slå på Använd externa appar för din roll (eller i den här kanalen) eller att lägga till Broadside på servern — eller spela i ett DM eller ett grupp-DM.
err-challenge-bot-dm = Bara du ser vårt DM, så ingen annan kan svara på en utmaning här. Utmana en annan medlem på en server, i ett DM med hen eller i ett grupp-DM; här kan du spela mot mig.

## Aim panel (the daily sea's and a match's)

button-fire = Skjut
aim-line = Välj en kolumn och en rad och skjut. Du siktar på **{ $cell }**.
aim-line-salvo = Välj tre rutor: sikta med kolumnen och raden, tryck på Lägg till för varje ruta och skjut sedan. Du siktar på **{ $cell }** · salva ({ $count }/3): { $salvo }
aim-salvo-empty = inga än
aim-column-placeholder = Kolumn att sikta på
aim-row-placeholder = Rad att sikta på
aim-button-fire-at = Skjut på { $cell }
aim-button-add = Lägg till { $cell }
aim-button-remove = Ta bort { $cell }
aim-button-clear = Rensa
aim-button-fire-salvo = Skjut ({ $count }/3)
aim-match-heading = 🎯 Det är din tur i partiet **{ $variant }**: turen slutar { $deadline }. Bara du ser den här panelen.
aim-match-turn-over = Din tur är slut: { $player } står på tur. När det är din tur igen öppnar knappen **Skjut** under det meddelandet en ny panel.
aim-match-over = Partiet är slut.
err-aim-fired = Du har redan skjutit på { $cell }: välj en annan ruta. Inget skott avlossades.
err-aim-salvo-full = Salvan har redan tre rutor: avfyra den, eller ta först bort en.
