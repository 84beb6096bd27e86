## Bulk top-ups (/bulk)

bulk-help =
    <b>CSV फ़ाइल से बल्क रिचार्ज</b>
    CSV फ़ाइल डॉक्यूमेंट के रूप में भेजें, हर लाइन में एक रिचार्ज: <code>phone,amount,operator,note</code>
    • phone: देश कोड के साथ इंटरनेशनल फ़ॉर्मेट (<code>+234…</code>)
    • amount: लोकल राशि, जो नंबर पर मिलेगी
    • operator: खाली छोड़ सकते हैं, अगर उस देश में ऑपरेटर साफ़ तय है
    • note: कुछ भी लिखें; यह रिपोर्ट में वापस आता है
    ज़्यादा से ज़्यादा 1,000 लाइनें, UTF-8, कॉमा या सेमीकोलन, कोट्स चल सकते हैं। कॉलम के नामों वाली पहली लाइन ज़रूरी नहीं है।
    कोई भी ऑर्डर करने से पहले मैं हर लाइन जाँचता हूँ और अनुमानित लागत दिखाता हूँ।
bulk-template-caption = टेम्पलेट: इसे भरें और डॉक्यूमेंट के रूप में वापस भेजें।
bulk-checking = ⏳ फ़ाइल जाँच रहा हूँ…
bulk-download-failed = ⚠️ Telegram से फ़ाइल डाउनलोड नहीं हो सकी। कृपया इसे फिर से भेजें।
bulk-file-empty = 🚫 फ़ाइल में रिचार्ज के लिए कोई लाइन नहीं है।
bulk-file-not-csv = 🚫 यह CSV टेक्स्ट फ़ाइल नहीं है। कृपया phone,amount,operator,note कॉलम वाली .csv फ़ाइल (UTF-8) भेजें।
bulk-file-too-many-lines = 🚫 फ़ाइल में 1,000 से ज़्यादा लाइनें हैं। कृपया इसे छोटी फ़ाइलों में बाँट दें।
bulk-file-too-large = 🚫 फ़ाइल बहुत बड़ी है। एक बल्क फ़ाइल में ज़्यादा से ज़्यादा 1,000 लाइनें हो सकती हैं।
bulk-file-columns = 🚫 कॉलम phone,amount,operator,note नहीं हैं। कृपया /bulk वाला टेम्पलेट इस्तेमाल करें।
bulk-summary =
    <b>बल्क रिचार्ज</b>: { $valid ->
        [one] { $valid } सही लाइन
       *[other] { $valid } सही लाइनें
    }, { $errors ->
        [one] { $errors } लाइन में गलती
       *[other] { $errors } लाइनों में गलती
    }।
bulk-summary-line-error = लाइन { $line }: { $problem }
bulk-summary-more-errors = { $count ->
    [one] …साथ ही { $count } और लाइन में गलती है (सभी रिपोर्ट में हैं)।
   *[other] …साथ ही { $count } और लाइनों में गलती है (सभी रिपोर्ट में हैं)।
}
bulk-summary-no-estimate = अभी लागत का अनुमान नहीं लग सका; हर लाइन का कोटेशन ऑर्डर करते समय लिया जाएगा।
bulk-summary-estimate = अनुमानित लागत: <b>{ $cost }</b>
bulk-summary-estimate-approx = अनुमानित लागत: लगभग <b>{ $cost }</b>
bulk-summary-credit = उपलब्ध क्रेडिट: { $available }
bulk-summary-credit-short = ⚠️ उपलब्ध क्रेडिट: { $available }, जो अनुमान से कम है: आपके क्रेडिट से आगे की लाइनों का ऑर्डर नहीं होगा।
bulk-summary-confirm = ✅ से सही लाइनों के ऑर्डर शुरू होते हैं; ❌ से फ़ाइल छोड़ दी जाती है।
bulk-summary-nothing = किसी भी लाइन का ऑर्डर नहीं हो सकता। कृपया फ़ाइल ठीक करके फिर से भेजें।
bulk-button-start = ✅ शुरू करें
bulk-button-drop = ❌ छोड़ें
bulk-button-pause = ⏸ रोकें
bulk-button-resume = ▶️ फिर चालू करें
bulk-button-cancel = ⏹ रद्द करें
bulk-gone = यह बल्क फ़ाइल अब उपलब्ध नहीं है।
bulk-dropped = बल्क फ़ाइल छोड़ दी गई। कोई ऑर्डर नहीं हुआ।
bulk-started = शुरू हो गया।
bulk-pause-done = रोक दिया गया।
bulk-resume-done = फिर चालू हो गया।
bulk-cancel-done = रद्द: जिन लाइनों का ऑर्डर अभी तक नहीं हुआ, उनका अब नहीं होगा।
bulk-progress-running = ⏳ <b>बल्क रिचार्ज चल रहा है</b>
bulk-progress-paused = ⏸ <b>बल्क रिचार्ज रुका हुआ है</b>
bulk-progress-cancelled = ⏹ <b>बल्क रिचार्ज रद्द</b>
bulk-progress-finished = ✅ <b>बल्क रिचार्ज पूरा हुआ</b>
bulk-progress-counts = ऑर्डर हुए { $placed } · फ़ेल { $failed } · बाकी { $left }
bulk-progress-skipped = ऑर्डर नहीं हुए (रद्द): { $count }
bulk-progress-spent = अब तक खर्च: { $spent }
bulk-progress-eta = अनुमानित समाप्ति: { $time }
bulk-report-caption =
    बल्क रिपोर्ट: { $placed ->
        [one] { $placed } ऑर्डर हुआ
       *[other] { $placed } ऑर्डर हुए
    }, { $failed ->
        [one] { $failed } फ़ेल हुआ
       *[other] { $failed } फ़ेल हुए
    }, { $skipped ->
        [one] { $skipped } नहीं हुआ
       *[other] { $skipped } नहीं हुए
    }। हर ऑर्डर /orders में भी है।
