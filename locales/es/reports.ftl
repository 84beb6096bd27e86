## Export (/export)

export-usage = Envía /export [desde] [hasta] [estado] con fechas AAAA-MM-DD (UTC) y un estado entre: { $statuses }. Ejemplo: /export 2026-11-01 2026-11-30 succeeded
export-caption = Pedidos creados del { $from } al { $to } (UTC){ $status }, archivo { $part }
export-caption-status = , estado { $status }
export-done = Exportación terminada: { $count ->
        [one] { $count } pedido
       *[other] { $count } pedidos
    } en { $files ->
        [one] { $files } archivo
       *[other] { $files } archivos
    }.
export-failed = La exportación se detuvo antes del final ({ $count ->
        [one] { $count } pedido enviado
       *[other] { $count } pedidos enviados
    }). Inténtalo de nuevo.

## Reconciliation (/reconcile)

reconcile-started = Conciliando con la lista de pedidos de la Merchant API… puede tardar unos minutos (usa solo la parte de fondo del presupuesto de peticiones).
reconcile-busy = Ya hay una conciliación en curso; su informe llegará a los administradores cuando termine.
reconcile-failed = La conciliación no pudo terminar: { $reason }. No se cambió nada más; inténtalo más tarde.
reconcile-summary =
    <b>Conciliación</b> de los pedidos creados desde { $since } (UTC): { $checked } pedidos del servicio revisados.
    Registrados (el servicio los tenía y nosotros no): { $missing }
    Estado final aplicado (aún lo esperábamos): { $repaired }
    Otras diferencias de estado: { $status }
    Diferencias de precio: { $price }
    Retenciones de crédito sin pedido: { $holds }
    Pedidos no hechos por este bot, ignorados: { $foreign }
reconcile-report-caption = { $count ->
        [one] { $count } diferencia encontrada
       *[other] { $count } diferencias encontradas
    } por la conciliación del { $day } (UTC); detalles en el archivo.
