## Order card (/status)

agents-card-next-step = Следующий шаг: { $text }
agents-card-rejection = Отклонён: { $text }
agents-card-busy-with = Номер занят заказом { $number }
agents-card-operator = Оператор: { $operator } · { $subtype }
agents-card-phone = Номер: { $phone }
agents-card-amount = Линия получает: { $amount }
agents-card-price = Списано с кошелька: { $price }
agents-card-attempts = Попытки:
agents-card-attempt = #{ $number } { $status } · отправлена { $submitted } · завершена { $completed } · { $error }
agents-card-times = Создан { $created } · обновлён { $updated }
agents-card-synced = Прочитан из сервиса: { $at }
agents-card-service-only = (прочитан только из сервиса: оформлен не через этого бота)
agents-card-stale = ⚠️ Сейчас не удалось получить данные из сервиса; сведения могут быть устаревшими.
agents-refresh-button = 🔄 Обновить
agents-refreshed = Обновлено.
agents-busy = Лимит запросов к сервису пополнений исчерпан. Попробуйте снова через { $seconds } с.
agents-unavailable = Сервис пополнений не ответил. Попробуйте снова чуть позже.
agents-status-usage = Отправьте /status и номер заказа (O-…) или номер заказа продавца.
agents-status-not-found = Заказа { $query }, доступного вам, нет.
agents-order-not-found-short = Заказ не найден.

## Order list (/orders)

agents-orders-header = { $filter }: { $from }–{ $to } из { $total }, сначала новые
agents-orders-empty = { $filter }: заказов нет.
agents-orders-filter-all = Все заказы
agents-orders-search-line = Поиск: { $search }
agents-orders-row = { $line } · { $operator } · { $amount } · { $created }
agents-orders-search-button = 🔍 Поиск
agents-orders-all-button = Все
agents-orders-search-prompt = Отправьте номер заказа (O-…), номер заказа продавца или название оператора.
