## People (/users, /grant, /revoke)

admin-users-title = Personnes autorisées à utiliser le bot :
admin-users-row = { $user } — { $role }
admin-users-row-configured = { $user } — { $role } (ADMIN_IDS)
admin-users-empty = Personne n’a encore de rôle.
admin-users-audit-title = Changements récents :
admin-users-audit-granted = { $at } : { $by } a fait de { $user } un { $role }
admin-users-audit-revoked = { $at } : { $by } a retiré l’accès de { $user }
admin-users-audit-empty = Aucun changement pour l’instant.
admin-grant-usage = Envoyez /grant &lt;id utilisateur&gt; &lt;reseller|distributor|agent|admin&gt;.
admin-revoke-usage = Envoyez /revoke &lt;id utilisateur&gt;.
admin-grant-done = { $user } est maintenant { $role }.
admin-revoke-done = { $user } n’a plus accès.
admin-revoke-nothing = { $user } n’avait aucun rôle.
admin-change-last-admin = { $user } est le dernier administrateur : impossible de le retirer ou de le rétrograder.
admin-change-configured = { $user } est administrateur via ADMIN_IDS et ne peut pas être modifié ici.

## Figures (/stats)

admin-stats-today = 📊 Aujourd’hui (depuis { $from })
admin-stats-week = 📊 7 derniers jours (depuis { $from })
admin-stats-total = Commandes : { $count }
admin-stats-status = { $status } : { $count }
admin-stats-success = Taux de réussite : { $rate } %
admin-stats-success-none = Taux de réussite : — (rien de terminé pour l’instant)
admin-stats-spend = Dépenses du portefeuille sur les commandes réussies : { $amounts }
admin-stats-spend-none = Dépenses du portefeuille sur les commandes réussies : aucune
admin-stats-operators = Principaux opérateurs : { $list }
admin-stats-operators-none = Principaux opérateurs : —
admin-stats-median = Délai médian jusqu’à un statut final : { $duration }
admin-stats-median-none = Délai médian jusqu’à un statut final : —
admin-duration = { $minutes } min { $seconds } s

## Health (/health)

admin-health-title = 🩺 État
admin-health-redis-ok = Redis : joignable · maxmemory-policy { $policy }
admin-health-redis-warn = Redis : joignable · maxmemory-policy { $policy } ⚠️ devrait être noeviction
admin-health-redis-down = Redis : ❌ injoignable
admin-health-merchant-ok = API marchand : joignable · api_access_enabled { $enabled } · devise du portefeuille { $currency }
admin-health-merchant-down = API marchand : ❌ { $reason }
admin-health-merchant-answering = API marchand : répond (dernière réponse à { $at })
admin-health-merchant-busy = API marchand : non interrogée pour l’instant (le quota de requêtes est occupé ; aucune réponse vue pour l’instant)
admin-health-merchant-paused = API marchand : non interrogée pour l’instant (toutes les répliques attendent après un 429, voir plus bas)
admin-health-budget = Quota de requêtes : { $used } sur { $limit } utilisées cette minute
admin-health-paused = ⏸ En pause après un 429 jusqu’à { $until }
admin-health-not-paused = Aucune pause après un 429.
admin-health-webhook = Dernier webhook reçu : { $at }
admin-health-webhook-none = Dernier webhook reçu : aucun pour l’instant
admin-health-unfinished = Commandes non terminées : { $count }
admin-health-oldest = La plus ancienne : { $line } (depuis { $since })
