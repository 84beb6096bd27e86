## Orders

order-status-accepted = Aceptado
order-status-processing = En proceso
order-status-manual-review = En revisión
order-status-succeeded = Completado
order-status-failed = Fallido
order-status-refunded = Reembolsado
order-status-unknown = En curso ({ $status })
order-status-placing = Enviándose
order-status-rejected = No realizado

order-status-line = { $emoji } <b>{ $status }</b> · <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
order-status-line-pending = { $emoji } <b>{ $status }</b> · <code>{ $externalOrderId }</code>

order-subtype-airtime = saldo
order-subtype-data = datos
order-subtype-bundle = paquete

order-details =
    { $operator } ({ $country }), { $subtype }
    <b>Teléfono:</b> { $phone }
    <b>Recarga:</b> { $localAmount }
    <b>Monedero:</b> { $price }

order-receipt =
    ✅ Recarga entregada
    <b>Pedido:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Teléfono:</b> { $phone }
    <b>Recarga:</b> { $localAmount }
    <b>Pagado con el monedero:</b> { $price }
    <b>Hora:</b> { $time }

order-failed-notice =
    ⚠️ La recarga falló: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Teléfono: { $phone }, { $localAmount }
    El dinero ({ $price }) todavía no ha vuelto al monedero: el reembolso está pendiente. Recibirás un mensaje cuando llegue.

order-refunded-notice =
    ↩️ Reembolsado: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } ha vuelto al monedero. El teléfono { $phone } no se recargó.

order-rejected-notice =
    ❌ El pedido <code>{ $externalOrderId }</code> no se realizó: { $reason }
    No se ha cobrado nada.

order-quote-expired-notice =
    ❌ El pedido <code>{ $externalOrderId }</code> no se realizó: la cotización caducó antes de que el servicio pudiera aceptarla.
    No se ha cobrado nada. Pide una nueva cotización para intentarlo de nuevo.

order-revived-notice =
    ‼️ Corrección: el pedido <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> sí se realizó y se cobraron { $price } del monedero. El mensaje anterior que decía que no se realizó es erróneo.
    Su estado llegará aquí.

order-new-quote-button = 🔄 Nueva cotización

order-pending-notice =
    ⏳ El pedido <code>{ $externalOrderId }</code> se está enviando. El servicio aún no ha respondido; seguimos intentándolo con el mismo número de pedido, así que nunca se cobra dos veces.
    Recibirás un mensaje en cuanto se confirme.

order-reject-reason-balance = el saldo del monedero es insuficiente
order-reject-reason-risk = se alcanzó un límite de pedidos
order-reject-reason-wallet = el monedero no está activo
order-reject-reason-detail = esta recarga no está disponible en este momento
order-reject-reason-amount = el importe no es aceptado
order-reject-reason-local-currency = la moneda no es aceptada
order-reject-reason-account = falta el número de teléfono o no es aceptado
order-reject-reason-quote-token = la cotización ya no es válida; pide una nueva
order-reject-reason-quote-expired = la cotización caducó; pide una nueva
order-reject-reason-price-changed = el precio cambió; pide una nueva cotización
order-reject-reason-account-busy = otra recarga a este número aún no ha terminado
order-reject-reason-external-order-id = el número de pedido ya se había usado
order-reject-reason-not-placed = el bot se interrumpió antes de enviarlo
order-reject-reason-not-durable = el almacenamiento del bot no pudo confirmarlo con seguridad (ninguna réplica de Redis respondió), así que no se envió; inténtalo de nuevo en un minuto
order-reject-reason-other = el servicio rechazó el pedido

## Alerts

alert-order-failed = ⚠️ Recarga fallida: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> (reembolso pendiente)
alert-order-refunded = ↩️ Reembolsado: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-manual-review = 🔎 En revisión manual: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-rejected = ❌ Pedido rechazado: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: { $reason }
alert-forbidden-placement = 🚫 El servicio respondió 403 al pedido <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: revisa la clave de API, la lista de IP permitidas y el acceso a la API. El pedido se sigue reintentando.
alert-forbidden-read = 🚫 El servicio respondió 403 a una consulta de pedido: revisa la clave de API, la lista de IP permitidas y el acceso a la API.
alert-webhook-signature = { $failures ->
    [one] 🛡 Se rechazó { $failures } webhook (último motivo: { $reason }). Revisa MERCHANT_WEBHOOK_SECRETS.
   *[other] 🛡 Se rechazaron { $failures } webhooks (último motivo: { $reason }). Revisa MERCHANT_WEBHOOK_SECRETS.
}
alert-stale-order = ⏰ Sin terminar tras { $minutes } min: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status })
alert-unknown-order = ❓ Evento { $event } de un pedido que no conocemos: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-unrecorded-order = 🧾 La Merchant API tiene nuestro pedido <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status }) y Redis no tenía registro de él (¿perdido en una conmutación de Redis?): queda registrado sin revendedor y nadie lo ha pagado. Averigüe de quién era.
alert-order-revived = ‼️ <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> figuraba como rechazado ({ $key }), pero el servicio lo tiene y cobró el monedero: se sigue de nuevo. Revise qué se le dijo al revendedor.
alert-placement-unreadable = ❓ No se pudo leer la respuesta al pedido <code>{ $externalOrderId }</code>: no se vuelve a enviar, solo se consulta. Revise la Merchant API.
alert-quote-mismatch = ⚠️ Una cotización no coincidía con lo pedido ({ $operator }, { $field }): se pidió { $asked }, se cotizó { $quoted }. No se hizo ningún pedido.
alert-order-number-conflict = 🛑 El número de pedido <code>{ $externalOrderId }</code> se dio a otra solicitud distinta ({ $field }): no se envió nada. Revíselo.
alert-rate-limited = 🐢 La Merchant API respondió 429 (demasiadas solicitudes): todas las réplicas hacen una pausa. Compare MERCHANT_RATE_LIMIT_PER_MINUTE con el límite de la cuenta.
alert-quote-single-use = 🔂 La Merchant API rechazó un token de cotización que ya había hecho un pedido, antes de que caducara: las cotizaciones de esta cuenta son de un solo uso. Cada recarga pide ahora su propia cotización (una solicitud más por pedido). Ponga QUOTE_SHARING=off para dejarlo así.
alert-group-header = { $count ->
    [one] 🚨 { $count } alerta
   *[other] 🚨 { $count } alertas
}
alert-open-button = Abrir { $order }
