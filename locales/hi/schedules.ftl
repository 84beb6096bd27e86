## Scheduled top-ups (/schedule)

schedule-list-empty = 🗓 आपका कोई शेड्यूल किया हुआ रिचार्ज नहीं है। एक शेड्यूल बनाने के लिए ➕ दबाएँ: किसी तारीख और समय पर एक बार, या हर दिन, हर हफ़्ते या हर महीने।
schedule-list-head = 🗓 <b>आपके शेड्यूल किए गए रिचार्ज</b> (ज़्यादा से ज़्यादा { $max } में से { $count })
schedule-entry = <b>{ $n }.</b> { $phone } · { $operator } · { $amount }
schedule-entry-when = { $when } ({ $zone })
schedule-entry-next = अगली बार: { $time }
schedule-entry-paused = ⏸ रुका हुआ
schedule-entry-ended = ख़त्म (एक बार चल चुका)
schedule-entry-last-placed = पिछली बार { $time }: ऑर्डर हुआ, <code>{ $orderId }</code> · <code>{ $number }</code>
schedule-entry-last-not-placed = पिछली बार { $time }: ऑर्डर नहीं हुआ: { $reason }
schedule-when-once = एक बार, { $date } को { $time } बजे
schedule-when-daily = हर दिन { $time } बजे
schedule-when-weekly = हर { $weekday } को { $time } बजे
schedule-when-monthly = हर महीने की { $day } तारीख को { $time } बजे (छोटे महीनों में आख़िरी दिन)
schedule-button-pause = ⏸ रोकें { $n }
schedule-button-resume = ▶️ फिर चालू करें { $n }
schedule-button-delete = 🗑 हटाएँ { $n }
schedule-button-new = ➕ नया शेड्यूल
schedule-button-delete-yes = 🗑 हाँ, हटाएँ
schedule-button-keep = ⬅️ रहने दें
schedule-button-save = ✅ शेड्यूल सेव करें
schedule-delete-ask = यह शेड्यूल किया हुआ रिचार्ज हटाएँ? जो ऑर्डर पहले हो चुके हैं, वे /orders में बने रहेंगे।
schedule-deleted = हटा दिया गया।
schedule-paused = रोक दिया गया: जब तक आप इसे फिर चालू नहीं करते, यह नहीं चलेगा।
schedule-resumed = फिर चालू हो गया।
schedule-gone = यह शेड्यूल अब मौजूद नहीं है।
schedule-kind-once = 📅 एक बार
schedule-kind-daily = हर दिन
schedule-kind-weekly = हर हफ़्ते
schedule-kind-monthly = हर महीने
schedule-ask-kind = यह रिचार्ज कब चले? समय आपके टाइम ज़ोन { $zone } के हिसाब से है (इसे /timezone से बदलें)।
schedule-kind-chosen = कब: { $kind }
schedule-ask-weekday = हफ़्ते के किस दिन?
schedule-weekday-chosen = { $weekday } को
schedule-ask-day = महीने की किस तारीख को? 1 से 31 तक कोई संख्या भेजें (जिस महीने में वह तारीख नहीं होती, उसमें आख़िरी दिन चलेगा)।
schedule-ask-time = किस समय? HH:MM में, 24 घंटे वाले फ़ॉर्मेट में, { $zone } के हिसाब से भेजें (जैसे 09:30)।
schedule-ask-datetime = किस तारीख को और किस समय? YYYY-MM-DD HH:MM में, { $zone } के हिसाब से भेजें (जैसे 2026-12-24 09:30)।
schedule-type-it = कृपया जवाब टाइप करें (या ⬅️ वापस दबाएँ)।
schedule-error-time = यह समय नहीं है। कृपया HH:MM में, 24 घंटे वाले फ़ॉर्मेट में भेजें, जैसे 09:30।
schedule-error-datetime = यह तारीख और समय नहीं है। कृपया YYYY-MM-DD HH:MM में भेजें, जैसे 2026-12-24 09:30।
schedule-error-day = यह महीने की तारीख नहीं है। कृपया 1 से 31 तक कोई संख्या भेजें।
schedule-error-past = यह समय निकल चुका है। कृपया आगे का कोई समय चुनें।
schedule-error-limit = { $max ->
    [one] 🚫 आपके पास पहले से { $max } शेड्यूल है, जो एक रीसेलर के लिए सबसे ज़्यादा है। पहले /schedule से एक हटाएँ। कुछ सेव नहीं हुआ।
   *[other] 🚫 आपके पास पहले से { $max } शेड्यूल हैं, जो एक रीसेलर के लिए सबसे ज़्यादा हैं। पहले /schedule से एक हटाएँ। कुछ सेव नहीं हुआ।
}
schedule-summary =
    🗓 <b>नया शेड्यूल किया गया रिचार्ज</b>
    नंबर: { $phone }
    { $operator }, { $country }: { $receives } ({ $subtype })
    कब: { $when } ({ $zone })
    पहली बार: { $first }
    { $estimate }
    हर बार चलने पर उसी समय कोटेशन लेकर आपके क्रेडिट से ऑर्डर किया जाता है। अगर किसी बार ऑर्डर न हो सके, तो आपको बताया जाता है और वह बार छोड़ दी जाती है; अगली बार तय समय पर ही चलेगा।
schedule-summary-estimate = हर बार की अनुमानित कीमत: <b>{ $price }</b>
schedule-summary-no-estimate = अभी कीमत का अनुमान नहीं लग सका; हर बार चलने पर उसी समय कोटेशन लिया जाएगा।
schedule-created = ✅ शेड्यूल हो गया। पहली बार: { $first } ({ $zone })। अपने शेड्यूल देखने, रोकने या हटाने के लिए /schedule भेजें।
schedule-cancelled = शेड्यूल रद्द। कुछ सेव नहीं हुआ।
schedule-run-placed = 🗓 शेड्यूल किए गए रिचार्ज का ऑर्डर हो गया: { $phone } · { $operator } · { $amount }। ऑर्डर <code>{ $orderId }</code> · <code>{ $number }</code>; इसका नतीजा आगे आएगा।
schedule-run-not-placed = 🚫 शेड्यूल किए गए रिचार्ज का ऑर्डर नहीं हुआ: { $phone } · { $operator } · { $amount }: { $reason }। कोई पैसा नहीं कटा।
schedule-run-next = अगली बार: { $time } ({ $zone })।
schedule-run-ended = यह एक बार वाला शेड्यूल ख़त्म हो गया।
schedule-reason-no-quote = सेवा अभी कीमत नहीं बता सकी
