## Order card (/status)

agents-card-next-step = <b>Próximo passo:</b> { $text }
agents-card-rejection = <b>Recusado:</b> { $text }
agents-card-busy-with = Número ocupado com o pedido <code>{ $number }</code>
agents-card-operator = <b>Operadora:</b> { $operator } · { $subtype }
agents-card-phone = <b>Número:</b> { $phone }
agents-card-amount = <b>A linha recebe:</b> { $amount }
agents-card-price = <b>A carteira pagou:</b> { $price }
agents-card-attempts = <b>Tentativas:</b>
agents-card-attempt = #{ $number } { $status } · envio { $submitted } · conclusão { $completed } · { $error }
agents-card-times = Criado { $created } · atualizado { $updated }
agents-card-synced = <b>Lido do serviço:</b> { $at }
agents-card-service-only = (lido só do serviço: não foi feito por este bot)
agents-card-stale = ⚠️ Não foi possível consultar o serviço agora; estes dados podem estar desatualizados.
agents-refresh-button = 🔄 Atualizar
agents-refreshed = Atualizado.
agents-unavailable = O serviço de recargas não respondeu. Tente de novo daqui a pouco.
agents-status-usage = Envie /status seguido do ID de um pedido (O-…) ou de um número de pedido do comerciante.
agents-status-not-found = Não há nenhum pedido { $query } que você possa ver.
agents-order-not-found-short = Pedido não encontrado.

## Order list (/orders)

agents-orders-header = { $filter }: { $from }–{ $to } de { $total }, mais recentes primeiro
agents-orders-empty = { $filter }: nenhum pedido.
agents-orders-filter-all = Todos os pedidos
agents-orders-search-line = Busca: { $search }
agents-orders-row = { $line } · { $operator } · { $amount } · { $created }
agents-orders-search-button = 🔍 Buscar
agents-orders-all-button = Todos
agents-orders-search-prompt = Envie o ID de um pedido (O-…), um número de pedido do comerciante ou o nome de uma operadora.
