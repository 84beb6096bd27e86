## Receipts (/receipt, /shop, /timezone)
# Messages here are sent in HTML parse mode: write &lt; &gt; &amp; for < > &.

command-receipt = чек для покупателя: /receipt &lt;ID заказа или номер заказа продавца&gt; [цена]
command-shop = название магазина в чеках: /shop &lt;название&gt;
command-timezone = часовой пояс в чеках: /timezone &lt;Регион/Город&gt;

receipt-button = 🧾 Чек
receipt-title = Чек
receipt-operator = Оператор
receipt-product = Услуга
receipt-phone = Номер
receipt-received = Зачислено
receipt-price = Цена
receipt-order-id = ID заказа
receipt-order-number = Референс
receipt-time = Дата
receipt-status = Статус
receipt-thanks = Спасибо за покупку!
receipt-caption = 🧾 Чек { $orderId }
receipt-usage = Отправьте /receipt &lt;ID заказа или номер заказа продавца&gt; [цена], например /receipt O-1234 или, с ценой, которую заплатил покупатель, /receipt O-1234 1050 (в местной валюте заказа) или /receipt O-1234 2.50 USD; /receipt O-1234 off убирает цену.
receipt-not-placed = Чека для { $query } нет: заказ не был размещён, ничего не списано.

shop-none = В ваших чеках пока нет названия магазина.
shop-current = В ваших чеках указано название магазина { $name }.
shop-usage = Отправьте /shop &lt;название&gt;, чтобы задать его (не длиннее { $max } символов), или /shop -, чтобы убрать.
shop-saved = Сохранено: в ваших чеках теперь указано { $name }.
shop-cleared = Убрано: в ваших чеках нет названия магазина.
shop-invalid-empty = Отправьте /shop и название магазина.
shop-invalid-too-long = Слишком длинное название: не больше { $max } символов. Ничего не изменено.
shop-invalid-control = Название магазина не может содержать переносы строк и управляющие символы. Ничего не изменено.

timezone-current = Время в ваших чеках указано в поясе { $zone }.
timezone-usage = Отправьте /timezone &lt;Регион/Город&gt; (например /timezone Europe/Moscow) или /timezone - для UTC.
timezone-saved = Сохранено: время в ваших чеках теперь в поясе { $zone }.
timezone-invalid = { $input } — неизвестный часовой пояс. Укажите название вроде Africa/Lagos или Europe/Moscow. Ничего не изменено.

## Figures chart (/stats)

stats-chart-title = Заказы и выручка по дням, последние { $days } дн. (UTC)
stats-chart-title-own = Ваши заказы по дням, последние { $days } дн. (UTC)
stats-chart-orders = Заказы по статусам
stats-chart-revenue = Выручка по успешным заказам ({ $currency })
stats-chart-spent = Оплачено из вашего кредита за успешные заказы ({ $currency })
stats-own-title = 📊 Ваши последние { $days } дн. (с { $from }, UTC)
stats-own-spent = Оплачено из вашего кредита за успешные заказы: { $amount }
stats-own-spent-none = Оплачено из вашего кредита за успешные заказы: ничего
receipt-price-invalid = { $price } — не цена. Отправьте /receipt &lt;заказ&gt; &lt;сумма&gt; [валюта], например /receipt O-1234 1050 или /receipt O-1234 2.50 USD. Ничего не изменено.
receipt-price-not-yours = Цену в чеке задаёт только реселлер заказа или администратор. Ничего не изменено.
