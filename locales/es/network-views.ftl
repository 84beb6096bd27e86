## Vistas de la red (/balance, /statement, /limit, /pin, /status, /orders, /export y /stats de un distribuidor alcanzan solo su propia red)

network-views-not-in-network = 🚫 { $id } no está en su red.
network-views-balance-network = 🌐 Su red ({ $count ->
        [one] { $count } revendedor
       *[other] { $count } revendedores
    }): saldo { $balance }, disponible { $available }
network-views-card-seller = <b>Vendedor:</b> { $seller }
network-views-card-seller-price = <b>Precio del vendedor:</b> { $price }
network-views-card-your-price = <b>Su precio:</b> { $price }
network-views-card-commission-earned = <b>Su comisión:</b> { $commission }
network-views-card-commission-pending = <b>Su comisión si se completa:</b> { $commission }
network-views-card-commission-none = <b>Su comisión:</b> ninguna (el pedido no se completó)
network-views-orders-seller = ↳ vendido por { $seller }
network-views-chart-title = Pedidos de su red por día, últimos { $days } días (UTC)
network-views-chart-paid = Pagado por su red en pedidos completados ({ $currency })
network-views-stats-title = 📊 Su red, últimos { $days } días (desde { $from }, UTC)
network-views-stats-own = Usted: ✅ { $orders } · pagado { $volume }
network-views-stats-by-child = <b>Por revendedor directamente debajo de usted</b> (cada uno con todos los que están debajo):
network-views-stats-child = { $user }: ✅ { $orders } · volumen { $volume } · su comisión { $commission }
network-views-stats-no-children = Todavía no hay nadie debajo de usted.
network-views-stats-more = … y { $count } más.
network-views-stats-commission = <b>Su comisión en total:</b> { $commission }
