## Orders

order-status-accepted = Diterima
order-status-processing = Diproses
order-status-manual-review = Sedang ditinjau
order-status-succeeded = Berhasil
order-status-failed = Gagal
order-status-refunded = Dana dikembalikan
order-status-unknown = Sedang berjalan ({ $status })
order-status-placing = Sedang dibuat
order-status-rejected = Tidak dibuat

order-status-line = { $emoji } <b>{ $status }</b> · <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
order-status-line-pending = { $emoji } <b>{ $status }</b> · <code>{ $externalOrderId }</code>

order-subtype-airtime = pulsa
order-subtype-data = paket data
order-subtype-bundle = paket combo

order-details =
    { $operator } ({ $country }), { $subtype }
    <b>Nomor:</b> { $phone }
    <b>Isi ulang:</b> { $localAmount }
    <b>Dompet:</b> { $price }

order-receipt =
    ✅ Isi ulang terkirim
    <b>Pesanan:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Nomor:</b> { $phone }
    <b>Isi ulang:</b> { $localAmount }
    <b>Dibayar dari dompet:</b> { $price }
    <b>Waktu:</b> { $time }

order-failed-notice =
    ⚠️ Isi ulang gagal: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Nomor: { $phone }, { $localAmount }
    Uangnya ({ $price }) belum kembali ke dompet: pengembalian dana sedang menunggu. Anda akan dapat pesan saat dananya masuk.

order-refunded-notice =
    ↩️ Dana dikembalikan: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } sudah kembali ke dompet. Nomor { $phone } tidak terisi.

order-rejected-notice =
    ❌ Pesanan <code>{ $externalOrderId }</code> tidak dibuat: { $reason }
    Tidak ada biaya yang dipotong.

order-quote-expired-notice =
    ❌ Pesanan <code>{ $externalOrderId }</code> tidak dibuat: penawaran harga kedaluwarsa sebelum layanan sempat menerimanya.
    Tidak ada biaya yang dipotong. Minta penawaran harga baru untuk mencoba lagi.

order-revived-notice =
    ‼️ Koreksi: pesanan <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ternyata tetap dibuat, dan { $price } dipotong dari dompet. Pesan sebelumnya yang menyebut pesanan ini tidak dibuat adalah keliru.
    Statusnya menyusul di sini.

order-new-quote-button = 🔄 Penawaran harga baru

order-pending-notice =
    ⏳ Pesanan <code>{ $externalOrderId }</code> sedang dibuat. Layanan belum merespons; kami terus mencoba dengan nomor pesanan yang sama, jadi tidak akan pernah terpotong dua kali.
    Anda akan dapat pesan begitu pesanan dikonfirmasi.

order-reject-reason-balance = saldo dompet terlalu rendah
order-reject-reason-risk = batas pesanan sudah tercapai
order-reject-reason-wallet = dompet tidak aktif
order-reject-reason-detail = isi ulang ini sedang tidak tersedia
order-reject-reason-amount = nominalnya tidak diterima
order-reject-reason-local-currency = mata uangnya tidak diterima
order-reject-reason-account = nomor HP kosong atau tidak diterima
order-reject-reason-quote-token = penawaran harga sudah tidak berlaku; minta penawaran harga baru
order-reject-reason-quote-expired = penawaran harga kedaluwarsa; minta penawaran harga baru
order-reject-reason-price-changed = harganya berubah; minta penawaran harga baru
order-reject-reason-account-busy = isi ulang lain ke nomor ini belum selesai
order-reject-reason-external-order-id = nomor pesanan ini sudah pernah dipakai
order-reject-reason-not-placed = bot terhenti sebelum sempat mengirimnya
order-reject-reason-not-durable = penyimpanan bot tidak bisa mengonfirmasinya dengan aman (tidak ada replika Redis yang merespons), jadi pesanan tidak dikirim; coba lagi dalam satu menit
order-reject-reason-other = layanan menolak pesanan

## Alerts

alert-order-failed = ⚠️ Isi ulang gagal: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> (pengembalian dana menunggu)
alert-order-refunded = ↩️ Dana dikembalikan: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-manual-review = 🔎 Sedang ditinjau manual: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-rejected = ❌ Pesanan ditolak: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: { $reason }
alert-forbidden-placement = 🚫 Layanan menjawab 403 untuk pesanan <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: periksa API key, allowlist IP, dan akses API. Pesanan ini terus dicoba ulang.
alert-forbidden-read = 🚫 Layanan menjawab 403 saat membaca pesanan: periksa API key, allowlist IP, dan akses API.
alert-webhook-signature = 🛡 { $failures } webhook ditolak (alasan terakhir: { $reason }). Periksa MERCHANT_WEBHOOK_SECRETS.
alert-stale-order = ⏰ Masih belum selesai setelah { $minutes } menit: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status })
alert-unknown-order = ❓ Event { $event } untuk pesanan yang tidak kita kenal: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-unrecorded-order = 🧾 Merchant API punya pesanan kita <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status }), tetapi Redis tidak punya catatannya (hilang saat failover Redis?): sekarang pesanan ini dicatat tanpa reseller, dan tidak ada yang ditagih untuknya. Cari tahu milik siapa pesanan ini.
alert-order-revived = ‼️ <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> sudah ditandai ditolak ({ $key }), tetapi layanan memilikinya dan sudah memotong dompet: pesanan ini dipantau lagi. Periksa apa yang sudah disampaikan ke reseller.
alert-placement-unreadable = ❓ Jawaban untuk pesanan <code>{ $externalOrderId }</code> tidak bisa dibaca: pesanan tidak dikirim ulang, hanya dicek statusnya. Periksa Merchant API.
alert-quote-mismatch = ⚠️ Penawaran harga tidak sesuai permintaan ({ $operator }, { $field }): diminta { $asked }, ditawarkan { $quoted }. Tidak ada yang dipesan.
alert-order-number-conflict = 🛑 Nomor pesanan merchant <code>{ $externalOrderId }</code> dipakai untuk permintaan lain ({ $field }): tidak ada yang dikirim untuknya. Mohon periksa.
alert-rate-limited = 🐢 Merchant API menjawab 429 (terlalu banyak permintaan): semua replika sedang berhenti sejenak. Cocokkan MERCHANT_RATE_LIMIT_PER_MINUTE dengan batas akun.
alert-quote-single-use = 🔂 Merchant API menolak token penawaran harga yang sudah dipakai untuk satu pesanan, sebelum token itu kedaluwarsa: penawaran harga di akun ini hanya sekali pakai. Sekarang setiap isi ulang meminta penawaran harganya sendiri (satu permintaan tambahan per pesanan). Atur QUOTE_SHARING=off agar ini permanen.
alert-group-header = 🚨 { $count } peringatan
alert-open-button = Buka { $order }
