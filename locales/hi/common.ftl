## Start and help

start-menu = नमस्ते { $name }! आप { $role } के रूप में साइन इन हैं। नीचे चुनें कि क्या करना है, या सभी कमांड देखने के लिए /help भेजें।
menu-topup = 📱 रिचार्ज
menu-orders = 📋 ऑर्डर
menu-balance = 💰 बैलेंस
menu-bulk = 📦 बल्क फ़ाइल
menu-schedule = 🗓 शेड्यूल
menu-settings = ⚙️ सेटिंग्स
menu-help = ❓ मदद
menu-stats = 📊 आँकड़े
menu-users = 👥 लोग
menu-invite = ✉️ इनवाइट
menu-export = 📄 एक्सपोर्ट
help-title = <b>आप क्या कर सकते हैं</b>
help-group-sell = 📱 बिक्री
help-group-orders = 📋 ऑर्डर
help-group-money = 💰 पैसा
help-group-people = 👥 लोग
help-group-watch = 📊 निगरानी
help-group-settings = ⚙️ सेटिंग्स
help-details = कोई कमांड अकेले भेजें, तो उसे इस्तेमाल करने का तरीका दिखेगा; /cancel से आप जो भी कर रहे हैं, वह छूट जाएगा।
command-settings = आपकी सेटिंग्स: भाषा, टाइम ज़ोन, दुकान का नाम, PIN
settings-title = ⚙️ <b>आपकी सेटिंग्स</b>
settings-language = भाषा: { $language }
settings-timezone = टाइम ज़ोन: <code>{ $zone }</code>
settings-shop = रसीदों पर दुकान का नाम: { $name }
settings-shop-none = रसीदों पर दुकान का नाम: कोई नहीं
settings-pin-set = PIN: सेट है
settings-pin-none = PIN: सेट नहीं है
settings-button-language = 🌐 भाषा
settings-button-timezone = 🕒 टाइम ज़ोन
settings-button-shop = 🏪 दुकान का नाम
settings-button-pin = 🔐 PIN
start-stranger =
    नमस्ते { $name }! यह बॉट रजिस्टर्ड रीसेलरों को मोबाइल रिचार्ज बेचता है।
    आपके पास अभी एक्सेस नहीं है। अपनी Telegram ID <code>{ $id }</code> किसी एडमिन को भेजें और एक्सेस माँगें।
role-reseller = रीसेलर
role-agent = सपोर्ट एजेंट
role-admin = एडमिन
command-help = यह बॉट आपके लिए क्या कर सकता है
command-topup = फ़ोन रिचार्ज करें (कदम-दर-कदम, या /topup &lt;फ़ोन&gt; &lt;राशि&gt; [ऑपरेटर])
command-bulk = CSV फ़ाइल से बल्क रिचार्ज (फ़ॉर्मेट और टेम्पलेट)
command-schedule = शेड्यूल किए गए और बार-बार होने वाले रिचार्ज: सूची, रोकें, हटाएँ, नया
command-status = एक ऑर्डर: /status &lt;ऑर्डर ID या मर्चेंट ऑर्डर नंबर&gt;
command-orders = हाल के ऑर्डर
command-users = बॉट कौन इस्तेमाल कर सकता है
command-grant = किसी को रोल दें: /grant &lt;यूज़र ID&gt; &lt;reseller|distributor|agent|admin&gt;
command-revoke = एक्सेस हटाएँ: /revoke &lt;यूज़र ID&gt;
command-stats = आज और पिछले 7 दिनों के आँकड़े
command-health = Redis, Merchant API और वेबहुक की स्थिति
command-pin = बड़े रिचार्ज के लिए आपका PIN (एडमिन: /pin &lt;यूज़र ID&gt; &lt;राशि|off|default|unlock|reset&gt;)
command-balance = आपका क्रेडिट: बैलेंस, होल्ड, उपलब्ध राशि, आज का खर्च
command-statement = क्रेडिट का खाता CSV डॉक्यूमेंट के रूप में: /statement [कब से] [कब तक]
command-credit = रीसेलर का क्रेडिट जोड़ें या घटाएँ: /credit &lt;यूज़र ID&gt; &lt;राशि&gt; [नोट]
command-limit = रीसेलर की लिमिट: /limit &lt;यूज़र ID&gt; [order] &lt;राशि|off&gt;
command-export = ऑर्डर CSV डॉक्यूमेंट के रूप में: /export [कब से] [कब तक] [स्टेटस]
command-reconcile = हमारे ऑर्डर का अभी Merchant API की ऑर्डर सूची से मिलान करें
command-cancel = जो कर रहे हैं, उसे छोड़ें
command-language = भाषा चुनें
command-start = शुरू करें

