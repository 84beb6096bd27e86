## Order card (/status)

agents-card-next-step = <b>Next step:</b> { $text }
agents-card-rejection = <b>Refused:</b> { $text }
agents-card-busy-with = Number busy with order <code>{ $number }</code>
agents-card-operator = <b>Operator:</b> { $operator } · { $subtype }
agents-card-phone = <b>Number:</b> { $phone }
agents-card-amount = <b>The line receives:</b> { $amount }
agents-card-price = <b>The wallet paid:</b> { $price }
agents-card-attempts = <b>Attempts:</b>
agents-card-attempt = #{ $number } { $status } · sent { $submitted } · done { $completed } · { $error }
agents-card-times = Created { $created } · updated { $updated }
agents-card-synced = <b>Read from the service:</b> { $at }
agents-card-service-only = (read from the service only: not placed through this bot)
agents-card-stale = ⚠️ The service could not be read just now; this may be out of date.
agents-refresh-button = 🔄 Refresh
agents-refreshed = Updated.
agents-unavailable = The top-up service did not answer. Please try again in a moment.
agents-status-usage = Send /status followed by an order ID (O-…) or a merchant order number.
agents-status-not-found = There is no order { $query } that you may see.
agents-order-not-found-short = Order not found.

## Order list (/orders)

agents-orders-header = { $filter }: { $from }–{ $to } of { $total }, newest first
agents-orders-empty = { $filter }: no orders.
agents-orders-filter-all = All orders
agents-orders-search-line = Search: { $search }
agents-orders-row = { $line } · { $operator } · { $amount } · { $created }
agents-orders-search-button = 🔍 Search
agents-orders-all-button = All
agents-orders-search-prompt = Send an order ID (O-…), a merchant order number or an operator name.
