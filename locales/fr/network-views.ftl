## Vues du réseau (/balance, /statement, /limit, /pin, /status, /orders, /export et /stats d’un distributeur n’atteignent que son propre réseau)

network-views-not-in-network = 🚫 { $id } ne fait pas partie de votre réseau.
network-views-balance-network = 🌐 Votre réseau ({ $count ->
        [one] { $count } revendeur
       *[other] { $count } revendeurs
    }) : solde { $balance }, disponible { $available }
network-views-card-seller = <b>Vendeur :</b> { $seller }
network-views-card-seller-price = <b>Prix du vendeur :</b> { $price }
network-views-card-your-price = <b>Votre prix :</b> { $price }
network-views-card-commission-earned = <b>Votre commission :</b> { $commission }
network-views-card-commission-pending = <b>Votre commission si elle réussit :</b> { $commission }
network-views-card-commission-none = <b>Votre commission :</b> aucune (la commande n’a pas réussi)
network-views-orders-seller = ↳ vendue par { $seller }
network-views-chart-title = Commandes de votre réseau par jour, { $days } derniers jours (UTC)
network-views-chart-paid = Payé par votre réseau pour les commandes réussies ({ $currency })
network-views-stats-title = 📊 Votre réseau, { $days } derniers jours (depuis le { $from }, UTC)
network-views-stats-own = Vous : ✅ { $orders } · payé { $volume }
network-views-stats-by-child = <b>Par revendeur directement sous vous</b> (chacun avec tous ceux qui sont sous lui) :
network-views-stats-child = { $user } : ✅ { $orders } · volume { $volume } · votre commission { $commission }
network-views-stats-no-children = Personne n’est encore sous vous.
network-views-stats-more = … et { $count } de plus.
network-views-stats-commission = <b>Votre commission au total :</b> { $commission }
