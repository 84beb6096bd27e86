## Receipts (/receipt, /shop, /timezone)
# Messages here are sent in HTML parse mode: write &lt; &gt; &amp; for < > &.

command-receipt = struk untuk pelanggan Anda: /receipt &lt;ID pesanan atau nomor pesanan merchant&gt; [harga]
command-shop = nama toko di struk Anda: /shop &lt;nama&gt;
command-timezone = zona waktu di struk Anda: /timezone &lt;Wilayah/Kota&gt;

receipt-button = 🧾 Struk
receipt-title = Struk
receipt-operator = Operator
receipt-product = Produk
receipt-phone = Nomor
receipt-received = Diterima
receipt-price = Harga
receipt-order-id = ID pesanan
receipt-order-number = Referensi
receipt-time = Tanggal
receipt-status = Status
receipt-thanks = Terima kasih atas pembelian Anda!
receipt-caption = 🧾 Struk { $orderId }
receipt-usage = Kirim /receipt &lt;ID pesanan atau nomor pesanan merchant&gt; [harga], misalnya /receipt O-1234 atau, dengan harga yang dibayar pelanggan Anda, /receipt O-1234 1050 (dalam mata uang lokal pesanan) atau /receipt O-1234 2.50 USD; /receipt O-1234 off menghapus harganya.
receipt-not-placed = Tidak ada struk untuk { $query }: pesanan ini tidak pernah dibuat, jadi tidak ada biaya yang dipotong.

shop-none = Struk Anda belum menampilkan nama toko.
shop-current = Struk Anda menampilkan nama toko { $name }.
shop-usage = Kirim /shop &lt;nama&gt; untuk mengaturnya (maksimal { $max } karakter), atau /shop - untuk menghapusnya.
shop-saved = Tersimpan: struk Anda sekarang menampilkan { $name }.
shop-cleared = Dihapus: struk Anda tidak menampilkan nama toko.
shop-invalid-empty = Kirim /shop diikuti nama toko.
shop-invalid-too-long = Nama itu terlalu panjang: maksimal { $max } karakter. Tidak ada yang diubah.
shop-invalid-control = Nama toko tidak boleh berisi baris baru atau karakter kontrol. Tidak ada yang diubah.

timezone-current = Waktu di struk Anda memakai zona { $zone }.
timezone-usage = Kirim /timezone &lt;Wilayah/Kota&gt; (misalnya /timezone Africa/Lagos), atau /timezone - untuk UTC.
timezone-saved = Tersimpan: waktu di struk Anda sekarang memakai zona { $zone }.
timezone-invalid = { $input } bukan zona waktu yang saya kenal. Pakai nama seperti Africa/Lagos atau Asia/Jakarta. Tidak ada yang diubah.

## Figures chart (/stats)

stats-chart-title = Pesanan dan pendapatan per hari, { $days } hari terakhir (UTC)
stats-chart-title-own = Pesanan Anda per hari, { $days } hari terakhir (UTC)
stats-chart-orders = Pesanan menurut status
stats-chart-revenue = Pendapatan dari pesanan berhasil ({ $currency })
stats-chart-spent = Dibayar dari deposit Anda untuk pesanan berhasil ({ $currency })
stats-own-title = 📊 { $days } hari terakhir Anda (sejak { $from }, UTC)
stats-own-spent = Dibayar dari deposit Anda untuk pesanan berhasil: { $amount }
stats-own-spent-none = Dibayar dari deposit Anda untuk pesanan berhasil: tidak ada
receipt-price-invalid = { $price } bukan harga. Kirim /receipt &lt;pesanan&gt; &lt;nominal&gt; [mata uang], misalnya /receipt O-1234 1050 atau /receipt O-1234 2.50 USD. Tidak ada yang diubah.
receipt-price-not-yours = Hanya reseller pemilik pesanan atau admin yang bisa mengatur harga di struknya. Tidak ada yang diubah.
