## Order card (/status)

agents-card-next-step = <b>अगला कदम:</b> { $text }
agents-card-rejection = <b>अस्वीकार:</b> { $text }
agents-card-busy-with = नंबर पर ऑर्डर <code>{ $number }</code> चल रहा है
agents-card-operator = <b>ऑपरेटर:</b> { $operator } · { $subtype }
agents-card-phone = <b>नंबर:</b> { $phone }
agents-card-amount = <b>नंबर पर मिलने वाली राशि:</b> { $amount }
agents-card-price = <b>वॉलेट से चुकाया:</b> { $price }
agents-card-attempts = <b>कोशिशें:</b>
agents-card-attempt = #{ $number } { $status } · भेजा { $submitted } · पूरा { $completed } · { $error }
agents-card-times = बना { $created } · अपडेट { $updated }
agents-card-synced = <b>सेवा से पढ़ा गया:</b> { $at }
agents-card-service-only = (सिर्फ़ सेवा से पढ़ा गया: यह ऑर्डर इस बॉट से नहीं किया गया)
agents-card-stale = ⚠️ अभी सेवा से जानकारी नहीं पढ़ी जा सकी; हो सकता है यह पुरानी हो।
agents-refresh-button = 🔄 रिफ़्रेश
agents-refreshed = अपडेट हो गया।
agents-unavailable = रिचार्ज सेवा ने जवाब नहीं दिया। कृपया थोड़ी देर में फिर कोशिश करें।
agents-status-usage = /status के बाद ऑर्डर ID (O-…) या मर्चेंट ऑर्डर नंबर भेजें।
agents-status-not-found = ऐसा कोई ऑर्डर { $query } नहीं है जिसे आप देख सकें।
agents-order-not-found-short = ऑर्डर नहीं मिला।

## Order list (/orders)

agents-orders-header = { $filter }: { $total } में से { $from }–{ $to }, नए पहले
agents-orders-empty = { $filter }: कोई ऑर्डर नहीं।
agents-orders-filter-all = सभी ऑर्डर
agents-orders-search-line = खोज: { $search }
agents-orders-row = { $line } · { $operator } · { $amount } · { $created }
agents-orders-search-button = 🔍 खोजें
agents-orders-all-button = सभी
agents-orders-search-prompt = ऑर्डर ID (O-…), मर्चेंट ऑर्डर नंबर या ऑपरेटर का नाम भेजें।
