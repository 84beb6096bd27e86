## Credit (/credit, /limit, /balance, /statement)

credit-usage = Envoyez /credit <id utilisateur> <montant> [note] ; un - devant retire du crédit (ex. /credit 123 -5).
credit-amount-not-a-number = 🚫 Ce n’est pas un montant : écrivez des chiffres, par ex. 25 ou 25.50.
credit-amount-too-many-decimals = 🚫 Trop de décimales : { $currency } en a { $digits } après la virgule.
credit-amount-zero = 🚫 Le montant ne peut pas être nul.
credit-amount-negative = 🚫 Le montant ne peut pas être négatif.
credit-unknown-user = 🚫 { $id } n’a aucun rôle ici : donnez-lui d’abord le rôle de revendeur.
credit-not-reseller = 🚫 { $id } n’est pas revendeur : le crédit et les limites sont réservés aux revendeurs.
credit-below-zero = 🚫 Impossible de retirer { $amount } à { $id } : son crédit disponible (solde moins blocages) est de { $available }, et il ne descend jamais sous zéro.
credit-added = { $amount } ajouté à { $id }. Nouveau solde : { $balance }.
credit-taken = { $amount } retiré à { $id }. Nouveau solde : { $balance }.
credit-told-added = 💰 Un administrateur a ajouté { $amount } à votre crédit ({ $note }). Votre solde : { $balance }.
credit-told-taken = 💰 Un administrateur a retiré { $amount } de votre crédit ({ $note }). Votre solde : { $balance }.
credit-refused-funds = 🚫 Crédit insuffisant : disponible { $available }, cette recharge coûte { $price }. Rien n’a été commandé.
credit-refused-order-limit = 🚫 Au-delà de votre maximum par commande de { $limit } : cette recharge coûte { $price }. Rien n’a été commandé.
credit-refused-daily-limit = 🚫 Au-delà de votre limite quotidienne de { $limit } : utilisé aujourd’hui { $used }, reste { $left }, cette recharge coûte { $price }. Rien n’a été commandé.
credit-low = ⚠️ Votre crédit disponible est de { $available }, sous votre seuil d’alerte de { $threshold }.
limit-usage = Envoyez /limit <id utilisateur> <montant|off> (par jour, jours UTC) ou /limit <id utilisateur> order <montant|off> (par commande).
limit-daily-set = Limite quotidienne de { $id } : { $limit }.
limit-daily-off = { $id } n’a plus de limite quotidienne.
limit-order-set = Maximum par commande de { $id } : { $limit }.
limit-order-off = { $id } n’a plus de maximum par commande.
balance-title = 💰 Crédit de { $id }
balance-line = Solde { $balance } · bloqué { $holds } · disponible { $available }
balance-today = Aujourd’hui (UTC) : { $spent } sur la limite quotidienne de { $limit }, reste { $left }
balance-today-no-limit = Aujourd’hui (UTC) : { $spent } (pas de limite quotidienne)
balance-order-max = Maximum par commande : { $limit }
balance-alert-line = Alerte de crédit bas sous { $threshold }
balance-usage = Envoyez /balance, ou /balance <id utilisateur> pour un revendeur.
balance-alert-usage = Envoyez /balance alert <montant|off> : vous êtes prévenu quand votre crédit disponible passe en dessous.
balance-alert-usage-admin = Envoyez /balance alert <id utilisateur> <montant|off>.
balance-alert-set = { $id } sera prévenu quand le crédit disponible passera sous { $threshold }.
balance-alert-off = Plus d’alerte de crédit bas pour { $id }.
balance-all-title = 💰 Crédit des revendeurs :
balance-all-row = { $id } : solde { $balance }, disponible { $available }
balance-all-empty = Aucun revendeur pour l’instant.
balance-wallet = Portefeuille marchand : { $balance }
balance-wallet-unreported = Portefeuille marchand : la Merchant API n’indique pas son solde (devise { $currency }).
balance-wallet-unavailable = Portefeuille marchand : la Merchant API n’a pas pu être interrogée pour l’instant.
statement-usage = Envoyez /statement [du] [au] avec des dates AAAA-MM-JJ (UTC) ; administrateurs : /statement <id utilisateur> [du] [au].
statement-summary = Relevé de { $id }, du { $from } au { $to } : ouverture { $opening }, crédits { $credits }, débits { $debits }, clôture { $closing } ({ $entries } écritures).

## Alerts

alert-merchant-low-balance = 💸 Le portefeuille marchand est descendu à { $balance }, sous MERCHANT_LOW_BALANCE ({ $threshold }) : rechargez-le avant que des commandes soient refusées.
