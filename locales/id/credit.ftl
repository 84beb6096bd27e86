## Credit (/credit, /limit, /balance, /statement)

credit-usage = Kirim /credit &lt;ID pengguna&gt; &lt;nominal&gt; [catatan]; tanda - di depan nominal berarti mengurangi deposit (mis. /credit 123 -5).
credit-amount-not-a-number = 🚫 Itu bukan nominal: tulis dengan angka, mis. 25 atau 25.50.
credit-amount-too-many-decimals = 🚫 Terlalu banyak desimal: { $currency } punya { $digits } angka di belakang titik.
credit-amount-zero = 🚫 Nominal tidak boleh nol.
credit-amount-negative = 🚫 Nominal tidak boleh negatif.
credit-amount-ambiguous = 🚫 { $typed } bisa berarti { $thousands } atau { $decimal }: tulis { $whole } atau { $point }.
credit-unknown-user = 🚫 { $user } tidak punya peran di sini: beri dulu peran reseller.
credit-not-reseller = 🚫 { $user } bukan reseller: deposit dan batas hanya untuk reseller.
credit-below-zero = 🚫 Tidak bisa mengurangi { $amount } dari { $user }: deposit tersedianya (saldo dikurangi dana ditahan) { $available }, dan tidak pernah boleh di bawah nol.
credit-added = { $amount } ditambahkan ke deposit { $user }. Saldo baru: { $balance }.
credit-taken = { $amount } dikurangi dari deposit { $user }. Saldo baru: { $balance }.
credit-told-added = 💰 Admin menambahkan { $amount } ke deposit Anda ({ $note }). Saldo Anda: { $balance }.
credit-told-taken = 💰 Admin mengurangi { $amount } dari deposit Anda ({ $note }). Saldo Anda: { $balance }.
credit-refused-funds = 🚫 Deposit tidak cukup: tersedia { $available }, isi ulang ini seharga { $price }. Tidak ada yang dipesan.
credit-refused-order-limit = 🚫 Melebihi batas maksimal per pesanan Anda ({ $limit }): isi ulang ini seharga { $price }. Tidak ada yang dipesan.
credit-refused-daily-limit = 🚫 Melebihi batas harian Anda ({ $limit }): terpakai hari ini { $used }, sisa { $left }, isi ulang ini seharga { $price }. Tidak ada yang dipesan.
credit-low = ⚠️ Deposit tersedia Anda { $available }, di bawah batas peringatan Anda ({ $threshold }).
limit-usage = Kirim /limit &lt;ID pengguna&gt; &lt;nominal|off&gt; (harian, hari menurut UTC) atau /limit &lt;ID pengguna&gt; order &lt;nominal|off&gt; (per pesanan).
limit-daily-set = Batas harian { $user }: { $limit }.
limit-daily-off = { $user } sekarang tanpa batas harian.
limit-order-set = Batas maksimal per pesanan { $user }: { $limit }.
limit-order-off = { $user } sekarang tanpa batas maksimal per pesanan.
balance-title = 💰 Deposit { $user }
balance-line = Saldo { $balance } · ditahan { $holds } · tersedia { $available }
balance-today = Hari ini (UTC): { $spent } dari batas harian { $limit }, sisa { $left }
balance-today-no-limit = Hari ini (UTC): { $spent } (tanpa batas harian)
balance-order-max = Batas maksimal per pesanan: { $limit }
balance-alert-line = Peringatan deposit menipis di bawah { $threshold }
balance-usage = Kirim /balance, atau /balance &lt;ID pengguna&gt; untuk satu reseller.
balance-alert-usage = Kirim /balance alert &lt;nominal|off&gt;: Anda diberi tahu saat deposit tersedia turun di bawah nominal itu.
balance-alert-usage-admin = Kirim /balance alert &lt;ID pengguna&gt; &lt;nominal|off&gt;.
balance-alert-set = { $user } diberi tahu saat deposit tersedia turun di bawah { $threshold }.
balance-alert-off = Sekarang tidak ada peringatan deposit menipis untuk { $user }.
balance-all-title = 💰 Deposit reseller:
balance-all-row = { $user }: saldo { $balance }, tersedia { $available }
balance-all-empty = Belum ada reseller.
balance-wallet = Dompet merchant: { $balance }
balance-wallet-unreported = Dompet merchant: Merchant API tidak melaporkan saldonya (mata uang { $currency }).
balance-wallet-unavailable = Dompet merchant: Merchant API tidak bisa ditanya barusan.
statement-usage = Kirim /statement [dari] [sampai] dengan tanggal berformat YYYY-MM-DD (UTC); admin: /statement &lt;ID pengguna&gt; [dari] [sampai].
statement-caption = Mutasi { $user }, { $from } sampai { $to }, file { $part }
statement-summary = Mutasi { $user }, { $from } sampai { $to }: saldo awal { $opening }, masuk { $credits }, keluar { $debits }, saldo akhir { $closing } ({ $entries } entri).
statement-failed = Mutasi berhenti sebelum selesai ({ $count } entri terkirim). Silakan coba lagi.

## Alerts

alert-merchant-low-balance = 💸 Saldo dompet merchant tinggal { $balance }, di bawah MERCHANT_LOW_BALANCE ({ $threshold }): isi saldonya sebelum pesanan mulai ditolak.
