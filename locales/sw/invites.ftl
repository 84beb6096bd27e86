## Invite links (/invite, /invites, /start with an invite's payload)

command-invite = kiungo cha mwaliko na msimbo wake wa QR: /invite &lt;reseller|agent|admin&gt; [matumizi] [siku]
command-invites = mialiko inayotumika, kila mwaliko ukiwa na kitufe cha kuuondoa
invite-usage = 🚫 Tuma /invite &lt;reseller|agent|admin&gt; [matumizi] [siku]: matumizi kuanzia 1 hadi { $maxUses } (chaguo-msingi 1), siku kuanzia 1 hadi { $maxDays } (chaguo-msingi 7). Hakuna kilichoundwa.
invite-too-many = 🚫 Mialiko inayotumika imefikia kikomo chake ({ $max }): kwanza ondoa mmoja kwenye /invites. Hakuna kilichoundwa.
invite-made =
    🎟 Mwaliko <code>{ $id }</code>: yeyote atakayefungua kiungo hiki anakuwa { $role } papo hapo.
    { $link }
    Matumizi: { $uses } · halali hadi { $until }
    Tuma kiungo, au onyesha msimbo wa QR ulio hapa chini. /invites inaorodhesha mialiko inayotumika na kuiondoa.
invite-qr-caption = Msimbo wa QR wa mwaliko { $id } ({ $role })
invites-title = 🎟 Mialiko inayotumika:
invites-empty = Hakuna mwaliko unaotumika. Unda mmoja kwa /invite reseller.
invites-row = <code>{ $id }</code> · { $role } · matumizi yaliyobaki: { $left }/{ $uses } · hadi { $until } · aliyeunda: <code>{ $by }</code>
invites-revoke-button = ❌ Ondoa { $id }
invites-revoked = Mwaliko { $id } umeondolewa: kiungo chake hakifanyi kazi tena.
invites-gone = Mwaliko huu hautumiki tena: hakuna kilichobadilika.
invite-welcome-reseller = 🎉 Karibu, { $name }! Sasa wewe ni muuzaji: jaza salio la simu kwa /topup (au nyingi kwa mara moja kutoka faili ya CSV kwa /bulk), fuatilia maagizo yako kwa /orders na krediti yako kwa /balance. /help inaonyesha kila kitu.
invite-welcome-agent = 🎉 Karibu, { $name }! Sasa wewe ni mhudumu wa msaada: tazama agizo lolote kwa /status, orodhesha maagizo kwa /orders na tengeneza risiti za wateja kwa /receipt. /help inaonyesha kila kitu.
invite-welcome-admin = 🎉 Karibu, { $name }! Sasa wewe ni msimamizi: watu (/users, /invite), krediti (/credit), bei (/pricing), takwimu (/stats) na hali ya mfumo (/health) ziko mikononi mwako. /help inaonyesha kila kitu.
invite-expired = ⌛ Kiungo hiki cha mwaliko kimeisha muda: hakitoi ruhusa. Mwombe aliyekituma akupe kipya.
invite-used-up = 🚫 Kiungo hiki cha mwaliko kimeshatumika mara zote zilizoruhusiwa: hakitoi ruhusa. Mwombe aliyekituma akupe kipya.
invite-revoked = 🚫 Kiungo hiki cha mwaliko kimeondolewa: hakitoi ruhusa. Mwombe aliyekituma akupe kipya.
invite-has-role = Tayari wewe ni { $role }: mwaliko huu haubadilishi chochote na unabaki kwa yule aliyekusudiwa.
alert-invite-used = 🎟 { $name } <code>{ $id }</code> amejiunga kama { $role } kupitia mwaliko <code>{ $invite }</code> ulioundwa na <code>{ $by }</code>.