## Access

access-denied = माफ़ कीजिए, आप यह बॉट इस्तेमाल नहीं कर सकते। आपकी Telegram ID <code>{ $id }</code> है: एक्सेस माँगने के लिए इसे किसी एडमिन को भेजें।
access-denied-short = माफ़ कीजिए, आप इसका इस्तेमाल नहीं कर सकते।
access-suspended = 🚫 आपका नेटवर्क निलंबित है: आपके ऊपर वाले डिस्ट्रीब्यूटर के पास अब वह भूमिका नहीं है। आपका क्रेडिट सुरक्षित है; जब तक कोई एडमिन आपको स्थानांतरित नहीं करता, कोई ऑर्डर नहीं दिया जा सकता।
access-suspended-short = 🚫 आपका नेटवर्क निलंबित है।
command-not-for-role = यह कमांड आपके रोल के लिए उपलब्ध नहीं है।
private-only = मैं सिर्फ़ प्राइवेट चैट में काम करता हूँ: { $link } खोलें और मुझे वहाँ लिखें।
private-only-short = मैं सिर्फ़ प्राइवेट चैट में काम करता हूँ।

## Language

language-choose = अपनी भाषा चुनें:
language-set = भाषा सेट हो गई: { $language }।

## Buttons

button-back = ⬅️ वापस
button-cancel = ✖️ रद्द करें
button-next = आगे ▶️
button-previous = ◀️ पीछे
button-retry = 🔄 फिर कोशिश करें
button-confirm = ✅ ऑर्डर करें
button-reject = ❌ रद्द करें
button-repeat-same = 🔁 वही नंबर, वही राशि फिर से
button-repeat-amount = 🔁 वही नंबर, दूसरी राशि
button-expired = यह बटन अब काम नहीं करता।

## Fallbacks

cancel-nothing = रद्द करने के लिए कुछ नहीं है। रिचार्ज शुरू करने के लिए /topup भेजें।
unhandled = मैं यह समझ नहीं पाया। आप क्या-क्या कर सकते हैं, यह देखने के लिए /help भेजें।

## Waiting line

line-position =
    ⏳ कतार में: आपका नंबर { $position }, लगभग { $seconds ->
        [one] { $seconds } सेकंड
       *[other] { $seconds } सेकंड
    }
line-leave-button = ❌ कतार छोड़ें
line-served = ✅ आपकी बारी आ गई।
line-left = आपने कतार छोड़ दी। कोई पैसा नहीं कटा।
line-stopped = कतार में इंतज़ार ख़त्म हो गया।
line-gone = यह इंतज़ार पहले ही ख़त्म हो चुका है।

## Merchant service problems

service-error-refused-key = रिचार्ज सेवा अभी हमारे अनुरोध अस्वीकार कर रही है। एडमिन को बता दिया गया है; कृपया बाद में फिर कोशिश करें।
service-error-unavailable = रिचार्ज सेवा ने जवाब नहीं दिया। कोई पैसा नहीं कटा; कृपया थोड़ी देर में फिर कोशिश करें।
service-error-balance = इस रिचार्ज के लिए वॉलेट में पैसे काफ़ी नहीं हैं। कोई पैसा नहीं कटा; किसी एडमिन से पैसे डालने को कहें।
service-error-risk = ऑर्डर की एक लिमिट पूरी हो गई है। कोई पैसा नहीं कटा; कृपया बाद में फिर कोशिश करें या किसी एडमिन से पूछें।
service-error-wallet = वॉलेट चालू नहीं है। कोई पैसा नहीं कटा; कृपया किसी एडमिन से पूछें।
service-error-amount = इस ऑफ़र के लिए यह राशि मान्य नहीं है। कोई पैसा नहीं कटा; कृपया दूसरी राशि चुनें।
