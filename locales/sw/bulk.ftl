## Bulk top-ups (/bulk)

bulk-help =
    <b>Ujazaji kwa wingi kutoka faili ya CSV</b>
    Tuma faili ya CSV kama hati (document), ujazaji mmoja kwa kila mstari: <code>phone,amount,operator,note</code>
    • phone: muundo wa kimataifa pamoja na msimbo wa nchi (<code>+234…</code>)
    • amount: kiasi cha ndani ambacho laini inapokea
    • operator: kinaweza kuachwa tupu ikiwa nchi ina chaguo lililo wazi
    • note: chochote unachotaka; kinarudi kwenye ripoti
    Hadi mistari 1,000, UTF-8, koma au semikoloni, alama za usemi zinaruhusiwa. Mstari wa kwanza wenye majina ya safu si lazima.
    Ninakagua kila mstari na kuonyesha gharama inayokadiriwa kabla ya kitu chochote kuwekwa.
bulk-template-caption = Kiolezo: kijaze kisha ukirudishe kama hati (document).
bulk-checking = ⏳ Ninakagua faili…
bulk-download-failed = ⚠️ Faili haikuweza kupakuliwa kutoka Telegram. Tafadhali itume tena.
bulk-file-empty = 🚫 Faili haina mistari ya kujaza.
bulk-file-not-csv = 🚫 Hii si faili ya maandishi ya CSV. Tafadhali tuma faili ya .csv (UTF-8) yenye safu phone,amount,operator,note.
bulk-file-too-many-lines = 🚫 Faili ina zaidi ya mistari 1,000. Tafadhali igawe katika faili ndogo zaidi.
bulk-file-too-large = 🚫 Faili ni kubwa mno. Faili ya wingi hubeba hadi mistari 1,000.
bulk-file-columns = 🚫 Safu si phone,amount,operator,note. Tafadhali tumia kiolezo kutoka /bulk.
bulk-summary = <b>Ujazaji kwa wingi</b>: { $valid ->
        [one] mstari { $valid } sahihi
       *[other] mistari { $valid } sahihi
    }, { $errors ->
        [one] mstari { $errors } wenye makosa
       *[other] mistari { $errors } yenye makosa
    }.
bulk-summary-line-error = Mstari { $line }: { $problem }
bulk-summary-more-errors = { $count ->
    [one] …na mstari { $count } zaidi wenye makosa (yote iko kwenye ripoti).
   *[other] …na mistari { $count } zaidi yenye makosa (yote iko kwenye ripoti).
}
bulk-summary-no-estimate = Gharama haikuweza kukadiriwa sasa hivi; kila mstari unapewa nukuu unapowekwa.
bulk-summary-estimate = Gharama inayokadiriwa: <b>{ $cost }</b>
bulk-summary-estimate-approx = Gharama inayokadiriwa: takriban <b>{ $cost }</b>
bulk-summary-credit = Krediti inayopatikana: { $available }
bulk-summary-credit-short = ⚠️ Krediti inayopatikana: { $available }, chini ya makadirio: mistari inayozidi krediti yako haitawekwa.
bulk-summary-confirm = ✅ inaanza kuweka mistari sahihi; ❌ inaitupa faili.
bulk-summary-nothing = Hakuna mstari unaoweza kuwekwa. Tafadhali rekebisha faili kisha uitume tena.
bulk-button-start = ✅ Anza
bulk-button-drop = ❌ Tupa
bulk-button-pause = ⏸ Sitisha
bulk-button-resume = ▶️ Endeleza
bulk-button-cancel = ⏹ Ghairi
bulk-gone = Faili hii ya wingi haipatikani tena.
bulk-dropped = Faili ya wingi imetupwa. Hakuna kilichowekwa.
bulk-started = Imeanza.
bulk-pause-done = Imesitishwa.
bulk-resume-done = Inaendelea tena.
bulk-cancel-done = Imeghairiwa: mistari ambayo bado haijawekwa haitawekwa.
bulk-progress-running = ⏳ <b>Ujazaji kwa wingi unaendelea</b>
bulk-progress-paused = ⏸ <b>Ujazaji kwa wingi umesitishwa</b>
bulk-progress-cancelled = ⏹ <b>Ujazaji kwa wingi umeghairiwa</b>
bulk-progress-finished = ✅ <b>Ujazaji kwa wingi umekamilika</b>
bulk-progress-counts = { $placed ->
        [one] Mstari { $placed } umewekwa
       *[other] Mistari { $placed } imewekwa
    } · { $failed ->
        [one] { $failed } umeshindikana
       *[other] { $failed } imeshindikana
    } · { $left ->
        [one] { $left } umebaki
       *[other] { $left } imebaki
    }
