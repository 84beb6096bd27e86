## Export (/export)

export-usage = Envoyez /export [du] [au] [statut] avec des dates AAAA-MM-JJ (UTC) et un statut parmi : { $statuses }. Exemple : /export 2026-11-01 2026-11-30 succeeded
export-caption = Commandes créées du { $from } au { $to } (UTC){ $status }, fichier { $part }
export-caption-status = , statut { $status }
export-done = Export terminé : { $count ->
        [one] { $count } commande
       *[other] { $count } commandes
    } dans { $files ->
        [one] { $files } fichier
       *[other] { $files } fichiers
    }.
export-failed = L'export s'est arrêté avant la fin ({ $count ->
        [one] { $count } commande envoyée
       *[other] { $count } commandes envoyées
    }). Veuillez réessayer.

## Reconciliation (/reconcile)

reconcile-started = Rapprochement avec la liste des commandes de la Merchant API… cela peut prendre quelques minutes (seule la part de fond du budget de requêtes est utilisée).
reconcile-busy = Un rapprochement est déjà en cours ; son rapport ira aux administrateurs à la fin.
reconcile-failed = Le rapprochement n'a pas pu aboutir : { $reason }. Rien d'autre n'a été modifié ; réessayez plus tard.
reconcile-summary =
    <b>Rapprochement</b> des commandes créées depuis { $since } (UTC) : { $checked } commandes du service vérifiées.
    Enregistrées (le service les avait, pas nous) : { $missing }
    Statut final appliqué (nous l'attendions encore) : { $repaired }
    Autres écarts de statut : { $status }
    Écarts de prix : { $price }
    Blocages de crédit sans commande : { $holds }
    Commandes non passées par ce bot, ignorées : { $foreign }
reconcile-report-caption = { $count ->
        [one] { $count } écart trouvé
       *[other] { $count } écarts trouvés
    } par le rapprochement du { $day } (UTC) ; détails dans le fichier.
