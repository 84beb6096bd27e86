## Prices (/pricing)

command-pricing = aturan margin untuk harga reseller: /pricing set &lt;cakupan&gt; &lt;persen&gt;% [+biaya] [min x] [max y], /pricing del &lt;cakupan&gt;
pricing-title = 💹 Aturan margin: yang dibayar reseller di atas harga merchant (berlaku aturan yang paling spesifik: reseller, lalu operator, negara, default)
pricing-env-default = Default (PRICE_MARGIN_PERCENT, belum ada aturan yang diatur lewat chat): { $rule }
pricing-row = { $scope }: { $rule }
pricing-scope-default = Default
pricing-scope-country = Negara { $country }
pricing-scope-operator = Operator { $operator } ({ $country })
pricing-scope-reseller = Reseller { $user }
pricing-rule = { $percent } % + { $fixed }
pricing-rule-min = , minimal { $min }
pricing-rule-max = , maksimal { $max }
pricing-usage =
    /pricing — daftar aturan
    /pricing set &lt;cakupan&gt; &lt;persen&gt;% [+&lt;biaya&gt;] [min &lt;biaya&gt;] [max &lt;biaya&gt;]
    /pricing del &lt;cakupan&gt;
    Cakupan: default · country &lt;CC&gt; · operator &lt;CC&gt; &lt;kode operator&gt; · reseller &lt;ID pengguna&gt;
    Biaya dalam mata uang merchant. Contoh: /pricing set country NG 2.5% +0.10 min 0.05 max 2
pricing-set-done = ✅ Aturan disimpan. { $scope }: { $rule }. Berlaku mulai penawaran harga berikutnya.
pricing-del-done = 🗑 Aturan dihapus: { $scope }.
pricing-del-nothing = Tidak ada aturan untuk { $scope }; tidak ada yang diubah.
pricing-error-usage = 🚫 Saya tidak mengerti perintah itu.
pricing-error-scope = 🚫 Cakupan "{ $part }" tidak dikenal: pakai default, country, operator, atau reseller.
pricing-error-country = 🚫 "{ $part }" bukan kode negara dua huruf (seperti NG).
pricing-error-operator = 🚫 "{ $part }" bukan kode operator (seperti NG-MTN).
pricing-error-reseller = 🚫 "{ $part }" bukan ID pengguna.
pricing-error-rule-missing = 🚫 Berikan persentase (seperti 2.5%), biaya tetap (seperti +0.10), atau keduanya.
pricing-error-percent = 🚫 "{ $part }" bukan persentase dari 0 sampai 999.9999 dengan maksimal 4 desimal.
pricing-error-fixed = 🚫 "{ $part }" bukan biaya tetap: tanda + dan nominal dengan maksimal 4 desimal (seperti +0.10).
pricing-error-min = 🚫 "min" harus diikuti nominal dengan maksimal 4 desimal (seperti min 0.05).
pricing-error-max = 🚫 "max" harus diikuti nominal dengan maksimal 4 desimal (seperti max 2).
pricing-error-min-above-max = 🚫 Biaya minimal lebih besar dari biaya maksimal.
pricing-error-repeated = 🚫 "{ $part }" ditulis dua kali.
pricing-error-unknown-part = 🚫 Saya tidak mengerti "{ $part }".
pricing-error-ambiguous = 🚫 "{ $part }" bisa berarti { $whole } atau { $point }: tulis salah satunya, tanpa koma.
pricing-error-unknown-country = 🚫 Katalog tidak punya negara { $country }. Tidak ada yang diubah.
pricing-error-unknown-operator = 🚫 Katalog tidak punya operator { $operator } di { $country }. Tidak ada yang diubah.
pricing-error-not-reseller = 🚫 Pengguna { $user } bukan reseller. Tidak ada yang diubah.
pricing-error-catalogue = ⚠️ Katalog tidak bisa dibaca barusan, jadi tidak ada yang diubah. Silakan coba lagi sebentar lagi.

## Prices in quotes, orders and /status

top-up-quote-credit =
    Silakan periksa isi ulang ini:
    Operator: { $operator } ({ $country })
    Produk: { $subtype }
    Nomor: { $phone }
    Diterima nomor tujuan: { $receives }
    Dibayar dari deposit Anda: { $pays }
    Harga berlaku sampai { $expires } (sekitar { $seconds } detik)

    ⚠️ Isi ulang ke nomor atau operator yang salah tidak bisa ditarik kembali.
top-up-quote-margin-preview = 💹 Reseller membayar { $price } (margin { $margin }) menurut aturan umum; aturan khusus seorang reseller bisa berbeda.
order-details-credit =
    { $operator } ({ $country }), { $subtype }
    <b>Nomor:</b> { $phone }
    <b>Isi ulang:</b> { $localAmount }
    <b>Deposit Anda:</b> { $price }
order-receipt-credit =
    ✅ Isi ulang terkirim
    <b>Pesanan:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Nomor:</b> { $phone }
    <b>Isi ulang:</b> { $localAmount }
    <b>Dibayar dari deposit Anda:</b> { $price }
    <b>Waktu:</b> { $time }
order-failed-notice-credit =
    ⚠️ Isi ulang gagal: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Nomor: { $phone }, { $localAmount }
    Dana { $price } yang ditahan dari deposit Anda sudah dilepas: tidak ada biaya yang dipotong.
order-refunded-notice-credit =
    ↩️ Dana dikembalikan: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } sudah kembali ke deposit Anda. Nomor { $phone } tidak terisi.
order-revived-notice-credit =
    ‼️ Koreksi: pesanan <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ternyata tetap dibuat, dan { $price } dipotong dari deposit Anda. Pesan sebelumnya yang menyebut pesanan ini tidak dibuat adalah keliru.
    Statusnya menyusul di sini.
agents-card-credit-paid = <b>Dibayar dari deposit Anda:</b> { $price }
agents-card-reseller-paid = <b>Dibayar reseller:</b> { $price } (margin { $margin })

## Revenue in /stats

admin-stats-books = 💰 Pendapatan { $revenue } · modal { $cost } · margin { $margin }
admin-stats-books-none = 💰 Pendapatan, modal, margin: — (belum ada pesanan berhasil)
admin-stats-by-reseller = Per reseller (pendapatan / modal / margin):
admin-stats-by-operator = Per operator (pendapatan / modal / margin):
admin-stats-books-row = • { $name }: { $revenue } / { $cost } / { $margin }
