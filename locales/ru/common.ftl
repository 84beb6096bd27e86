## Start and help

start-menu = Здравствуйте, { $name }! Вы вошли как { $role }. Выберите действие ниже или отправьте /help, чтобы увидеть все команды.
menu-topup = 📱 Пополнить
menu-orders = 📋 Заказы
menu-balance = 💰 Баланс
menu-bulk = 📦 Массовые пополнения
menu-schedule = 🗓 Запланированные
menu-settings = ⚙️ Настройки
menu-help = ❓ Помощь
menu-stats = 📊 Показатели
menu-users = 👥 Пользователи
menu-invite = ✉️ Пригласить
menu-export = 📄 Экспорт
help-title = <b>Что вы можете сделать</b>
help-group-sell = 📱 Продажи
help-group-orders = 📋 Заказы
help-group-money = 💰 Деньги
help-group-people = 👥 Пользователи
help-group-watch = 📊 Контроль
help-group-settings = ⚙️ Настройки
help-details = Отправьте команду без параметров, чтобы узнать, как ею пользоваться; /cancel прерывает текущее действие.
command-settings = ваши настройки: язык, часовой пояс, название магазина, PIN
settings-title = ⚙️ <b>Ваши настройки</b>
settings-language = Язык: { $language }
settings-timezone = Часовой пояс: <code>{ $zone }</code>
settings-shop = Название магазина в чеках: { $name }
settings-shop-none = Название магазина в чеках: не задано
settings-pin-set = PIN: задан
settings-pin-none = PIN: не задан
settings-button-language = 🌐 Язык
settings-button-timezone = 🕒 Часовой пояс
settings-button-shop = 🏪 Название магазина
settings-button-pin = 🔐 PIN
start-stranger =
    Здравствуйте, { $name }! Этот бот продаёт пополнения мобильной связи зарегистрированным реселлерам.
    У вас пока нет доступа. Отправьте ваш Telegram ID <code>{ $id }</code> администратору и попросите предоставить доступ.
role-reseller = реселлер
role-agent = сотрудник поддержки
role-admin = администратор
command-help = что этот бот может для вас сделать
command-topup = пополнить телефон (пошагово или /topup &lt;телефон&gt; &lt;сумма&gt; [оператор])
command-bulk = массовые пополнения из CSV-файла (формат и шаблон)
command-schedule = запланированные и регулярные пополнения: список, пауза, удаление, новое
command-status = один заказ: /status &lt;ID заказа или номер заказа мерчанта&gt;
command-orders = последние заказы
command-users = кто может пользоваться ботом
command-grant = выдать роль: /grant &lt;ID пользователя&gt; &lt;reseller|distributor|agent|admin&gt;
command-revoke = отозвать доступ: /revoke &lt;ID пользователя&gt;
command-stats = показатели за сегодня и за последние 7 дней
command-health = состояние Redis, Merchant API и вебхуков
command-pin = PIN для крупных пополнений (админы: /pin &lt;id&gt; &lt;сумма|off|default|unlock|reset&gt;)
command-balance = ваш кредит: баланс, удержания, доступно, расход за сегодня
command-statement = журнал кредита CSV-документом: /statement [с] [по]
command-credit = начислить или списать кредит реселлера: /credit &lt;id&gt; &lt;сумма&gt; [заметка]
command-limit = лимиты реселлера: /limit &lt;id&gt; [order] &lt;сумма|off&gt;
command-export = заказы в виде CSV-документа: /export [с] [по] [статус]
command-reconcile = сверить сейчас наши заказы со списком Merchant API
command-cancel = выйти из текущего действия
command-language = выбрать язык
command-start = начать

## Access

access-denied = К сожалению, вы не можете пользоваться этим ботом. Ваш Telegram ID: <code>{ $id }</code>. Отправьте его администратору, чтобы запросить доступ.
access-denied-short = К сожалению, вам это недоступно.
access-suspended = 🚫 Ваша сеть приостановлена: у дистрибьютора над вами больше нет этой роли. Ваш кредит сохранён; заказы нельзя размещать, пока администратор не переместит вас.
access-suspended-short = 🚫 Ваша сеть приостановлена.
command-not-for-role = Эта команда недоступна для вашей роли.
private-only = Я работаю только в личных чатах: откройте { $link } и напишите мне там.
private-only-short = Я работаю только в личных чатах.

## Language

language-choose = Выберите язык:
language-set = Выбран язык: { $language }.

## Buttons

button-back = ⬅️ Назад
button-cancel = ✖️ Отмена
button-next = Следующие ▶️
button-previous = ◀️ Предыдущие
button-retry = 🔄 Повторить
button-confirm = ✅ Оформить заказ
button-reject = ❌ Отмена
button-repeat-same = 🔁 Тот же номер и сумма
button-repeat-amount = 🔁 Тот же номер, другая сумма
button-expired = Эта кнопка больше не работает.

## Fallbacks

cancel-nothing = Нечего отменять. Отправьте /topup, чтобы начать пополнение.
unhandled = Сообщение не распознано. Отправьте /help, чтобы посмотреть, что можно сделать.

## Waiting line

line-position = ⏳ В очереди: место { $position }, примерно { $seconds } с
line-leave-button = ❌ Выйти из очереди
line-served = ✅ Ваша очередь подошла.
line-left = Вы вышли из очереди. Средства не списаны.
line-stopped = Ожидание в очереди завершено.
line-gone = Это ожидание уже завершено.

## Merchant service problems

service-error-refused-key = Сервис пополнения сейчас отклоняет наши запросы. Администраторы уже уведомлены; попробуйте позже.
service-error-unavailable = Сервис пополнения не ответил. Средства не списаны; попробуйте ещё раз чуть позже.
service-error-balance = На кошельке недостаточно средств для этого пополнения. Средства не списаны; попросите администратора пополнить кошелёк.
service-error-risk = Достигнут лимит заказов. Средства не списаны; попробуйте позже или обратитесь к администратору.
service-error-wallet = Кошелёк неактивен. Средства не списаны; обратитесь к администратору.
service-error-amount = Эта сумма недоступна для данного предложения. Средства не списаны; выберите другую сумму.
