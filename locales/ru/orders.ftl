## Orders

order-status-accepted = Принят
order-status-processing = Выполняется
order-status-manual-review = На проверке
order-status-succeeded = Выполнен
order-status-failed = Не удался
order-status-refunded = Деньги возвращены
order-status-unknown = В работе ({ $status })
order-status-placing = Отправляется
order-status-rejected = Не оформлен

order-status-line = { $emoji } <b>{ $status }</b> · <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
order-status-line-pending = { $emoji } <b>{ $status }</b> · <code>{ $externalOrderId }</code>

order-subtype-airtime = баланс
order-subtype-data = интернет
order-subtype-bundle = пакет

order-details =
    { $operator } ({ $country }), { $subtype }
    <b>Телефон:</b> { $phone }
    <b>Пополнение:</b> { $localAmount }
    <b>Списано с кошелька:</b> { $price }

order-receipt =
    ✅ Пополнение выполнено
    <b>Заказ:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Телефон:</b> { $phone }
    <b>Пополнение:</b> { $localAmount }
    <b>Оплачено из кошелька:</b> { $price }
    <b>Время:</b> { $time }

order-failed-notice =
    ⚠️ Пополнение не удалось: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Телефон: { $phone }, { $localAmount }
    Деньги ({ $price }) ещё не вернулись в кошелёк: возврат ожидается. Вы получите сообщение, когда он поступит.

order-refunded-notice =
    ↩️ Деньги возвращены: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } снова в кошельке. Телефон { $phone } не был пополнен.

order-rejected-notice =
    ❌ Заказ <code>{ $externalOrderId }</code> не оформлен: { $reason }
    Деньги не списаны.

order-quote-expired-notice =
    ❌ Заказ <code>{ $externalOrderId }</code> не оформлен: расчёт цены истёк раньше, чем сервис смог принять заказ.
    Деньги не списаны. Запросите новый расчёт, чтобы попробовать снова.

order-revived-notice =
    ‼️ Исправление: заказ <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> всё-таки оформлен, с кошелька списано { $price }. Предыдущее сообщение о том, что он не оформлен, ошибочно.
    Его статус придёт сюда.

order-new-quote-button = 🔄 Новый расчёт

order-pending-notice =
    ⏳ Заказ <code>{ $externalOrderId }</code> отправляется. Сервис ещё не ответил; мы повторяем попытки с тем же номером заказа, поэтому деньги не спишутся дважды.
    Вы получите сообщение, как только заказ будет подтверждён.

order-reject-reason-balance = на кошельке недостаточно средств
order-reject-reason-risk = достигнут лимит заказов
order-reject-reason-wallet = кошелёк не активен
order-reject-reason-detail = это пополнение сейчас недоступно
order-reject-reason-amount = сумма не принята
order-reject-reason-local-currency = валюта не принята
order-reject-reason-account = номер телефона не указан или не принят
order-reject-reason-quote-token = расчёт цены больше не действует; запросите новый
order-reject-reason-quote-expired = расчёт цены истёк; запросите новый
order-reject-reason-price-changed = цена изменилась; запросите новый расчёт
order-reject-reason-account-busy = другое пополнение этого номера ещё не завершено
order-reject-reason-external-order-id = этот номер заказа уже использован
order-reject-reason-not-placed = бот прервался до отправки заказа
order-reject-reason-not-durable = хранилище бота не смогло надёжно его подтвердить (ни одна реплика Redis не ответила), поэтому заказ не отправлен; попробуйте через минуту
order-reject-reason-other = сервис отклонил заказ

## Alerts

alert-order-failed = ⚠️ Пополнение не удалось: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> (ожидается возврат)
alert-order-refunded = ↩️ Деньги возвращены: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-manual-review = 🔎 На ручной проверке: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-rejected = ❌ Заказ отклонён: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: { $reason }
alert-forbidden-placement = 🚫 Сервис ответил 403 на заказ <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: проверьте API-ключ, список разрешённых IP и доступ к API. Заказ продолжает отправляться повторно.
alert-forbidden-read = 🚫 Сервис ответил 403 на чтение заказа: проверьте API-ключ, список разрешённых IP и доступ к API.
alert-webhook-signature = { $failures ->
    [one] 🛡 Отклонён { $failures } вебхук (последняя причина: { $reason }). Проверьте MERCHANT_WEBHOOK_SECRETS.
    [few] 🛡 Отклонено { $failures } вебхука (последняя причина: { $reason }). Проверьте MERCHANT_WEBHOOK_SECRETS.
   *[other] 🛡 Отклонено { $failures } вебхуков (последняя причина: { $reason }). Проверьте MERCHANT_WEBHOOK_SECRETS.
}
alert-stale-order = ⏰ Не завершён спустя { $minutes } мин: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status })
alert-unknown-order = ❓ Событие { $event } для неизвестного нам заказа: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-unrecorded-order = 🧾 В Merchant API есть наш заказ <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status }), о котором в Redis не было записи (потерян при переключении Redis?): теперь он записан без реселлера, и никто за него не заплатил. Выясните, чей он.
alert-order-revived = ‼️ <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> был отмечен как отклонённый ({ $key }), но сервис его принял и списал деньги: заказ снова отслеживается. Проверьте, что сообщили реселлеру.
alert-placement-unreadable = ❓ Ответ на заказ <code>{ $externalOrderId }</code> не удалось прочитать: он больше не отправляется, только запрашивается. Проверьте Merchant API.
alert-quote-mismatch = ⚠️ Котировка не совпала с запросом ({ $operator }, { $field }): запрошено { $asked }, предложено { $quoted }. Заказ не размещён.
alert-order-number-conflict = 🛑 Номер заказа <code>{ $externalOrderId }</code> достался другому запросу ({ $field }): ничего не отправлено. Проверьте.
alert-rate-limited = 🐢 Merchant API ответил 429 (слишком много запросов): все реплики делают паузу. Сверьте MERCHANT_RATE_LIMIT_PER_MINUTE с лимитом аккаунта.
alert-quote-single-use = 🔂 Merchant API отклонил токен котировки, по которому уже был размещён заказ, до истечения его срока: котировки этого аккаунта одноразовые. Теперь каждое пополнение запрашивает свою котировку (на один запрос больше на заказ). Установите QUOTE_SHARING=off, чтобы закрепить это.
alert-group-header = { $count ->
    [one] 🚨 { $count } оповещение
    [few] 🚨 { $count } оповещения
   *[other] 🚨 { $count } оповещений
}
alert-open-button = Открыть { $order }
