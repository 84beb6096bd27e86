## Scheduled top-ups (/schedule)

schedule-list-empty = 🗓 Huna ujazaji uliopangwa. Bonyeza ➕ kupanga ujazaji: mara moja kwa tarehe na saa fulani, au kila siku, wiki au mwezi.
schedule-list-head = 🗓 <b>Ujazaji wako uliopangwa</b> ({ $count ->
        [one] ipo ratiba { $count }
       *[other] zipo ratiba { $count }
    }, upeo ni { $max })
schedule-entry = <b>{ $n }.</b> { $phone } · { $operator } · { $amount }
schedule-entry-when = { $when } ({ $zone })
schedule-entry-next = Utekelezaji ujao: { $time }
schedule-entry-paused = ⏸ Imesitishwa
schedule-entry-ended = Imeisha (ilitekelezwa mara moja)
schedule-entry-last-placed = Utekelezaji wa mwisho { $time }: umewekwa, <code>{ $orderId }</code> · <code>{ $number }</code>
schedule-entry-last-not-placed = Utekelezaji wa mwisho { $time }: haukuwekwa: { $reason }
schedule-when-once = mara moja tarehe { $date } saa { $time }
schedule-when-daily = kila siku saa { $time }
schedule-when-weekly = kila { $weekday } saa { $time }
schedule-when-monthly = kila mwezi tarehe { $day } saa { $time } (siku ya mwisho katika miezi mifupi zaidi)
schedule-button-pause = ⏸ Sitisha { $n }
schedule-button-resume = ▶️ Endeleza { $n }
schedule-button-delete = 🗑 Futa { $n }
schedule-button-new = ➕ Ratiba mpya
schedule-button-delete-yes = 🗑 Ndiyo, ifute
schedule-button-keep = ⬅️ Iache
schedule-button-save = ✅ Hifadhi ratiba
schedule-delete-ask = Ufute ujazaji huu uliopangwa? Utekelezaji uliokwisha kuwekwa unabaki kwenye /orders.
schedule-deleted = Imefutwa.
schedule-paused = Imesitishwa: haitatekelezwa hadi uiendeleze.
schedule-resumed = Inaendelea tena.
schedule-gone = Ratiba hii haipo tena.
schedule-kind-once = 📅 Mara moja
schedule-kind-daily = Kila siku
schedule-kind-weekly = Kila wiki
schedule-kind-monthly = Kila mwezi
schedule-ask-kind = Ujazaji huu ufanyike lini? Saa ziko kwa saa za eneo lako, { $zone } (zibadilishe kwa /timezone).
schedule-kind-chosen = Inafanyika: { $kind }
schedule-ask-weekday = Siku gani ya wiki?
schedule-weekday-chosen = Siku: { $weekday }
schedule-ask-day = Tarehe gani ya mwezi? Tuma namba kutoka 1 hadi 31 (mwezi usio na tarehe hiyo utatekelezwa siku yake ya mwisho).
schedule-ask-time = Saa ngapi? Tuma kama HH:MM, mfumo wa saa 24, kwa { $zone } (kwa mfano 09:30).
schedule-ask-datetime = Tarehe gani na saa ngapi? Tuma kama YYYY-MM-DD HH:MM kwa { $zone } (kwa mfano 2026-12-24 09:30).
schedule-type-it = Tafadhali andika jibu (au bonyeza ⬅️ Rudi).
schedule-error-time = Huo si muda. Tafadhali tuma HH:MM, mfumo wa saa 24, kwa mfano 09:30.
schedule-error-datetime = Hiyo si tarehe na saa. Tafadhali tuma YYYY-MM-DD HH:MM, kwa mfano 2026-12-24 09:30.
schedule-error-day = Hiyo si tarehe ya mwezi. Tafadhali tuma namba kutoka 1 hadi 31.
schedule-error-past = Muda huo umeshapita. Tafadhali chagua muda ujao.
schedule-error-limit = { $max ->
    [one] 🚫 Tayari una ratiba { $max }, idadi ya juu kabisa ambayo muuzaji mmoja anaweza kuwa nayo. Kwanza futa moja kwa /schedule. Hakuna kilichohifadhiwa.
   *[other] 🚫 Tayari una ratiba { $max }, idadi ya juu kabisa ambayo muuzaji mmoja anaweza kuwa nayo. Kwanza futa moja kwa /schedule. Hakuna kilichohifadhiwa.
}
schedule-summary =
    🗓 <b>Ujazaji mpya uliopangwa</b>
    Namba: { $phone }
    { $operator }, { $country }: { $receives } ({ $subtype })
    Lini: { $when } ({ $zone })
    Utekelezaji wa kwanza: { $first }
    { $estimate }
    Kila utekelezaji hupewa nukuu na kuwekwa wakati wake unapofika, kutoka kwenye krediti yako. Utekelezaji usioweza kuwekwa unaripotiwa na kurukwa; unaofuata unafanyika kama ulivyopangwa.
schedule-summary-estimate = Bei inayokadiriwa kwa kila utekelezaji: <b>{ $price }</b>
schedule-summary-no-estimate = Bei haikuweza kukadiriwa sasa hivi; kila utekelezaji hupewa nukuu wakati wake unapofika.
schedule-created = ✅ Imepangwa. Utekelezaji wa kwanza: { $first } ({ $zone }). Tuma /schedule kuona, kusitisha au kufuta ratiba zako.
schedule-cancelled = Ratiba imeghairiwa. Hakuna kilichohifadhiwa.
schedule-run-placed = 🗓 Ujazaji uliopangwa umewekwa: { $phone } · { $operator } · { $amount }. Agizo <code>{ $orderId }</code> · <code>{ $number }</code>; matokeo yake yanafuata.
schedule-run-not-placed = 🚫 Ujazaji uliopangwa haukuwekwa: { $phone } · { $operator } · { $amount }: { $reason }. Hakuna kilichotozwa.
schedule-run-next = Utekelezaji ujao: { $time } ({ $zone }).
schedule-run-ended = Ratiba hii ya mara moja imeisha.
schedule-reason-no-quote = huduma haikuweza kutoa bei sasa hivi
