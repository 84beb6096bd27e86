## Order card (/status)

agents-card-next-step = <b>Langkah berikutnya:</b> { $text }
agents-card-rejection = <b>Ditolak:</b> { $text }
agents-card-busy-with = Nomor sedang dipakai pesanan <code>{ $number }</code>
agents-card-operator = <b>Operator:</b> { $operator } · { $subtype }
agents-card-phone = <b>Nomor:</b> { $phone }
agents-card-amount = <b>Diterima nomor tujuan:</b> { $amount }
agents-card-price = <b>Dibayar dari dompet:</b> { $price }
agents-card-attempts = <b>Percobaan:</b>
agents-card-attempt = #{ $number } { $status } · dikirim { $submitted } · selesai { $completed } · { $error }
agents-card-times = Dibuat { $created } · diperbarui { $updated }
agents-card-synced = <b>Dibaca dari layanan:</b> { $at }
agents-card-service-only = (hanya dibaca dari layanan: tidak dibuat lewat bot ini)
agents-card-stale = ⚠️ Layanan tidak bisa dibaca barusan; data ini mungkin sudah tidak terbaru.
agents-refresh-button = 🔄 Muat ulang
agents-refreshed = Sudah diperbarui.
agents-unavailable = Layanan isi ulang tidak merespons. Silakan coba lagi sebentar lagi.
agents-status-usage = Kirim /status diikuti ID pesanan (O-…) atau nomor pesanan merchant.
agents-status-not-found = Tidak ada pesanan { $query } yang boleh Anda lihat.
agents-order-not-found-short = Pesanan tidak ditemukan.

## Order list (/orders)

agents-orders-header = { $filter }: { $from }–{ $to } dari { $total }, terbaru di atas
agents-orders-empty = { $filter }: tidak ada pesanan.
agents-orders-filter-all = Semua pesanan
agents-orders-search-line = Cari: { $search }
agents-orders-row = { $line } · { $operator } · { $amount } · { $created }
agents-orders-search-button = 🔍 Cari
agents-orders-all-button = Semua
agents-orders-search-prompt = Kirim ID pesanan (O-…), nomor pesanan merchant, atau nama operator.
