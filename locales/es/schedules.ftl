## Recargas programadas (/schedule)

schedule-list-empty = 🗓 No tienes recargas programadas. Pulsa ➕ para programar una: una vez en una fecha y hora, o cada día, semana o mes.
schedule-list-head = 🗓 <b>Tus recargas programadas</b> ({ $count } de { $max } como máximo)
schedule-entry = <b>{ $n }.</b> { $phone } · { $operator } · { $amount }
schedule-entry-when = { $when } ({ $zone })
schedule-entry-next = Próxima ejecución: { $time }
schedule-entry-paused = ⏸ En pausa
schedule-entry-ended = Terminada (se ejecutó una vez)
schedule-entry-last-placed = Última ejecución { $time }: realizada, <code>{ $orderId }</code> · <code>{ $number }</code>
schedule-entry-last-not-placed = Última ejecución { $time }: no realizada: { $reason }
schedule-when-once = una vez el { $date } a las { $time }
schedule-when-daily = cada día a las { $time }
schedule-when-weekly = cada { $weekday } a las { $time }
schedule-when-monthly = cada mes el día { $day } a las { $time } (el último día en los meses más cortos)
schedule-button-pause = ⏸ Pausar { $n }
schedule-button-resume = ▶️ Reanudar { $n }
schedule-button-delete = 🗑 Borrar { $n }
schedule-button-new = ➕ Nueva programación
schedule-button-delete-yes = 🗑 Sí, borrarla
schedule-button-keep = ⬅️ Conservarla
schedule-button-save = ✅ Guardar programación
schedule-delete-ask = ¿Borrar esta recarga programada? Las ya realizadas siguen en /orders.
schedule-deleted = Borrada.
schedule-paused = En pausa: no se ejecuta hasta que la reanudes.
schedule-resumed = Reanudada.
schedule-gone = Esta programación ya no existe.
schedule-kind-once = 📅 Una vez
schedule-kind-daily = Cada día
schedule-kind-weekly = Cada semana
schedule-kind-monthly = Cada mes
schedule-ask-kind = ¿Cuándo debe ejecutarse esta recarga? Las horas están en tu zona horaria, { $zone } (cámbiala con /timezone).
schedule-kind-chosen = Se ejecuta: { $kind }
schedule-ask-weekday = ¿Qué día de la semana?
schedule-weekday-chosen = El { $weekday }
schedule-ask-day = ¿Qué día del mes? Envía un número del 1 al 31 (un mes sin ese día se ejecuta en su último día).
schedule-ask-time = ¿A qué hora? Envíala como HH:MM, formato 24 horas, en { $zone } (por ejemplo 09:30).
schedule-ask-datetime = ¿Qué fecha y a qué hora? Envíala como AAAA-MM-DD HH:MM en { $zone } (por ejemplo 2026-12-24 09:30).
schedule-type-it = Escribe la respuesta (o pulsa ⬅️ Atrás).
schedule-error-time = Eso no es una hora. Envía HH:MM, formato 24 horas, por ejemplo 09:30.
schedule-error-datetime = Eso no es una fecha y hora. Envía AAAA-MM-DD HH:MM, por ejemplo 2026-12-24 09:30.
schedule-error-day = Eso no es un día del mes. Envía un número del 1 al 31.
schedule-error-past = Esa hora ya ha pasado. Elige una hora futura.
schedule-error-limit = 🚫 Ya tienes { $max ->
        [one] { $max } programación
       *[other] { $max } programaciones
    }, el máximo por revendedor. Borra una con /schedule primero. No se guardó nada.
schedule-summary =
    🗓 <b>Nueva recarga programada</b>
    Número: { $phone }
    { $operator }, { $country }: { $receives } ({ $subtype })
    Cuándo: { $when } ({ $zone })
    Primera ejecución: { $first }
    { $estimate }
    Cada ejecución se cotiza y se realiza en su momento, con tu crédito. Una ejecución que no se puede realizar se informa y se salta; la siguiente se ejecuta como estaba previsto.
schedule-summary-estimate = Precio estimado por ejecución: <b>{ $price }</b>
schedule-summary-no-estimate = No se pudo estimar el precio ahora; cada ejecución se cotiza en su momento.
schedule-created = ✅ Programada. Primera ejecución: { $first } ({ $zone }). Envía /schedule para ver, pausar o borrar tus programaciones.
schedule-cancelled = Programación cancelada. No se guardó nada.
schedule-run-placed = 🗓 Recarga programada realizada: { $phone } · { $operator } · { $amount }. Pedido <code>{ $orderId }</code> · <code>{ $number }</code>; el resultado llegará a continuación.
schedule-run-not-placed = 🚫 Recarga programada no realizada: { $phone } · { $operator } · { $amount }: { $reason }. No se cobró nada.
schedule-run-next = Próxima ejecución: { $time } ({ $zone }).
schedule-run-ended = Esta programación única ha terminado.
schedule-reason-no-quote = el servicio no pudo dar un precio en este momento
