## Orders

order-status-accepted = Limepokelewa
order-status-processing = Linashughulikiwa
order-status-manual-review = Linakaguliwa
order-status-succeeded = Limefanikiwa
order-status-failed = Limeshindikana
order-status-refunded = Pesa imerejeshwa
order-status-unknown = Linaendelea ({ $status })
order-status-placing = Linawekwa
order-status-rejected = Halikuwekwa

order-status-line = { $emoji } <b>{ $status }</b> · <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
order-status-line-pending = { $emoji } <b>{ $status }</b> · <code>{ $externalOrderId }</code>

order-subtype-airtime = muda wa maongezi
order-subtype-data = data
order-subtype-bundle = kifurushi

order-details =
    { $operator } ({ $country }), { $subtype }
    <b>Simu:</b> { $phone }
    <b>Ujazaji:</b> { $localAmount }
    <b>Pochi:</b> { $price }

order-receipt =
    ✅ Ujazaji umewasilishwa
    <b>Agizo:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Simu:</b> { $phone }
    <b>Ujazaji:</b> { $localAmount }
    <b>Imelipwa kutoka pochi:</b> { $price }
    <b>Wakati:</b> { $time }

order-failed-notice =
    ⚠️ Ujazaji umeshindikana: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Simu: { $phone }, { $localAmount }
    Pesa ({ $price }) bado haijarudi kwenye pochi: urejeshaji unasubiriwa. Utapokea ujumbe itakapofika.

order-refunded-notice =
    ↩️ Pesa imerejeshwa: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } imerudi kwenye pochi. Simu { $phone } haikujazwa salio.

order-rejected-notice =
    ❌ Agizo <code>{ $externalOrderId }</code> halikuwekwa: { $reason }
    Hakuna kilichotozwa.

order-quote-expired-notice =
    ❌ Agizo <code>{ $externalOrderId }</code> halikuwekwa: nukuu iliisha muda kabla huduma haijalipokea.
    Hakuna kilichotozwa. Omba nukuu mpya ili kujaribu tena.

order-revived-notice =
    ‼️ Marekebisho: agizo <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> liliwekwa hatimaye, na { $price } ilitozwa kutoka pochi. Ujumbe wa awali uliosema halikuwekwa si sahihi.
    Hali yake inafuata hapa.

order-new-quote-button = 🔄 Nukuu mpya

order-pending-notice =
    ⏳ Agizo <code>{ $externalOrderId }</code> linawekwa. Huduma bado haijajibu; tunaendelea kujaribu kwa namba ileile ya agizo, kwa hiyo halitatozwa mara mbili kamwe.
    Utapokea ujumbe mara tu litakapothibitishwa.

order-reject-reason-balance = salio la pochi ni dogo mno
order-reject-reason-risk = kikomo cha maagizo kimefikiwa
order-reject-reason-wallet = pochi haiko hai
order-reject-reason-detail = ujazaji huu haupatikani kwa sasa
order-reject-reason-amount = kiasi hakikubaliki
order-reject-reason-local-currency = sarafu haikubaliki
order-reject-reason-account = namba ya simu haipo au haikubaliki
order-reject-reason-quote-token = nukuu si halali tena; omba nukuu mpya
order-reject-reason-quote-expired = nukuu imeisha muda; omba nukuu mpya
order-reject-reason-price-changed = bei imebadilika; omba nukuu mpya
order-reject-reason-account-busy = ujazaji mwingine kwa namba hii bado haujakamilika
order-reject-reason-external-order-id = namba ya agizo ilishatumika
order-reject-reason-not-placed = bot ilikatizwa kabla ya kulituma
order-reject-reason-not-durable = hifadhi ya bot haikuweza kulithibitisha kwa usalama (hakuna replica ya Redis iliyojibu), kwa hiyo halikutumwa; jaribu tena baada ya dakika moja
order-reject-reason-other = huduma ilikataa agizo

## Alerts

alert-order-failed = ⚠️ Ujazaji umeshindikana: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> (urejeshaji wa pesa unasubiriwa)
alert-order-refunded = ↩️ Pesa imerejeshwa: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-manual-review = 🔎 Linakaguliwa na mtu: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-rejected = ❌ Agizo limekataliwa: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: { $reason }
alert-forbidden-placement = 🚫 Huduma ilijibu 403 kwa agizo <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: kagua ufunguo wa API (API key), orodha ya IP zinazoruhusiwa na ruhusa ya API. Agizo linaendelea kujaribiwa tena.
alert-forbidden-read = 🚫 Huduma ilijibu 403 kwa usomaji wa agizo: kagua ufunguo wa API (API key), orodha ya IP zinazoruhusiwa na ruhusa ya API.
alert-webhook-signature = { $failures ->
    [one] 🛡 Webhook { $failures } imekataliwa (sababu ya mwisho: { $reason }). Kagua MERCHANT_WEBHOOK_SECRETS.
   *[other] 🛡 Webhook { $failures } zimekataliwa (sababu ya mwisho: { $reason }). Kagua MERCHANT_WEBHOOK_SECRETS.
}
alert-stale-order = ⏰ Bado halijakamilika baada ya { $minutes ->
        [one] dakika { $minutes }
       *[other] dakika { $minutes }
    }: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status })
alert-unknown-order = ❓ Tukio { $event } kwa agizo tusilolijua: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-unrecorded-order = 🧾 Merchant API ina agizo letu <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status }) lakini Redis haikuwa na kumbukumbu yake (lilipotea wakati wa Redis failover?): sasa limerekodiwa bila muuzaji, na hakuna aliyetozwa kwa ajili yake. Tafuta lilikuwa la nani.
alert-order-revived = ‼️ <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> liliwekwa alama ya kukataliwa ({ $key }) lakini huduma inalo na imetoza pochi: linafuatiliwa tena. Kagua muuzaji aliambiwa nini.
alert-placement-unreadable = ❓ Jibu la agizo <code>{ $externalOrderId }</code> halikuweza kusomwa: halitumwi tena, linaangaliwa tu. Kagua Merchant API.
alert-quote-mismatch = ⚠️ Nukuu haikulingana na ombi ({ $operator }, { $field }): kilichoombwa { $asked }, kilichonukuliwa { $quoted }. Hakuna kilichoagizwa.
alert-order-number-conflict = 🛑 Namba ya agizo ya mfanyabiashara <code>{ $externalOrderId }</code> ilitolewa kwa ombi tofauti ({ $field }): hakuna kilichotumwa kwa ajili yake. Tafadhali kagua.
alert-rate-limited = 🐢 Merchant API ilijibu 429 (maombi mengi mno): kila replica inasitisha. Linganisha MERCHANT_RATE_LIMIT_PER_MINUTE na kikomo cha akaunti.
alert-quote-single-use = 🔂 Merchant API ilikataa tokeni ya nukuu iliyokuwa imeshaweka agizo, kabla haijaisha muda: nukuu za akaunti hii ni za kutumika mara moja tu. Kila ujazaji sasa unaomba nukuu yake (ombi moja zaidi kwa kila agizo). Weka QUOTE_SHARING=off ili hali hii iwe ya kudumu.
alert-group-header = { $count ->
    [one] 🚨 Arifa { $count }
   *[other] 🚨 Arifa { $count }
}
alert-open-button = Fungua { $order }
