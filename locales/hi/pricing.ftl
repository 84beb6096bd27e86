## Prices (/pricing)

command-pricing = रीसेलर कीमतों पर मार्जिन के नियम: /pricing set &lt;दायरा&gt; &lt;प्रतिशत&gt;% [+फ़ीस] [min x] [max y], /pricing del &lt;दायरा&gt;
pricing-title = 💹 मार्जिन के नियम: रीसेलर मर्चेंट कीमत के ऊपर कितना चुकाते हैं (सबसे खास नियम लागू होता है: रीसेलर, फिर ऑपरेटर, देश, डिफ़ॉल्ट)
pricing-env-default = डिफ़ॉल्ट (PRICE_MARGIN_PERCENT, चैट में कोई नियम सेट नहीं): { $rule }
pricing-row = { $scope }: { $rule }
pricing-scope-default = डिफ़ॉल्ट
pricing-scope-country = देश { $country }
pricing-scope-operator = ऑपरेटर { $operator } ({ $country })
pricing-scope-reseller = रीसेलर { $user }
pricing-rule = { $percent } % + { $fixed }
pricing-rule-min = , कम से कम { $min }
pricing-rule-max = , ज़्यादा से ज़्यादा { $max }
pricing-usage =
    /pricing — नियम
    /pricing set &lt;दायरा&gt; &lt;प्रतिशत&gt;% [+&lt;फ़ीस&gt;] [min &lt;फ़ीस&gt;] [max &lt;फ़ीस&gt;]
    /pricing del &lt;दायरा&gt;
    दायरे: default · country &lt;CC&gt; · operator &lt;CC&gt; &lt;ऑपरेटर कोड&gt; · reseller &lt;यूज़र ID&gt;
    फ़ीस मर्चेंट करेंसी में होती है। उदाहरण: /pricing set country NG 2.5% +0.10 min 0.05 max 2
pricing-set-done = ✅ नियम सेट हो गया। { $scope }: { $rule }। यह अगले कोटेशन से लागू होगा।
pricing-del-done = 🗑 नियम हटा दिया गया: { $scope }।
pricing-del-nothing = { $scope } के लिए कोई नियम नहीं है; कुछ नहीं बदला गया।
pricing-error-usage = 🚫 मैं यह कमांड समझ नहीं पाया।
pricing-error-scope = 🚫 अनजान दायरा "{ $part }": default, country, operator या reseller इस्तेमाल करें।
pricing-error-country = 🚫 "{ $part }" दो अक्षरों वाला देश कोड नहीं है (जैसे NG)।
pricing-error-operator = 🚫 "{ $part }" ऑपरेटर कोड नहीं है (जैसे NG-MTN)।
pricing-error-reseller = 🚫 "{ $part }" यूज़र ID नहीं है।
pricing-error-rule-missing = 🚫 प्रतिशत (जैसे 2.5%), फ़िक्स्ड फ़ीस (जैसे +0.10), या दोनों दें।
pricing-error-percent = 🚫 "{ $part }" 0 से 999.9999 तक का, दशमलव के बाद ज़्यादा से ज़्यादा 4 अंकों वाला प्रतिशत नहीं है।
pricing-error-fixed = 🚫 "{ $part }" फ़िक्स्ड फ़ीस नहीं है: + और फिर दशमलव के बाद ज़्यादा से ज़्यादा 4 अंकों वाली राशि (जैसे +0.10)।
pricing-error-min = 🚫 "min" के बाद दशमलव के बाद ज़्यादा से ज़्यादा 4 अंकों वाली राशि होनी चाहिए (जैसे min 0.05)।
pricing-error-max = 🚫 "max" के बाद दशमलव के बाद ज़्यादा से ज़्यादा 4 अंकों वाली राशि होनी चाहिए (जैसे max 2)।
pricing-error-min-above-max = 🚫 न्यूनतम फ़ीस अधिकतम फ़ीस से ज़्यादा है।
pricing-error-repeated = 🚫 "{ $part }" दो बार दिया गया है।
pricing-error-unknown-part = 🚫 मैं "{ $part }" नहीं समझ पाया।
pricing-error-ambiguous = 🚫 "{ $part }" का मतलब { $whole } या { $point } हो सकता है: इनमें से एक लिखें, बिना कॉमा के।
pricing-error-unknown-country = 🚫 कैटलॉग में देश { $country } नहीं है। कुछ नहीं बदला गया।
pricing-error-unknown-operator = 🚫 कैटलॉग में { $country } में ऑपरेटर { $operator } नहीं है। कुछ नहीं बदला गया।
pricing-error-not-reseller = 🚫 यूज़र { $user } रीसेलर नहीं है। कुछ नहीं बदला गया।
pricing-error-catalogue = ⚠️ अभी कैटलॉग पढ़ा नहीं जा सका, इसलिए कुछ नहीं बदला गया। कृपया थोड़ी देर में फिर कोशिश करें।

