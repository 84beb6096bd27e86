## Recharges programmées (/schedule)

schedule-list-empty = 🗓 Vous n’avez aucune recharge programmée. Appuyez sur ➕ pour en programmer une : une fois à une date et une heure, ou chaque jour, semaine ou mois.
schedule-list-head = 🗓 <b>Vos recharges programmées</b> ({ $count } sur { $max } au plus)
schedule-entry = <b>{ $n }.</b> { $phone } · { $operator } · { $amount }
schedule-entry-when = { $when } ({ $zone })
schedule-entry-next = Prochaine exécution : { $time }
schedule-entry-paused = ⏸ En pause
schedule-entry-ended = Terminée (exécutée une fois)
schedule-entry-last-placed = Dernière exécution { $time } : passée, <code>{ $orderId }</code> · <code>{ $number }</code>
schedule-entry-last-not-placed = Dernière exécution { $time } : non passée : { $reason }
schedule-when-once = une fois le { $date } à { $time }
schedule-when-daily = chaque jour à { $time }
schedule-when-weekly = chaque { $weekday } à { $time }
schedule-when-monthly = chaque mois le { $day } à { $time } (le dernier jour des mois plus courts)
schedule-button-pause = ⏸ Pause { $n }
schedule-button-resume = ▶️ Reprendre { $n }
schedule-button-delete = 🗑 Supprimer { $n }
schedule-button-new = ➕ Nouvelle programmation
schedule-button-delete-yes = 🗑 Oui, la supprimer
schedule-button-keep = ⬅️ La garder
schedule-button-save = ✅ Enregistrer
schedule-delete-ask = Supprimer cette recharge programmée ? Les recharges déjà passées restent dans /orders.
schedule-deleted = Supprimée.
schedule-paused = En pause : elle ne s’exécute plus jusqu’à sa reprise.
schedule-resumed = Reprise.
schedule-gone = Cette programmation n’existe plus.
schedule-kind-once = 📅 Une fois
schedule-kind-daily = Chaque jour
schedule-kind-weekly = Chaque semaine
schedule-kind-monthly = Chaque mois
schedule-ask-kind = Quand cette recharge doit-elle s’exécuter ? Les heures sont dans votre fuseau horaire, { $zone } (modifiable avec /timezone).
schedule-kind-chosen = Exécution : { $kind }
schedule-ask-weekday = Quel jour de la semaine ?
schedule-weekday-chosen = Le { $weekday }
schedule-ask-day = Quel jour du mois ? Envoyez un nombre de 1 à 31 (un mois sans ce jour s’exécute à son dernier jour).
schedule-ask-time = À quelle heure ? Envoyez-la au format HH:MM sur 24 heures, en { $zone } (par exemple 09:30).
schedule-ask-datetime = À quelle date et à quelle heure ? Envoyez-les au format AAAA-MM-JJ HH:MM en { $zone } (par exemple 2026-12-24 09:30).
schedule-type-it = Veuillez écrire la réponse (ou appuyer sur ⬅️ Retour).
schedule-error-time = Ce n’est pas une heure. Envoyez HH:MM sur 24 heures, par exemple 09:30.
schedule-error-datetime = Ce n’est pas une date et une heure. Envoyez AAAA-MM-JJ HH:MM, par exemple 2026-12-24 09:30.
schedule-error-day = Ce n’est pas un jour du mois. Envoyez un nombre de 1 à 31.
schedule-error-past = Cette heure est déjà passée. Choisissez une heure à venir.
schedule-error-limit = 🚫 Vous avez déjà { $max ->
        [one] { $max } programmation
       *[other] { $max } programmations
    }, le maximum par revendeur. Supprimez-en une avec /schedule d’abord. Rien n’a été enregistré.
schedule-summary =
    🗓 <b>Nouvelle recharge programmée</b>
    Numéro : { $phone }
    { $operator }, { $country } : { $receives } ({ $subtype })
    Quand : { $when } ({ $zone })
    Première exécution : { $first }
    { $estimate }
    Chaque exécution est chiffrée et passée au moment voulu, sur votre crédit. Une exécution impossible est signalée et sautée ; la suivante a lieu comme prévu.
schedule-summary-estimate = Prix estimé par exécution : <b>{ $price }</b>
schedule-summary-no-estimate = Le prix n’a pas pu être estimé maintenant ; chaque exécution est chiffrée au moment voulu.
schedule-created = ✅ Programmée. Première exécution : { $first } ({ $zone }). Envoyez /schedule pour voir, mettre en pause ou supprimer vos programmations.
schedule-cancelled = Programmation annulée. Rien n’a été enregistré.
schedule-run-placed = 🗓 Recharge programmée passée : { $phone } · { $operator } · { $amount }. Commande <code>{ $orderId }</code> · <code>{ $number }</code> ; son résultat suit.
schedule-run-not-placed = 🚫 Recharge programmée non passée : { $phone } · { $operator } · { $amount } : { $reason }. Rien n’a été débité.
schedule-run-next = Prochaine exécution : { $time } ({ $zone }).
schedule-run-ended = Cette programmation unique est terminée.
schedule-reason-no-quote = le service n’a pas pu donner de prix pour le moment
