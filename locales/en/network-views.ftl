## Network views (a distributor's /balance, /statement, /limit, /pin, /status, /orders, /export and /stats reach their own network)

network-views-not-in-network = 🚫 { $id } is not in your network.
network-views-balance-network = 🌐 Your network ({ $count ->
        [one] { $count } reseller
       *[other] { $count } resellers
    }): balance { $balance }, available { $available }
network-views-card-seller = <b>Seller:</b> { $seller }
network-views-card-seller-price = <b>Seller's price:</b> { $price }
network-views-card-your-price = <b>Your price:</b> { $price }
network-views-card-commission-earned = <b>Your commission:</b> { $commission }
network-views-card-commission-pending = <b>Your commission if it succeeds:</b> { $commission }
network-views-card-commission-none = <b>Your commission:</b> none (the order did not succeed)
network-views-orders-seller = ↳ sold by { $seller }
network-views-chart-title = Your network's orders per day, last { $days } days (UTC)
network-views-chart-paid = Paid by your network for succeeded orders ({ $currency })
network-views-stats-title = 📊 Your network, last { $days } days (since { $from }, UTC)
network-views-stats-own = You: ✅ { $orders } · paid { $volume }
network-views-stats-by-child = <b>By reseller directly below you</b> (each with everyone below them):
network-views-stats-child = { $user }: ✅ { $orders } · volume { $volume } · your commission { $commission }
network-views-stats-no-children = Nobody is below you yet.
network-views-stats-more = … and { $count } more.
network-views-stats-commission = <b>Your commission in all:</b> { $commission }
