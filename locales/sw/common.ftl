## Start and help

start-menu = Habari { $name }! Umeingia kama { $role }. Chagua cha kufanya hapa chini, au tuma /help kuona amri zote.
menu-topup = 📱 Jaza salio
menu-orders = 📋 Maagizo
menu-balance = 💰 Salio
menu-bulk = 📦 Ujazaji kwa wingi
menu-schedule = 🗓 Ratiba
menu-settings = ⚙️ Mipangilio
menu-help = ❓ Msaada
menu-stats = 📊 Takwimu
menu-users = 👥 Watu
menu-invite = ✉️ Alika
menu-export = 📄 Hamisha
help-title = <b>Unachoweza kufanya</b>
help-group-sell = 📱 Uuzaji
help-group-orders = 📋 Maagizo
help-group-money = 💰 Pesa
help-group-people = 👥 Watu
help-group-watch = 📊 Ufuatiliaji
help-group-settings = ⚙️ Mipangilio
help-details = Tuma amri peke yake kuona jinsi ya kuitumia; /cancel inaacha chochote unachofanya.
command-settings = mipangilio yako: lugha, saa za eneo, jina la duka, PIN
settings-title = ⚙️ <b>Mipangilio yako</b>
settings-language = Lugha: { $language }
settings-timezone = Saa za eneo: <code>{ $zone }</code>
settings-shop = Jina la duka kwenye risiti: { $name }
settings-shop-none = Jina la duka kwenye risiti: hakuna
settings-pin-set = PIN: imewekwa
settings-pin-none = PIN: haijawekwa
settings-button-language = 🌐 Lugha
settings-button-timezone = 🕒 Saa za eneo
settings-button-shop = 🏪 Jina la duka
settings-button-pin = 🔐 PIN
start-stranger =
    Habari { $name }! Bot hii inawauzia wauzaji waliosajiliwa ujazaji wa salio la simu.
    Bado huna ruhusa. Tuma Telegram ID yako <code>{ $id }</code> kwa msimamizi na uombe ruhusa.
role-reseller = muuzaji
role-agent = mhudumu wa msaada
role-admin = msimamizi
command-help = kile ambacho bot hii inaweza kukufanyia
command-topup = jaza salio la simu (hatua kwa hatua, au /topup &lt;namba&gt; &lt;kiasi&gt; [mtandao])
command-bulk = ujazaji kwa wingi kutoka faili ya CSV (muundo na kiolezo)
command-schedule = ujazaji uliopangwa na unaojirudia: orodha, sitisha, futa, mpya
command-status = agizo moja: /status &lt;ID ya agizo au namba ya agizo ya mfanyabiashara&gt;
command-orders = maagizo ya karibuni
command-users = nani anaruhusiwa kutumia bot
command-grant = mpe mtu jukumu: /grant &lt;id ya mtumiaji&gt; &lt;reseller|distributor|agent|admin&gt;
command-revoke = ondoa ruhusa: /revoke &lt;id ya mtumiaji&gt;
command-stats = takwimu za leo na siku 7 zilizopita
command-health = hali ya Redis, Merchant API na webhook
command-pin = PIN yako kwa ujazaji mkubwa (wasimamizi: /pin &lt;id ya mtumiaji&gt; &lt;kiasi|off|default|unlock|reset&gt;)
command-balance = krediti yako: salio, kilichoshikiliwa, kinachopatikana, matumizi ya leo
command-statement = daftari la krediti kama hati ya CSV: /statement [kuanzia] [hadi]
command-credit = ongeza au punguza krediti ya muuzaji: /credit &lt;id ya mtumiaji&gt; &lt;kiasi&gt; [maelezo]
command-limit = vikomo vya muuzaji: /limit &lt;id ya mtumiaji&gt; [order] &lt;kiasi|off&gt;
command-export = maagizo kama hati ya CSV: /export [kuanzia] [hadi] [hali]
command-reconcile = linganisha sasa maagizo yetu na orodha ya maagizo ya Merchant API
command-cancel = acha unachofanya
command-language = chagua lugha
command-start = anza

## Access

access-denied = Samahani, huruhusiwi kutumia bot hii. Telegram ID yako ni <code>{ $id }</code>: itume kwa msimamizi kuomba ruhusa.
access-denied-short = Samahani, huruhusiwi kutumia hiki.
access-suspended = 🚫 Mtandao wako umesimamishwa: msambazaji aliye juu yako hana tena jukumu hilo. Salio lako limehifadhiwa; hakuna oda itakayowekwa hadi msimamizi akuhamishe.
access-suspended-short = 🚫 Mtandao wako umesimamishwa.
command-not-for-role = Amri hii haipatikani kwa jukumu lako.
private-only = Ninafanya kazi kwenye mazungumzo ya faragha tu: fungua { $link } uniandikie huko.
private-only-short = Ninafanya kazi kwenye mazungumzo ya faragha tu.

## Language

language-choose = Chagua lugha yako:
language-set = Lugha imewekwa: { $language }.

## Buttons

button-back = ⬅️ Rudi
button-cancel = ✖️ Ghairi
button-next = Mbele ▶️
button-previous = ◀️ Nyuma
button-retry = 🔄 Jaribu tena
button-confirm = ✅ Weka agizo
button-reject = ❌ Ghairi
button-repeat-same = 🔁 Namba na kiasi kilekile tena
button-repeat-amount = 🔁 Namba ileile, kiasi kingine
button-expired = Kitufe hiki hakifanyi kazi tena.

## Fallbacks

cancel-nothing = Hakuna cha kughairi. Tuma /topup kuanza ujazaji.
unhandled = Sijaelewa hilo. Tuma /help kuona unachoweza kufanya.

## Waiting line

line-position = ⏳ Kwenye foleni: nafasi ya { $position }, { $seconds ->
        [one] imebaki takriban sekunde { $seconds }
       *[other] zimebaki takriban sekunde { $seconds }
    }
line-leave-button = ❌ Ondoka kwenye foleni
line-served = ✅ Zamu yako imefika.
line-left = Umeondoka kwenye foleni. Hakuna kilichotozwa.
line-stopped = Kusubiri kwenye foleni kumeisha.
line-gone = Kusubiri huku kumekwisha tayari.

## Merchant service problems

service-error-refused-key = Huduma ya ujazaji inakataa maombi yetu kwa sasa. Wasimamizi wamejulishwa; tafadhali jaribu tena baadaye.
service-error-unavailable = Huduma ya ujazaji haikujibu. Hakuna kilichotozwa; tafadhali jaribu tena baada ya muda mfupi.
service-error-balance = Pochi haina pesa za kutosha kwa ujazaji huu. Hakuna kilichotozwa; mwombe msimamizi aongeze pesa.
service-error-risk = Kikomo cha maagizo kimefikiwa. Hakuna kilichotozwa; tafadhali jaribu tena baadaye au muulize msimamizi.
service-error-wallet = Pochi haiko hai. Hakuna kilichotozwa; tafadhali muulize msimamizi.
service-error-amount = Kiasi hiki hakikubaliki kwa ofa hii. Hakuna kilichotozwa; tafadhali chagua kiasi kingine.
