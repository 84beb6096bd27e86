## Credit (/credit, /limit, /balance, /statement)

credit-usage = Envoyez /credit &lt;id utilisateur&gt; &lt;montant&gt; [note] ; un - devant retire du crédit (ex. /credit 123 -5).
credit-amount-not-a-number = 🚫 Ce n’est pas un montant : écrivez des chiffres, par ex. 25 ou 25.50.
credit-amount-too-many-decimals = 🚫 Trop de décimales : { $currency } en a { $digits } après la virgule.
credit-amount-zero = 🚫 Le montant ne peut pas être nul.
credit-amount-negative = 🚫 Le montant ne peut pas être négatif.
credit-amount-ambiguous = 🚫 { $typed } peut se lire { $thousands } ou { $decimal } : écrivez { $whole } ou { $point }.
credit-unknown-user = 🚫 { $user } n’a aucun rôle ici : donnez-lui d’abord le rôle de revendeur.
credit-not-reseller = 🚫 { $user } n’est pas revendeur : le crédit et les limites sont réservés aux revendeurs.
credit-below-zero = 🚫 Impossible de retirer { $amount } à { $user } : son crédit disponible (solde moins blocages) est de { $available }, et il ne descend jamais sous zéro.
credit-added = { $amount } ajouté à { $user }. Nouveau solde : { $balance }.
credit-taken = { $amount } retiré à { $user }. Nouveau solde : { $balance }.
credit-told-added = 💰 Un administrateur a ajouté { $amount } à votre crédit ({ $note }). Votre solde : { $balance }.
credit-told-taken = 💰 Un administrateur a retiré { $amount } de votre crédit ({ $note }). Votre solde : { $balance }.
credit-refused-funds = 🚫 Crédit insuffisant : disponible { $available }, cette recharge coûte { $price }. Rien n’a été commandé.
credit-refused-order-limit = 🚫 Au-delà de votre maximum par commande de { $limit } : cette recharge coûte { $price }. Rien n’a été commandé.
credit-refused-daily-limit = 🚫 Au-delà de votre limite quotidienne de { $limit } : utilisé aujourd’hui { $used }, reste { $left }, cette recharge coûte { $price }. Rien n’a été commandé.
credit-low = ⚠️ Votre crédit disponible est de { $available }, sous votre seuil d’alerte de { $threshold }.
limit-usage = Envoyez /limit &lt;id utilisateur&gt; &lt;montant|off&gt; (par jour, jours UTC) ou /limit &lt;id utilisateur&gt; order &lt;montant|off&gt; (par commande).
limit-daily-set = Limite quotidienne de { $user } : { $limit }.
limit-daily-off = { $user } n’a plus de limite quotidienne.
limit-order-set = Maximum par commande de { $user } : { $limit }.
limit-order-off = { $user } n’a plus de maximum par commande.
balance-title = 💰 Crédit de { $user }
balance-line = Solde { $balance } · bloqué { $holds } · disponible { $available }
balance-today = Aujourd’hui (UTC) : { $spent } sur la limite quotidienne de { $limit }, reste { $left }
balance-today-no-limit = Aujourd’hui (UTC) : { $spent } (pas de limite quotidienne)
balance-order-max = Maximum par commande : { $limit }
balance-alert-line = Alerte de crédit bas sous { $threshold }
balance-usage = Envoyez /balance, ou /balance &lt;id utilisateur&gt; pour un revendeur.
balance-alert-usage = Envoyez /balance alert &lt;montant|off&gt; : vous êtes prévenu quand votre crédit disponible passe en dessous.
balance-alert-usage-admin = Envoyez /balance alert &lt;id utilisateur&gt; &lt;montant|off&gt;.
balance-alert-set = { $user } sera prévenu quand le crédit disponible passera sous { $threshold }.
balance-alert-off = Plus d’alerte de crédit bas pour { $user }.
balance-all-title = 💰 Crédit des revendeurs :
balance-all-row = { $user } : solde { $balance }, disponible { $available }
balance-all-empty = Aucun revendeur pour l’instant.
balance-wallet = Portefeuille marchand : { $balance }
balance-wallet-unreported = Portefeuille marchand : la Merchant API n’indique pas son solde (devise { $currency }).
balance-wallet-unavailable = Portefeuille marchand : la Merchant API n’a pas pu être interrogée pour l’instant.
statement-usage = Envoyez /statement [du] [au] avec des dates AAAA-MM-JJ (UTC) ; administrateurs : /statement &lt;id utilisateur&gt; [du] [au].
statement-caption = Relevé de { $user }, du { $from } au { $to }, fichier { $part }
statement-summary = Relevé de { $user }, du { $from } au { $to } : ouverture { $opening }, crédits { $credits }, débits { $debits }, clôture { $closing } ({ $entries ->
        [one] { $entries } écriture
       *[other] { $entries } écritures
    }).
statement-failed = Le relevé s’est arrêté avant la fin ({ $count ->
        [one] { $count } écriture envoyée
       *[other] { $count } écritures envoyées
    }). Veuillez réessayer.

## Alerts

alert-merchant-low-balance = 💸 Le portefeuille marchand est descendu à { $balance }, sous MERCHANT_LOW_BALANCE ({ $threshold }) : rechargez-le avant que des commandes soient refusées.
