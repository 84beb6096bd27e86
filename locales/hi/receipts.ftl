## Receipts (/receipt, /shop, /timezone)
# Messages here are sent in HTML parse mode: write &lt; &gt; &amp; for < > &.

command-receipt = ग्राहक के लिए रसीद: /receipt &lt;ऑर्डर ID या मर्चेंट ऑर्डर नंबर&gt; [कीमत]
command-shop = आपकी रसीदों पर दुकान का नाम: /shop &lt;नाम&gt;
command-timezone = आपकी रसीदों का टाइम ज़ोन: /timezone &lt;क्षेत्र/शहर&gt;

receipt-button = 🧾 रसीद
receipt-title = रसीद
receipt-operator = ऑपरेटर
receipt-product = प्रोडक्ट
receipt-phone = नंबर
receipt-received = प्राप्त
receipt-price = कीमत
receipt-order-id = ऑर्डर ID
receipt-order-number = रेफ़रेंस
receipt-time = तारीख
receipt-status = स्टेटस
receipt-thanks = ख़रीदारी के लिए धन्यवाद!
receipt-caption = 🧾 रसीद { $orderId }
receipt-usage = /receipt &lt;ऑर्डर ID या मर्चेंट ऑर्डर नंबर&gt; [कीमत] भेजें, जैसे /receipt O-1234 या, ग्राहक ने जो कीमत दी उसके साथ, /receipt O-1234 1050 (ऑर्डर की लोकल करेंसी में) या /receipt O-1234 2.50 USD; /receipt O-1234 off कीमत हटा देता है।
receipt-not-placed = { $query } की कोई रसीद नहीं: यह ऑर्डर कभी हुआ ही नहीं, इसलिए कोई पैसा नहीं कटा।

shop-none = आपकी रसीदों पर अभी दुकान का कोई नाम नहीं है।
shop-current = आपकी रसीदों पर दुकान का नाम { $name } है।
shop-usage = { $max ->
    [one] इसे सेट करने के लिए /shop &lt;नाम&gt; भेजें (ज़्यादा से ज़्यादा { $max } अक्षर), या हटाने के लिए /shop -।
   *[other] इसे सेट करने के लिए /shop &lt;नाम&gt; भेजें (ज़्यादा से ज़्यादा { $max } अक्षर), या हटाने के लिए /shop -।
}
shop-saved = सेव हो गया: अब आपकी रसीदों पर { $name } दिखेगा।
shop-cleared = हटा दिया गया: आपकी रसीदों पर अब दुकान का कोई नाम नहीं है।
shop-invalid-empty = /shop के बाद दुकान का नाम भेजें।
shop-invalid-too-long = { $max ->
    [one] यह नाम बहुत लंबा है: ज़्यादा से ज़्यादा { $max } अक्षर। कुछ नहीं बदला गया।
   *[other] यह नाम बहुत लंबा है: ज़्यादा से ज़्यादा { $max } अक्षर। कुछ नहीं बदला गया।
}
shop-invalid-control = दुकान के नाम में लाइन ब्रेक या कंट्रोल कैरेक्टर नहीं हो सकते। कुछ नहीं बदला गया।

timezone-current = आपकी रसीदों पर समय { $zone } के हिसाब से है।
timezone-usage = /timezone &lt;क्षेत्र/शहर&gt; भेजें (जैसे /timezone Africa/Lagos), या UTC के लिए /timezone -।
timezone-saved = सेव हो गया: आपकी रसीदों पर समय अब { $zone } के हिसाब से है।
timezone-invalid = { $input } कोई ऐसा टाइम ज़ोन नहीं है जिसे मैं जानता हूँ। Africa/Lagos या Europe/Madrid जैसा नाम इस्तेमाल करें। कुछ नहीं बदला गया।

## Figures chart (/stats)

stats-chart-title = { $days ->
    [one] रोज़ के ऑर्डर और आय, पिछला { $days } दिन (UTC)
   *[other] रोज़ के ऑर्डर और आय, पिछले { $days } दिन (UTC)
}
stats-chart-title-own = { $days ->
    [one] आपके रोज़ के ऑर्डर, पिछला { $days } दिन (UTC)
   *[other] आपके रोज़ के ऑर्डर, पिछले { $days } दिन (UTC)
}
stats-chart-orders = स्टेटस के हिसाब से ऑर्डर
stats-chart-revenue = सफल ऑर्डर की आय ({ $currency })
stats-chart-spent = सफल ऑर्डर के लिए आपके क्रेडिट से चुकाया ({ $currency })
stats-own-title = { $days ->
    [one] 📊 आपका पिछला { $days } दिन ({ $from } से, UTC)
   *[other] 📊 आपके पिछले { $days } दिन ({ $from } से, UTC)
}
stats-own-spent = सफल ऑर्डर के लिए आपके क्रेडिट से चुकाया: { $amount }
stats-own-spent-none = सफल ऑर्डर के लिए आपके क्रेडिट से चुकाया: कुछ नहीं
receipt-price-invalid = { $price } कोई कीमत नहीं है। /receipt &lt;ऑर्डर&gt; &lt;राशि&gt; [करेंसी] भेजें, जैसे /receipt O-1234 1050 या /receipt O-1234 2.50 USD। कुछ नहीं बदला गया।
receipt-price-not-yours = रसीद पर कीमत सिर्फ़ ऑर्डर का रीसेलर या कोई एडमिन सेट कर सकता है। कुछ नहीं बदला गया।
