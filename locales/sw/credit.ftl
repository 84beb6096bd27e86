## Credit (/credit, /limit, /balance, /statement)

credit-usage = Tuma /credit &lt;id ya mtumiaji&gt; &lt;kiasi&gt; [maelezo]; alama - mwanzoni inapunguza krediti (mfano /credit 123 -5).
credit-amount-not-a-number = 🚫 Hicho si kiasi: andika tarakimu, mfano 25 au 25.50.
credit-amount-too-many-decimals = 🚫 Desimali nyingi mno: { $currency } ina { $digits ->
        [one] tarakimu { $digits }
       *[other] tarakimu { $digits }
    } baada ya nukta.
credit-amount-zero = 🚫 Kiasi hakipaswi kuwa sifuri.
credit-amount-negative = 🚫 Kiasi hakipaswi kuwa hasi.
credit-amount-ambiguous = 🚫 { $typed } inaweza kuwa { $thousands } au { $decimal }: andika { $whole } au { $point }.
credit-unknown-user = 🚫 { $user } hana jukumu hapa: kwanza mpe jukumu la muuzaji (reseller).
credit-not-reseller = 🚫 { $user } si muuzaji: krediti na vikomo ni kwa wauzaji tu.
credit-below-zero = 🚫 Haiwezekani kupunguza { $amount } kutoka kwa { $user }: krediti yake inayopatikana (salio ukiondoa kilichoshikiliwa) ni { $available }, na haishuki chini ya sifuri kamwe.
credit-added = { $amount } imeongezwa kwa { $user }. Salio jipya: { $balance }.
credit-taken = { $amount } imepunguzwa kutoka kwa { $user }. Salio jipya: { $balance }.
credit-told-added = 💰 Msimamizi ameongeza { $amount } kwenye krediti yako ({ $note }). Salio lako: { $balance }.
credit-told-taken = 💰 Msimamizi amepunguza { $amount } kutoka kwenye krediti yako ({ $note }). Salio lako: { $balance }.
credit-refused-funds = 🚫 Krediti haitoshi: inayopatikana ni { $available }, ujazaji huu unagharimu { $price }. Hakuna kilichoagizwa.
credit-refused-order-limit = 🚫 Umezidi kiwango chako cha juu kwa kila agizo cha { $limit }: ujazaji huu unagharimu { $price }. Hakuna kilichoagizwa.
credit-refused-daily-limit = 🚫 Umezidi kikomo chako cha siku cha { $limit }: umetumia leo { $used }, imebaki { $left }, ujazaji huu unagharimu { $price }. Hakuna kilichoagizwa.
credit-low = ⚠️ Krediti yako inayopatikana ni { $available }, chini ya kiwango chako cha tahadhari cha { $threshold }.
limit-usage = Tuma /limit &lt;id ya mtumiaji&gt; &lt;kiasi|off&gt; (kwa siku, siku za UTC) au /limit &lt;id ya mtumiaji&gt; order &lt;kiasi|off&gt; (kwa kila agizo).
limit-daily-set = Kikomo cha siku cha { $user }: { $limit }.
limit-daily-off = { $user } sasa hana kikomo cha siku.
limit-order-set = Kiwango cha juu kwa kila agizo cha { $user }: { $limit }.
limit-order-off = { $user } sasa hana kiwango cha juu kwa kila agizo.
balance-title = 💰 Krediti ya { $user }
balance-line = Salio { $balance } · kilichoshikiliwa { $holds } · kinachopatikana { $available }
balance-today = Leo (UTC): { $spent } kati ya kikomo cha siku { $limit }, imebaki { $left }
balance-today-no-limit = Leo (UTC): { $spent } (hakuna kikomo cha siku)
balance-order-max = Kiwango cha juu kwa kila agizo: { $limit }
balance-alert-line = Tahadhari ya krediti ndogo chini ya { $threshold }
balance-usage = Tuma /balance, au /balance &lt;id ya mtumiaji&gt; kwa muuzaji mmoja.
balance-alert-usage = Tuma /balance alert &lt;kiasi|off&gt;: utajulishwa krediti yako inayopatikana ikishuka chini ya kiasi hicho.
balance-alert-usage-admin = Tuma /balance alert &lt;id ya mtumiaji&gt; &lt;kiasi|off&gt;.
balance-alert-set = { $user } atajulishwa krediti inayopatikana ikishuka chini ya { $threshold }.
balance-alert-off = Sasa hakuna tahadhari ya krediti ndogo kwa { $user }.
balance-all-title = 💰 Krediti ya wauzaji:
balance-all-row = { $user }: salio { $balance }, inayopatikana { $available }
balance-all-empty = Bado hakuna wauzaji.
balance-wallet = Pochi ya mfanyabiashara: { $balance }
balance-wallet-unreported = Pochi ya mfanyabiashara: Merchant API haitoi salio lake (sarafu { $currency }).
balance-wallet-unavailable = Pochi ya mfanyabiashara: Merchant API haikuweza kuulizwa sasa hivi.
statement-usage = Tuma /statement [kuanzia] [hadi] ukiwa na tarehe kama YYYY-MM-DD (UTC); wasimamizi: /statement &lt;id ya mtumiaji&gt; [kuanzia] [hadi].
statement-caption = Taarifa ya krediti ya { $user }, { $from } hadi { $to }, faili { $part }
statement-summary = Taarifa ya krediti ya { $user }, { $from } hadi { $to }: salio la kufungua { $opening }, nyongeza { $credits }, makato { $debits }, salio la kufunga { $closing } ({ $entries ->
        [one] ingizo { $entries }
       *[other] maingizo { $entries }
    }).
statement-failed = { $count ->
    [one] Taarifa ya krediti ilisimama kabla ya kumalizika (ingizo { $count } lilitumwa). Tafadhali jaribu tena.
   *[other] Taarifa ya krediti ilisimama kabla ya kumalizika (maingizo { $count } yalitumwa). Tafadhali jaribu tena.
}

## Alerts

alert-merchant-low-balance = 💸 Pochi ya mfanyabiashara imeshuka hadi { $balance }, chini ya MERCHANT_LOW_BALANCE ({ $threshold }): iongezee pesa kabla maagizo hayajaanza kukataliwa.
