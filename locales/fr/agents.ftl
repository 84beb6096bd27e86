## Order card (/status)

agents-card-next-step = <b>Étape suivante :</b> { $text }
agents-card-rejection = <b>Refusée :</b> { $text }
agents-card-busy-with = Numéro occupé par la commande <code>{ $number }</code>
agents-card-operator = <b>Opérateur :</b> { $operator } · { $subtype }
agents-card-phone = <b>Numéro :</b> { $phone }
agents-card-amount = <b>La ligne reçoit :</b> { $amount }
agents-card-price = <b>Le portefeuille a payé :</b> { $price }
agents-card-attempts = <b>Tentatives :</b>
agents-card-attempt = #{ $number } { $status } · envoyée { $submitted } · terminée { $completed } · { $error }
agents-card-times = Créée { $created } · mise à jour { $updated }
agents-card-synced = <b>Lue auprès du service :</b> { $at }
agents-card-service-only = (lue uniquement auprès du service : pas passée par ce bot)
agents-card-stale = ⚠️ Le service n’a pas pu être consulté à l’instant ; ces informations peuvent être périmées.
agents-refresh-button = 🔄 Actualiser
agents-refreshed = Mis à jour.
agents-unavailable = Le service de recharge n’a pas répondu. Réessayez dans un instant.
agents-status-usage = Envoyez /status suivi d’un identifiant de commande (O-…) ou d’un numéro de commande marchand.
agents-status-not-found = Aucune commande { $query } que vous pouvez consulter.
agents-order-not-found-short = Commande introuvable.

## Order list (/orders)

agents-orders-header = { $filter } : { $from }–{ $to } sur { $total }, les plus récentes d’abord
agents-orders-empty = { $filter } : aucune commande.
agents-orders-filter-all = Toutes les commandes
agents-orders-search-line = Recherche : { $search }
agents-orders-row = { $line } · { $operator } · { $amount } · { $created }
agents-orders-search-button = 🔍 Rechercher
agents-orders-all-button = Toutes
agents-orders-search-prompt = Envoyez un identifiant de commande (O-…), un numéro de commande marchand ou un nom d’opérateur.
