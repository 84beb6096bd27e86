## People (/users, /grant, /revoke)

admin-users-title = Pessoas que podem usar o bot:
admin-users-row = { $user } — { $role }
admin-users-row-configured = { $user } — { $role } (ADMIN_IDS)
admin-users-empty = Ninguém tem perfil ainda.
admin-users-audit-title = Alterações recentes:
admin-users-audit-granted = { $at }: { $by } deu o perfil { $role } a { $user }
admin-users-audit-revoked = { $at }: { $by } removeu { $user }
admin-users-audit-empty = Nenhuma alteração ainda.
admin-grant-usage = Envie /grant &lt;id do usuário&gt; &lt;reseller|distributor|agent|admin&gt;.
admin-revoke-usage = Envie /revoke &lt;id do usuário&gt;.
admin-grant-done = { $user } agora é { $role }.
admin-revoke-done = { $user } não tem mais acesso.
admin-revoke-nothing = { $user } não tinha perfil.
admin-change-last-admin = { $user } é o último administrador: não pode ser removido nem rebaixado.
admin-change-configured = { $user } é administrador pelo ADMIN_IDS e não pode ser alterado aqui.

## Figures (/stats)

admin-stats-today = 📊 Hoje (desde { $from })
admin-stats-week = 📊 Últimos 7 dias (desde { $from })
admin-stats-total = Pedidos: { $count }
admin-stats-status = { $status }: { $count }
admin-stats-success = Taxa de sucesso: { $rate } %
admin-stats-success-none = Taxa de sucesso: — (nada concluído ainda)
admin-stats-spend = Gasto da carteira com pedidos concluídos: { $amounts }
admin-stats-spend-none = Gasto da carteira com pedidos concluídos: nenhum
admin-stats-operators = Principais operadoras: { $list }
admin-stats-operators-none = Principais operadoras: —
admin-stats-median = Tempo mediano até o status final: { $duration }
admin-stats-median-none = Tempo mediano até o status final: —
admin-duration = { $minutes } min { $seconds } s

## Health (/health)

admin-health-title = 🩺 Saúde do sistema
admin-health-redis-ok = Redis: acessível · maxmemory-policy { $policy }
admin-health-redis-warn = Redis: acessível · maxmemory-policy { $policy } ⚠️ deveria ser noeviction
admin-health-redis-down = Redis: ❌ inacessível
admin-health-merchant-ok = Merchant API: acessível · api_access_enabled { $enabled } · moeda da carteira { $currency }
admin-health-merchant-down = Merchant API: ❌ { $reason }
admin-health-merchant-answering = Merchant API: respondendo (última resposta às { $at })
admin-health-merchant-busy = Merchant API: não consultada agora (a cota de requisições está ocupada; nenhuma resposta vista ainda)
admin-health-merchant-paused = Merchant API: não consultada agora (todas as réplicas estão aguardando após um 429, veja abaixo)
admin-health-budget = Cota de requisições usada neste minuto: { $used } de { $limit }
admin-health-paused = ⏸ Em pausa após um 429 até { $until }
admin-health-not-paused = Nenhuma pausa por 429.
admin-health-webhook = Último webhook recebido: { $at }
admin-health-webhook-none = Último webhook recebido: nenhum ainda
admin-health-unfinished = Pedidos não finalizados: { $count }
admin-health-oldest = Mais antigo: { $line } (desde { $since })
