## Mwonekano wa mtandao (/balance, /statement, /limit, /pin, /status, /orders, /export na /stats za msambazaji zinafikia mtandao wake tu)

network-views-not-in-network = 🚫 { $id } hayumo kwenye mtandao wako.
network-views-balance-network = 🌐 Mtandao wako ({ $count ->
        [one] muuzaji { $count }
       *[other] wauzaji { $count }
    }): salio { $balance }, inayopatikana { $available }
network-views-card-seller = <b>Aliyeuza:</b> { $seller }
network-views-card-seller-price = <b>Bei ya aliyeuza:</b> { $price }
network-views-card-your-price = <b>Bei yako:</b> { $price }
network-views-card-commission-earned = <b>Kamisheni yako:</b> { $commission }
network-views-card-commission-pending = <b>Kamisheni yako likifanikiwa:</b> { $commission }
network-views-card-commission-none = <b>Kamisheni yako:</b> hakuna (agizo halikufanikiwa)
network-views-orders-seller = ↳ limeuzwa na { $seller }
network-views-chart-title = { $days ->
    [one] Maagizo ya mtandao wako kwa siku, siku { $days } iliyopita (UTC)
   *[other] Maagizo ya mtandao wako kwa siku, siku { $days } zilizopita (UTC)
}
network-views-chart-paid = Kilicholipwa na mtandao wako kwa maagizo yaliyofanikiwa ({ $currency })
network-views-stats-title = { $days ->
    [one] 📊 Mtandao wako, siku { $days } iliyopita (tangu { $from }, UTC)
   *[other] 📊 Mtandao wako, siku { $days } zilizopita (tangu { $from }, UTC)
}
network-views-stats-own = Wewe: ✅ { $orders } · umelipa { $volume }
network-views-stats-by-child = <b>Kwa kila muuzaji aliye moja kwa moja chini yako</b> (kila mmoja pamoja na wote walio chini yake):
network-views-stats-child = { $user }: ✅ { $orders } · kiasi { $volume } · kamisheni yako { $commission }
network-views-stats-no-children = Bado hakuna aliye chini yako.
network-views-stats-more = … na wengine { $count }.
network-views-stats-commission = <b>Jumla ya kamisheni yako:</b> { $commission }
