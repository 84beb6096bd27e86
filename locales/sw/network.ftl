## Networks: distributors and the resellers below them (/grant … distributor, /transfer, /network, /move)

role-distributor = msambazaji
menu-network = 🕸 Mtandao wangu
menu-transfer = 💸 Hamisha
help-group-network = 🕸 Mtandao wa wauzaji
command-transfer = hamisha krediti kwa muuzaji aliye chini yako moja kwa moja: /transfer &lt;id ya mtumiaji&gt; &lt;kiasi&gt; [maelezo]
command-network = wauzaji walio chini yako: salio, mauzo ya leo, kamisheni yako
command-move = hamisha muuzaji pamoja na wote walio chini yake: /move &lt;id ya mtumiaji&gt; &lt;id ya mzazi mpya|merchant&gt;
network-not-yours = 🚫 { $user } hayumo kwenye mtandao wako. Hakuna kilichobadilika.
network-button-not-yours = 🚫 Orodha hii si yako.
network-merchant = mfanyabiashara

## Making and revoking distributors

network-grant-not-reseller = 🚫 { $user } ni { $role }: ni muuzaji tu, au mtu asiye na jukumu bado, anayeweza kuwa msambazaji. Hakuna kilichobadilika.
network-grant-too-deep = 🚫 { $user } yuko ngazi ya { $level } kati ya { $max } zinazoruhusiwa na NETWORK_MAX_DEPTH: wauzaji walio chini yake wangekuwa chini mno. Hakuna kilichobadilika.
network-suspended = ⛔ { $user } hana mtandao tena. Wauzaji waliosimamishwa chini yake: { $count }. Wanabaki na krediti yao, na hakuna oda yao inayowekwa mpaka uwahamishe kwa /move.
network-suspended-told = ⛔ Mtandao wako umesimamishwa: { $user } si msambazaji tena. Krediti yako imehifadhiwa, lakini hakuna ujazo wako utakaowekwa mpaka msimamizi akuhamishe kwa msambazaji mwingine.

## Transfers (/transfer)

network-transfer-usage = Tuma /transfer &lt;id ya mtumiaji&gt; &lt;kiasi&gt; [maelezo] kuhamisha krediti yako kwa muuzaji aliye chini yako moja kwa moja; alama - mwanzoni inairudisha (mfano /transfer 123 -5).
network-transfer-not-direct = 🚫 { $user } hayuko chini yako moja kwa moja: unahamisha kwa wauzaji wako tu, na wauzaji wake hujazwa na msambazaji wao. Hakuna kilichohamishwa.
network-transfer-short = 🚫 Krediti haitoshi: unayo { $available } inayopatikana (salio ukiondoa kilichoshikiliwa), na uhamisho ni { $amount }. Hakuna kilichohamishwa.
network-transfer-take-short = 🚫 Haiwezekani kurudisha { $amount } kutoka kwa { $user }: krediti yake inayopatikana (salio ukiondoa kilichoshikiliwa) ni { $available }. Hakuna kilichohamishwa.
network-transfer-given = 💸 { $amount } imehamishiwa { $user }. Salio lako: { $balance }. Salio lake: { $theirs }.
network-transfer-taken = 💸 { $amount } imerudishwa kutoka kwa { $user }. Salio lako: { $balance }. Salio lake: { $theirs }.
network-transfer-told-given = 💰 { $by } amehamisha { $amount } kwenye krediti yako ({ $note }). Salio lako: { $balance }.
network-transfer-told-taken = 💰 { $by } amerudisha { $amount } kutoka kwenye krediti yako ({ $note }). Salio lako: { $balance }.

## The network (/network)

network-empty = 🕸 Bado hakuna mtu kwenye mtandao wako. Alika wauzaji kwa /invite reseller.
network-title = 🕸 <b>Mtandao wako</b> — chini yako moja kwa moja: { $count } · jumla: { $total } (takwimu za leo, siku ya UTC)
network-row = • { $user }: salio { $balance } · leo { $volume } · kamisheni yako { $commission }
network-row-folded = • { $user }: salio { $balance } · leo { $volume } · kamisheni yako { $commission } · +{ $below } chini yake
network-commission-today = Kamisheni yako ya leo: { $commission }

