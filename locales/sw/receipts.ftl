## Receipts (/receipt, /shop, /timezone)
# Messages here are sent in HTML parse mode: write &lt; &gt; &amp; for < > &.

command-receipt = risiti kwa mteja wako: /receipt &lt;ID ya agizo au namba ya agizo ya mfanyabiashara&gt; [bei]
command-shop = jina la duka kwenye risiti zako: /shop &lt;jina&gt;
command-timezone = saa za eneo kwenye risiti zako: /timezone &lt;Eneo/Jiji&gt;

receipt-button = 🧾 Risiti
receipt-title = Risiti
receipt-operator = Mtandao
receipt-product = Bidhaa
receipt-phone = Namba
receipt-received = Kilichopokelewa
receipt-price = Bei
receipt-order-id = ID ya agizo
receipt-order-number = Namba ya kumbukumbu
receipt-time = Tarehe
receipt-status = Hali
receipt-thanks = Asante kwa kununua!
receipt-caption = 🧾 Risiti { $orderId }
receipt-usage = Tuma /receipt &lt;ID ya agizo au namba ya agizo ya mfanyabiashara&gt; [bei], kwa mfano /receipt O-1234 au, pamoja na bei aliyolipa mteja wako, /receipt O-1234 1050 (kwa sarafu ya ndani ya agizo) au /receipt O-1234 2.50 USD; /receipt O-1234 off inaondoa bei.
receipt-not-placed = Hakuna risiti ya { $query }: agizo hili halikuwahi kuwekwa, kwa hiyo hakuna kilichotozwa.

shop-none = Risiti zako bado hazionyeshi jina la duka.
shop-current = Risiti zako zinaonyesha jina la duka { $name }.
shop-usage = Tuma /shop &lt;jina&gt; ili kuliweka ({ $max ->
        [one] hadi herufi { $max }
       *[other] hadi herufi { $max }
    }), au /shop - ili kuliondoa.
shop-saved = Imehifadhiwa: risiti zako sasa zinaonyesha { $name }.
shop-cleared = Imeondolewa: risiti zako hazionyeshi jina la duka.
shop-invalid-empty = Tuma /shop ikifuatiwa na jina la duka.
shop-invalid-too-long = Jina hilo ni refu mno: { $max ->
        [one] hadi herufi { $max }
       *[other] hadi herufi { $max }
    }. Hakuna kilichobadilishwa.
shop-invalid-control = Jina la duka haliwezi kuwa na mistari mipya wala herufi za udhibiti. Hakuna kilichobadilishwa.

timezone-current = Saa kwenye risiti zako ziko katika { $zone }.
timezone-usage = Tuma /timezone &lt;Eneo/Jiji&gt; (kwa mfano /timezone Africa/Nairobi), au /timezone - kwa UTC.
timezone-saved = Imehifadhiwa: saa kwenye risiti zako sasa ziko katika { $zone }.
timezone-invalid = { $input } si saa za eneo ninazozijua. Tumia jina kama Africa/Nairobi au Africa/Dar_es_Salaam. Hakuna kilichobadilishwa.

## Figures chart (/stats)

stats-chart-title = { $days ->
    [one] Maagizo na mapato kwa siku, siku { $days } iliyopita (UTC)
   *[other] Maagizo na mapato kwa siku, siku { $days } zilizopita (UTC)
}
stats-chart-title-own = { $days ->
    [one] Maagizo yako kwa siku, siku { $days } iliyopita (UTC)
   *[other] Maagizo yako kwa siku, siku { $days } zilizopita (UTC)
}
stats-chart-orders = Maagizo kwa hali
stats-chart-revenue = Mapato ya maagizo yaliyofanikiwa ({ $currency })
stats-chart-spent = Kilicholipwa kutoka krediti yako kwa maagizo yaliyofanikiwa ({ $currency })
stats-own-title = { $days ->
    [one] 📊 Siku yako { $days } iliyopita (tangu { $from }, UTC)
   *[other] 📊 Siku zako { $days } zilizopita (tangu { $from }, UTC)
}
stats-own-spent = Kilicholipwa kutoka krediti yako kwa maagizo yaliyofanikiwa: { $amount }
stats-own-spent-none = Kilicholipwa kutoka krediti yako kwa maagizo yaliyofanikiwa: hakuna
receipt-price-invalid = { $price } si bei. Tuma /receipt &lt;agizo&gt; &lt;kiasi&gt; [sarafu], kwa mfano /receipt O-1234 1050 au /receipt O-1234 2.50 USD. Hakuna kilichobadilishwa.
receipt-price-not-yours = Ni muuzaji wa agizo au msimamizi tu anayeweza kuweka bei kwenye risiti yake. Hakuna kilichobadilishwa.
