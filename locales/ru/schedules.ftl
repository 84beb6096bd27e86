## Запланированные пополнения (/schedule)

schedule-list-empty = 🗓 У вас нет запланированных пополнений. Нажмите ➕, чтобы запланировать: один раз в указанные дату и время или каждый день, неделю или месяц.
schedule-list-head = 🗓 <b>Ваши запланированные пополнения</b> ({ $count } из { $max } возможных)
schedule-entry = <b>{ $n }.</b> { $phone } · { $operator } · { $amount }
schedule-entry-when = { $when } ({ $zone })
schedule-entry-next = Следующий запуск: { $time }
schedule-entry-paused = ⏸ На паузе
schedule-entry-ended = Завершено (выполнено один раз)
schedule-entry-last-placed = Последний запуск { $time }: размещено, <code>{ $orderId }</code> · <code>{ $number }</code>
schedule-entry-last-not-placed = Последний запуск { $time }: не размещено: { $reason }
schedule-when-once = один раз { $date } в { $time }
schedule-when-daily = каждый день в { $time }
schedule-when-weekly = каждую неделю, { $weekday }, в { $time }
schedule-when-monthly = каждый месяц { $day }-го числа в { $time } (в коротких месяцах — в последний день)
schedule-button-pause = ⏸ Пауза { $n }
schedule-button-resume = ▶️ Продолжить { $n }
schedule-button-delete = 🗑 Удалить { $n }
schedule-button-new = ➕ Новое расписание
schedule-button-delete-yes = 🗑 Да, удалить
schedule-button-keep = ⬅️ Оставить
schedule-button-save = ✅ Сохранить расписание
schedule-delete-ask = Удалить это запланированное пополнение? Уже размещённые заказы останутся в /orders.
schedule-deleted = Удалено.
schedule-paused = На паузе: не запускается, пока вы его не продолжите.
schedule-resumed = Продолжено.
schedule-gone = Этого расписания больше нет.
schedule-kind-once = 📅 Один раз
schedule-kind-daily = Каждый день
schedule-kind-weekly = Каждую неделю
schedule-kind-monthly = Каждый месяц
schedule-ask-kind = Когда запускать это пополнение? Время — в вашем часовом поясе, { $zone } (изменить: /timezone).
schedule-kind-chosen = Запуск: { $kind }
schedule-ask-weekday = В какой день недели?
schedule-weekday-chosen = День: { $weekday }
schedule-ask-day = Какого числа? Отправьте число от 1 до 31 (в месяце без такого дня — в последний день).
schedule-ask-time = В какое время? Отправьте ЧЧ:ММ в 24-часовом формате, в поясе { $zone } (например, 09:30).
schedule-ask-datetime = Какого числа и в какое время? Отправьте ГГГГ-ММ-ДД ЧЧ:ММ в поясе { $zone } (например, 2026-12-24 09:30).
schedule-type-it = Пожалуйста, напишите ответ (или нажмите ⬅️ Назад).
schedule-error-time = Это не время. Отправьте ЧЧ:ММ в 24-часовом формате, например 09:30.
schedule-error-datetime = Это не дата и время. Отправьте ГГГГ-ММ-ДД ЧЧ:ММ, например 2026-12-24 09:30.
schedule-error-day = Это не число месяца. Отправьте число от 1 до 31.
schedule-error-past = Это время уже прошло. Выберите время в будущем.
schedule-error-limit = 🚫 У вас уже { $max ->
        [one] { $max } расписание
        [few] { $max } расписания
       *[other] { $max } расписаний
    } — это максимум для одного реселлера. Сначала удалите одно через /schedule. Ничего не сохранено.
schedule-summary =
    🗓 <b>Новое запланированное пополнение</b>
    Номер: { $phone }
    { $operator }, { $country }: { $receives } ({ $subtype })
    Когда: { $when } ({ $zone })
    Первый запуск: { $first }
    { $estimate }
    Каждый запуск получает цену и размещается в своё время, за счёт вашего кредита. Запуск, который нельзя разместить, пропускается с сообщением; следующий выполняется по плану.
schedule-summary-estimate = Примерная цена одного запуска: <b>{ $price }</b>
schedule-summary-no-estimate = Сейчас цену оценить не удалось; каждый запуск получит цену в своё время.
schedule-created = ✅ Запланировано. Первый запуск: { $first } ({ $zone }). Отправьте /schedule, чтобы посмотреть, приостановить или удалить расписания.
schedule-cancelled = Расписание отменено. Ничего не сохранено.
schedule-run-placed = 🗓 Запланированное пополнение размещено: { $phone } · { $operator } · { $amount }. Заказ <code>{ $orderId }</code> · <code>{ $number }</code>; результат придёт следом.
schedule-run-not-placed = 🚫 Запланированное пополнение не размещено: { $phone } · { $operator } · { $amount }: { $reason }. Ничего не списано.
schedule-run-next = Следующий запуск: { $time } ({ $zone }).
schedule-run-ended = Это разовое расписание завершено.
schedule-reason-no-quote = сервис сейчас не смог назвать цену
