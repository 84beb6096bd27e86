## Export (/export)

export-usage = /export [कब से] [कब तक] [स्टेटस] भेजें, तारीखें YYYY-MM-DD (UTC) में और स्टेटस इनमें से एक: { $statuses }। उदाहरण: /export 2026-11-01 2026-11-30 succeeded
export-caption = { $from } से { $to } तक बने ऑर्डर (UTC){ $status }, फ़ाइल { $part }
export-caption-status = , स्टेटस { $status }
export-done =
    एक्सपोर्ट पूरा हुआ: { $count ->
        [one] { $count } ऑर्डर
       *[other] { $count } ऑर्डर
    }, { $files ->
        [one] { $files } फ़ाइल में
       *[other] { $files } फ़ाइलों में
    }।
export-failed = { $count ->
    [one] एक्सपोर्ट पूरा होने से पहले रुक गया ({ $count } ऑर्डर भेजा गया)। कृपया फिर कोशिश करें।
   *[other] एक्सपोर्ट पूरा होने से पहले रुक गया ({ $count } ऑर्डर भेजे गए)। कृपया फिर कोशिश करें।
}

## Reconciliation (/reconcile)

reconcile-started = Merchant API की ऑर्डर सूची से मिलान हो रहा है… इसमें कुछ मिनट लग सकते हैं (यह अनुरोध बजट का सिर्फ़ बैकग्राउंड वाला हिस्सा इस्तेमाल करता है)।
reconcile-busy = एक मिलान पहले से चल रहा है; ख़त्म होने पर उसकी रिपोर्ट एडमिन को भेजी जाएगी।
reconcile-failed = मिलान पूरा नहीं हो सका: { $reason }। इसके आगे कुछ नहीं बदला गया; बाद में फिर कोशिश करें।
reconcile-summary =
    { $since } (UTC) से बने ऑर्डर का <b>मिलान</b>: { $checked ->
        [one] सेवा का { $checked } ऑर्डर जाँचा गया।
       *[other] सेवा के { $checked } ऑर्डर जाँचे गए।
    }
    दर्ज किए गए (सेवा के पास थे, हमारे पास नहीं): { $missing }
    अंतिम स्टेटस लगाया गया (हम अभी इसका इंतज़ार कर रहे थे): { $repaired }
    स्टेटस के दूसरे अंतर: { $status }
    कीमत के अंतर: { $price }
    बिना ऑर्डर वाले क्रेडिट होल्ड: { $holds }
    इस बॉट से न किए गए ऑर्डर, जिन्हें छोड़ दिया गया: { $foreign }
reconcile-report-caption = { $count ->
    [one] { $day } (UTC) के मिलान में { $count } अंतर मिला; पूरी जानकारी फ़ाइल में है।
   *[other] { $day } (UTC) के मिलान में { $count } अंतर मिले; पूरी जानकारी फ़ाइल में है।
}
