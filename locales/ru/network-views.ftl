## Данные сети (/balance, /statement, /limit, /pin, /status, /orders, /export и /stats дистрибьютора видят только его собственную сеть)

network-views-not-in-network = 🚫 { $id } нет в вашей сети.
network-views-balance-network = 🌐 Ваша сеть ({ $count ->
        [one] { $count } реселлер
        [few] { $count } реселлера
       *[other] { $count } реселлеров
    }): баланс { $balance }, доступно { $available }
network-views-card-seller = <b>Продавец:</b> { $seller }
network-views-card-seller-price = <b>Цена продавца:</b> { $price }
network-views-card-your-price = <b>Ваша цена:</b> { $price }
network-views-card-commission-earned = <b>Ваша комиссия:</b> { $commission }
network-views-card-commission-pending = <b>Ваша комиссия, если заказ пройдёт:</b> { $commission }
network-views-card-commission-none = <b>Ваша комиссия:</b> нет (заказ не прошёл)
network-views-orders-seller = ↳ продал { $seller }
network-views-chart-title = Заказы вашей сети по дням, последние { $days } дн. (UTC)
network-views-chart-paid = Оплачено вашей сетью за успешные заказы ({ $currency })
network-views-stats-title = 📊 Ваша сеть, последние { $days } дн. (с { $from }, UTC)
network-views-stats-own = Вы: ✅ { $orders } · оплачено { $volume }
network-views-stats-by-child = <b>По реселлерам прямо под вами</b> (каждый вместе со всеми, кто под ним):
network-views-stats-child = { $user }: ✅ { $orders } · объём { $volume } · ваша комиссия { $commission }
network-views-stats-no-children = Под вами пока никого нет.
network-views-stats-more = … и ещё { $count }.
network-views-stats-commission = <b>Ваша комиссия всего:</b> { $commission }
