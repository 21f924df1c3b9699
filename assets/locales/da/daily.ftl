## The daily sea (issue 52): /daily play, fire, standings, remind, the aim panel and Share.
## Loaded after broadside.ftl; one writer per file.

cmd-daily-name = dagens_hav
cmd-daily-desc = Én skjult flåde om dagen for alle: sænk den med så få skud som muligt
cmd-daily-help =
    Hver dag ligger der én skjult flåde pr. regelsæt, den samme for alle medlemmer. Sænk den med så få skud som muligt: `/{ cmd-daily-name } { cmd-daily-play-name }` viser dit hav med et sigtepanel (vælg en kolonne og en række, og skyd), eller skriv `/{ cmd-daily-name } { cmd-daily-fire-name } { cmd-daily-fire-opt-targets-name }:C4`. Et felt, du allerede har skudt på i dag, afvises og tæller ikke med. Par er det antal, den svære computer skal bruge. Du har ét forsøg om dagen; bliver du færdig flere dage i træk, får du en stime. `/{ cmd-daily-name } { cmd-daily-standings-name }` viser dagens stilling eller en tidligere dags (med flåden), og med `/{ cmd-daily-name } { cmd-daily-remind-name }` får du en privat besked, før dagen slutter, så længe din stime er på 3 eller mere.
cmd-daily-play-name = spil
cmd-daily-play-desc = Vis dit hav i dag med et sigtepanel, så du kan skyde med klik
cmd-daily-play-opt-rules-name = regler
cmd-daily-play-opt-rules-desc = Regelsæt (standard: klassisk Søslag)
cmd-daily-fire-name = skyd
cmd-daily-fire-desc = Skyd på dagens hav: ét felt i Søslag, tre i Game 2000
cmd-daily-fire-opt-targets-name = mål
cmd-daily-fire-opt-targets-desc = Felter at skyde på, f.eks. C4 (Game 2000: C4 D5 E6)
cmd-daily-fire-opt-rules-name = regler
cmd-daily-fire-opt-rules-desc = Regelsæt (standard: klassisk Søslag)
cmd-daily-standings-name = stilling
cmd-daily-standings-desc = Stillingen for i dag, eller for en tidligere dag med dens flåde
cmd-daily-standings-opt-rules-name = regler
cmd-daily-standings-opt-rules-desc = Regelsæt (standard: klassisk Søslag)
cmd-daily-standings-opt-scope-name = omfang
cmd-daily-standings-opt-scope-desc = Serverens stilling, eller den globale (medlemmer, der har valgt at være med)
cmd-daily-standings-opt-day-name = dag
cmd-daily-standings-opt-day-desc = En tidligere dag: datoen (2026-12-04) eller dagens nummer
cmd-daily-remind-name = påmind
cmd-daily-remind-desc = En privat besked tre timer før dagen slutter, så længe din stime er på 3 eller mere
cmd-daily-remind-opt-on-name = til
cmd-daily-remind-opt-on-desc = True: påmind mig; False: ingen påmindelser

daily-count = { $rules ->
    [game2000] { $n ->
        [one] 1 tur
       *[other] { $n } ture
    }
   *[other] { $n ->
        [one] 1 skud
       *[other] { $n } skud
    }
}
daily-heading = 🌊 **Dagens hav** · { $variant } · { $day }
daily-progress = Indtil nu: **{ $fired }** · par { $par } · stime { $streak } · dagen slutter { $ends }
daily-shot-miss = { $cell }: forbi.
daily-shot-hit = { $cell }: **ramt**!
daily-shot-sunk = { $cell }: **ramt og sænket**: { $ship }!
daily-salvo = { $cells }: { $reports }
daily-cleared = 🎉 **Alt sænket!** Du sænkede dagens flåde på **{ $fired }** (par { $par }{ $under ->
    [0] , præcis på par
   *[other] { "" }
}).
daily-place-server = I dag på denne server: plads **{ $place }**.
daily-place-everyone = Blandt alle, der er blevet færdige i dag: plads **{ $place }**.
daily-streak = Stime: **{ $streak }** { $streak ->
    [one] dag
   *[other] dage
} i træk (rekord: { $best }).
daily-button-share = Del

