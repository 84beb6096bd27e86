## Orders

order-status-accepted = स्वीकार हुआ
order-status-processing = प्रोसेस हो रहा है
order-status-manual-review = जाँच में
order-status-succeeded = सफल
order-status-failed = फ़ेल
order-status-refunded = रिफ़ंड हुआ
order-status-unknown = जारी है ({ $status })
order-status-placing = ऑर्डर हो रहा है
order-status-rejected = ऑर्डर नहीं हुआ

order-status-line = { $emoji } <b>{ $status }</b> · <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
order-status-line-pending = { $emoji } <b>{ $status }</b> · <code>{ $externalOrderId }</code>

order-subtype-airtime = टॉकटाइम
order-subtype-data = डेटा
order-subtype-bundle = कॉम्बो पैक

order-details =
    { $operator } ({ $country }), { $subtype }
    <b>फ़ोन:</b> { $phone }
    <b>रिचार्ज:</b> { $localAmount }
    <b>वॉलेट:</b> { $price }

order-receipt =
    ✅ रिचार्ज हो गया
    <b>ऑर्डर:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>फ़ोन:</b> { $phone }
    <b>रिचार्ज:</b> { $localAmount }
    <b>वॉलेट से चुकाया:</b> { $price }
    <b>समय:</b> { $time }

order-failed-notice =
    ⚠️ रिचार्ज फ़ेल हो गया: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    फ़ोन: { $phone }, { $localAmount }
    पैसा ({ $price }) अभी वॉलेट में वापस नहीं आया है: रिफ़ंड बाकी है। पैसा आने पर आपको मैसेज मिलेगा।

order-refunded-notice =
    ↩️ रिफ़ंड हो गया: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } वॉलेट में वापस आ गया। फ़ोन { $phone } पर रिचार्ज नहीं हुआ।

order-rejected-notice =
    ❌ ऑर्डर <code>{ $externalOrderId }</code> नहीं हुआ: { $reason }
    कोई पैसा नहीं कटा।

order-quote-expired-notice =
    ❌ ऑर्डर <code>{ $externalOrderId }</code> नहीं हुआ: सेवा के लेने से पहले ही कोटेशन की समय-सीमा ख़त्म हो गई।
    कोई पैसा नहीं कटा। फिर से कोशिश करने के लिए नया कोटेशन माँगें।

order-revived-notice =
    ‼️ सुधार: ऑर्डर <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> आख़िरकार हो गया, और वॉलेट से { $price } कट गए। पहले वाला मैसेज, कि ऑर्डर नहीं हुआ, गलत है।
    इसका स्टेटस आगे यहीं आएगा।

order-new-quote-button = 🔄 नया कोटेशन

order-pending-notice =
    ⏳ ऑर्डर <code>{ $externalOrderId }</code> किया जा रहा है। सेवा ने अभी जवाब नहीं दिया; हम उसी ऑर्डर नंबर से कोशिश करते रहते हैं, इसलिए पैसा कभी दो बार नहीं कटता।
    पुष्टि होते ही आपको मैसेज मिलेगा।

order-reject-reason-balance = वॉलेट बैलेंस बहुत कम है
order-reject-reason-risk = ऑर्डर की एक लिमिट पूरी हो गई
order-reject-reason-wallet = वॉलेट चालू नहीं है
order-reject-reason-detail = यह रिचार्ज अभी उपलब्ध नहीं है
order-reject-reason-amount = यह राशि मान्य नहीं है
order-reject-reason-local-currency = यह करेंसी मान्य नहीं है
order-reject-reason-account = फ़ोन नंबर नहीं है या मान्य नहीं है
order-reject-reason-quote-token = कोटेशन अब मान्य नहीं है; नया कोटेशन माँगें
order-reject-reason-quote-expired = कोटेशन की समय-सीमा ख़त्म हो गई; नया कोटेशन माँगें
order-reject-reason-price-changed = कीमत बदल गई; नया कोटेशन माँगें
order-reject-reason-account-busy = इस नंबर पर दूसरा रिचार्ज अभी पूरा नहीं हुआ
order-reject-reason-external-order-id = यह ऑर्डर नंबर पहले ही इस्तेमाल हो चुका है
order-reject-reason-not-placed = भेजने से पहले ही बॉट रुक गया
order-reject-reason-not-durable = बॉट का स्टोरेज इसकी सुरक्षित पुष्टि नहीं कर सका (किसी Redis रेप्लिका ने जवाब नहीं दिया), इसलिए इसे भेजा नहीं गया; एक मिनट में फिर कोशिश करें
order-reject-reason-other = सेवा ने ऑर्डर अस्वीकार कर दिया

