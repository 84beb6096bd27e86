## Top-up: choosing

top-up-choose-country = 🌍 Simu iko nchi gani? Chagua moja, au andika jina au msimbo wake (kwa mfano NG), au andika namba kwa muundo wa kimataifa (+234…).
top-up-country-chosen = Nchi:
top-up-country-no-match = Hakuna nchi inayolingana na “{ $query }”. Jaribu jina lingine au msimbo wa herufi mbili.
top-up-country-several = Nchi kadhaa zinalingana na “{ $query }”. Chagua moja:
top-up-country-not-sold = Ujazaji kwa nchi hiyo haupatikani kwa sasa. Tafadhali chagua nchi nyingine.
top-up-one-line-bad-phone = Hiyo haionekani kuwa namba ya simu kwa muundo wa kimataifa (yenye + na msimbo wa nchi).
top-up-no-operators = Hakuna mtandao katika { $country } unaoweza kujazwa kwa sasa. Tafadhali chagua nchi nyingine.
top-up-choose-operator = 📶 Mtandao gani katika { $country }? Chagua mmoja au andika jina lake.
top-up-wrong-number-warning = ⚠️ Namba lazima iwe ya mtandao huu: ujazaji uliotumwa kwa namba au mtandao usio sahihi hauwezi kurejeshwa.
top-up-operator-chosen = Mtandao: { $operator }
top-up-operator-no-match = Hakuna mtandao unaolingana na “{ $query }”. Chagua mmoja kwenye orodha au andika jina lingine.
top-up-operator-several = Mitandao kadhaa inalingana na “{ $query }”. Chagua mmoja:
top-up-choose-subtype = Unataka kununua nini kutoka { $operator }?
top-up-subtype-unknown = Tafadhali chagua mojawapo ya machaguo.
top-up-choose-currency = { $operator } inauza kwa sarafu zaidi ya moja. Sarafu ipi?
top-up-currency-unknown = Tafadhali chagua mojawapo ya sarafu.
subtype-airtime = Muda wa maongezi
subtype-data = Data
subtype-bundle = Kifurushi

## Top-up: amount

top-up-choose-amount = 💵 Kiasi gani cha { $subtype } kutoka { $operator }?
top-up-amount-range = Andika kiasi kati ya { $min } na { $max } { $currency }.
top-up-amount-buttons = Chagua kiasi.
top-up-amount-buttons-or-type = Chagua kiasi au andika kiasi chako.
top-up-amount-chosen = Kiasi: { $amount }
amount-error-empty = Tafadhali andika kiasi, kwa mfano 500.
amount-error-not-a-number = Hiyo si namba. Tafadhali andika kiasi kama 500 au 12.50.
amount-error-zero = Kiasi lazima kiwe zaidi ya sifuri.
amount-error-negative = Kiasi hakiwezi kuwa hasi.
amount-error-too-many-decimals = Tumia desimali zisizozidi 4.
amount-error-exponent = Tafadhali andika kiasi kwa tarakimu za kawaida, bila vipeo (si “1e3”).
amount-error-too-long = Kiasi hicho ni kirefu mno. Tafadhali andika kiasi cha kawaida.
amount-error-ambiguous = Siwezi kutambua kitenganishi cha desimali ni kipi. Tafadhali andika kiasi bila vitenganishi vya maelfu, kwa mfano 1500.50.
amount-error-below = Hicho ni chini ya kiwango cha chini cha { $min } { $currency }.
amount-error-above = Hicho ni juu ya kiwango cha juu cha { $max } { $currency }.
amount-error-not-offered = Kiasi hicho hakitolewi. Vinavyopatikana: { $values } { $currency }.

## Top-up: phone number

top-up-enter-phone = 📱 Tuma namba ya simu ya { $country } (muundo wa ndani au wa kimataifa), chagua mojawapo ya karibuni, au tuma mwasiliani.
top-up-phone-chosen = Namba: { $phone }
phone-error-empty = Tafadhali tuma namba ya simu.
phone-error-invalid = Hiyo si namba sahihi ya simu ya { $country }. Tafadhali ikague kisha uitume tena.
phone-error-wrong-country = Namba hiyo ni ya nchi nyingine, si { $country }. Tafadhali tuma namba ya { $country }.
phone-error-not-mobile = Hiyo si namba ya simu ya mkononi. Ni namba za simu za mkononi tu zinazoweza kujazwa.
phone-error-too-long = Namba hiyo ni ndefu mno. Tafadhali ikague kisha uitume tena.
top-up-number-busy = Agizo la awali kwa namba hii bado halijakamilika (<code>{ $orderId }</code>, <code>{ $number }</code>). Tafadhali subiri hadi likamilike au tumia namba nyingine.
top-up-number-busy-until = Ujazaji kwa namba hii bado haujakamilika. Huenda ukakamilika karibu saa { $time } UTC. Tafadhali subiri hadi wakati huo au tumia namba nyingine.

