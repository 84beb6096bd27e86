## Visões da rede (/balance, /statement, /limit, /pin, /status, /orders, /export e /stats de um distribuidor alcançam só a própria rede)

network-views-not-in-network = 🚫 { $id } não está na sua rede.
network-views-balance-network = 🌐 Sua rede ({ $count ->
        [one] { $count } revendedor
       *[other] { $count } revendedores
    }): saldo { $balance }, disponível { $available }
network-views-card-seller = <b>Vendedor:</b> { $seller }
network-views-card-seller-price = <b>Preço do vendedor:</b> { $price }
network-views-card-your-price = <b>Seu preço:</b> { $price }
network-views-card-commission-earned = <b>Sua comissão:</b> { $commission }
network-views-card-commission-pending = <b>Sua comissão se for concluído:</b> { $commission }
network-views-card-commission-none = <b>Sua comissão:</b> nenhuma (o pedido não foi concluído)
network-views-orders-seller = ↳ vendido por { $seller }
network-views-chart-title = Pedidos da sua rede por dia, últimos { $days } dias (UTC)
network-views-chart-paid = Pago pela sua rede em pedidos concluídos ({ $currency })
network-views-stats-title = 📊 Sua rede, últimos { $days } dias (desde { $from }, UTC)
network-views-stats-own = Você: ✅ { $orders } · pago { $volume }
network-views-stats-by-child = <b>Por revendedor logo abaixo de você</b> (cada um com todos abaixo dele):
network-views-stats-child = { $user }: ✅ { $orders } · volume { $volume } · sua comissão { $commission }
network-views-stats-no-children = Ainda não há ninguém abaixo de você.
network-views-stats-more = … e mais { $count }.
network-views-stats-commission = <b>Sua comissão no total:</b> { $commission }