## Alerts

alert-order-failed = ⚠️ रिचार्ज फ़ेल: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> (रिफ़ंड बाकी)
alert-order-refunded = ↩️ रिफ़ंड हुआ: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-manual-review = 🔎 मैनुअल जाँच में: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-rejected = ❌ ऑर्डर अस्वीकार: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: { $reason }
alert-forbidden-placement = 🚫 सेवा ने ऑर्डर <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> पर 403 जवाब दिया: API key, IP allowlist और API एक्सेस जाँचें। ऑर्डर की दोबारा कोशिश होती रहेगी।
alert-forbidden-read = 🚫 सेवा ने ऑर्डर पढ़ने पर 403 जवाब दिया: API key, IP allowlist और API एक्सेस जाँचें।
alert-webhook-signature = { $failures ->
    [one] 🛡 { $failures } वेबहुक अस्वीकार किया गया (आख़िरी कारण: { $reason })। MERCHANT_WEBHOOK_SECRETS जाँचें।
   *[other] 🛡 { $failures } वेबहुक अस्वीकार किए गए (आख़िरी कारण: { $reason })। MERCHANT_WEBHOOK_SECRETS जाँचें।
}
alert-stale-order = { $minutes ->
    [one] ⏰ { $minutes } मिनट बाद भी अधूरा: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status })
   *[other] ⏰ { $minutes } मिनट बाद भी अधूरा: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status })
}
alert-unknown-order = ❓ एक अनजान ऑर्डर के लिए इवेंट { $event }: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-unrecorded-order = 🧾 Merchant API के पास हमारा ऑर्डर <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status }) है, लेकिन Redis में इसका कोई रिकॉर्ड नहीं था (Redis failover में खो गया?): अब इसे बिना किसी रीसेलर के दर्ज कर लिया गया है, और इसके लिए किसी का पैसा नहीं कटा। पता करें कि यह किसका था।
alert-order-revived = ‼️ <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> को अस्वीकार मान लिया गया था ({ $key }), लेकिन यह सेवा के पास है और उसने वॉलेट से पैसे काट लिए: इस पर फिर से नज़र रखी जा रही है। जाँचें कि रीसेलर को क्या बताया गया था।
alert-placement-unreadable = ❓ ऑर्डर <code>{ $externalOrderId }</code> का जवाब पढ़ा नहीं जा सका: इसे दोबारा नहीं भेजा जाएगा, सिर्फ़ इसकी जानकारी ली जाएगी। Merchant API जाँचें।
alert-quote-mismatch = ⚠️ एक कोटेशन अनुरोध से मेल नहीं खाया ({ $operator }, { $field }): माँगा { $asked }, कोटेशन में { $quoted }। कोई ऑर्डर नहीं हुआ।
alert-order-number-conflict = 🛑 मर्चेंट ऑर्डर नंबर <code>{ $externalOrderId }</code> किसी दूसरे अनुरोध को दिया गया था ({ $field }): इसके लिए कुछ नहीं भेजा गया। कृपया जाँचें।
alert-rate-limited = 🐢 Merchant API ने 429 जवाब दिया (बहुत ज़्यादा अनुरोध): हर रेप्लिका रुक रही है। MERCHANT_RATE_LIMIT_PER_MINUTE को अकाउंट की लिमिट से मिलाकर देखें।
alert-quote-single-use = 🔂 Merchant API ने एक ऐसा कोटेशन टोकन, जिससे पहले ही एक ऑर्डर हो चुका था, उसकी समय-सीमा ख़त्म होने से पहले ही अस्वीकार कर दिया: इस अकाउंट के कोटेशन सिर्फ़ एक बार इस्तेमाल होते हैं। अब हर रिचार्ज अपना अलग कोटेशन माँगता है (हर ऑर्डर पर एक अनुरोध ज़्यादा)। इसे स्थायी बनाने के लिए QUOTE_SHARING=off सेट करें।
alert-group-header = { $count ->
    [one] 🚨 { $count } अलर्ट
   *[other] 🚨 { $count } अलर्ट
}
alert-open-button = { $order } खोलें
