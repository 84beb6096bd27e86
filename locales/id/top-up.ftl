## Top-up: choosing

top-up-choose-country = 🌍 Nomornya dari negara mana? Pilih salah satu, ketik nama atau kodenya (misalnya NG), atau ketik nomornya dalam format internasional (+234…).
top-up-country-chosen = Negara:
top-up-country-no-match = Tidak ada negara yang cocok dengan “{ $query }”. Coba nama lain atau kode dua huruf.
top-up-country-several = Beberapa negara cocok dengan “{ $query }”. Pilih salah satu:
top-up-country-not-sold = Isi ulang ke negara itu sedang tidak tersedia. Silakan pilih negara lain.
top-up-one-line-bad-phone = Itu sepertinya bukan nomor HP dalam format internasional (dengan + dan kode negara).
top-up-no-operators = Tidak ada operator di { $country } yang bisa diisi ulang saat ini. Silakan pilih negara lain.
top-up-choose-operator = 📶 Operator mana di { $country }? Pilih salah satu atau ketik namanya.
top-up-wrong-number-warning = ⚠️ Nomornya harus milik operator ini: isi ulang yang terkirim ke nomor atau operator yang salah tidak bisa ditarik kembali.
top-up-operator-chosen = Operator: { $operator }
top-up-operator-no-match = Tidak ada operator yang cocok dengan “{ $query }”. Pilih dari daftar atau ketik nama lain.
top-up-operator-several = Beberapa operator cocok dengan “{ $query }”. Pilih salah satu:
top-up-choose-subtype = Mau beli apa dari { $operator }?
top-up-subtype-unknown = Silakan pilih salah satu opsi.
top-up-choose-currency = { $operator } menjual dalam lebih dari satu mata uang. Pilih yang mana?
top-up-currency-unknown = Silakan pilih salah satu mata uang.
subtype-airtime = Pulsa
subtype-data = Paket data
subtype-bundle = Paket combo

## Top-up: amount

top-up-choose-amount = 💵 Berapa nominal { $subtype } { $operator }?
top-up-amount-range = Ketik nominal antara { $min } dan { $max } { $currency }.
top-up-amount-buttons = Pilih nominal.
top-up-amount-buttons-or-type = Pilih nominal atau ketik sendiri.
top-up-amount-chosen = Nominal: { $amount }
amount-error-empty = Silakan ketik nominal, misalnya 500.
amount-error-not-a-number = Itu bukan angka. Silakan ketik nominal seperti 500 atau 12.50.
amount-error-zero = Nominal harus lebih dari nol.
amount-error-negative = Nominal tidak boleh negatif.
amount-error-too-many-decimals = Pakai maksimal 4 angka desimal.
amount-error-exponent = Silakan ketik nominal dengan angka biasa, tanpa eksponen (jangan “1e3”).
amount-error-too-long = Nominal itu terlalu panjang. Silakan ketik nominal yang wajar.
amount-error-ambiguous = Saya tidak bisa memastikan mana pemisah desimalnya. Silakan ketik nominal tanpa pemisah ribuan, misalnya 1500.50.
amount-error-below = Itu di bawah minimal { $min } { $currency }.
amount-error-above = Itu di atas maksimal { $max } { $currency }.
amount-error-not-offered = Nominal itu tidak tersedia. Yang tersedia: { $values } { $currency }.

## Top-up: phone number

top-up-enter-phone = 📱 Kirim nomor HP di { $country } (format nasional atau internasional), pilih nomor terakhir yang dipakai, atau bagikan kontak.
top-up-phone-chosen = Nomor: { $phone }
phone-error-empty = Silakan kirim nomor HP.
phone-error-invalid = Itu bukan nomor HP yang valid untuk { $country }. Silakan periksa lalu kirim lagi.
phone-error-wrong-country = Nomor itu milik negara lain, bukan { $country }. Silakan kirim nomor di { $country }.
phone-error-not-mobile = Itu bukan nomor seluler. Hanya nomor seluler yang bisa diisi ulang.
phone-error-too-long = Nomor itu terlalu panjang. Silakan periksa lalu kirim lagi.
top-up-number-busy = Pesanan sebelumnya ke nomor ini belum selesai (<code>{ $orderId }</code>, <code>{ $number }</code>). Silakan tunggu sampai selesai atau pakai nomor lain.
top-up-number-busy-until = Isi ulang ke nomor ini belum selesai. Kemungkinan selesai sekitar pukul { $time } UTC. Silakan tunggu sampai saat itu atau pakai nomor lain.

