## नेटवर्क व्यू (डिस्ट्रीब्यूटर के /balance, /statement, /limit, /pin, /status, /orders, /export और /stats सिर्फ़ उसके अपने नेटवर्क तक पहुँचते हैं)

network-views-not-in-network = 🚫 { $id } आपके नेटवर्क में नहीं है।
network-views-balance-network = 🌐 आपका नेटवर्क ({ $count ->
        [one] { $count } रीसेलर
       *[other] { $count } रीसेलर
    }): बैलेंस { $balance }, उपलब्ध { $available }
network-views-card-seller = <b>विक्रेता:</b> { $seller }
network-views-card-seller-price = <b>विक्रेता की कीमत:</b> { $price }
network-views-card-your-price = <b>आपकी कीमत:</b> { $price }
network-views-card-commission-earned = <b>आपका कमीशन:</b> { $commission }
network-views-card-commission-pending = <b>ऑर्डर सफल होने पर आपका कमीशन:</b> { $commission }
network-views-card-commission-none = <b>आपका कमीशन:</b> कुछ नहीं (ऑर्डर सफल नहीं हुआ)
network-views-orders-seller = ↳ { $seller } ने बेचा
network-views-chart-title = { $days ->
    [one] आपके नेटवर्क के रोज़ के ऑर्डर, पिछला { $days } दिन (UTC)
   *[other] आपके नेटवर्क के रोज़ के ऑर्डर, पिछले { $days } दिन (UTC)
}
network-views-chart-paid = सफल ऑर्डर के लिए आपके नेटवर्क ने चुकाया ({ $currency })
network-views-stats-title = { $days ->
    [one] 📊 आपका नेटवर्क, पिछला { $days } दिन ({ $from } से, UTC)
   *[other] 📊 आपका नेटवर्क, पिछले { $days } दिन ({ $from } से, UTC)
}
network-views-stats-own = आप: ✅ { $orders } · चुकाया { $volume }
network-views-stats-by-child = <b>आपके ठीक नीचे के हर रीसेलर के हिसाब से</b> (हर एक अपने नीचे के सभी लोगों के साथ):
network-views-stats-child = { $user }: ✅ { $orders } · वॉल्यूम { $volume } · आपका कमीशन { $commission }
network-views-stats-no-children = अभी आपके नीचे कोई नहीं है।
network-views-stats-more = … और { $count } लोग।
network-views-stats-commission = <b>आपका कुल कमीशन:</b> { $commission }
