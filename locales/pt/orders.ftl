## Orders

order-status-accepted = Aceito
order-status-processing = Em processamento
order-status-manual-review = Em análise
order-status-succeeded = Concluído
order-status-failed = Falhou
order-status-refunded = Reembolsado
order-status-unknown = Em andamento ({ $status })
order-status-placing = Sendo realizado
order-status-rejected = Não realizado

order-status-line = { $emoji } <b>{ $status }</b> · <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
order-status-line-pending = { $emoji } <b>{ $status }</b> · <code>{ $externalOrderId }</code>

order-subtype-airtime = saldo
order-subtype-data = dados
order-subtype-bundle = pacote

order-details =
    { $operator } ({ $country }), { $subtype }
    <b>Telefone:</b> { $phone }
    <b>Recarga:</b> { $localAmount }
    <b>Carteira:</b> { $price }

order-receipt =
    ✅ Recarga entregue
    <b>Pedido:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Telefone:</b> { $phone }
    <b>Recarga:</b> { $localAmount }
    <b>Pago pela carteira:</b> { $price }
    <b>Horário:</b> { $time }

order-failed-notice =
    ⚠️ A recarga falhou: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Telefone: { $phone }, { $localAmount }
    O dinheiro ({ $price }) ainda não voltou para a carteira: há um reembolso pendente. Você vai receber uma mensagem quando ele chegar.

order-refunded-notice =
    ↩️ Reembolsado: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } voltou para a carteira. O telefone { $phone } não foi recarregado.

order-rejected-notice =
    ❌ O pedido <code>{ $externalOrderId }</code> não foi realizado: { $reason }
    Nada foi cobrado.

order-quote-expired-notice =
    ❌ O pedido <code>{ $externalOrderId }</code> não foi realizado: a cotação expirou antes que o serviço pudesse aceitá-la.
    Nada foi cobrado. Peça uma nova cotação para tentar de novo.

order-revived-notice =
    ‼️ Correção: o pedido <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> acabou sendo realizado, e { $price } foi cobrado da carteira. A mensagem anterior dizendo que ele não foi realizado está errada.
    O status dele aparece a seguir.

order-new-quote-button = 🔄 Nova cotação

order-pending-notice =
    ⏳ O pedido <code>{ $externalOrderId }</code> está sendo realizado. O serviço ainda não respondeu; continuamos tentando com o mesmo número de pedido, então ele nunca é cobrado duas vezes.
    Você vai receber uma mensagem assim que ele for confirmado.

order-reject-reason-balance = o saldo da carteira está baixo demais
order-reject-reason-risk = um limite de pedidos foi atingido
order-reject-reason-wallet = a carteira não está ativa
order-reject-reason-detail = esta recarga não está disponível agora
order-reject-reason-amount = o valor não é aceito
order-reject-reason-local-currency = a moeda não é aceita
order-reject-reason-account = o número de telefone está faltando ou não é aceito
order-reject-reason-quote-token = a cotação não é mais válida; peça uma nova cotação
order-reject-reason-quote-expired = a cotação expirou; peça uma nova cotação
order-reject-reason-price-changed = o preço mudou; peça uma nova cotação
order-reject-reason-account-busy = outra recarga para este número ainda não terminou
order-reject-reason-external-order-id = o número do pedido já foi usado
order-reject-reason-not-placed = o bot foi interrompido antes de enviá-lo
order-reject-reason-not-durable = o armazenamento do bot não conseguiu confirmá-lo com segurança (nenhuma réplica do Redis respondeu), então ele não foi enviado; tente de novo daqui a um minuto
order-reject-reason-other = o serviço recusou o pedido

## Alerts

alert-order-failed = ⚠️ Falha na recarga: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> (reembolso pendente)
alert-order-refunded = ↩️ Reembolsado: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-manual-review = 🔎 Em análise manual: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-rejected = ❌ Pedido recusado: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: { $reason }
alert-forbidden-placement = 🚫 O serviço respondeu 403 ao pedido <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: verifique a chave da API, a lista de IPs permitidos e o acesso à API. O pedido continua sendo tentado de novo.
alert-forbidden-read = 🚫 O serviço respondeu 403 a uma consulta de pedido: verifique a chave da API, a lista de IPs permitidos e o acesso à API.
alert-webhook-signature = { $failures ->
    [one] 🛡 { $failures } webhook foi recusado (último motivo: { $reason }). Verifique MERCHANT_WEBHOOK_SECRETS.
   *[other] 🛡 { $failures } webhooks foram recusados (último motivo: { $reason }). Verifique MERCHANT_WEBHOOK_SECRETS.
}
alert-stale-order = ⏰ Ainda não finalizado após { $minutes } min: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status })
alert-unknown-order = ❓ Evento { $event } para um pedido que não conhecemos: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-unrecorded-order = 🧾 A Merchant API tem o nosso pedido <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status }) e o Redis não tinha registro dele (perdido num failover do Redis?): agora ele está registrado sem revendedor, e ninguém foi cobrado por ele. Descubra de quem era.
alert-order-revived = ‼️ <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> estava marcado como recusado ({ $key }), mas o serviço tem esse pedido e cobrou da carteira: ele voltou a ser acompanhado. Verifique o que foi dito ao revendedor.
alert-placement-unreadable = ❓ Não foi possível ler a resposta ao pedido <code>{ $externalOrderId }</code>: ele não é enviado de novo, só consultado. Verifique a Merchant API.
alert-quote-mismatch = ⚠️ Uma cotação não correspondia à solicitação ({ $operator }, { $field }): solicitado { $asked }, cotado { $quoted }. Nenhum pedido foi feito.
alert-order-number-conflict = 🛑 O número de pedido do comerciante <code>{ $externalOrderId }</code> foi dado a uma solicitação diferente ({ $field }): nada foi enviado com ele. Verifique, por favor.
alert-rate-limited = 🐢 A Merchant API respondeu 429 (requisições demais): todas as réplicas estão em pausa. Compare MERCHANT_RATE_LIMIT_PER_MINUTE com o limite da conta.
alert-quote-single-use = 🔂 A Merchant API recusou um token de cotação que já tinha feito um pedido, antes de ele expirar: as cotações desta conta são de uso único. Agora cada recarga pede a própria cotação (uma requisição a mais por pedido). Defina QUOTE_SHARING=off para tornar isso permanente.
alert-group-header = { $count ->
    [one] 🚨 { $count } alerta
   *[other] 🚨 { $count } alertas
}
alert-open-button = Abrir { $order }
