## Invite links (/invite, /invites, /start with an invite's payload)

command-invite = इनवाइट लिंक और उसका QR कोड: /invite &lt;reseller|agent|admin&gt; [इस्तेमाल] [दिन]
command-invites = चालू इनवाइट लिंक, हर एक के साथ उसे हटाने का बटन
invite-usage = 🚫 /invite &lt;reseller|agent|admin&gt; [इस्तेमाल] [दिन] भेजें: इस्तेमाल 1 से { $maxUses } तक (डिफ़ॉल्ट 1), दिन 1 से { $maxDays } तक (डिफ़ॉल्ट 7)। कुछ नहीं बनाया गया।
invite-too-many = 🚫 चालू इनवाइट अपनी लिमिट ({ $max }) तक पहुँच गए हैं: पहले /invites में कोई एक हटाएँ। कुछ नहीं बनाया गया।
invite-made =
    🎟 इनवाइट <code>{ $id }</code>: जो भी यह लिंक खोलेगा, वह तुरंत { $role } बन जाएगा।
    { $link }
    इस्तेमाल: { $uses } · { $until } तक मान्य
    लिंक भेजें, या नीचे दिया QR कोड दिखाएँ। /invites चालू इनवाइट की सूची दिखाता है और उन्हें हटाता है।
invite-qr-caption = इनवाइट { $id } का QR कोड ({ $role })
invites-title = 🎟 चालू इनवाइट:
invites-empty = कोई चालू इनवाइट नहीं है। /invite reseller से एक बनाएँ।
invites-row = <code>{ $id }</code> · { $role } · बचे इस्तेमाल: { $left }/{ $uses } · { $until } तक · बनाने वाले: <code>{ $by }</code>
invites-revoke-button = ❌ { $id } हटाएँ
invites-revoked = इनवाइट { $id } हटा दिया गया: उसका लिंक अब काम नहीं करता।
invites-gone = यह इनवाइट अब चालू नहीं है: कुछ नहीं बदला।
invite-welcome-reseller = 🎉 स्वागत है, { $name }! अब आप रीसेलर हैं: /topup से फ़ोन रिचार्ज करें (या /bulk से CSV फ़ाइल के ज़रिए एक साथ कई), /orders में अपने ऑर्डर और /balance में अपना क्रेडिट देखें। /help सब कुछ दिखाता है।
invite-welcome-agent = 🎉 स्वागत है, { $name }! अब आप सपोर्ट एजेंट हैं: /status से कोई भी ऑर्डर देखें, /orders से ऑर्डर की सूची देखें और /receipt से ग्राहकों के लिए रसीद बनाएँ। /help सब कुछ दिखाता है।
invite-welcome-admin = 🎉 स्वागत है, { $name }! अब आप एडमिन हैं: लोग (/users, /invite), क्रेडिट (/credit), कीमतें (/pricing), आँकड़े (/stats) और सिस्टम की स्थिति (/health) अब आपके हाथ में हैं। /help सब कुछ दिखाता है।
invite-expired = ⌛ इस इनवाइट लिंक की समय-सीमा ख़त्म हो गई है: इससे एक्सेस नहीं मिलता। जिसने इसे भेजा था, उससे नया लिंक माँगें।
invite-used-up = 🚫 इस इनवाइट लिंक के सारे इस्तेमाल हो चुके हैं: इससे एक्सेस नहीं मिलता। जिसने इसे भेजा था, उससे नया लिंक माँगें।
invite-revoked = 🚫 यह इनवाइट लिंक हटा दिया गया है: इससे एक्सेस नहीं मिलता। जिसने इसे भेजा था, उससे नया लिंक माँगें।
invite-has-role = आप पहले से { $role } हैं: यह इनवाइट कुछ नहीं बदलता और उसी के लिए बना रहता है जिसके लिए भेजा गया था।
alert-invite-used = 🎟 { $name } <code>{ $id }</code>, <code>{ $by }</code> के बनाए इनवाइट <code>{ $invite }</code> से { $role } के रूप में जुड़े।