err-daily-finished = Du er allerede færdig med dagens hav. I morgen kommer der et nyt.
err-daily-count = { $expected ->
    [one] I Søslag skyder man på ét felt ad gangen, f.eks. `C4`
   *[other] I Game 2000 skyder man på { $expected } felter ad gangen, f.eks. `C4 D5 E6`
}; du angav { $given }. Der blev ikke skudt.
err-daily-off-board = { $cell } ligger ikke på brættet. Der blev ikke skudt.
err-daily-repeat = Du har allerede skudt på { $cell } i dag: det skud tæller ikke med. Vælg et andet felt.
err-daily-twice = { $cell } er nævnt to gange i samme salve: vælg tre forskellige felter. Der blev ikke skudt.
err-daily-not-yet = Dag { $day } er ikke begyndt endnu: dens flåde er stadig skjult.
err-daily-busy = Et andet skud fra dig blev affyret i samme øjeblik. Intet er talt med to gange; prøv igen.
err-daily-unavailable = Dagens hav kan ikke nås lige nu. Der blev ikke skudt; prøv igen om lidt.
err-daily-day = `{ $given }` er ikke en dag, jeg kender: angiv en dato som `2026-12-04` eller et dagnummer som i stillingen.
err-daily-no-server = En servers stilling føres kun på en server. Her viser `/{ cmd-daily-name } { cmd-daily-standings-name } { cmd-daily-standings-opt-scope-name }:Global` den globale.
err-daily-share-unfinished = Du kan først dele havet, når du er færdig.

daily-table-server = Denne server: { $finished } af { $total } spillere færdige · par { $par }
daily-table-global = Alle, der har valgt at være med: { $finished } af { $total } spillere færdige · par { $par }
daily-table-empty = Ingen her har skudt på dette hav endnu.
daily-table-playing = spiller stadig, { $fired } indtil nu
daily-table-more = …og { $n } mere.
daily-table-global-note = Her er kun medlemmer, der selv har valgt det: `/{ cmd-privacy-name } { cmd-privacy-set-name } { cmd-privacy-set-opt-leaderboard-name }:Synlig`.
daily-table-fleet = Flåden den dag: `{ $fleet }`
daily-table-today = Dagens flåde forbliver skjult, til dagen er omme.

daily-remind-on = Påmindelser er slået til: så længe din stime er på 3 eller mere, og du ikke har spillet, sender jeg dig en privat besked tre timer før dagen slutter. Slå dem fra med `/{ cmd-daily-name } { cmd-daily-remind-name } { cmd-daily-remind-opt-on-name }:False`.
daily-remind-off = Påmindelser er slået fra: ingen private beskeder om dagens hav.
daily-reminder = 🌊 Dagens hav venter på dig. På spil: { $streaks }. Dagen slutter { $ends }. Spil med `/{ cmd-daily-name } { cmd-daily-play-name }`.
daily-reminder-streak = en stime på { $streak } dage i { $variant }

daily-card-title = Dagens hav
daily-card-subtitle = { $variant } · { $day }
daily-card-fired = { $rules ->
    [game2000] Ture
   *[other] Skud
}
daily-card-par = Par
daily-card-streak = Stime
daily-card-alt = Dagens hav { $day }: klaret på { $fired }, par { $par }, stime { $streak }. { $shots } skud i rækkefølge, heraf { $hits } træffere.
daily-shared = { $member } klarede Dagens hav { $day } på **{ $fired }** (par { $par }). Nu er det din tur: `/{ cmd-daily-name } { cmd-daily-play-name }`.

stats-daily-streak = Dagens hav: stime { $streak } (rekord { $best })
