## Invite links (/invite, /invites, /start with an invite's payload)

command-invite = tautan undangan beserta kode QR-nya: /invite &lt;reseller|agent|admin&gt; [pemakaian] [hari]
command-invites = undangan yang masih aktif, masing-masing dengan tombol untuk mencabutnya
invite-usage = 🚫 Kirim /invite &lt;reseller|agent|admin&gt; [pemakaian] [hari]: pemakaian dari 1 sampai { $maxUses } (default 1), hari dari 1 sampai { $maxDays } (default 7). Tidak ada yang dibuat.
invite-too-many = 🚫 Undangan aktif sudah mencapai batas ({ $max }): cabut dulu salah satunya di /invites. Tidak ada yang dibuat.
invite-made =
    🎟 Undangan <code>{ $id }</code>: siapa pun yang membuka tautan ini langsung menjadi { $role }.
    { $link }
    Pemakaian: { $uses } · berlaku sampai { $until }
    Kirim tautannya, atau tunjukkan kode QR di bawah. /invites menampilkan undangan yang aktif dan mencabutnya.
invite-qr-caption = Kode QR undangan { $id } ({ $role })
invites-title = 🎟 Undangan aktif:
invites-empty = Tidak ada undangan aktif. Buat dengan /invite reseller.
invites-row = <code>{ $id }</code> · { $role } · sisa pemakaian: { $left }/{ $uses } · sampai { $until } · oleh <code>{ $by }</code>
invites-revoke-button = ❌ Cabut { $id }
invites-revoked = Undangan { $id } dicabut: tautannya tidak berfungsi lagi.
invites-gone = Undangan ini sudah tidak aktif: tidak ada yang berubah.
invite-welcome-reseller = 🎉 Selamat datang, { $name }! Sekarang Anda reseller: isi ulang nomor HP dengan /topup (atau banyak sekaligus dari file CSV dengan /bulk), pantau pesanan Anda dengan /orders dan deposit Anda dengan /balance. /help menampilkan semuanya.
invite-welcome-agent = 🎉 Selamat datang, { $name }! Sekarang Anda agen dukungan: cek pesanan apa pun dengan /status, lihat daftar pesanan dengan /orders, dan buat struk untuk pelanggan dengan /receipt. /help menampilkan semuanya.
invite-welcome-admin = 🎉 Selamat datang, { $name }! Sekarang Anda admin: pengguna (/users, /invite), deposit (/credit), harga (/pricing), angka (/stats), dan kondisi sistem (/health) ada di tangan Anda. /help menampilkan semuanya.
invite-expired = ⌛ Tautan undangan ini sudah kedaluwarsa: tidak memberi akses. Minta tautan baru kepada orang yang mengirimnya.
invite-used-up = 🚫 Tautan undangan ini sudah habis dipakai: tidak memberi akses. Minta tautan baru kepada orang yang mengirimnya.
invite-revoked = 🚫 Tautan undangan ini sudah dicabut: tidak memberi akses. Minta tautan baru kepada orang yang mengirimnya.
invite-has-role = Anda sudah menjadi { $role }: undangan ini tidak mengubah apa pun dan tetap disimpan untuk orang yang dituju.
alert-invite-used = 🎟 { $name } <code>{ $id }</code> bergabung sebagai { $role } lewat undangan <code>{ $invite }</code> yang dibuat oleh <code>{ $by }</code>.
