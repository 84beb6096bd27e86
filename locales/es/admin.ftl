## People (/users, /grant, /revoke)

admin-users-title = Personas que pueden usar el bot:
admin-users-row = { $user } — { $role }
admin-users-row-configured = { $user } — { $role } (ADMIN_IDS)
admin-users-empty = Nadie tiene un rol todavía.
admin-users-audit-title = Cambios recientes:
admin-users-audit-granted = { $at }: { $by } hizo a { $user } { $role }
admin-users-audit-revoked = { $at }: { $by } quitó el acceso a { $user }
admin-users-audit-empty = Todavía no hay cambios.
admin-grant-usage = Envía /grant &lt;id de usuario&gt; &lt;reseller|distributor|agent|admin&gt;.
admin-revoke-usage = Envía /revoke &lt;id de usuario&gt;.
admin-grant-done = { $user } ahora es { $role }.
admin-revoke-done = { $user } ya no tiene acceso.
admin-revoke-nothing = { $user } no tenía ningún rol.
admin-change-last-admin = { $user } es el último administrador: no se le puede quitar el acceso ni bajar de rol.
admin-change-configured = { $user } es administrador por ADMIN_IDS y no se puede cambiar aquí.

## Figures (/stats)

admin-stats-today = 📊 Hoy (desde { $from })
admin-stats-week = 📊 Últimos 7 días (desde { $from })
admin-stats-total = Pedidos: { $count }
admin-stats-status = { $status }: { $count }
admin-stats-success = Tasa de éxito: { $rate } %
admin-stats-success-none = Tasa de éxito: — (nada terminado todavía)
admin-stats-spend = Gasto de la billetera en pedidos exitosos: { $amounts }
admin-stats-spend-none = Gasto de la billetera en pedidos exitosos: ninguno
admin-stats-operators = Operadores principales: { $list }
admin-stats-operators-none = Operadores principales: —
admin-stats-median = Tiempo mediano hasta un estado final: { $duration }
admin-stats-median-none = Tiempo mediano hasta un estado final: —
admin-duration = { $minutes } min { $seconds } s

## Health (/health)

admin-health-title = 🩺 Estado
admin-health-redis-ok = Redis: accesible · maxmemory-policy { $policy }
admin-health-redis-warn = Redis: accesible · maxmemory-policy { $policy } ⚠️ debería ser noeviction
admin-health-redis-down = Redis: ❌ no accesible
admin-health-merchant-ok = API del comercio: accesible · api_access_enabled { $enabled } · moneda de la billetera { $currency }
admin-health-merchant-down = API del comercio: ❌ { $reason }
admin-health-merchant-answering = API del comercio: responde (última respuesta a las { $at })
admin-health-merchant-busy = API del comercio: no consultada ahora (el cupo de solicitudes está ocupado; aún no se vio ninguna respuesta)
admin-health-merchant-paused = API del comercio: no consultada ahora (todas las réplicas esperan tras un 429, ver abajo)
admin-health-budget = Cupo de solicitudes: { $used } de { $limit } usadas este minuto
admin-health-paused = ⏸ En pausa tras un 429 hasta { $until }
admin-health-not-paused = Sin pausa por un 429.
admin-health-webhook = Último webhook recibido: { $at }
admin-health-webhook-none = Último webhook recibido: ninguno todavía
admin-health-unfinished = Pedidos sin terminar: { $count }
admin-health-oldest = El más antiguo: { $line } (desde { $since })
