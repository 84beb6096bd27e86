## PIN before large top-ups

button-pin-ok = ✅ ठीक है
button-pin-cancel = ❌ रद्द करें
pin-ask = 🔐 इस रिचार्ज की कीमत { $price } है: कीपैड पर अपना PIN डालें, या उसे टाइप करें। आपके PIN वाला मैसेज मेरे पढ़ते ही डिलीट कर दिया जाता है।
pin-keypad-or-type = कृपया कीपैड पर अपना PIN डालें, या उसे टाइप करें।
pin-format = PIN में 4 से 8 अंक (0–9) होते हैं, और कुछ नहीं। कुछ नहीं बदला गया; कृपया फिर कोशिश करें।
pin-wrong = { $tries ->
    [one] ❌ गलत PIN। आपके PIN वाले रिचार्ज लॉक होने से पहले { $tries } कोशिश बाकी है।
   *[other] ❌ गलत PIN। आपके PIN वाले रिचार्ज लॉक होने से पहले { $tries } कोशिशें बाकी हैं।
}
pin-locked = { $minutes ->
    [one] 🚫 बहुत बार गलत PIN: आपके PIN वाले रिचार्ज और PIN बदलना { $minutes } मिनट और लॉक रहेंगे। कोई ऑर्डर नहीं हुआ।
   *[other] 🚫 बहुत बार गलत PIN: आपके PIN वाले रिचार्ज और PIN बदलना { $minutes } मिनट और लॉक रहेंगे। कोई ऑर्डर नहीं हुआ।
}
pin-held = 🚫 24 घंटे के अंदर फिर से बहुत बार गलत PIN: आपके PIN वाले रिचार्ज और PIN बदलना तब तक लॉक रहेंगे, जब तक कोई एडमिन लॉक न हटाए। कोई ऑर्डर नहीं हुआ।
pin-not-set = 🚫 इस रिचार्ज के लिए आपका PIN चाहिए, और आपने अभी तक PIN सेट नहीं किया है। इसे /pin से सेट करें, फिर रिचार्ज दोबारा शुरू करें। कोई ऑर्डर नहीं हुआ।
pin-setup-current = 🔐 अपना मौजूदा PIN भेजें। मेरे पढ़ते ही मैसेज डिलीट कर दिया जाता है।
pin-setup-new = 🔐 अपना नया PIN भेजें: 4 से 8 अंक। PIN वाला हर मैसेज मेरे पढ़ते ही डिलीट कर दिया जाता है।
pin-setup-repeat = नया PIN एक बार और भेजें।
pin-setup-mismatch = दोनों PIN एक जैसे नहीं हैं; कुछ नहीं बदला गया। नया PIN फिर से भेजें, या /cancel।
pin-setup-done = ✅ आपका PIN सेट हो गया। आपकी तय सीमा से ऊपर के रिचार्ज में यह पूछा जाएगा।
pin-setup-cancelled = PIN नहीं बदला गया।
pin-setup-type-digits = कृपया PIN अंकों में टाइप करें, या /cancel भेजें।
pin-admin-usage = /pin &lt;यूज़र ID&gt; किसी रीसेलर के PIN की स्थिति दिखाता है। /pin &lt;यूज़र ID&gt; &lt;राशि|off|default|unlock|reset&gt;: जिन रिचार्ज की कीमत इस राशि (मर्चेंट करेंसी) से ज़्यादा है, उनमें उसका PIN पूछा जाता है; off: कभी नहीं; default: वापस PIN_REQUIRED_ABOVE पर; unlock: लॉक हटाएँ; reset: लॉक हटाएँ और PIN मिटाएँ (वह /pin से नया PIN सेट करेगा)।
pin-admin-not-reseller = यूज़र { $user } रीसेलर नहीं है।
pin-admin-bad-amount = यह राशि नहीं है: अंकों में लिखें, दशमलव के बाद ज़्यादा से ज़्यादा 4 अंक (जैसे 50 या 12.5), या off, default, unlock या reset।
pin-admin-state = रीसेलर { $user }: { $pin }; PIN इससे ऊपर पूछा जाता है: { $threshold }; { $lock }।
pin-admin-pin-set = PIN सेट है
pin-admin-pin-unset = कोई PIN सेट नहीं
pin-admin-threshold-off = कभी नहीं (off)
pin-admin-threshold-default = { $amount } (PIN_REQUIRED_ABOVE)
pin-admin-threshold-default-off = कभी नहीं (PIN_REQUIRED_ABOVE off है)
pin-admin-locked = { $minutes ->
    [one] { $minutes } मिनट और लॉक
   *[other] { $minutes } मिनट और लॉक
}
pin-admin-held = लॉक, जब तक कोई एडमिन इसे न हटाए (/pin { $id } unlock)
pin-admin-unlocked = लॉक नहीं
pin-admin-locks-today = { $count ->
    [one] पिछले 24 घंटे में { $count } लॉक।
   *[other] पिछले 24 घंटे में { $count } लॉक।
}
pin-admin-reset-done = रीसेलर { $user }: PIN मिटा दिया गया और लॉक हटा दिया गया। वह /pin से नया PIN सेट करेगा।
pin-admin-unlock-done = रीसेलर { $user }: लॉक हटा दिया गया और गलत कोशिशों की गिनती मिटा दी गई।
pin-admin-default-done = रीसेलर { $user }: { $amount } से ऊपर PIN पूछा जाता है (PIN_REQUIRED_ABOVE)।
pin-admin-default-off-done = रीसेलर { $user }: वापस PIN_REQUIRED_ABOVE पर, जो off है: कोई PIN नहीं पूछा जाता।
pin-admin-off-done = रीसेलर { $user }: PIN कभी नहीं पूछा जाता।
pin-admin-threshold-done = रीसेलर { $user }: { $amount } (मर्चेंट करेंसी) से ऊपर के रिचार्ज में PIN पूछा जाता है।
alert-pin-locked =
    🔒 रीसेलर { $user } ने { $tries ->
        [one] { $tries } बार
       *[other] { $tries } बार
    } गलत PIN डाला: उसके PIN वाले रिचार्ज { $minutes ->
        [one] { $minutes } मिनट
       *[other] { $minutes } मिनट
    } के लिए लॉक हैं।
alert-pin-held =
    🔒 रीसेलर { $user } ने { $tries ->
        [one] { $tries } बार
       *[other] { $tries } बार
    } गलत PIN डाला, 24 घंटे में { $locks ->
        [1] पहला
        [2] दूसरा
        [3] तीसरा
        [4] चौथा
        [6] छठा
       *[other] { $locks }वाँ
    } लॉक: उसके PIN वाले रिचार्ज तब तक लॉक रहेंगे, जब तक कोई एडमिन /pin { $id } unlock से लॉक न हटाए।
