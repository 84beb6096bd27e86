## PIN before large top-ups

button-pin-ok = ✅ Sawa
button-pin-cancel = ❌ Ghairi
pin-ask = 🔐 Ujazaji huu unagharimu { $price }: weka PIN yako kwenye kibodi ya namba, au iandike. Ujumbe wenye PIN yako unafutwa mara tu ninapousoma.
pin-keypad-or-type = Tafadhali weka PIN yako kwenye kibodi ya namba, au iandike.
pin-format = PIN ni tarakimu 4 hadi 8 (0–9) na si kitu kingine. Hakuna kilichobadilishwa; tafadhali jaribu tena.
pin-wrong = { $tries ->
    [one] ❌ PIN si sahihi. Limebaki jaribio { $tries } kabla ujazaji unaohitaji PIN yako haujafungwa.
   *[other] ❌ PIN si sahihi. Yamebaki majaribio { $tries } kabla ujazaji unaohitaji PIN yako haujafungwa.
}
pin-locked = 🚫 PIN zisizo sahihi zimekuwa nyingi mno: ujazaji unaohitaji PIN yako, na kubadilisha PIN, vimefungwa; { $minutes ->
        [one] imebaki dakika { $minutes }
       *[other] zimebaki dakika { $minutes }
    }. Hakuna kilichoagizwa.
pin-held = 🚫 PIN zisizo sahihi zimekuwa nyingi mno tena ndani ya saa 24: ujazaji unaohitaji PIN yako, na kubadilisha PIN, vimefungwa hadi msimamizi aondoe kizuizi. Hakuna kilichoagizwa.
pin-not-set = 🚫 Ujazaji huu unahitaji PIN yako, na bado hujaiweka. Iweke kwa /pin, kisha anza ujazaji tena. Hakuna kilichoagizwa.
pin-setup-current = 🔐 Tuma PIN yako ya sasa. Ujumbe unafutwa mara tu ninapousoma.
pin-setup-new = 🔐 Tuma PIN yako mpya: tarakimu 4 hadi 8. Kila ujumbe wenye PIN unafutwa mara tu ninapousoma.
pin-setup-repeat = Tuma PIN mpya mara moja zaidi.
pin-setup-mismatch = PIN hizo mbili hazifanani; hakuna kilichobadilishwa. Tuma PIN mpya tena, au /cancel.
pin-setup-done = ✅ PIN yako imewekwa. Ujazaji unaozidi kiwango chako utaiomba.
pin-setup-cancelled = PIN haijabadilishwa.
pin-setup-type-digits = Tafadhali andika PIN kwa tarakimu, au tuma /cancel.
pin-admin-usage = /pin &lt;id ya mtumiaji&gt; inaonyesha hali ya PIN ya muuzaji. /pin &lt;id ya mtumiaji&gt; &lt;kiasi|off|default|unlock|reset&gt;: ujazaji ambao bei yake inazidi kiasi hicho (sarafu ya mfanyabiashara) unaomba PIN yake; off: kamwe; default: rudi kwenye PIN_REQUIRED_ABOVE; unlock: ondoa kizuizi; reset: ondoa kizuizi na ufute PIN (ataweka mpya kwa /pin).
pin-admin-not-reseller = Mtumiaji { $user } si muuzaji.
pin-admin-bad-amount = Hicho si kiasi: andika tarakimu zenye desimali zisizozidi 4 (mfano 50 au 12.5), au off, default, unlock au reset.
pin-admin-state = Muuzaji { $user }: { $pin }; PIN inaombwa juu ya: { $threshold }; { $lock }.
pin-admin-pin-set = PIN imewekwa
pin-admin-pin-unset = hakuna PIN iliyowekwa
pin-admin-threshold-off = kamwe (off)
pin-admin-threshold-default = { $amount } (PIN_REQUIRED_ABOVE)
pin-admin-threshold-default-off = kamwe (PIN_REQUIRED_ABOVE iko off)
pin-admin-locked = imefungwa; { $minutes ->
        [one] imebaki dakika { $minutes }
       *[other] zimebaki dakika { $minutes }
    }
pin-admin-held = imefungwa hadi msimamizi aondoe kizuizi (/pin { $id } unlock)
pin-admin-unlocked = haijafungwa
pin-admin-locks-today = { $count ->
    [one] Kizuizi { $count } katika saa 24 zilizopita.
   *[other] Vizuizi { $count } katika saa 24 zilizopita.
}
pin-admin-reset-done = Muuzaji { $user }: PIN imefutwa na kizuizi kimeondolewa. Ataweka PIN mpya kwa /pin.
pin-admin-unlock-done = Muuzaji { $user }: kizuizi kimeondolewa na majaribio yasiyo sahihi yamefutwa.
pin-admin-default-done = Muuzaji { $user }: PIN inaombwa juu ya { $amount } (PIN_REQUIRED_ABOVE).
pin-admin-default-off-done = Muuzaji { $user }: amerudishwa kwenye PIN_REQUIRED_ABOVE, ambayo iko off: hakuna PIN inayoombwa.
pin-admin-off-done = Muuzaji { $user }: haombwi PIN kamwe.
pin-admin-threshold-done = Muuzaji { $user }: ujazaji unaozidi { $amount } (sarafu ya mfanyabiashara) unaomba PIN.
alert-pin-locked = 🔒 Muuzaji { $user } aliandika PIN isiyo sahihi { $tries ->
        [one] mara { $tries }
       *[other] mara { $tries }
    }: ujazaji wake unaohitaji PIN umefungwa kwa { $minutes ->
        [one] dakika { $minutes }
       *[other] dakika { $minutes }
    }.
alert-pin-held = 🔒 Muuzaji { $user } aliandika PIN isiyo sahihi { $tries ->
        [one] mara { $tries }
       *[other] mara { $tries }
    }, kizuizi cha { $locks } ndani ya saa 24: ujazaji wake unaohitaji PIN unabaki umefungwa hadi msimamizi aondoe kizuizi kwa /pin { $id } unlock.
