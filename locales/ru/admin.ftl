## People (/users, /grant, /revoke)

admin-users-title = Кто может пользоваться ботом:
admin-users-row = { $user } — { $role }
admin-users-row-configured = { $user } — { $role } (ADMIN_IDS)
admin-users-empty = Пока ни у кого нет роли.
admin-users-audit-title = Последние изменения:
admin-users-audit-granted = { $at }: { $by } назначил { $user } роль «{ $role }»
admin-users-audit-revoked = { $at }: { $by } закрыл доступ для { $user }
admin-users-audit-empty = Изменений пока нет.
admin-grant-usage = Отправьте /grant &lt;id пользователя&gt; &lt;reseller|distributor|agent|admin&gt;.
admin-revoke-usage = Отправьте /revoke &lt;id пользователя&gt;.
admin-grant-done = Теперь у { $user } роль «{ $role }».
admin-revoke-done = У { $user } больше нет доступа.
admin-revoke-nothing = У { $user } не было роли.
admin-change-last-admin = { $user } — последний администратор: его нельзя удалить или понизить.
admin-change-configured = { $user } — администратор из ADMIN_IDS, здесь его изменить нельзя.

## Figures (/stats)

admin-stats-today = 📊 Сегодня (с { $from })
admin-stats-week = 📊 Последние 7 дней (с { $from })
admin-stats-total = Заказов: { $count }
admin-stats-status = { $status }: { $count }
admin-stats-success = Доля успешных: { $rate } %
admin-stats-success-none = Доля успешных: — (пока ничего не завершено)
admin-stats-spend = Списано с кошелька за успешные заказы: { $amounts }
admin-stats-spend-none = Списано с кошелька за успешные заказы: ничего
admin-stats-operators = Популярные операторы: { $list }
admin-stats-operators-none = Популярные операторы: —
admin-stats-median = Медианное время до финального статуса: { $duration }
admin-stats-median-none = Медианное время до финального статуса: —
admin-duration = { $minutes } мин { $seconds } с

## Health (/health)

admin-health-title = 🩺 Состояние
admin-health-redis-ok = Redis: доступен · maxmemory-policy { $policy }
admin-health-redis-warn = Redis: доступен · maxmemory-policy { $policy } ⚠️ должно быть noeviction
admin-health-redis-down = Redis: ❌ недоступен
admin-health-merchant-ok = Merchant API: доступен · api_access_enabled { $enabled } · валюта кошелька { $currency }
admin-health-merchant-down = Merchant API: ❌ { $reason }
admin-health-merchant-answering = Merchant API: отвечает (последний ответ в { $at })
admin-health-merchant-busy = Merchant API: сейчас не опрашивается (лимит запросов занят; ответов ещё не было)
admin-health-merchant-paused = Merchant API: сейчас не опрашивается (все реплики пережидают ответ 429, см. ниже)
admin-health-budget = Лимит запросов: использовано { $used } из { $limit } в эту минуту
admin-health-paused = ⏸ Пауза после ответа 429 до { $until }
admin-health-not-paused = Паузы после 429 нет.
admin-health-webhook = Последний вебхук получен: { $at }
admin-health-webhook-none = Последний вебхук получен: пока ни одного
admin-health-unfinished = Незавершённых заказов: { $count }
admin-health-oldest = Самый старый: { $line } (с { $since })
