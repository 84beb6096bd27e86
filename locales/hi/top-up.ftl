## Top-up: choosing

top-up-choose-country = 🌍 फ़ोन किस देश का है? एक चुनें, या उसका नाम या कोड टाइप करें (जैसे NG), या नंबर इंटरनेशनल फ़ॉर्मेट (+234…) में टाइप करें।
top-up-country-chosen = देश:
top-up-country-no-match = “{ $query }” से कोई देश नहीं मिला। दूसरा नाम या दो अक्षरों वाला कोड आज़माएँ।
top-up-country-several = “{ $query }” से कई देश मिलते हैं। एक चुनें:
top-up-country-not-sold = उस देश के लिए अभी रिचार्ज उपलब्ध नहीं है। कृपया दूसरा देश चुनें।
top-up-one-line-bad-phone = यह इंटरनेशनल फ़ॉर्मेट (+ और देश कोड के साथ) वाला फ़ोन नंबर नहीं लगता।
top-up-no-operators = { $country } में अभी किसी भी ऑपरेटर का रिचार्ज नहीं हो सकता। कृपया दूसरा देश चुनें।
top-up-choose-operator = 📶 { $country } में कौन-सा ऑपरेटर? एक चुनें या उसका नाम टाइप करें।
top-up-wrong-number-warning = ⚠️ नंबर इसी ऑपरेटर का होना चाहिए: गलत नंबर या गलत ऑपरेटर पर भेजा गया रिचार्ज वापस नहीं हो सकता।
top-up-operator-chosen = ऑपरेटर: { $operator }
top-up-operator-no-match = “{ $query }” से कोई ऑपरेटर नहीं मिला। सूची से एक चुनें या दूसरा नाम टाइप करें।
top-up-operator-several = “{ $query }” से कई ऑपरेटर मिलते हैं। एक चुनें:
top-up-choose-subtype = आप { $operator } से क्या ख़रीदना चाहते हैं?
top-up-subtype-unknown = कृपया दिए गए विकल्पों में से एक चुनें।
top-up-choose-currency = { $operator } एक से ज़्यादा करेंसी में बेचता है। कौन-सी करेंसी?
top-up-currency-unknown = कृपया दी गई करेंसी में से एक चुनें।
subtype-airtime = टॉकटाइम
subtype-data = डेटा
subtype-bundle = कॉम्बो पैक

## Top-up: amount

top-up-choose-amount = 💵 { $operator } से कितने का { $subtype }?
top-up-amount-range = { $min } से { $max } { $currency } के बीच की राशि टाइप करें।
top-up-amount-buttons = एक राशि चुनें।
top-up-amount-buttons-or-type = एक राशि चुनें या टाइप करें।
top-up-amount-chosen = राशि: { $amount }
amount-error-empty = कृपया राशि टाइप करें, जैसे 500।
amount-error-not-a-number = यह संख्या नहीं है। कृपया 500 या 12.50 जैसी राशि टाइप करें।
amount-error-zero = राशि शून्य से ज़्यादा होनी चाहिए।
amount-error-negative = राशि माइनस में नहीं हो सकती।
amount-error-too-many-decimals = दशमलव के बाद ज़्यादा से ज़्यादा 4 अंक लिखें।
amount-error-exponent = कृपया राशि सीधे अंकों में टाइप करें, बिना एक्सपोनेंट के (“1e3” नहीं)।
amount-error-too-long = यह राशि बहुत ज़्यादा लंबी है। कृपया सामान्य राशि टाइप करें।
amount-error-ambiguous = मैं समझ नहीं पा रहा कि दशमलव का निशान कौन-सा है। कृपया राशि हज़ार वाले कॉमा के बिना टाइप करें, जैसे 1500.50।
amount-error-below = यह न्यूनतम राशि { $min } { $currency } से कम है।
amount-error-above = यह अधिकतम राशि { $max } { $currency } से ज़्यादा है।
amount-error-not-offered = यह राशि उपलब्ध नहीं है। उपलब्ध: { $values } { $currency }।

## Top-up: phone number

top-up-enter-phone = 📱 { $country } का फ़ोन नंबर भेजें (नेशनल या इंटरनेशनल फ़ॉर्मेट में), हाल का कोई नंबर चुनें, या कॉन्टैक्ट शेयर करें।
top-up-phone-chosen = नंबर: { $phone }
phone-error-empty = कृपया फ़ोन नंबर भेजें।
phone-error-invalid = यह { $country } का सही फ़ोन नंबर नहीं है। कृपया जाँचकर फिर से भेजें।
phone-error-wrong-country = यह नंबर { $country } का नहीं, किसी दूसरे देश का है। कृपया { $country } का नंबर भेजें।
phone-error-not-mobile = यह मोबाइल नंबर नहीं है। सिर्फ़ मोबाइल नंबर पर रिचार्ज हो सकता है।
phone-error-too-long = यह नंबर बहुत लंबा है। कृपया जाँचकर फिर से भेजें।
top-up-number-busy = इस नंबर पर पिछला ऑर्डर अभी पूरा नहीं हुआ है (<code>{ $orderId }</code>, <code>{ $number }</code>)। कृपया उसके पूरा होने तक रुकें या दूसरा नंबर इस्तेमाल करें।
top-up-number-busy-until = इस नंबर पर एक रिचार्ज अभी पूरा नहीं हुआ है। यह शायद लगभग { $time } UTC तक हो जाएगा। कृपया तब तक रुकें या दूसरा नंबर इस्तेमाल करें।