bulk-line-duplicate = वही नंबर जो लाइन { $line } में है
bulk-line-operator-unknown = { $country } में “{ $operator }” नाम का कोई ऑपरेटर नहीं
bulk-line-operator-several = “{ $operator }” कई ऑपरेटरों से मिलता है: { $names }
bulk-line-operator-needed = कृपया ऑपरेटर का नाम लिखें ({ $names })
bulk-line-amount-ambiguous = { $operator } यह राशि कई करेंसी में देता है
bulk-line-refused-credit = उपलब्ध क्रेडिट काफ़ी नहीं
bulk-line-refused-daily-limit = आपकी रोज़ की लिमिट पार हो गई
bulk-line-refused-order-limit = आपकी प्रति ऑर्डर लिमिट से ज़्यादा
bulk-line-refused-busy = इस नंबर पर दूसरा ऑर्डर अभी पूरा नहीं हुआ
bulk-line-refused-other = सेवा ने ऑर्डर नहीं लिया; कोई पैसा नहीं कटा

## Bulk runs and schedules stopped: the payer may no longer order

bulk-role-changed = 🚫 यह फ़ाइल जाँचे जाने के बाद आपका रोल बदल गया है, इसलिए इसकी कीमतें अब आप पर लागू नहीं होतीं। कोई ऑर्डर नहीं हुआ: फ़ाइल फिर से भेजें।
bulk-pin-ask = 🔐 इस बल्क रिचार्ज की अनुमानित लागत { $cost } है: इसे शुरू करने के लिए कीपैड पर अपना PIN डालें।
bulk-pin-ask-unknown = 🔐 इस बल्क रिचार्ज की लागत का अनुमान नहीं लग सका: इसे शुरू करने के लिए कीपैड पर अपना PIN डालें।
bulk-progress-stopped = रुक गया: { $reason }।
payer-stopped-no-access = अब आपके पास ऐसा रोल नहीं है जिससे रिचार्ज कर सकें
payer-stopped-pin-locked = बहुत बार गलत PIN डालने से आपका PIN लॉक हो गया है
payer-stopped-pin-needed = इस रिचार्ज के लिए अब आपका PIN चाहिए
alert-payer-stopped-bulk = ⏹ { $user } का बल्क रिचार्ज रोक दिया गया: { $reason }। इसका अब और कोई ऑर्डर नहीं होगा।
alert-payer-stopped-schedule = ⏸ { $user } का एक शेड्यूल रोक दिया गया: { $reason }। इसका अब और कोई ऑर्डर नहीं होगा।
schedule-paused-stopped = यह शेड्यूल रुका हुआ है: { $reason }। मामला सुलझ जाने पर इसे /schedule में फिर चालू करें।
schedule-pin-unknown = 🔐 इस शेड्यूल की कीमत का अभी अनुमान नहीं लग सका, इसलिए इसे सेव करने के लिए आपका PIN चाहिए।
