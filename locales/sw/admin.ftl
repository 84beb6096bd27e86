## People (/users, /grant, /revoke)

admin-users-title = Watu wanaoruhusiwa kutumia bot:
admin-users-row = { $user } — { $role }
admin-users-row-configured = { $user } — { $role } (ADMIN_IDS)
admin-users-empty = Bado hakuna mtu mwenye jukumu.
admin-users-audit-title = Mabadiliko ya karibuni:
admin-users-audit-granted = { $at }: { $by } alimfanya { $user } kuwa { $role }
admin-users-audit-revoked = { $at }: { $by } alimwondoa { $user }
admin-users-audit-empty = Bado hakuna mabadiliko.
admin-grant-usage = Tuma /grant &lt;id ya mtumiaji&gt; &lt;reseller|distributor|agent|admin&gt;.
admin-revoke-usage = Tuma /revoke &lt;id ya mtumiaji&gt;.
admin-grant-done = { $user } sasa ni { $role }.
admin-revoke-done = { $user } hana ruhusa tena.
admin-revoke-nothing = { $user } hakuwa na jukumu lolote.
admin-change-last-admin = { $user } ndiye msimamizi wa mwisho: hawezi kuondolewa wala kushushwa cheo.
admin-change-configured = { $user } ni msimamizi kutoka ADMIN_IDS na hawezi kubadilishwa hapa.

## Figures (/stats)

admin-stats-today = 📊 Leo (tangu { $from })
admin-stats-week = 📊 Siku 7 zilizopita (tangu { $from })
admin-stats-total = { $count ->
    [one] Agizo { $count }
   *[other] Maagizo { $count }
}
admin-stats-status = { $count ->
    [one] { $status }: agizo { $count }
   *[other] { $status }: maagizo { $count }
}
admin-stats-success = Kiwango cha mafanikio: { $rate } %
admin-stats-success-none = Kiwango cha mafanikio: — (bado hakuna kilichokamilika)
admin-stats-spend = Matumizi ya pochi kwa maagizo yaliyofanikiwa: { $amounts }
admin-stats-spend-none = Matumizi ya pochi kwa maagizo yaliyofanikiwa: hakuna
admin-stats-operators = Mitandao inayoongoza: { $list }
admin-stats-operators-none = Mitandao inayoongoza: —
admin-stats-median = Muda wa kati (median) hadi hali ya mwisho: { $duration }
admin-stats-median-none = Muda wa kati (median) hadi hali ya mwisho: —
admin-duration = { $minutes ->
        [one] dakika { $minutes }
       *[other] dakika { $minutes }
    } na { $seconds ->
        [one] sekunde { $seconds }
       *[other] sekunde { $seconds }
    }

## Health (/health)

admin-health-title = 🩺 Hali ya mfumo
admin-health-redis-ok = Redis: inapatikana · maxmemory-policy { $policy }
admin-health-redis-warn = Redis: inapatikana · maxmemory-policy { $policy } ⚠️ inapaswa kuwa noeviction
admin-health-redis-down = Redis: ❌ haipatikani
admin-health-merchant-ok = Merchant API: inapatikana · api_access_enabled { $enabled } · sarafu ya pochi { $currency }
admin-health-merchant-down = Merchant API: ❌ { $reason }
admin-health-merchant-answering = Merchant API: inajibu (jibu la mwisho: { $at })
admin-health-merchant-busy = Merchant API: haiulizwi sasa (bajeti ya maombi imejaa; bado hakuna jibu lililoonekana)
admin-health-merchant-paused = Merchant API: haiulizwi sasa (kila replica inasubiri muda wa 429 upite, tazama hapa chini)
admin-health-budget = { $used ->
    [one] Bajeti ya maombi: ombi { $used } kati ya { $limit } limetumika dakika hii
   *[other] Bajeti ya maombi: maombi { $used } kati ya { $limit } yametumika dakika hii
}
admin-health-paused = ⏸ Imesitishwa baada ya 429 hadi { $until }
admin-health-not-paused = Hakuna usitishaji baada ya 429.
admin-health-webhook = Webhook ya mwisho kupokelewa: { $at }
admin-health-webhook-none = Webhook ya mwisho kupokelewa: bado hakuna
admin-health-unfinished = { $count ->
    [one] Agizo ambalo halijakamilika: { $count }
   *[other] Maagizo ambayo hayajakamilika: { $count }
}
admin-health-oldest = Agizo la zamani zaidi: { $line } (tangu { $since })