## Prices in quotes, orders and /status

top-up-quote-credit =
    कृपया यह रिचार्ज जाँच लें:
    ऑपरेटर: { $operator } ({ $country })
    प्रोडक्ट: { $subtype }
    नंबर: { $phone }
    नंबर पर मिलेगा: { $receives }
    आपके क्रेडिट से कटेगा: { $pays }
    कीमत { $expires } तक मान्य (लगभग { $seconds ->
        [one] { $seconds } सेकंड
       *[other] { $seconds } सेकंड
    })

    ⚠️ गलत नंबर या गलत ऑपरेटर पर किया गया रिचार्ज वापस नहीं हो सकता।
top-up-quote-margin-preview = 💹 आम नियमों के हिसाब से रीसेलर { $price } चुकाते हैं (मार्जिन { $margin }); किसी रीसेलर का अपना नियम अलग हो सकता है।
order-details-credit =
    { $operator } ({ $country }), { $subtype }
    <b>फ़ोन:</b> { $phone }
    <b>रिचार्ज:</b> { $localAmount }
    <b>आपका क्रेडिट:</b> { $price }
order-receipt-credit =
    ✅ रिचार्ज हो गया
    <b>ऑर्डर:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>फ़ोन:</b> { $phone }
    <b>रिचार्ज:</b> { $localAmount }
    <b>आपके क्रेडिट से चुकाया:</b> { $price }
    <b>समय:</b> { $time }
order-failed-notice-credit =
    ⚠️ रिचार्ज फ़ेल हो गया: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    फ़ोन: { $phone }, { $localAmount }
    आपके क्रेडिट पर { $price } का होल्ड हटा दिया गया है: कोई पैसा नहीं कटा।
order-refunded-notice-credit =
    ↩️ रिफ़ंड हो गया: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } आपके क्रेडिट में वापस आ गया। फ़ोन { $phone } पर रिचार्ज नहीं हुआ।
order-revived-notice-credit =
    ‼️ सुधार: ऑर्डर <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> आख़िरकार हो गया, और आपके क्रेडिट से { $price } कट गए। पहले वाला मैसेज, कि ऑर्डर नहीं हुआ, गलत है।
    इसका स्टेटस आगे यहीं आएगा।
agents-card-credit-paid = <b>आपके क्रेडिट से चुकाया:</b> { $price }
agents-card-reseller-paid = <b>रीसेलर ने चुकाया:</b> { $price } (मार्जिन { $margin })

## Revenue in /stats

admin-stats-books = 💰 आय { $revenue } · लागत { $cost } · मार्जिन { $margin }
admin-stats-books-none = 💰 आय, लागत, मार्जिन: — (कोई सफल ऑर्डर नहीं)
admin-stats-by-reseller = रीसेलर के हिसाब से (आय / लागत / मार्जिन):
admin-stats-by-operator = ऑपरेटर के हिसाब से (आय / लागत / मार्जिन):
admin-stats-books-row = • { $name }: { $revenue } / { $cost } / { $margin }
