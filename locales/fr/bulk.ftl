## Bulk top-ups (/bulk)

bulk-help =
    <b>Recharges groupées depuis un fichier CSV</b>
    Envoyez un fichier CSV comme document, une recharge par ligne : <code>phone,amount,operator,note</code>
    • phone : format international avec l’indicatif du pays (<code>+234…</code>)
    • amount : le montant local que reçoit la ligne
    • operator : peut rester vide si le pays offre un choix évident
    • note : ce que vous voulez ; elle revient dans le rapport
    Jusqu’à 1 000 lignes, UTF-8, virgules ou points-virgules, guillemets acceptés. Une première ligne avec les noms des colonnes est facultative.
    Je vérifie chaque ligne et j’affiche le coût estimé avant toute commande.
bulk-template-caption = Modèle : remplissez-le et renvoyez-le comme document.
bulk-checking = ⏳ Vérification du fichier…
bulk-download-failed = ⚠️ Le fichier n’a pas pu être téléchargé depuis Telegram. Veuillez le renvoyer.
bulk-file-empty = 🚫 Le fichier ne contient aucune ligne à recharger.
bulk-file-not-csv = 🚫 Ce n’est pas un fichier texte CSV. Envoyez un fichier .csv (UTF-8) avec les colonnes phone,amount,operator,note.
bulk-file-too-many-lines = 🚫 Le fichier dépasse 1 000 lignes. Veuillez le découper en fichiers plus petits.
bulk-file-too-large = 🚫 Le fichier est trop volumineux. Un fichier groupé contient au plus 1 000 lignes.
bulk-file-columns = 🚫 Les colonnes ne sont pas phone,amount,operator,note. Utilisez le modèle de /bulk.
bulk-summary = <b>Recharge groupée</b> : { $valid } lignes valides, { $errors } avec erreurs.
bulk-summary-line-error = Ligne { $line } : { $problem }
bulk-summary-more-errors = …et { $count ->
        [one] { $count } autre ligne avec erreurs
       *[other] { $count } autres lignes avec erreurs
    } (toutes figurent dans le rapport).
bulk-summary-no-estimate = Le coût n’a pas pu être estimé pour l’instant ; chaque ligne est cotée au moment de la commande.
bulk-summary-estimate = Coût estimé : <b>{ $cost }</b>
bulk-summary-estimate-approx = Coût estimé : environ <b>{ $cost }</b>
bulk-summary-credit = Crédit disponible : { $available }
bulk-summary-credit-short = ⚠️ Crédit disponible : { $available }, inférieur à l’estimation : les lignes au-delà de votre crédit ne seront pas commandées.
bulk-summary-confirm = ✅ lance la commande des lignes valides ; ❌ abandonne le fichier.
bulk-summary-nothing = Aucune ligne ne peut être commandée. Corrigez le fichier et renvoyez-le.
bulk-button-start = ✅ Lancer
bulk-button-drop = ❌ Abandonner
bulk-button-pause = ⏸ Pause
bulk-button-resume = ▶️ Reprendre
bulk-button-cancel = ⏹ Annuler
bulk-gone = Ce fichier groupé n’est plus disponible.
bulk-dropped = Le fichier groupé a été abandonné. Rien n’a été commandé.
bulk-started = Lancé.
bulk-pause-done = En pause.
bulk-resume-done = Repris.
bulk-cancel-done = Annulé : les lignes pas encore commandées ne le seront pas.
bulk-progress-running = ⏳ <b>Recharge groupée en cours</b>
bulk-progress-paused = ⏸ <b>Recharge groupée en pause</b>
bulk-progress-cancelled = ⏹ <b>Recharge groupée annulée</b>
bulk-progress-finished = ✅ <b>Recharge groupée terminée</b>
bulk-progress-counts = Commandées { $placed } · échouées { $failed } · restantes { $left }
bulk-progress-skipped = Non commandées (annulé) : { $count }
bulk-progress-spent = Dépensé jusqu’ici : { $spent }
bulk-progress-eta = Fin estimée : { $time }
bulk-report-caption = Rapport groupé : { $placed } commandées, { $failed } échouées, { $skipped } non commandées. Chaque commande figure aussi dans /orders.
bulk-line-duplicate = le même numéro que la ligne { $line }
bulk-line-operator-unknown = aucun opérateur « { $operator } » en { $country }
bulk-line-operator-several = « { $operator } » correspond à plusieurs opérateurs : { $names }
bulk-line-operator-needed = veuillez indiquer l’opérateur ({ $names })
bulk-line-amount-ambiguous = { $operator } propose ce montant en plusieurs devises
bulk-line-refused-credit = crédit disponible insuffisant
bulk-line-refused-daily-limit = au-delà de votre limite quotidienne
bulk-line-refused-order-limit = au-dessus de votre limite par commande
bulk-line-refused-busy = une autre commande vers ce numéro n’est pas encore terminée
bulk-line-refused-other = non commandée par le service ; rien n’a été débité

## Envois groupés et programmations arrêtés : le payeur ne peut plus commander

bulk-role-changed = 🚫 Votre rôle a changé depuis la vérification de ce fichier : ses prix ne sont plus les vôtres. Rien n’a été passé : envoyez de nouveau le fichier.
bulk-pin-ask = 🔐 Cet envoi groupé est estimé à { $cost } : saisissez votre PIN sur le clavier pour le lancer.
bulk-pin-ask-unknown = 🔐 Le coût de cet envoi groupé n’a pas pu être estimé : saisissez votre PIN sur le clavier pour le lancer.
bulk-progress-stopped = Arrêté : { $reason }.
payer-stopped-no-access = vous n’avez plus de rôle autorisé à recharger
payer-stopped-pin-locked = votre PIN est bloqué après trop d’essais erronés
payer-stopped-pin-needed = cette recharge demande maintenant votre PIN
alert-payer-stopped-bulk = ⏹ L’envoi groupé de { $user } a été arrêté : { $reason }. Plus rien n’en sera passé.
alert-payer-stopped-schedule = ⏸ Une programmation de { $user } a été mise en pause : { $reason }. Plus rien n’en sera passé.
schedule-paused-stopped = Cette programmation est en pause : { $reason }. Reprenez-la dans /schedule une fois la situation réglée.
schedule-pin-unknown = 🔐 Le prix de cette programmation n’a pas pu être estimé maintenant : l’enregistrer demande votre PIN.
