## Export (/export)

export-usage = Tuma /export [kuanzia] [hadi] [hali] ukiwa na tarehe kama YYYY-MM-DD (UTC) na hali mojawapo kati ya: { $statuses }. Mfano: /export 2026-11-01 2026-11-30 succeeded
export-caption = Maagizo yaliyoundwa { $from } hadi { $to } (UTC){ $status }, faili { $part }
export-caption-status = , hali { $status }
export-done = Uhamishaji umekamilika: { $count ->
        [one] agizo { $count }
       *[other] maagizo { $count }
    } katika { $files ->
        [one] faili { $files }
       *[other] faili { $files }
    }.
export-failed = { $count ->
    [one] Uhamishaji ulisimama kabla ya kumalizika (agizo { $count } lilitumwa). Tafadhali jaribu tena.
   *[other] Uhamishaji ulisimama kabla ya kumalizika (maagizo { $count } yalitumwa). Tafadhali jaribu tena.
}

## Reconciliation (/reconcile)

reconcile-started = Ninalinganisha na orodha ya maagizo ya Merchant API… hii inaweza kuchukua dakika kadhaa (inatumia tu sehemu ya bajeti ya maombi iliyotengwa kwa kazi za nyuma).
reconcile-busy = Ulinganishaji tayari unaendelea; ripoti yake itatumwa kwa wasimamizi utakapokamilika.
reconcile-failed = Ulinganishaji haukuweza kukamilika: { $reason }. Hakuna kingine kilichobadilishwa; jaribu tena baadaye.
reconcile-summary =
    <b>Ulinganishaji</b> wa maagizo yaliyoundwa tangu { $since } (UTC): { $checked ->
        [one] agizo { $checked } la huduma limekaguliwa.
       *[other] maagizo { $checked } ya huduma yamekaguliwa.
    }
    { $missing ->
        [one] Agizo lililorekodiwa (huduma ilikuwa nalo, sisi hatukuwa nalo): { $missing }
       *[other] Maagizo yaliyorekodiwa (huduma ilikuwa nayo, sisi hatukuwa nayo): { $missing }
    }
    { $repaired ->
        [one] Agizo lililopewa hali ya mwisho (tulikuwa bado tunaisubiri): { $repaired }
       *[other] Maagizo yaliyopewa hali ya mwisho (tulikuwa bado tunaisubiri): { $repaired }
    }
    { $status ->
        [one] Tofauti nyingine ya hali: { $status }
       *[other] Tofauti nyingine za hali: { $status }
    }
    { $price ->
        [one] Tofauti ya bei: { $price }
       *[other] Tofauti za bei: { $price }
    }
    { $holds ->
        [one] Kiasi kilichoshikiliwa kwenye krediti bila agizo: { $holds }
       *[other] Viasi vilivyoshikiliwa kwenye krediti bila agizo: { $holds }
    }
    { $foreign ->
        [one] Agizo lisilowekwa na bot hii, limepuuzwa: { $foreign }
       *[other] Maagizo yasiyowekwa na bot hii, yamepuuzwa: { $foreign }
    }
reconcile-report-caption = { $count ->
    [one] Tofauti { $count } imepatikana na ulinganishaji wa { $day } (UTC); maelezo yako kwenye faili.
   *[other] Tofauti { $count } zimepatikana na ulinganishaji wa { $day } (UTC); maelezo yako kwenye faili.
}
