## Prices (/pricing)

command-pricing = kanuni za faida kwenye bei za wauzaji: /pricing set &lt;wigo&gt; &lt;asilimia&gt;% [+ada] [min x] [max y], /pricing del &lt;wigo&gt;
pricing-title = 💹 Kanuni za faida: kile wauzaji hulipa juu ya bei ya mfanyabiashara (kanuni mahususi zaidi ndiyo inatumika: muuzaji, kisha mtandao, nchi, chaguo-msingi)
pricing-env-default = Chaguo-msingi (PRICE_MARGIN_PERCENT, hakuna kanuni iliyowekwa kwenye mazungumzo): { $rule }
pricing-row = { $scope }: { $rule }
pricing-scope-default = Chaguo-msingi
pricing-scope-country = Nchi { $country }
pricing-scope-operator = Mtandao { $operator } ({ $country })
pricing-scope-reseller = Muuzaji { $user }
pricing-rule = { $percent } % + { $fixed }
pricing-rule-min = , angalau { $min }
pricing-rule-max = , si zaidi ya { $max }
pricing-usage =
    /pricing — kanuni
    /pricing set &lt;wigo&gt; &lt;asilimia&gt;% [+&lt;ada&gt;] [min &lt;ada&gt;] [max &lt;ada&gt;]
    /pricing del &lt;wigo&gt;
    Wigo: default · country &lt;CC&gt; · operator &lt;CC&gt; &lt;kitambulisho cha mtandao&gt; · reseller &lt;id ya mtumiaji&gt;
    Ada ziko katika sarafu ya mfanyabiashara. Mfano: /pricing set country NG 2.5% +0.10 min 0.05 max 2
pricing-set-done = ✅ Kanuni imewekwa. { $scope }: { $rule }. Inatumika kwenye nukuu inayofuata.
pricing-del-done = 🗑 Kanuni imefutwa: { $scope }.
pricing-del-nothing = Hakuna kanuni ya { $scope }; hakuna kilichobadilika.
pricing-error-usage = 🚫 Sijaelewa amri hiyo.
pricing-error-scope = 🚫 Wigo usiojulikana "{ $part }": tumia default, country, operator au reseller.
pricing-error-country = 🚫 "{ $part }" si msimbo wa nchi wa herufi mbili (kama NG).
pricing-error-operator = 🚫 "{ $part }" si kitambulisho cha mtandao (kama NG-MTN).
pricing-error-reseller = 🚫 "{ $part }" si ID ya mtumiaji.
pricing-error-rule-missing = 🚫 Toa asilimia (kama 2.5%), ada ya kudumu (kama +0.10), au zote mbili.
pricing-error-percent = 🚫 "{ $part }" si asilimia kati ya 0 na 999.9999 yenye desimali zisizozidi 4.
pricing-error-fixed = 🚫 "{ $part }" si ada ya kudumu: alama + na kiasi chenye desimali zisizozidi 4 (kama +0.10).
pricing-error-min = 🚫 "min" lazima ifuatiwe na kiasi chenye desimali zisizozidi 4 (kama min 0.05).
pricing-error-max = 🚫 "max" lazima ifuatiwe na kiasi chenye desimali zisizozidi 4 (kama max 2).
pricing-error-min-above-max = 🚫 Ada ya chini iko juu ya ada ya juu.
pricing-error-repeated = 🚫 "{ $part }" imetolewa mara mbili.
pricing-error-unknown-part = 🚫 Sielewi "{ $part }".
pricing-error-ambiguous = 🚫 "{ $part }" inaweza kuwa { $whole } au { $point }: andika mojawapo, bila koma.
pricing-error-unknown-country = 🚫 Katalogi haina nchi { $country }. Hakuna kilichobadilika.
pricing-error-unknown-operator = 🚫 Katalogi haina mtandao { $operator } katika { $country }. Hakuna kilichobadilika.
pricing-error-not-reseller = 🚫 Mtumiaji { $user } si muuzaji. Hakuna kilichobadilika.
pricing-error-catalogue = ⚠️ Katalogi haikuweza kusomwa sasa hivi, kwa hiyo hakuna kilichobadilika. Tafadhali jaribu tena baada ya muda mfupi.

## Prices in quotes, orders and /status

top-up-quote-credit =
    Tafadhali kagua ujazaji huu:
    Mtandao: { $operator } ({ $country })
    Bidhaa: { $subtype }
    Namba: { $phone }
    Laini inapokea: { $receives }
    Krediti yako inalipa: { $pays }
    Bei ni halali hadi { $expires } ({ $seconds ->
        [one] imebaki takriban sekunde { $seconds }
       *[other] zimebaki takriban sekunde { $seconds }
    })

    ⚠️ Ujazaji kwa namba au mtandao usio sahihi hauwezi kurejeshwa.
top-up-quote-margin-preview = 💹 Wauzaji hulipa { $price } (faida { $margin }) kwa kanuni za jumla; kanuni ya muuzaji binafsi inaweza kuwa tofauti.
order-details-credit =
    { $operator } ({ $country }), { $subtype }
    <b>Simu:</b> { $phone }
    <b>Ujazaji:</b> { $localAmount }
    <b>Krediti yako:</b> { $price }
order-receipt-credit =
    ✅ Ujazaji umewasilishwa
    <b>Agizo:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Simu:</b> { $phone }
    <b>Ujazaji:</b> { $localAmount }
    <b>Imelipwa kutoka krediti yako:</b> { $price }
    <b>Wakati:</b> { $time }
order-failed-notice-credit =
    ⚠️ Ujazaji umeshindikana: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Simu: { $phone }, { $localAmount }
    { $price } iliyoshikiliwa kwenye krediti yako imeachiliwa: hakuna kilichotozwa.
order-refunded-notice-credit =
    ↩️ Pesa imerejeshwa: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } imerudi kwenye krediti yako. Simu { $phone } haikujazwa salio.
order-revived-notice-credit =
    ‼️ Marekebisho: agizo <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> liliwekwa hatimaye, na { $price } ilitozwa kutoka krediti yako. Ujumbe wa awali uliosema halikuwekwa si sahihi.
    Hali yake inafuata hapa.
agents-card-credit-paid = <b>Krediti yako ililipa:</b> { $price }
agents-card-reseller-paid = <b>Muuzaji alilipa:</b> { $price } (faida { $margin })

## Revenue in /stats

admin-stats-books = 💰 Mapato { $revenue } · gharama { $cost } · faida { $margin }
admin-stats-books-none = 💰 Mapato, gharama, faida: — (hakuna maagizo yaliyofanikiwa)
admin-stats-by-reseller = Kwa muuzaji (mapato / gharama / faida):
admin-stats-by-operator = Kwa mtandao (mapato / gharama / faida):
admin-stats-books-row = • { $name }: { $revenue } / { $cost } / { $margin }
