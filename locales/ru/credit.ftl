## Credit (/credit, /limit, /balance, /statement)

credit-usage = Отправьте /credit &lt;id пользователя&gt; &lt;сумма&gt; [заметка]; минус впереди списывает кредит (например, /credit 123 -5).
credit-amount-not-a-number = 🚫 Это не сумма: напишите цифры, например 25 или 25.50.
credit-amount-too-many-decimals = 🚫 Слишком много знаков после точки: у { $currency } их { $digits }.
credit-amount-zero = 🚫 Сумма не может быть нулевой.
credit-amount-negative = 🚫 Сумма не может быть отрицательной.
credit-amount-ambiguous = 🚫 { $typed } можно прочитать как { $thousands } или как { $decimal }: напишите { $whole } или { $point }.
credit-unknown-user = 🚫 У { $user } здесь нет роли: сначала выдайте ему роль реселлера.
credit-not-reseller = 🚫 { $user } не реселлер: кредит и лимиты бывают только у реселлеров.
credit-below-zero = 🚫 Нельзя списать { $amount } у { $user }: его доступный кредит (баланс минус удержания) { $available }, а он никогда не уходит ниже нуля.
credit-added = { $user } начислено { $amount }. Новый баланс: { $balance }.
credit-taken = У { $user } списано { $amount }. Новый баланс: { $balance }.
credit-told-added = 💰 Администратор начислил вам { $amount } кредита ({ $note }). Ваш баланс: { $balance }.
credit-told-taken = 💰 Администратор списал { $amount } с вашего кредита ({ $note }). Ваш баланс: { $balance }.
credit-refused-funds = 🚫 Недостаточно кредита: доступно { $available }, это пополнение стоит { $price }. Ничего не заказано.
credit-refused-order-limit = 🚫 Больше вашего максимума на заказ { $limit }: это пополнение стоит { $price }. Ничего не заказано.
credit-refused-daily-limit = 🚫 Больше вашего дневного лимита { $limit }: за сегодня использовано { $used }, осталось { $left }, это пополнение стоит { $price }. Ничего не заказано.
credit-low = ⚠️ Ваш доступный кредит { $available } — ниже порога уведомления { $threshold }.
limit-usage = Отправьте /limit &lt;id пользователя&gt; &lt;сумма|off&gt; (в день, дни по UTC) или /limit &lt;id пользователя&gt; order &lt;сумма|off&gt; (на заказ).
limit-daily-set = Дневной лимит { $user }: { $limit }.
limit-daily-off = У { $user } больше нет дневного лимита.
limit-order-set = Максимум на заказ для { $user }: { $limit }.
limit-order-off = У { $user } больше нет максимума на заказ.
balance-title = 💰 Кредит { $user }
balance-line = Баланс { $balance } · удержано { $holds } · доступно { $available }
balance-today = Сегодня (UTC): { $spent } из дневного лимита { $limit }, осталось { $left }
balance-today-no-limit = Сегодня (UTC): { $spent } (без дневного лимита)
balance-order-max = Максимум на заказ: { $limit }
balance-alert-line = Уведомление о низком кредите ниже { $threshold }
balance-usage = Отправьте /balance или /balance &lt;id пользователя&gt; для одного реселлера.
balance-alert-usage = Отправьте /balance alert &lt;сумма|off&gt;: вы получите уведомление, когда доступный кредит опустится ниже.
balance-alert-usage-admin = Отправьте /balance alert &lt;id пользователя&gt; &lt;сумма|off&gt;.
balance-alert-set = { $user } получит уведомление, когда доступный кредит опустится ниже { $threshold }.
balance-alert-off = Для { $user } больше нет уведомления о низком кредите.
balance-all-title = 💰 Кредит реселлеров:
balance-all-row = { $user }: баланс { $balance }, доступно { $available }
balance-all-empty = Реселлеров пока нет.
balance-wallet = Кошелёк мерчанта: { $balance }
balance-wallet-unreported = Кошелёк мерчанта: Merchant API не сообщает его баланс (валюта { $currency }).
balance-wallet-unavailable = Кошелёк мерчанта: сейчас не удалось спросить Merchant API.
statement-usage = Отправьте /statement [с] [по] с датами ГГГГ-ММ-ДД (UTC); администраторы: /statement &lt;id пользователя&gt; [с] [по].
statement-caption = Выписка { $user } с { $from } по { $to }, файл { $part }
statement-summary = Выписка { $user } с { $from } по { $to }: на начало { $opening }, поступления { $credits }, списания { $debits }, на конец { $closing } ({ $entries ->
        [one] { $entries } запись
        [few] { $entries } записи
       *[other] { $entries } записей
    }).
statement-failed = Выписка остановилась до конца ({ $count ->
        [one] отправлена { $count } запись
        [few] отправлено { $count } записи
       *[other] отправлено { $count } записей
    }). Попробуйте ещё раз.

## Alerts

alert-merchant-low-balance = 💸 В кошельке мерчанта осталось { $balance } — меньше MERCHANT_LOW_BALANCE ({ $threshold }): пополните его, пока заказы не начали отклоняться.
