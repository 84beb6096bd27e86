## People (/users, /grant, /revoke)

admin-users-title = People who may use the bot:
admin-users-row = { $user } — { $role }
admin-users-row-configured = { $user } — { $role } (ADMIN_IDS)
admin-users-empty = Nobody has a role yet.
admin-users-audit-title = Recent changes:
admin-users-audit-granted = { $at }: { $by } made { $user } { $role }
admin-users-audit-revoked = { $at }: { $by } removed { $user }
admin-users-audit-empty = No changes yet.
admin-grant-usage = Send /grant &lt;user id&gt; &lt;reseller|distributor|agent|admin&gt;.
admin-revoke-usage = Send /revoke &lt;user id&gt;.
admin-grant-done = { $user } is now { $role }.
admin-revoke-done = { $user } no longer has access.
admin-revoke-nothing = { $user } had no role.
admin-change-last-admin = { $user } is the last admin: they cannot be removed or demoted.
admin-change-configured = { $user } is an admin from ADMIN_IDS and cannot be changed here.

## Figures (/stats)

admin-stats-today = 📊 Today (since { $from })
admin-stats-week = 📊 Last 7 days (since { $from })
admin-stats-total = Orders: { $count }
admin-stats-status = { $status }: { $count }
admin-stats-success = Success rate: { $rate } %
admin-stats-success-none = Success rate: — (nothing finished yet)
admin-stats-spend = Wallet spend on succeeded orders: { $amounts }
admin-stats-spend-none = Wallet spend on succeeded orders: none
admin-stats-operators = Top operators: { $list }
admin-stats-operators-none = Top operators: —
admin-stats-median = Median time to a final status: { $duration }
admin-stats-median-none = Median time to a final status: —
admin-duration = { $minutes } min { $seconds } s

## Health (/health)

admin-health-title = 🩺 Health
admin-health-redis-ok = Redis: reachable · maxmemory-policy { $policy }
admin-health-redis-warn = Redis: reachable · maxmemory-policy { $policy } ⚠️ should be noeviction
admin-health-redis-down = Redis: ❌ not reachable
admin-health-merchant-ok = Merchant API: reachable · api_access_enabled { $enabled } · wallet currency { $currency }
admin-health-merchant-down = Merchant API: ❌ { $reason }
admin-health-merchant-answering = Merchant API: answering (last answer at { $at })
admin-health-merchant-busy = Merchant API: not asked now (the request budget is busy; no answer seen yet)
admin-health-merchant-paused = Merchant API: not asked now (every replica is waiting out a 429, see below)
admin-health-budget = Request budget: { $used } of { $limit } used this minute
admin-health-paused = ⏸ Paused after a 429 until { $until }
admin-health-not-paused = No pause after a 429.
admin-health-webhook = Last webhook received: { $at }
admin-health-webhook-none = Last webhook received: none yet
admin-health-unfinished = Unfinished orders: { $count }
admin-health-oldest = Oldest: { $line } (since { $since })
