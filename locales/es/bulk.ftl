## Bulk top-ups (/bulk)

bulk-help =
    <b>Recargas masivas desde un archivo CSV</b>
    Envíe un archivo CSV como documento, una recarga por línea: <code>phone,amount,operator,note</code>
    • phone: formato internacional con el código de país (<code>+234…</code>)
    • amount: el importe local que recibe la línea
    • operator: puede quedar vacío si el país tiene una opción clara
    • note: lo que quiera; vuelve en el informe
    Hasta 1.000 líneas, UTF-8, comas o punto y coma, comillas permitidas. Una primera línea con los nombres de las columnas es opcional.
    Compruebo cada línea y muestro el coste estimado antes de realizar nada.
bulk-template-caption = Plantilla: rellénela y envíela de vuelta como documento.
bulk-checking = ⏳ Comprobando el archivo…
bulk-download-failed = ⚠️ No se pudo descargar el archivo de Telegram. Envíelo de nuevo.
bulk-file-empty = 🚫 El archivo no tiene líneas que recargar.
bulk-file-not-csv = 🚫 Eso no es un archivo de texto CSV. Envíe un archivo .csv (UTF-8) con las columnas phone,amount,operator,note.
bulk-file-too-many-lines = 🚫 El archivo tiene más de 1.000 líneas. Divídalo en archivos más pequeños.
bulk-file-too-large = 🚫 El archivo es demasiado grande. Un archivo masivo admite hasta 1.000 líneas.
bulk-file-columns = 🚫 Las columnas no son phone,amount,operator,note. Use la plantilla de /bulk.
bulk-summary = <b>Recarga masiva</b>: { $valid } líneas válidas, { $errors } con errores.
bulk-summary-line-error = Línea { $line }: { $problem }
bulk-summary-more-errors = …y { $count ->
        [one] { $count } línea más con errores
       *[other] { $count } líneas más con errores
    } (todas están en el informe).
bulk-summary-no-estimate = No se pudo estimar el coste ahora; cada línea se cotiza al realizarla.
bulk-summary-estimate = Coste estimado: <b>{ $cost }</b>
bulk-summary-estimate-approx = Coste estimado: unos <b>{ $cost }</b>
bulk-summary-credit = Crédito disponible: { $available }
bulk-summary-credit-short = ⚠️ Crédito disponible: { $available }, menos que la estimación: las líneas que superen su crédito no se realizarán.
bulk-summary-confirm = ✅ empieza a realizar las líneas válidas; ❌ descarta el archivo.
bulk-summary-nothing = Ninguna línea se puede realizar. Corrija el archivo y envíelo de nuevo.
bulk-button-start = ✅ Empezar
bulk-button-drop = ❌ Descartar
bulk-button-pause = ⏸ Pausar
bulk-button-resume = ▶️ Reanudar
bulk-button-cancel = ⏹ Cancelar
bulk-gone = Este archivo masivo ya no está disponible.
bulk-dropped = Se descartó el archivo masivo. No se realizó nada.
bulk-started = Empezado.
bulk-pause-done = En pausa.
bulk-resume-done = Reanudado.
bulk-cancel-done = Cancelado: las líneas aún no realizadas no se realizarán.
bulk-progress-running = ⏳ <b>Recarga masiva en curso</b>
bulk-progress-paused = ⏸ <b>Recarga masiva en pausa</b>
bulk-progress-cancelled = ⏹ <b>Recarga masiva cancelada</b>
bulk-progress-finished = ✅ <b>Recarga masiva terminada</b>
bulk-progress-counts = Realizadas { $placed } · fallidas { $failed } · pendientes { $left }
bulk-progress-skipped = No realizadas (cancelado): { $count }
bulk-progress-spent = Gastado hasta ahora: { $spent }
bulk-progress-eta = Fin estimado: { $time }
bulk-report-caption = Informe masivo: { $placed } realizadas, { $failed } fallidas, { $skipped } no realizadas. Cada pedido también está en /orders.
bulk-line-duplicate = el mismo número que la línea { $line }
bulk-line-operator-unknown = no hay operador «{ $operator }» en { $country }
bulk-line-operator-several = «{ $operator }» coincide con varios operadores: { $names }
bulk-line-operator-needed = indique el operador ({ $names })
bulk-line-amount-ambiguous = { $operator } ofrece este importe en varias monedas
bulk-line-refused-credit = crédito disponible insuficiente
bulk-line-refused-daily-limit = supera su límite diario
bulk-line-refused-order-limit = supera su límite por pedido
bulk-line-refused-busy = otro pedido a este número aún no ha terminado
bulk-line-refused-other = el servicio no lo realizó; no se cobró nada

## Envíos masivos y programaciones detenidos: el pagador ya no puede pedir

bulk-role-changed = 🚫 Su rol cambió desde que se revisó este archivo, así que sus precios ya no son los suyos. No se realizó nada: envíe el archivo de nuevo.
bulk-pin-ask = 🔐 Este envío masivo se estima en { $cost }: introduzca su PIN en el teclado para empezarlo.
bulk-pin-ask-unknown = 🔐 No se pudo estimar el coste de este envío masivo: introduzca su PIN en el teclado para empezarlo.
bulk-progress-stopped = Detenido: { $reason }.
payer-stopped-no-access = ya no tiene un rol que pueda hacer recargas
payer-stopped-pin-locked = su PIN está bloqueado tras demasiados intentos fallidos
payer-stopped-pin-needed = esta recarga ahora requiere su PIN
alert-payer-stopped-bulk = ⏹ Se detuvo el envío masivo de { $user }: { $reason }. No se realizará nada más de él.
alert-payer-stopped-schedule = ⏸ Se pausó una programación de { $user }: { $reason }. No se realizará nada más de ella.
schedule-paused-stopped = Esta programación está en pausa: { $reason }. Reanúdela en /schedule cuando se haya resuelto.
schedule-pin-unknown = 🔐 No se pudo estimar ahora el precio de esta programación, así que guardarla requiere su PIN.
