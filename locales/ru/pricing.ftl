## Prices (/pricing)

command-pricing = правила наценки для реселлеров: /pricing set &lt;область&gt; &lt;процент&gt;% [+сбор] [min x] [max y], /pricing del &lt;область&gt;
pricing-title = 💹 Правила наценки: сколько реселлеры платят сверх цены мерчанта (действует самое точное правило: реселлер, затем оператор, страна, по умолчанию)
pricing-env-default = По умолчанию (PRICE_MARGIN_PERCENT, в чате правило не задано): { $rule }
pricing-row = { $scope }: { $rule }
pricing-scope-default = По умолчанию
pricing-scope-country = Страна { $country }
pricing-scope-operator = Оператор { $operator } ({ $country })
pricing-scope-reseller = Реселлер { $user }
pricing-rule = { $percent } % + { $fixed }
pricing-rule-min = , не меньше { $min }
pricing-rule-max = , не больше { $max }
pricing-usage =
    /pricing — правила
    /pricing set &lt;область&gt; &lt;процент&gt;% [+&lt;сбор&gt;] [min &lt;сбор&gt;] [max &lt;сбор&gt;]
    /pricing del &lt;область&gt;
    Области: default · country &lt;CC&gt; · operator &lt;CC&gt; &lt;ключ оператора&gt; · reseller &lt;ID пользователя&gt;
    Сборы указываются в валюте мерчанта. Пример: /pricing set country NG 2.5% +0.10 min 0.05 max 2
pricing-set-done = ✅ Правило сохранено. { $scope }: { $rule }. Оно действует со следующего расчёта.
pricing-del-done = 🗑 Правило удалено: { $scope }.
pricing-del-nothing = Для «{ $scope }» правила нет; ничего не изменено.
pricing-error-usage = 🚫 Не понял эту команду.
pricing-error-scope = 🚫 Неизвестная область «{ $part }»: используйте default, country, operator или reseller.
pricing-error-country = 🚫 «{ $part }» — не двухбуквенный код страны (например, NG).
pricing-error-operator = 🚫 «{ $part }» — не ключ оператора (например, NG-MTN).
pricing-error-reseller = 🚫 «{ $part }» — не ID пользователя.
pricing-error-rule-missing = 🚫 Укажите процент (например, 2.5%), фиксированный сбор (например, +0.10) или оба.
pricing-error-percent = 🚫 «{ $part }» — не процент от 0 до 999.9999 с не более чем 4 знаками после точки.
pricing-error-fixed = 🚫 «{ $part }» — не фиксированный сбор: знак + и сумма с не более чем 4 знаками после точки (например, +0.10).
pricing-error-min = 🚫 После «min» нужна сумма с не более чем 4 знаками после точки (например, min 0.05).
pricing-error-max = 🚫 После «max» нужна сумма с не более чем 4 знаками после точки (например, max 2).
pricing-error-min-above-max = 🚫 Минимальный сбор больше максимального.
pricing-error-repeated = 🚫 «{ $part }» указано дважды.
pricing-error-unknown-part = 🚫 Не понимаю «{ $part }».
pricing-error-ambiguous = 🚫 «{ $part }» можно прочитать как { $whole } или как { $point }: напишите один из вариантов без запятой.
pricing-error-unknown-country = 🚫 В каталоге нет страны { $country }. Ничего не изменено.
pricing-error-unknown-operator = 🚫 В каталоге нет оператора { $operator } в стране { $country }. Ничего не изменено.
pricing-error-not-reseller = 🚫 Пользователь { $user } не реселлер. Ничего не изменено.
pricing-error-catalogue = ⚠️ Сейчас не удалось прочитать каталог, поэтому ничего не изменено. Попробуйте ещё раз чуть позже.

## Prices in quotes, orders and /status

top-up-quote-credit =
    Проверьте пополнение:
    Оператор: { $operator } ({ $country })
    Продукт: { $subtype }
    Номер: { $phone }
    Поступит на номер: { $receives }
    Спишется с вашего кредита: { $pays }
    Цена действительна до { $expires } (около { $seconds } с)

    ⚠️ Пополнение на неверный номер или не того оператора отменить нельзя.
top-up-quote-margin-preview = 💹 Реселлеры платят { $price } (наценка { $margin }) по общим правилам; у отдельного реселлера может быть своё правило.
order-details-credit =
    { $operator } ({ $country }), { $subtype }
    <b>Телефон:</b> { $phone }
    <b>Пополнение:</b> { $localAmount }
    <b>С вашего кредита:</b> { $price }
order-receipt-credit =
    ✅ Пополнение выполнено
    <b>Заказ:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Телефон:</b> { $phone }
    <b>Пополнение:</b> { $localAmount }
    <b>Оплачено из вашего кредита:</b> { $price }
    <b>Время:</b> { $time }
order-failed-notice-credit =
    ⚠️ Пополнение не удалось: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Телефон: { $phone }, { $localAmount }
    Удержанные на вашем кредите { $price } освобождены: ничего не списано.
order-refunded-notice-credit =
    ↩️ Деньги возвращены: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } снова на вашем кредите. Телефон { $phone } не был пополнен.
order-revived-notice-credit =
    ‼️ Исправление: заказ <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> всё-таки оформлен, с вашего кредита списано { $price }. Предыдущее сообщение о том, что он не оформлен, ошибочно.
    Его статус придёт сюда.
agents-card-credit-paid = <b>Оплачено из вашего кредита:</b> { $price }
agents-card-reseller-paid = <b>Реселлер заплатил:</b> { $price } (наценка { $margin })

## Revenue in /stats

admin-stats-books = 💰 Выручка { $revenue } · себестоимость { $cost } · наценка { $margin }
admin-stats-books-none = 💰 Выручка, себестоимость, наценка: — (успешных заказов нет)
admin-stats-by-reseller = По реселлерам (выручка / себестоимость / наценка):
admin-stats-by-operator = По операторам (выручка / себестоимость / наценка):
admin-stats-books-row = • { $name }: { $revenue } / { $cost } / { $margin }
