## Order card (/status)

agents-card-next-step = <b>Следующий шаг:</b> { $text }
agents-card-rejection = <b>Отклонён:</b> { $text }
agents-card-busy-with = Номер занят заказом <code>{ $number }</code>
agents-card-operator = <b>Оператор:</b> { $operator } · { $subtype }
agents-card-phone = <b>Номер:</b> { $phone }
agents-card-amount = <b>Линия получает:</b> { $amount }
agents-card-price = <b>Списано с кошелька:</b> { $price }
agents-card-attempts = <b>Попытки:</b>
agents-card-attempt = #{ $number } { $status } · отправлена { $submitted } · завершена { $completed } · { $error }
agents-card-times = Создан { $created } · обновлён { $updated }
agents-card-synced = <b>Прочитан из сервиса:</b> { $at }
agents-card-service-only = (прочитан только из сервиса: оформлен не через этого бота)
agents-card-stale = ⚠️ Сейчас не удалось получить данные из сервиса; сведения могут быть устаревшими.
agents-refresh-button = 🔄 Обновить
agents-refreshed = Обновлено.
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
