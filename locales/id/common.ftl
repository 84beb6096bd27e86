## Start and help

start-menu = Halo { $name }! Anda masuk sebagai { $role }. Pilih yang ingin Anda lakukan di bawah, atau kirim /help untuk melihat semua perintah.
menu-topup = 📱 Isi ulang
menu-orders = 📋 Pesanan
menu-balance = 💰 Saldo
menu-bulk = 📦 Isi ulang massal
menu-schedule = 🗓 Jadwal
menu-settings = ⚙️ Pengaturan
menu-help = ❓ Bantuan
menu-stats = 📊 Angka
menu-users = 👥 Pengguna
menu-invite = ✉️ Undang
menu-export = 📄 Ekspor
help-title = <b>Yang bisa Anda lakukan</b>
help-group-sell = 📱 Jual
help-group-orders = 📋 Pesanan
help-group-money = 💰 Keuangan
help-group-people = 👥 Pengguna
help-group-watch = 📊 Pantau
help-group-settings = ⚙️ Pengaturan
help-details = Kirim perintah saja, tanpa tambahan, untuk melihat cara memakainya; /cancel keluar dari proses yang sedang berjalan.
command-settings = pengaturan Anda: bahasa, zona waktu, nama toko, PIN
settings-title = ⚙️ <b>Pengaturan Anda</b>
settings-language = Bahasa: { $language }
settings-timezone = Zona waktu: <code>{ $zone }</code>
settings-shop = Nama toko di struk: { $name }
settings-shop-none = Nama toko di struk: belum ada
settings-pin-set = PIN: sudah diatur
settings-pin-none = PIN: belum diatur
settings-button-language = 🌐 Bahasa
settings-button-timezone = 🕒 Zona waktu
settings-button-shop = 🏪 Nama toko
settings-button-pin = 🔐 PIN
start-stranger =
    Halo { $name }! Bot ini menjual isi ulang seluler kepada reseller terdaftar.
    Anda belum punya akses. Kirim ID Telegram Anda <code>{ $id }</code> ke admin dan minta akses.
role-reseller = reseller
role-agent = agen dukungan
role-admin = admin
command-help = apa saja yang bisa dilakukan bot ini untuk Anda
command-topup = isi ulang nomor HP (dipandu, atau /topup &lt;nomor&gt; &lt;nominal&gt; [operator])
command-bulk = isi ulang massal dari file CSV (format dan template)
command-schedule = isi ulang terjadwal dan berulang: daftar, jeda, hapus, buat baru
command-status = satu pesanan: /status &lt;ID pesanan atau nomor pesanan merchant&gt;
command-orders = pesanan terbaru
command-users = siapa saja yang boleh memakai bot
command-grant = beri seseorang peran: /grant &lt;ID pengguna&gt; &lt;reseller|distributor|agent|admin&gt;
command-revoke = cabut akses: /revoke &lt;ID pengguna&gt;
command-stats = angka hari ini dan 7 hari terakhir
command-health = kondisi Redis, Merchant API, dan webhook
command-pin = PIN Anda untuk isi ulang besar (admin: /pin &lt;ID pengguna&gt; &lt;nominal|off|default|unlock|reset&gt;)
command-balance = deposit Anda: saldo, dana ditahan, yang tersedia, pemakaian hari ini
command-statement = mutasi deposit sebagai dokumen CSV: /statement [dari] [sampai]
command-credit = tambah atau kurangi deposit reseller: /credit &lt;ID pengguna&gt; &lt;nominal&gt; [catatan]
command-limit = batas seorang reseller: /limit &lt;ID pengguna&gt; [order] &lt;nominal|off&gt;
command-export = pesanan sebagai dokumen CSV: /export [dari] [sampai] [status]
command-reconcile = cocokkan pesanan kita dengan daftar pesanan Merchant API sekarang
command-cancel = keluar dari proses yang sedang berjalan
command-language = pilih bahasa
command-start = mulai

## Access

access-denied = Maaf, Anda tidak boleh memakai bot ini. ID Telegram Anda adalah <code>{ $id }</code>: kirimkan ke admin untuk meminta akses.
access-denied-short = Maaf, Anda tidak boleh memakai ini.
access-suspended = 🚫 Jaringan Anda ditangguhkan: distributor di atas Anda tidak lagi memegang peran itu. Kredit Anda tetap tersimpan; tidak ada pesanan yang bisa dibuat sampai admin memindahkan Anda.
access-suspended-short = 🚫 Jaringan Anda ditangguhkan.
command-not-for-role = Perintah ini tidak tersedia untuk peran Anda.
private-only = Saya hanya bekerja di chat pribadi: buka { $link } dan kirim pesan ke saya di sana.
private-only-short = Saya hanya bekerja di chat pribadi.

## Language

language-choose = Pilih bahasa Anda:
language-set = Bahasa diatur: { $language }.

## Buttons

button-back = ⬅️ Kembali
button-cancel = ✖️ Batal
button-next = Berikutnya ▶️
button-previous = ◀️ Sebelumnya
button-retry = 🔄 Coba lagi
button-confirm = ✅ Pesan
button-reject = ❌ Batal
button-repeat-same = 🔁 Nomor dan nominal yang sama lagi
button-repeat-amount = 🔁 Nomor sama, nominal lain
button-expired = Tombol ini sudah tidak berfungsi.

## Fallbacks

cancel-nothing = Tidak ada yang perlu dibatalkan. Kirim /topup untuk mulai isi ulang.
unhandled = Saya tidak mengerti. Kirim /help untuk melihat apa saja yang bisa Anda lakukan.

## Waiting line

line-position = ⏳ Dalam antrean: posisi { $position }, sekitar { $seconds } detik
line-leave-button = ❌ Keluar dari antrean
line-served = ✅ Sekarang giliran Anda.
line-left = Anda keluar dari antrean. Tidak ada biaya yang dipotong.
line-stopped = Masa tunggu di antrean sudah berakhir.
line-gone = Masa tunggu ini sudah selesai.

## Merchant service problems

service-error-refused-key = Layanan isi ulang sedang menolak permintaan kami. Admin sudah diberi tahu; silakan coba lagi nanti.
service-error-unavailable = Layanan isi ulang tidak merespons. Tidak ada biaya yang dipotong; silakan coba lagi sebentar lagi.
service-error-balance = Saldo dompet tidak cukup untuk isi ulang ini. Tidak ada biaya yang dipotong; minta admin untuk menambah dana.
service-error-risk = Batas pesanan sudah tercapai. Tidak ada biaya yang dipotong; silakan coba lagi nanti atau tanyakan ke admin.
service-error-wallet = Dompet tidak aktif. Tidak ada biaya yang dipotong; silakan tanyakan ke admin.
service-error-amount = Nominal ini tidak diterima untuk produk ini. Tidak ada biaya yang dipotong; silakan pilih nominal lain.
