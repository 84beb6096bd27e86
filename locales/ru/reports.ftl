## Export (/export)

export-usage = Отправьте /export [с] [по] [статус] с датами ГГГГ-ММ-ДД (UTC) и статусом из списка: { $statuses }. Пример: /export 2026-11-01 2026-11-30 succeeded
export-caption = Заказы, созданные с { $from } по { $to } (UTC){ $status }, файл { $part }
export-caption-status = , статус { $status }
export-done = Выгрузка готова: { $count ->
        [one] { $count } заказ
        [few] { $count } заказа
       *[other] { $count } заказов
    } в { $files ->
        [one] { $files } файле
       *[other] { $files } файлах
    }.
export-failed = Выгрузка остановилась до конца ({ $count ->
        [one] отправлен { $count } заказ
        [few] отправлено { $count } заказа
       *[other] отправлено { $count } заказов
    }). Попробуйте ещё раз.

## Reconciliation (/reconcile)

reconcile-started = Сверяю со списком заказов Merchant API… это может занять несколько минут (используется только фоновая доля бюджета запросов).
reconcile-busy = Сверка уже идёт; её отчёт придёт администраторам, когда она закончится.
reconcile-failed = Сверку не удалось завершить: { $reason }. Больше ничего не изменено; попробуйте позже.
reconcile-summary =
    <b>Сверка</b> заказов, созданных с { $since } (UTC): проверено заказов сервиса: { $checked }.
    Записано (у сервиса были, у нас нет): { $missing }
    Применён финальный статус (мы его ещё ждали): { $repaired }
    Другие расхождения статуса: { $status }
    Расхождения цены: { $price }
    Блокировки кредита без заказа: { $holds }
    Заказы не этого бота, пропущены: { $foreign }
reconcile-report-caption = Сверка за { $day } (UTC) нашла { $count ->
        [one] { $count } расхождение
        [few] { $count } расхождения
       *[other] { $count } расхождений
    }; подробности в файле.
