## Orders

order-status-accepted = Acceptée
order-status-processing = En cours de traitement
order-status-manual-review = En vérification
order-status-succeeded = Réussie
order-status-failed = Échouée
order-status-refunded = Remboursée
order-status-unknown = En cours ({ $status })
order-status-placing = En cours d’envoi
order-status-rejected = Non passée

order-status-line = { $emoji } <b>{ $status }</b> · <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
order-status-line-pending = { $emoji } <b>{ $status }</b> · <code>{ $externalOrderId }</code>

order-subtype-airtime = crédit d’appel
order-subtype-data = données
order-subtype-bundle = forfait

order-details =
    { $operator } ({ $country }), { $subtype }
    <b>Téléphone :</b> { $phone }
    <b>Recharge :</b> { $localAmount }
    <b>Portefeuille :</b> { $price }

order-receipt =
    ✅ Recharge effectuée
    <b>Commande :</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Téléphone :</b> { $phone }
    <b>Recharge :</b> { $localAmount }
    <b>Payé depuis le portefeuille :</b> { $price }
    <b>Heure :</b> { $time }

order-failed-notice =
    ⚠️ La recharge a échoué : <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Téléphone : { $phone }, { $localAmount }
    L’argent ({ $price }) n’est pas encore revenu dans le portefeuille : le remboursement est en attente. Vous recevrez un message à son arrivée.

order-refunded-notice =
    ↩️ Remboursée : <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } est revenu dans le portefeuille. Le téléphone { $phone } n’a pas été rechargé.

order-rejected-notice =
    ❌ La commande <code>{ $externalOrderId }</code> n’a pas été passée : { $reason }
    Rien n’a été débité.

order-quote-expired-notice =
    ❌ La commande <code>{ $externalOrderId }</code> n’a pas été passée : le devis a expiré avant que le service puisse la prendre.
    Rien n’a été débité. Demandez un nouveau devis pour réessayer.

order-revived-notice =
    ‼️ Correction : la commande <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> a bien été passée, et { $price } a été débité du portefeuille. Le message précédent disant qu’elle n’avait pas été passée est faux.
    Son statut suivra ici.

order-new-quote-button = 🔄 Nouveau devis

order-pending-notice =
    ⏳ La commande <code>{ $externalOrderId }</code> est en cours d’envoi. Le service n’a pas encore répondu ; nous réessayons avec le même numéro de commande, elle ne sera donc jamais débitée deux fois.
    Vous recevrez un message dès qu’elle sera confirmée.

order-reject-reason-balance = le solde du portefeuille est insuffisant
order-reject-reason-risk = une limite de commandes a été atteinte
order-reject-reason-wallet = le portefeuille n’est pas actif
order-reject-reason-detail = cette recharge n’est pas disponible pour le moment
order-reject-reason-amount = le montant n’est pas accepté
order-reject-reason-local-currency = la devise n’est pas acceptée
order-reject-reason-account = le numéro de téléphone manque ou n’est pas accepté
order-reject-reason-quote-token = le devis n’est plus valable ; demandez-en un nouveau
order-reject-reason-quote-expired = le devis a expiré ; demandez-en un nouveau
order-reject-reason-price-changed = le prix a changé ; demandez un nouveau devis
order-reject-reason-account-busy = une autre recharge vers ce numéro n’est pas encore terminée
order-reject-reason-external-order-id = le numéro de commande a déjà été utilisé
order-reject-reason-not-placed = le bot a été interrompu avant de l’envoyer
order-reject-reason-not-durable = le stockage du bot n’a pas pu le confirmer en sécurité (aucune réplique Redis n’a répondu), il n’a donc pas été envoyé ; réessayez dans une minute
order-reject-reason-other = le service a refusé la commande

## Alerts

alert-order-failed = ⚠️ Recharge échouée : <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> (remboursement en attente)
alert-order-refunded = ↩️ Remboursée : <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-manual-review = 🔎 En vérification manuelle : <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-rejected = ❌ Commande refusée : <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> : { $reason }
alert-forbidden-placement = 🚫 Le service a répondu 403 à la commande <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> : vérifiez la clé d’API, la liste d’IP autorisées et l’accès à l’API. La commande continue d’être renvoyée.
alert-forbidden-read = 🚫 Le service a répondu 403 à une lecture de commande : vérifiez la clé d’API, la liste d’IP autorisées et l’accès à l’API.
alert-webhook-signature = { $failures ->
    [one] 🛡 { $failures } webhook refusé (dernier motif : { $reason }). Vérifiez MERCHANT_WEBHOOK_SECRETS.
   *[other] 🛡 { $failures } webhooks refusés (dernier motif : { $reason }). Vérifiez MERCHANT_WEBHOOK_SECRETS.
}
alert-stale-order = ⏰ Toujours pas terminée après { $minutes } min : <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status })
alert-unknown-order = ❓ Événement { $event } pour une commande inconnue : <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-unrecorded-order = 🧾 La Merchant API a notre commande <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status }) dont Redis n’avait aucune trace (perdue lors d’une bascule Redis ?) : elle est enregistrée sans revendeur et personne ne l’a payée. Retrouvez à qui elle était.
alert-order-revived = ‼️ <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> était marquée refusée ({ $key }), mais le service l'a et a débité le portefeuille : elle est de nouveau suivie. Vérifiez ce qui a été dit au revendeur.
alert-placement-unreadable = ❓ La réponse à la commande <code>{ $externalOrderId }</code> est illisible : elle n'est plus renvoyée, seulement recherchée. Vérifiez la Merchant API.
alert-quote-mismatch = ⚠️ Un devis ne correspondait pas à la demande ({ $operator }, { $field }) : demandé { $asked }, proposé { $quoted }. Aucune commande n’a été passée.
alert-order-number-conflict = 🛑 Le numéro de commande <code>{ $externalOrderId }</code> a été donné à une autre demande ({ $field }) : rien n’a été envoyé. Vérifiez.
alert-rate-limited = 🐢 La Merchant API a répondu 429 (trop de requêtes) : toutes les instances font une pause. Comparez MERCHANT_RATE_LIMIT_PER_MINUTE à la limite du compte.
alert-quote-single-use = 🔂 La Merchant API a refusé un jeton de devis qui avait déjà passé une commande, avant son expiration : les devis de ce compte sont à usage unique. Chaque recharge demande désormais son propre devis (une requête de plus par commande). Mettez QUOTE_SHARING=off pour le rendre définitif.
alert-group-header = { $count ->
    [one] 🚨 { $count } alerte
   *[other] 🚨 { $count } alertes
}
alert-open-button = Ouvrir { $order }
