## People (/users, /grant, /revoke)

admin-users-title = बॉट इस्तेमाल करने वाले लोग:
admin-users-row = { $user } — { $role }
admin-users-row-configured = { $user } — { $role } (ADMIN_IDS)
admin-users-empty = अभी तक किसी के पास कोई रोल नहीं है।
admin-users-audit-title = हाल के बदलाव:
admin-users-audit-granted = { $at }: { $by } ने { $user } को { $role } बनाया
admin-users-audit-revoked = { $at }: { $by } ने { $user } को हटाया
admin-users-audit-empty = अभी तक कोई बदलाव नहीं।
admin-grant-usage = /grant &lt;यूज़र ID&gt; &lt;reseller|distributor|agent|admin&gt; भेजें।
admin-revoke-usage = /revoke &lt;यूज़र ID&gt; भेजें।
admin-grant-done = { $user } अब { $role } है।
admin-revoke-done = { $user } के पास अब एक्सेस नहीं है।
admin-revoke-nothing = { $user } के पास कोई रोल नहीं था।
admin-change-last-admin = { $user } आख़िरी एडमिन है: उसे न हटाया जा सकता है, न उसका रोल घटाया जा सकता है।
admin-change-configured = { $user } ADMIN_IDS से एडमिन है और उसे यहाँ बदला नहीं जा सकता।

## Figures (/stats)

admin-stats-today = 📊 आज ({ $from } से)
admin-stats-week = 📊 पिछले 7 दिन ({ $from } से)
admin-stats-total = ऑर्डर: { $count }
admin-stats-status = { $status }: { $count }
admin-stats-success = सफलता दर: { $rate } %
admin-stats-success-none = सफलता दर: — (अभी तक कुछ पूरा नहीं हुआ)
admin-stats-spend = सफल ऑर्डर पर वॉलेट का खर्च: { $amounts }
admin-stats-spend-none = सफल ऑर्डर पर वॉलेट का खर्च: कुछ नहीं
admin-stats-operators = टॉप ऑपरेटर: { $list }
admin-stats-operators-none = टॉप ऑपरेटर: —
admin-stats-median = अंतिम स्टेटस तक लगने वाला मीडियन समय: { $duration }
admin-stats-median-none = अंतिम स्टेटस तक लगने वाला मीडियन समय: —
admin-duration =
    { $minutes ->
        [one] { $minutes } मिनट
       *[other] { $minutes } मिनट
    } { $seconds ->
        [one] { $seconds } सेकंड
       *[other] { $seconds } सेकंड
    }

## Health (/health)

admin-health-title = 🩺 सिस्टम की स्थिति
admin-health-redis-ok = Redis: कनेक्ट हो रहा है · maxmemory-policy { $policy }
admin-health-redis-warn = Redis: कनेक्ट हो रहा है · maxmemory-policy { $policy } ⚠️ noeviction होनी चाहिए
admin-health-redis-down = Redis: ❌ कनेक्ट नहीं हो रहा
admin-health-merchant-ok = Merchant API: कनेक्ट हो रहा है · api_access_enabled { $enabled } · वॉलेट की करेंसी { $currency }
admin-health-merchant-down = Merchant API: ❌ { $reason }
admin-health-merchant-answering = Merchant API: जवाब दे रहा है (आख़िरी जवाब { $at } पर)
admin-health-merchant-busy = Merchant API: अभी नहीं पूछा गया (अनुरोध बजट व्यस्त है; अभी तक कोई जवाब नहीं दिखा)
admin-health-merchant-paused = Merchant API: अभी नहीं पूछा गया (हर रेप्लिका 429 के बाद इंतज़ार कर रही है, नीचे देखें)
admin-health-budget = अनुरोध बजट: इस मिनट { $limit } में से { $used } इस्तेमाल
admin-health-paused = ⏸ 429 के बाद { $until } तक रुका हुआ
admin-health-not-paused = 429 के बाद कोई रुकावट नहीं।
admin-health-webhook = आख़िरी वेबहुक मिला: { $at }
admin-health-webhook-none = आख़िरी वेबहुक मिला: अभी तक कोई नहीं
admin-health-unfinished = अधूरे ऑर्डर: { $count }
admin-health-oldest = सबसे पुराना: { $line } ({ $since } से)