## Top-up: quote and order

top-up-quote =
    Silakan periksa isi ulang ini:
    Operator: { $operator } ({ $country })
    Produk: { $subtype }
    Nomor: { $phone }
    Diterima nomor tujuan: { $receives }
    Dibayar dari dompet Anda: { $pays }
    Harga berlaku sampai { $expires } (sekitar { $seconds } detik)

    ⚠️ Isi ulang ke nomor atau operator yang salah tidak bisa ditarik kembali.
top-up-quote-renewed = ⏱ Harganya sudah atau hampir kedaluwarsa, jadi ini penawaran harga yang baru. Silakan konfirmasi lagi.
top-up-line-outlives-quote = ⏳ Antreannya lebih lama dari masa berlaku harga ini (sekitar { $seconds } detik menunggu), jadi penawaran harga baru diambil saat giliran Anda tiba. Silakan konfirmasi lagi.
top-up-price-changed = ⚠️ Harganya berubah: tadinya { $old }, sekarang { $new }.
top-up-quote-mismatch = ⚠️ Layanan memberi penawaran harga yang berbeda dari yang Anda minta, jadi saya hentikan. Tidak ada biaya yang dipotong. Admin sudah diberi tahu.
top-up-press-confirm = Tekan ✅ untuk memesan atau ❌ untuk membatalkan.
top-up-press-a-button = Silakan tekan salah satu tombol.
top-up-text-or-button = Silakan ketik jawaban Anda atau tekan tombol.
top-up-stale-button = Tombol ini milik langkah sebelumnya atau isi ulang yang sudah selesai.
top-up-offer-unavailable = Produk ini sudah tidak tersedia. Silakan pilih operator atau nominal lain.
top-up-cancelled = Isi ulang dibatalkan. Tidak ada biaya yang dipotong.
top-up-idle-ended = Isi ulang Anda ditutup setelah { $minutes } menit tanpa aktivitas. Tidak ada biaya yang dipotong. Kirim /topup untuk mulai lagi.
top-up-error-ended = Isi ulang Anda berhenti karena ada kesalahan tak terduga. Jika Anda sudah mengonfirmasinya, /orders menunjukkan apakah pesanannya sudah dibuat. Kirim /topup untuk mulai lagi.
top-up-repeat-unavailable = Pesanan itu tidak bisa diulang. Mari mulai isi ulang baru.
top-up-placing = ⏳ Membuat pesanan… (nomor pesanan merchant <code>{ $number }</code>)
top-up-pending = ⏳ Layanan belum mengonfirmasi pesanan <code>{ $number }</code>. Kami terus mencoba dengan nomor pesanan yang sama, jadi tidak akan pernah terpotong dua kali; pesan di atas akan diperbarui.
top-up-not-placed-requote = Pesanan <code>{ $number }</code> tidak dibuat dan tidak ada biaya yang dipotong: harganya perlu diperbarui.
top-up-rejected = ⚠️ Pesanan <code>{ $number }</code> ditolak. Tidak ada biaya yang dipotong.
top-up-submit-error = ⚠️ Terjadi masalah saat membuat pesanan <code>{ $number }</code>. Cek lagi dalam satu menit dengan /status <code>{ $number }</code>: pesanan ini tidak akan pernah dibuat dua kali.
top-up-number-conflict = ⚠️ Pesanan <code>{ $number }</code> tidak dibuat: nomornya sudah dipakai pesanan lain. Tidak ada biaya yang dipotong. Silakan mulai isi ulang baru dengan /topup.