bulk-progress-skipped = { $count ->
    [one] Mstari { $count } haukuwekwa (imeghairiwa)
   *[other] Mistari { $count } haikuwekwa (imeghairiwa)
}
bulk-progress-spent = Kilichotumika hadi sasa: { $spent }
bulk-progress-eta = Inakadiriwa kuisha: { $time }
bulk-report-caption = Ripoti ya wingi: { $placed ->
        [one] mstari { $placed } umewekwa
       *[other] mistari { $placed } imewekwa
    }, { $failed ->
        [one] { $failed } umeshindikana
       *[other] { $failed } imeshindikana
    }, { $skipped ->
        [one] { $skipped } haukuwekwa
       *[other] { $skipped } haikuwekwa
    }. Kila agizo liko pia kwenye /orders.
bulk-line-duplicate = namba ileile kama ya mstari { $line }
bulk-line-operator-unknown = hakuna mtandao “{ $operator }” katika { $country }
bulk-line-operator-several = “{ $operator }” inalingana na mitandao kadhaa: { $names }
bulk-line-operator-needed = tafadhali taja mtandao ({ $names })
bulk-line-amount-ambiguous = kiasi hiki kinatolewa kwa sarafu kadhaa na { $operator }
bulk-line-refused-credit = krediti inayopatikana haitoshi
bulk-line-refused-daily-limit = umepita kikomo chako cha siku
bulk-line-refused-order-limit = juu ya kikomo chako kwa kila agizo
bulk-line-refused-busy = agizo lingine kwa namba hii bado halijakamilika
bulk-line-refused-other = haukuwekwa na huduma; hakuna kilichotozwa

## Bulk runs and schedules stopped: the payer may no longer order

bulk-role-changed = 🚫 Jukumu lako limebadilika tangu faili hii ilipokaguliwa, kwa hiyo bei zake si zako tena. Hakuna kilichowekwa: tuma faili tena.
bulk-pin-ask = 🔐 Ujazaji huu kwa wingi unakadiriwa kugharimu { $cost }: weka PIN yako kwenye kibodi ya namba ili kuuanza.
bulk-pin-ask-unknown = 🔐 Gharama ya ujazaji huu kwa wingi haikuweza kukadiriwa: weka PIN yako kwenye kibodi ya namba ili kuuanza.
bulk-progress-stopped = Umesimamishwa: { $reason }.
payer-stopped-no-access = huna tena jukumu linaloruhusiwa kujaza
payer-stopped-pin-locked = PIN yako imefungwa baada ya majaribio mengi mno yasiyo sahihi
payer-stopped-pin-needed = ujazaji huu sasa unahitaji PIN yako
alert-payer-stopped-bulk = ⏹ Ujazaji kwa wingi wa { $user } umesimamishwa: { $reason }. Hakuna sehemu yake nyingine itakayowekwa.
alert-payer-stopped-schedule = ⏸ Ratiba ya { $user } imesitishwa: { $reason }. Hakuna sehemu yake nyingine itakayowekwa.
schedule-paused-stopped = Ratiba hii imesitishwa: { $reason }. Iendeleze katika /schedule jambo hilo likishatatuliwa.
schedule-pin-unknown = 🔐 Bei ya ratiba hii haikuweza kukadiriwa sasa, kwa hiyo kuihifadhi kunahitaji PIN yako.