## Moving resellers (/move)

network-move-usage = Tuma /move &lt;id ya mtumiaji&gt; &lt;id ya mzazi mpya|merchant&gt;: muuzaji na wote walio chini yake wanahamia chini ya msambazaji huyo, au moja kwa moja chini ya mfanyabiashara.
network-move-done = ✅ { $user } amehamishwa kutoka { $from } kwenda { $parent }, pamoja na wote walio chini yake.
network-move-told = 🕸 Sasa uko kwenye mtandao wa { $parent }: anajaza krediti yako na kuweka bei zako.
network-move-told-merchant = 🕸 Sasa unanunua moja kwa moja kutoka kwa mfanyabiashara: hakuna msambazaji juu yako tena.
network-move-not-reseller = 🚫 { $user } si muuzaji: ni wauzaji na wasambazaji tu wanaoweza kuhamishwa. Hakuna kilichobadilika.
network-move-not-distributor = 🚫 { $parent } si msambazaji: mfanye msambazaji kwanza kwa /grant. Hakuna kilichobadilika.
network-move-cycle = 🚫 { $user } hawezi kuwekwa chini ya { $parent }: { $parent } ni { $user } mwenyewe au yuko chini yake. Hakuna kilichobadilika.
network-move-too-deep = 🚫 { $user } hawezi kuwekwa chini ya { $parent }: mtandao wake ungekuwa na kina kuliko NETWORK_MAX_DEPTH inavyoruhusu (isizidi { $max }). Hakuna kilichobadilika.

## Distributors' invites (/invite reseller, /invites)

network-invite-usage = 🚫 Tuma /invite reseller [matumizi] [siku]: msambazaji huwaalika wauzaji kwenye mtandao wake (matumizi kuanzia 1 hadi { $maxUses }, chaguo-msingi 1; siku kuanzia 1 hadi { $maxDays }, chaguo-msingi 7). Hakuna kilichoundwa.
network-invite-made = 🕸 Anayejiunga kupitia mwaliko huu anaingia kwenye mtandao wako: mjazie krediti kwa /transfer na weka bei zake kwa /pricing.
network-invite-joined = 🕸 Uko kwenye mtandao wa { $parent }: anajaza krediti yako na kuweka bei zako.
network-invite-told = 🕸 { $user } amejiunga na mtandao wako kupitia mwaliko { $id }. Mjazie krediti kwa /transfer.
network-invite-maker-gone = 🚫 Mwaliko huu haufanyi kazi tena: aliyeuunda hana mtandao tena. Hakuna kilichobadilika; omba kiungo kipya.
network-invite-cannot-join = 🚫 Mwaliko huu hauwezi kukuingiza: mtandao ungekuwa na kina kuliko kinachoruhusiwa. Hakuna kilichobadilika; wasiliana na msimamizi.

## A distributor's prices (/pricing)

network-pricing-title = 💹 Kanuni zako: kile wauzaji wa mtandao wako hulipa juu ya bei unayolipa wewe (kanuni mahususi zaidi ndiyo inatumika: muuzaji, kisha mtandao wa simu, nchi, chaguo-msingi)
network-pricing-no-default = Chaguo-msingi: hakuna kanuni: wauzaji wako hulipa bei unayolipa wewe.
pricing-error-in-network = 🚫 { $user } yuko kwenye mtandao wa { $distributor }: bei yake ni bei ya msambazaji pamoja na kanuni ya msambazaji, kwa hiyo kanuni ya mfanyabiashara kwake isingetumika kamwe. Hakuna kilichobadilika.
admin-users-row-under = { $user } — { $role }, kwenye mtandao wa { $parent }