## Top-up: quote and order

top-up-quote =
    Tafadhali kagua ujazaji huu:
    Mtandao: { $operator } ({ $country })
    Bidhaa: { $subtype }
    Namba: { $phone }
    Laini inapokea: { $receives }
    Pochi yako inalipa: { $pays }
    Bei ni halali hadi { $expires } ({ $seconds ->
        [one] imebaki takriban sekunde { $seconds }
       *[other] zimebaki takriban sekunde { $seconds }
    })

    ⚠️ Ujazaji kwa namba au mtandao usio sahihi hauwezi kurejeshwa.
top-up-quote-renewed = ⏱ Bei ilikuwa imeisha muda au ilikuwa karibu kuisha, kwa hiyo hii hapa nukuu mpya. Tafadhali thibitisha tena.
top-up-line-outlives-quote = ⏳ Foleni ni ndefu kuliko muda ambao bei hii inabaki halali ({ $seconds ->
        [one] takriban sekunde { $seconds } ya kusubiri
       *[other] takriban sekunde { $seconds } za kusubiri
    }), kwa hiyo nukuu mpya itachukuliwa zamu yako itakapofika. Tafadhali ithibitishe tena.
top-up-price-changed = ⚠️ Bei imebadilika: ilikuwa { $old }, sasa ni { $new }.
top-up-quote-mismatch = ⚠️ Huduma ilinukuu kitu tofauti na ulichoomba, kwa hiyo nimesimama. Hakuna kilichotozwa. Wasimamizi wamejulishwa.
top-up-press-confirm = Bonyeza ✅ kuweka agizo au ❌ kughairi.
top-up-press-a-button = Tafadhali bonyeza mojawapo ya vitufe.
top-up-text-or-button = Tafadhali andika jibu lako au bonyeza kitufe.
top-up-stale-button = Kitufe hiki ni cha hatua ya awali au ya ujazaji uliokwisha.
top-up-offer-unavailable = Ofa hii haipatikani tena. Tafadhali chagua mtandao au kiasi kingine.
top-up-cancelled = Ujazaji umeghairiwa. Hakuna kilichotozwa.
top-up-idle-ended = Ujazaji wako ulifungwa baada ya { $minutes ->
        [one] dakika { $minutes } ya kutokuwa na shughuli
       *[other] dakika { $minutes } za kutokuwa na shughuli
    }. Hakuna kilichotozwa. Tuma /topup kuanza tena.
top-up-error-ended = Ujazaji wako ulisimama kwa sababu ya hitilafu isiyotarajiwa. Kama ulikuwa umeuthibitisha, /orders inaonyesha kama uliwekwa. Tuma /topup kuanza tena.
top-up-repeat-unavailable = Agizo hilo haliwezi kurudiwa. Tuanze ujazaji mpya.
top-up-placing = ⏳ Ninaweka agizo… (namba ya agizo ya mfanyabiashara <code>{ $number }</code>)
top-up-pending = ⏳ Huduma bado haijathibitisha agizo <code>{ $number }</code>. Tunaendelea kujaribu kwa namba ileile ya agizo, kwa hiyo halitatozwa mara mbili kamwe; ujumbe ulio juu utasasishwa.
top-up-not-placed-requote = Agizo <code>{ $number }</code> halikuwekwa na hakuna kilichotozwa: bei inahitaji kusasishwa.
top-up-rejected = ⚠️ Agizo <code>{ $number }</code> limekataliwa. Hakuna kilichotozwa.
top-up-submit-error = ⚠️ Hitilafu imetokea wakati wa kuweka agizo <code>{ $number }</code>. Liangalie baada ya dakika moja kwa /status <code>{ $number }</code>: haliwekwi mara mbili kamwe.
top-up-number-conflict = ⚠️ Agizo <code>{ $number }</code> halikuwekwa: namba yake tayari ni ya agizo lingine. Hakuna kilichotozwa. Tafadhali anza ujazaji mpya kwa /topup.
