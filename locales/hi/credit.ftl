## Credit (/credit, /limit, /balance, /statement)

credit-usage = /credit &lt;यूज़र ID&gt; &lt;राशि&gt; [नोट] भेजें; राशि से पहले - लगाने पर क्रेडिट घटता है (जैसे /credit 123 -5)।
credit-amount-not-a-number = 🚫 यह राशि नहीं है: अंकों में लिखें, जैसे 25 या 25.50।
credit-amount-too-many-decimals = { $digits ->
    [one] 🚫 दशमलव के बाद बहुत ज़्यादा अंक: { $currency } में दशमलव के बाद { $digits } अंक होता है।
   *[other] 🚫 दशमलव के बाद बहुत ज़्यादा अंक: { $currency } में दशमलव के बाद { $digits } अंक होते हैं।
}
credit-amount-zero = 🚫 राशि शून्य नहीं हो सकती।
credit-amount-negative = 🚫 राशि माइनस में नहीं हो सकती।
credit-amount-ambiguous = 🚫 { $typed } का मतलब { $thousands } भी हो सकता है और { $decimal } भी: { $whole } या { $point } लिखें।
credit-unknown-user = 🚫 { $user } का यहाँ कोई रोल नहीं है: पहले उसे रीसेलर का रोल दें।
credit-not-reseller = 🚫 { $user } रीसेलर नहीं है: क्रेडिट और लिमिट सिर्फ़ रीसेलरों के लिए हैं।
credit-below-zero = 🚫 { $user } से { $amount } नहीं घटाया जा सकता: उसका उपलब्ध क्रेडिट (बैलेंस माइनस होल्ड) { $available } है, और यह कभी शून्य से नीचे नहीं जाता।
credit-added = { $user } के क्रेडिट में { $amount } जोड़ा गया। नया बैलेंस: { $balance }।
credit-taken = { $user } के क्रेडिट से { $amount } घटाया गया। नया बैलेंस: { $balance }।
credit-told-added = 💰 एक एडमिन ने आपके क्रेडिट में { $amount } जोड़ा ({ $note })। आपका बैलेंस: { $balance }।
credit-told-taken = 💰 एक एडमिन ने आपके क्रेडिट से { $amount } घटाया ({ $note })। आपका बैलेंस: { $balance }।
credit-refused-funds = 🚫 क्रेडिट काफ़ी नहीं: उपलब्ध { $available }, इस रिचार्ज की कीमत { $price }। कोई ऑर्डर नहीं हुआ।
credit-refused-order-limit = 🚫 आपकी प्रति ऑर्डर अधिकतम राशि { $limit } से ज़्यादा: इस रिचार्ज की कीमत { $price }। कोई ऑर्डर नहीं हुआ।
credit-refused-daily-limit = 🚫 आपकी रोज़ की लिमिट { $limit } से ज़्यादा: आज इस्तेमाल { $used }, बाकी { $left }, इस रिचार्ज की कीमत { $price }। कोई ऑर्डर नहीं हुआ।
credit-low = ⚠️ आपका उपलब्ध क्रेडिट { $available } है, जो आपकी अलर्ट सीमा { $threshold } से कम है।
limit-usage = /limit &lt;यूज़र ID&gt; &lt;राशि|off&gt; (रोज़ की, UTC दिन) या /limit &lt;यूज़र ID&gt; order &lt;राशि|off&gt; (प्रति ऑर्डर) भेजें।
limit-daily-set = { $user } की रोज़ की लिमिट: { $limit }।
limit-daily-off = { $user } की अब कोई रोज़ की लिमिट नहीं है।
limit-order-set = { $user } की प्रति ऑर्डर अधिकतम राशि: { $limit }।
limit-order-off = { $user } की अब कोई प्रति ऑर्डर अधिकतम राशि नहीं है।
balance-title = 💰 { $user } का क्रेडिट
balance-line = बैलेंस { $balance } · होल्ड { $holds } · उपलब्ध { $available }
balance-today = आज (UTC): रोज़ की लिमिट { $limit } में से { $spent }, { $left } बाकी
balance-today-no-limit = आज (UTC): { $spent } (रोज़ की कोई लिमिट नहीं)
balance-order-max = प्रति ऑर्डर अधिकतम राशि: { $limit }
balance-alert-line = क्रेडिट { $threshold } से कम होने पर अलर्ट
balance-usage = /balance भेजें, या किसी एक रीसेलर के लिए /balance &lt;यूज़र ID&gt;।
balance-alert-usage = /balance alert &lt;राशि|off&gt; भेजें: जब आपका उपलब्ध क्रेडिट इससे नीचे जाएगा, आपको बताया जाएगा।
balance-alert-usage-admin = /balance alert &lt;यूज़र ID&gt; &lt;राशि|off&gt; भेजें।
balance-alert-set = जब उपलब्ध क्रेडिट { $threshold } से नीचे जाएगा, { $user } को बताया जाएगा।
balance-alert-off = { $user } के लिए अब कम क्रेडिट का कोई अलर्ट नहीं।
balance-all-title = 💰 रीसेलरों का क्रेडिट:
balance-all-row = { $user }: बैलेंस { $balance }, उपलब्ध { $available }
balance-all-empty = अभी तक कोई रीसेलर नहीं।
balance-wallet = मर्चेंट वॉलेट: { $balance }
balance-wallet-unreported = मर्चेंट वॉलेट: Merchant API इसका बैलेंस नहीं बताता (करेंसी { $currency })।
balance-wallet-unavailable = मर्चेंट वॉलेट: अभी Merchant API से पूछा नहीं जा सका।
statement-usage = /statement [कब से] [कब तक] भेजें, तारीखें YYYY-MM-DD (UTC) में; एडमिन: /statement &lt;यूज़र ID&gt; [कब से] [कब तक]।
statement-caption = { $user } का स्टेटमेंट, { $from } से { $to } तक, फ़ाइल { $part }
statement-summary =
    { $user } का स्टेटमेंट, { $from } से { $to } तक: शुरुआती बैलेंस { $opening }, जमा { $credits }, नामे { $debits }, आख़िरी बैलेंस { $closing } ({ $entries ->
        [one] { $entries } एंट्री
       *[other] { $entries } एंट्रियाँ
    })।
statement-failed = { $count ->
    [one] स्टेटमेंट पूरा होने से पहले रुक गया ({ $count } एंट्री भेजी गई)। कृपया फिर कोशिश करें।
   *[other] स्टेटमेंट पूरा होने से पहले रुक गया ({ $count } एंट्रियाँ भेजी गईं)। कृपया फिर कोशिश करें।
}

## Alerts

alert-merchant-low-balance = 💸 मर्चेंट वॉलेट में सिर्फ़ { $balance } बचे हैं, जो MERCHANT_LOW_BALANCE ({ $threshold }) से कम है: ऑर्डर अस्वीकार होने से पहले इसमें पैसे डालें।
