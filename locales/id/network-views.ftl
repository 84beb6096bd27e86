## Tampilan jaringan (/balance, /statement, /limit, /pin, /status, /orders, /export dan /stats milik distributor hanya menjangkau jaringannya sendiri)

network-views-not-in-network = 🚫 { $id } tidak ada di jaringan Anda.
network-views-balance-network = 🌐 Jaringan Anda ({ $count } reseller): saldo { $balance }, tersedia { $available }
network-views-card-seller = <b>Penjual:</b> { $seller }
network-views-card-seller-price = <b>Harga penjual:</b> { $price }
network-views-card-your-price = <b>Harga Anda:</b> { $price }
network-views-card-commission-earned = <b>Komisi Anda:</b> { $commission }
network-views-card-commission-pending = <b>Komisi Anda jika berhasil:</b> { $commission }
network-views-card-commission-none = <b>Komisi Anda:</b> tidak ada (pesanan tidak berhasil)
network-views-orders-seller = ↳ dijual oleh { $seller }
network-views-chart-title = Pesanan jaringan Anda per hari, { $days } hari terakhir (UTC)
network-views-chart-paid = Dibayar jaringan Anda untuk pesanan berhasil ({ $currency })
network-views-stats-title = 📊 Jaringan Anda, { $days } hari terakhir (sejak { $from }, UTC)
network-views-stats-own = Anda: ✅ { $orders } · dibayar { $volume }
network-views-stats-by-child = <b>Per reseller tepat di bawah Anda</b> (masing-masing bersama semua yang di bawahnya):
network-views-stats-child = { $user }: ✅ { $orders } · volume { $volume } · komisi Anda { $commission }
network-views-stats-no-children = Belum ada siapa pun di bawah Anda.
network-views-stats-more = … dan { $count } lainnya.
network-views-stats-commission = <b>Total komisi Anda:</b> { $commission }