## Top-up: quote and order

top-up-quote =
    कृपया यह रिचार्ज जाँच लें:
    ऑपरेटर: { $operator } ({ $country })
    प्रोडक्ट: { $subtype }
    नंबर: { $phone }
    नंबर पर मिलेगा: { $receives }
    आपके वॉलेट से कटेगा: { $pays }
    कीमत { $expires } तक मान्य (लगभग { $seconds ->
        [one] { $seconds } सेकंड
       *[other] { $seconds } सेकंड
    })

    ⚠️ गलत नंबर या गलत ऑपरेटर पर किया गया रिचार्ज वापस नहीं हो सकता।
top-up-quote-renewed = ⏱ कीमत की समय-सीमा ख़त्म हो गई थी या होने वाली थी, इसलिए यह नया कोटेशन है। कृपया फिर से पुष्टि करें।
top-up-line-outlives-quote =
    ⏳ कतार इस कीमत की वैधता से लंबी है (लगभग { $seconds ->
        [one] { $seconds } सेकंड
       *[other] { $seconds } सेकंड
    } का इंतज़ार), इसलिए आपकी बारी आने पर नया कोटेशन लिया जाएगा। कृपया उसकी फिर से पुष्टि करें।
top-up-price-changed = ⚠️ कीमत बदल गई: पहले { $old } थी, अब { $new } है।
top-up-quote-mismatch = ⚠️ सेवा ने आपकी माँग से अलग कोटेशन दिया, इसलिए मैंने रोक दिया। कोई पैसा नहीं कटा। एडमिन को बता दिया गया है।
top-up-press-confirm = ऑर्डर करने के लिए ✅ दबाएँ या रद्द करने के लिए ❌।
top-up-press-a-button = कृपया कोई एक बटन दबाएँ।
top-up-text-or-button = कृपया अपना जवाब टाइप करें या कोई बटन दबाएँ।
top-up-stale-button = यह बटन किसी पिछले कदम या पूरे हो चुके रिचार्ज का है।
top-up-offer-unavailable = यह ऑफ़र अब उपलब्ध नहीं है। कृपया दूसरा ऑपरेटर या दूसरी राशि चुनें।
top-up-cancelled = रिचार्ज रद्द। कोई पैसा नहीं कटा।
top-up-idle-ended = { $minutes ->
    [one] { $minutes } मिनट तक कोई गतिविधि न होने से आपका रिचार्ज बंद कर दिया गया। कोई पैसा नहीं कटा। फिर से शुरू करने के लिए /topup भेजें।
   *[other] { $minutes } मिनट तक कोई गतिविधि न होने से आपका रिचार्ज बंद कर दिया गया। कोई पैसा नहीं कटा। फिर से शुरू करने के लिए /topup भेजें।
}
top-up-error-ended = एक अनचाही गड़बड़ी की वजह से आपका रिचार्ज रुक गया। अगर आपने इसकी पुष्टि कर दी थी, तो /orders में दिखेगा कि ऑर्डर हुआ या नहीं। फिर से शुरू करने के लिए /topup भेजें।
top-up-repeat-unavailable = यह ऑर्डर दोहराया नहीं जा सकता। चलिए, नया रिचार्ज शुरू करते हैं।
top-up-placing = ⏳ ऑर्डर किया जा रहा है… (मर्चेंट ऑर्डर नंबर <code>{ $number }</code>)
top-up-pending = ⏳ सेवा ने ऑर्डर <code>{ $number }</code> की अभी पुष्टि नहीं की है। हम उसी ऑर्डर नंबर से कोशिश करते रहते हैं, इसलिए पैसा कभी दो बार नहीं कटता; ऊपर वाला मैसेज अपडेट हो जाएगा।
top-up-not-placed-requote = ऑर्डर <code>{ $number }</code> नहीं हुआ और कोई पैसा नहीं कटा: कीमत दोबारा लेनी होगी।
top-up-rejected = ⚠️ ऑर्डर <code>{ $number }</code> अस्वीकार कर दिया गया। कोई पैसा नहीं कटा।
top-up-submit-error = ⚠️ ऑर्डर <code>{ $number }</code> करते समय कुछ गड़बड़ हो गई। एक मिनट बाद /status <code>{ $number }</code> से जाँचें: यह ऑर्डर कभी दो बार नहीं होता।
top-up-number-conflict = ⚠️ ऑर्डर <code>{ $number }</code> नहीं हुआ: इसका नंबर पहले से किसी दूसरे ऑर्डर का है। कोई पैसा नहीं कटा। कृपया /topup से नया रिचार्ज शुरू करें।
