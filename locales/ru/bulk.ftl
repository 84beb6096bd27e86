## Bulk top-ups (/bulk)

bulk-help =
    <b>Массовые пополнения из CSV-файла</b>
    Отправьте CSV-файл как документ, одно пополнение в строке: <code>phone,amount,operator,note</code>
    • phone: международный формат с кодом страны (<code>+234…</code>)
    • amount: местная сумма, которую получит номер
    • operator: можно не указывать, если в стране выбор однозначен
    • note: что угодно; вернётся в отчёте
    До 1000 строк, UTF-8, запятые или точки с запятой, кавычки допускаются. Первая строка с названиями столбцов необязательна.
    Я проверю каждую строку и покажу примерную стоимость до того, как что-либо будет оформлено.
bulk-template-caption = Шаблон: заполните его и отправьте обратно как документ.
bulk-checking = ⏳ Проверяю файл…
bulk-download-failed = ⚠️ Не удалось скачать файл из Telegram. Пожалуйста, отправьте его ещё раз.
bulk-file-empty = 🚫 В файле нет строк для пополнения.
bulk-file-not-csv = 🚫 Это не текстовый CSV-файл. Отправьте файл .csv (UTF-8) со столбцами phone,amount,operator,note.
bulk-file-too-many-lines = 🚫 В файле больше 1000 строк. Разделите его на файлы поменьше.
bulk-file-too-large = 🚫 Файл слишком большой. Файл для массового пополнения содержит не более 1000 строк.
bulk-file-columns = 🚫 Столбцы не phone,amount,operator,note. Используйте шаблон из /bulk.
bulk-summary = <b>Массовое пополнение</b>: верных строк { $valid }, с ошибками { $errors }.
bulk-summary-line-error = Строка { $line }: { $problem }
bulk-summary-more-errors = …и ещё { $count ->
        [one] { $count } строка с ошибками
        [few] { $count } строки с ошибками
       *[other] { $count } строк с ошибками
    } (все они есть в отчёте).
bulk-summary-no-estimate = Сейчас не удалось оценить стоимость; каждая строка получает цену при оформлении.
bulk-summary-estimate = Примерная стоимость: <b>{ $cost }</b>
bulk-summary-estimate-approx = Примерная стоимость: около <b>{ $cost }</b>
bulk-summary-credit = Доступный кредит: { $available }
bulk-summary-credit-short = ⚠️ Доступный кредит: { $available }, меньше оценки: строки сверх вашего кредита не будут оформлены.
bulk-summary-confirm = ✅ начинает оформление верных строк; ❌ отменяет файл.
bulk-summary-nothing = Ни одну строку нельзя оформить. Исправьте файл и отправьте его снова.
bulk-button-start = ✅ Начать
bulk-button-drop = ❌ Отменить файл
bulk-button-pause = ⏸ Пауза
bulk-button-resume = ▶️ Продолжить
bulk-button-cancel = ⏹ Остановить
bulk-gone = Этот файл больше недоступен.
bulk-dropped = Файл отменён. Ничего не оформлено.
bulk-started = Начато.
bulk-pause-done = Пауза.
bulk-resume-done = Продолжено.
bulk-cancel-done = Остановлено: ещё не оформленные строки оформлены не будут.
bulk-progress-running = ⏳ <b>Идёт массовое пополнение</b>
bulk-progress-paused = ⏸ <b>Массовое пополнение на паузе</b>
bulk-progress-cancelled = ⏹ <b>Массовое пополнение остановлено</b>
bulk-progress-finished = ✅ <b>Массовое пополнение завершено</b>
bulk-progress-counts = Оформлено { $placed } · ошибок { $failed } · осталось { $left }
bulk-progress-skipped = Не оформлено (остановлено): { $count }
bulk-progress-spent = Потрачено: { $spent }
bulk-progress-eta = Примерное окончание: { $time }
bulk-report-caption = Отчёт: оформлено { $placed }, ошибок { $failed }, не оформлено { $skipped }. Каждый заказ есть и в /orders.
bulk-line-duplicate = тот же номер, что в строке { $line }
bulk-line-operator-unknown = нет оператора «{ $operator }» в стране { $country }
bulk-line-operator-several = «{ $operator }» подходит к нескольким операторам: { $names }
bulk-line-operator-needed = укажите оператора ({ $names })
bulk-line-amount-ambiguous = { $operator } предлагает эту сумму в нескольких валютах
bulk-line-refused-credit = недостаточно доступного кредита
bulk-line-refused-daily-limit = превышен дневной лимит
bulk-line-refused-order-limit = выше лимита на один заказ
bulk-line-refused-busy = другой заказ на этот номер ещё не завершён
bulk-line-refused-other = сервис не оформил заказ; ничего не списано

## Остановленные массовые пополнения и расписания: плательщик больше не может заказывать

bulk-role-changed = 🚫 Ваша роль изменилась после проверки этого файла, поэтому его цены больше не ваши. Ничего не размещено: отправьте файл заново.
bulk-pin-ask = 🔐 Стоимость этого массового пополнения оценивается в { $cost }: введите PIN на клавиатуре, чтобы запустить его.
bulk-pin-ask-unknown = 🔐 Стоимость этого массового пополнения оценить не удалось: введите PIN на клавиатуре, чтобы запустить его.
bulk-progress-stopped = Остановлено: { $reason }.
payer-stopped-no-access = у вас больше нет роли, которой разрешены пополнения
payer-stopped-pin-locked = ваш PIN заблокирован после слишком многих неверных попыток
payer-stopped-pin-needed = для этого пополнения теперь нужен ваш PIN
alert-payer-stopped-bulk = ⏹ Массовое пополнение { $user } остановлено: { $reason }. Больше из него ничего не размещается.
alert-payer-stopped-schedule = ⏸ Расписание { $user } приостановлено: { $reason }. Больше по нему ничего не размещается.
schedule-paused-stopped = Это расписание приостановлено: { $reason }. Возобновите его в /schedule, когда это будет улажено.
schedule-pin-unknown = 🔐 Цену этого расписания сейчас оценить не удалось, поэтому для сохранения нужен ваш PIN.
