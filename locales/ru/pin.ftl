## PIN before large top-ups

button-pin-ok = ✅ OK
button-pin-cancel = ❌ Отмена
pin-ask = 🔐 Это пополнение стоит { $price }: введите PIN на клавиатуре или напишите его. Сообщение с PIN удаляется сразу после прочтения.
pin-keypad-or-type = Введите PIN на клавиатуре или напишите его.
pin-format = PIN — это от 4 до 8 цифр (0–9), и ничего больше. Ничего не изменено; попробуйте ещё раз.
pin-wrong = { $tries ->
    [one] ❌ Неверный PIN. Осталась { $tries } попытка, потом пополнения, требующие PIN, будут заблокированы.
    [few] ❌ Неверный PIN. Осталось { $tries } попытки, потом пополнения, требующие PIN, будут заблокированы.
   *[other] ❌ Неверный PIN. Осталось { $tries } попыток, потом пополнения, требующие PIN, будут заблокированы.
}
pin-locked = 🚫 Слишком много неверных PIN: пополнения, требующие PIN, и смена PIN заблокированы ещё на { $minutes } мин. Ничего не заказано.
pin-held = 🚫 Слишком много неверных PIN, снова за 24 часа: пополнения, требующие PIN, и смена PIN заблокированы, пока администратор не снимет блокировку. Ничего не заказано.
pin-not-set = 🚫 Для этого пополнения нужен PIN, а вы его ещё не задали. Задайте его командой /pin и начните пополнение заново. Ничего не заказано.
pin-setup-current = 🔐 Отправьте текущий PIN. Сообщение удаляется сразу после прочтения.
pin-setup-new = 🔐 Отправьте новый PIN: от 4 до 8 цифр. Каждое сообщение с PIN удаляется сразу после прочтения.
pin-setup-repeat = Отправьте новый PIN ещё раз.
pin-setup-mismatch = PIN не совпадают; ничего не изменено. Отправьте новый PIN снова или /cancel.
pin-setup-done = ✅ PIN задан. Пополнения выше вашего порога будут его запрашивать.
pin-setup-cancelled = PIN не изменён.
pin-setup-type-digits = Напишите PIN цифрами или отправьте /cancel.
pin-admin-usage = /pin &lt;id пользователя&gt; показывает состояние PIN реселлера. /pin &lt;id пользователя&gt; &lt;сумма|off|default|unlock|reset&gt;: пополнения дороже суммы (в валюте мерчанта) запрашивают его PIN; off: никогда; default: вернуть PIN_REQUIRED_ABOVE; unlock: снять блокировку; reset: снять блокировку и стереть PIN (новый он задаст командой /pin).
pin-admin-not-reseller = Пользователь { $user } не реселлер.
pin-admin-bad-amount = Это не сумма: напишите цифры, не больше 4 знаков после точки (например 50 или 12.5), или off, default, unlock, reset.
pin-admin-state = Реселлер { $user }: { $pin }; PIN запрашивается выше: { $threshold }; { $lock }.
pin-admin-pin-set = PIN задан
pin-admin-pin-unset = PIN не задан
pin-admin-threshold-off = никогда (off)
pin-admin-threshold-default = { $amount } (PIN_REQUIRED_ABOVE)
pin-admin-threshold-default-off = никогда (PIN_REQUIRED_ABOVE выключен)
pin-admin-locked = заблокирован ещё на { $minutes } мин
pin-admin-held = заблокирован, пока администратор не снимет блокировку (/pin { $id } unlock)
pin-admin-unlocked = не заблокирован
pin-admin-locks-today = { $count ->
    [one] { $count } блокировка за последние 24 ч.
    [few] { $count } блокировки за последние 24 ч.
   *[other] { $count } блокировок за последние 24 ч.
}
pin-admin-reset-done = Реселлер { $user }: PIN стёрт, блокировка снята. Новый PIN он задаст командой /pin.
pin-admin-unlock-done = Реселлер { $user }: блокировка снята, неверные попытки забыты.
pin-admin-default-done = Реселлер { $user }: PIN запрашивается выше { $amount } (PIN_REQUIRED_ABOVE).
pin-admin-default-off-done = Реселлер { $user }: снова PIN_REQUIRED_ABOVE, а он выключен: PIN не запрашивается.
pin-admin-off-done = Реселлер { $user }: PIN никогда не запрашивается.
pin-admin-threshold-done = Реселлер { $user }: пополнения дороже { $amount } (в валюте мерчанта) запрашивают PIN.
alert-pin-locked = 🔒 Реселлер { $user } ввёл неверный PIN { $tries ->
        [one] { $tries } раз
        [few] { $tries } раза
       *[other] { $tries } раз
    }: его пополнения, требующие PIN, заблокированы на { $minutes } мин.
alert-pin-held = 🔒 Реселлер { $user } ввёл неверный PIN { $tries } раз, блокировка № { $locks } за 24 ч: его пополнения, требующие PIN, заблокированы, пока администратор не снимет блокировку командой /pin { $id } unlock.
