## Prices (/pricing)

command-pricing = règles de marge sur le prix des revendeurs : /pricing set &lt;portée&gt; &lt;pourcentage&gt;% [+frais] [min x] [max y], /pricing del &lt;portée&gt;
pricing-title = 💹 Règles de marge : ce que les revendeurs paient en plus du prix marchand (la règle la plus précise s’applique : revendeur, puis opérateur, pays, par défaut)
pricing-env-default = Par défaut (PRICE_MARGIN_PERCENT, aucune règle dans le chat) : { $rule }
pricing-row = { $scope } : { $rule }
pricing-scope-default = Par défaut
pricing-scope-country = Pays { $country }
pricing-scope-operator = Opérateur { $operator } ({ $country })
pricing-scope-reseller = Revendeur { $user }
pricing-rule = { $percent } % + { $fixed }
pricing-rule-min = , au moins { $min }
pricing-rule-max = , au plus { $max }
pricing-usage =
    /pricing — les règles
    /pricing set &lt;portée&gt; &lt;pourcentage&gt;% [+&lt;frais&gt;] [min &lt;frais&gt;] [max &lt;frais&gt;]
    /pricing del &lt;portée&gt;
    Portées : default · country &lt;CC&gt; · operator &lt;CC&gt; &lt;clé d’opérateur&gt; · reseller &lt;ID utilisateur&gt;
    Les frais sont dans la devise du marchand. Exemple : /pricing set country NG 2.5% +0.10 min 0.05 max 2
pricing-set-done = ✅ Règle enregistrée. { $scope } : { $rule }. Elle s’applique au prochain devis.
pricing-del-done = 🗑 Règle supprimée : { $scope }.
pricing-del-nothing = Il n’y a pas de règle pour { $scope } ; rien n’a changé.
pricing-error-usage = 🚫 Je n’ai pas compris cette commande.
pricing-error-scope = 🚫 Portée inconnue « { $part } » : utilisez default, country, operator ou reseller.
pricing-error-country = 🚫 « { $part } » n’est pas un code pays à deux lettres (comme NG).
pricing-error-operator = 🚫 « { $part } » n’est pas une clé d’opérateur (comme NG-MTN).
pricing-error-reseller = 🚫 « { $part } » n’est pas un ID utilisateur.
pricing-error-rule-missing = 🚫 Indiquez un pourcentage (comme 2.5%), des frais fixes (comme +0.10), ou les deux.
pricing-error-percent = 🚫 « { $part } » n’est pas un pourcentage de 0 à 999.9999 avec au plus 4 décimales.
pricing-error-fixed = 🚫 « { $part } » n’est pas un frais fixe : un + et un montant avec au plus 4 décimales (comme +0.10).
pricing-error-min = 🚫 « min » doit être suivi d’un montant avec au plus 4 décimales (comme min 0.05).
pricing-error-max = 🚫 « max » doit être suivi d’un montant avec au plus 4 décimales (comme max 2).
pricing-error-min-above-max = 🚫 Les frais minimum dépassent les frais maximum.
pricing-error-repeated = 🚫 « { $part } » est donné deux fois.
pricing-error-unknown-part = 🚫 Je ne comprends pas « { $part } ».
pricing-error-ambiguous = 🚫 « { $part } » peut se lire { $whole } ou { $point } : écrivez l’un des deux, sans la virgule.
pricing-error-unknown-country = 🚫 Le catalogue n’a pas de pays { $country }. Rien n’a changé.
pricing-error-unknown-operator = 🚫 Le catalogue n’a pas d’opérateur { $operator } pour { $country }. Rien n’a changé.
pricing-error-not-reseller = 🚫 L’utilisateur { $user } n’est pas revendeur. Rien n’a changé.
pricing-error-catalogue = ⚠️ Le catalogue n’a pas pu être lu pour l’instant, donc rien n’a changé. Veuillez réessayer dans un moment.

## Prices in quotes, orders and /status

top-up-quote-credit =
    Veuillez vérifier cette recharge :
    Opérateur : { $operator } ({ $country })
    Produit : { $subtype }
    Numéro : { $phone }
    La ligne reçoit : { $receives }
    Votre crédit paie : { $pays }
    Prix valable jusqu’à { $expires } (environ { $seconds } s)

    ⚠️ Une recharge envoyée au mauvais numéro ou au mauvais opérateur est irréversible.
top-up-quote-margin-preview = 💹 Les revendeurs paient { $price } (marge { $margin }) selon les règles générales ; la règle propre à un revendeur peut être différente.
order-details-credit =
    { $operator } ({ $country }), { $subtype }
    <b>Téléphone :</b> { $phone }
    <b>Recharge :</b> { $localAmount }
    <b>Votre crédit :</b> { $price }
order-receipt-credit =
    ✅ Recharge effectuée
    <b>Commande :</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Téléphone :</b> { $phone }
    <b>Recharge :</b> { $localAmount }
    <b>Payé avec votre crédit :</b> { $price }
    <b>Heure :</b> { $time }
order-failed-notice-credit =
    ⚠️ La recharge a échoué : <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Téléphone : { $phone }, { $localAmount }
    Les { $price } bloqués sur votre crédit sont libérés : rien n’a été débité.
order-refunded-notice-credit =
    ↩️ Remboursée : <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } est revenu sur votre crédit. Le téléphone { $phone } n’a pas été rechargé.
order-revived-notice-credit =
    ‼️ Correction : la commande <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> a bien été passée, et { $price } a été débité de votre crédit. Le message précédent disant qu’elle n’avait pas été passée est faux.
    Son statut suivra ici.
agents-card-credit-paid = <b>Votre crédit a payé :</b> { $price }
agents-card-reseller-paid = <b>Le revendeur a payé :</b> { $price } (marge { $margin })

## Revenue in /stats

admin-stats-books = 💰 Chiffre d’affaires { $revenue } · coût { $cost } · marge { $margin }
admin-stats-books-none = 💰 Chiffre d’affaires, coût, marge : — (aucune commande réussie)
admin-stats-by-reseller = Par revendeur (chiffre d’affaires / coût / marge) :
admin-stats-by-operator = Par opérateur (chiffre d’affaires / coût / marge) :
admin-stats-books-row = • { $name } : { $revenue } / { $cost } / { $margin }
