## Order card (/status)

agents-card-next-step = <b>Siguiente paso:</b> { $text }
agents-card-rejection = <b>Rechazado:</b> { $text }
agents-card-busy-with = Número ocupado por el pedido <code>{ $number }</code>
agents-card-operator = <b>Operador:</b> { $operator } · { $subtype }
agents-card-phone = <b>Número:</b> { $phone }
agents-card-amount = <b>La línea recibe:</b> { $amount }
agents-card-price = <b>La billetera pagó:</b> { $price }
agents-card-attempts = <b>Intentos:</b>
agents-card-attempt = #{ $number } { $status } · enviado { $submitted } · terminado { $completed } · { $error }
agents-card-times = Creado { $created } · actualizado { $updated }
agents-card-synced = <b>Leído del servicio:</b> { $at }
agents-card-service-only = (leído solo del servicio: no se hizo con este bot)
agents-card-stale = ⚠️ No se pudo consultar el servicio ahora; estos datos pueden estar desactualizados.
agents-refresh-button = 🔄 Actualizar
agents-refreshed = Actualizado.
agents-unavailable = El servicio de recargas no respondió. Inténtalo de nuevo en un momento.
agents-status-usage = Envía /status seguido de un ID de pedido (O-…) o un número de pedido del comercio.
agents-status-not-found = No hay ningún pedido { $query } que puedas ver.
agents-order-not-found-short = Pedido no encontrado.

## Order list (/orders)

agents-orders-header = { $filter }: { $from }–{ $to } de { $total }, los más recientes primero
agents-orders-empty = { $filter }: no hay pedidos.
agents-orders-filter-all = Todos los pedidos
agents-orders-search-line = Búsqueda: { $search }
agents-orders-row = { $line } · { $operator } · { $amount } · { $created }
agents-orders-search-button = 🔍 Buscar
agents-orders-all-button = Todos
agents-orders-search-prompt = Envía un ID de pedido (O-…), un número de pedido del comercio o el nombre de un operador.
