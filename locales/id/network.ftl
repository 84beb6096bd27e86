## Networks: distributors and the resellers below them (/grant … distributor, /transfer, /network, /move)

role-distributor = distributor
menu-network = 🕸 Jaringan
menu-transfer = 💸 Transfer
help-group-network = 🕸 Jaringan
command-transfer = pindahkan deposit ke reseller tepat di bawah Anda: /transfer &lt;ID pengguna&gt; &lt;nominal&gt; [catatan]
command-network = reseller di bawah Anda: saldo, volume hari ini, komisi Anda
command-move = pindahkan reseller beserta semua yang di bawahnya: /move &lt;ID pengguna&gt; &lt;ID induk baru|merchant&gt;
network-not-yours = 🚫 { $user } tidak ada di jaringan Anda. Tidak ada yang berubah.
network-button-not-yours = 🚫 Daftar ini bukan milik Anda.
network-merchant = merchant

## Making and revoking distributors

network-grant-not-reseller = 🚫 { $user } adalah { $role }: hanya reseller, atau orang yang belum punya peran, yang bisa menjadi distributor. Tidak ada yang berubah.
network-grant-too-deep = 🚫 { $user } ada di level { $level } dari { $max } yang diizinkan NETWORK_MAX_DEPTH: reseller di bawahnya akan terlalu dalam. Tidak ada yang berubah.
network-suspended = ⛔ { $user } tidak lagi menjalankan jaringan. Reseller di bawahnya yang ditangguhkan: { $count }. Deposit mereka tetap ada, dan tidak ada pesanan mereka yang diproses sampai Anda memindahkan mereka dengan /move.
network-suspended-told = ⛔ Jaringan Anda ditangguhkan: { $user } bukan distributor lagi. Deposit Anda tetap aman, tetapi tidak ada isi ulang Anda yang diproses sampai admin memindahkan Anda ke distributor lain.

## Transfers (/transfer)

network-transfer-usage = Kirim /transfer &lt;ID pengguna&gt; &lt;nominal&gt; [catatan] untuk memindahkan deposit Anda ke reseller tepat di bawah Anda; tanda - di depan menariknya kembali (mis. /transfer 123 -5).
network-transfer-not-direct = 🚫 { $user } tidak tepat di bawah Anda: transfer hanya ke reseller Anda sendiri, reseller miliknya diisi oleh distributornya. Tidak ada yang dipindahkan.
network-transfer-short = 🚫 Deposit tidak cukup: tersedia { $available } (saldo dikurangi dana ditahan), sedangkan transfernya { $amount }. Tidak ada yang dipindahkan.
network-transfer-take-short = 🚫 Tidak bisa menarik kembali { $amount } dari { $user }: deposit tersedianya (saldo dikurangi dana ditahan) { $available }. Tidak ada yang dipindahkan.
network-transfer-given = 💸 { $amount } dipindahkan ke { $user }. Saldo Anda: { $balance }. Saldonya: { $theirs }.
network-transfer-taken = 💸 { $amount } ditarik kembali dari { $user }. Saldo Anda: { $balance }. Saldonya: { $theirs }.
network-transfer-told-given = 💰 { $by } memindahkan { $amount } ke deposit Anda ({ $note }). Saldo Anda: { $balance }.
network-transfer-told-taken = 💰 { $by } menarik kembali { $amount } dari deposit Anda ({ $note }). Saldo Anda: { $balance }.

## The network (/network)

network-empty = 🕸 Belum ada siapa pun di jaringan Anda. Undang reseller dengan /invite reseller.
network-title = 🕸 <b>Jaringan Anda</b> — tepat di bawah Anda: { $count } · total: { $total } (angka hari ini, hari UTC)
network-row = • { $user }: saldo { $balance } · hari ini { $volume } · komisi Anda { $commission }
network-row-folded = • { $user }: saldo { $balance } · hari ini { $volume } · komisi Anda { $commission } · +{ $below } di bawahnya
network-commission-today = Komisi Anda hari ini: { $commission }

## Moving resellers (/move)

network-move-usage = Kirim /move &lt;ID pengguna&gt; &lt;ID induk baru|merchant&gt;: reseller beserta semua yang di bawahnya pindah ke distributor itu, atau langsung ke merchant.
network-move-done = ✅ { $user } dipindahkan dari { $from } ke { $parent }, beserta semua yang di bawahnya.
network-move-told = 🕸 Sekarang Anda ada di jaringan { $parent }: dia mengisi deposit Anda dan menentukan harga Anda.
network-move-told-merchant = 🕸 Sekarang Anda membeli langsung dari merchant: tidak ada lagi distributor di atas Anda.
network-move-not-reseller = 🚫 { $user } bukan reseller: hanya reseller dan distributor yang bisa dipindahkan. Tidak ada yang berubah.
network-move-not-distributor = 🚫 { $parent } bukan distributor: jadikan dulu distributor dengan /grant. Tidak ada yang berubah.
network-move-cycle = 🚫 { $user } tidak bisa ditaruh di bawah { $parent }: { $parent } adalah { $user } atau ada di bawahnya. Tidak ada yang berubah.
network-move-too-deep = 🚫 { $user } tidak bisa ditaruh di bawah { $parent }: jaringannya akan lebih dalam dari yang diizinkan NETWORK_MAX_DEPTH (paling banyak { $max }). Tidak ada yang berubah.

## Distributors' invites (/invite reseller, /invites)

network-invite-usage = 🚫 Kirim /invite reseller [pemakaian] [hari]: distributor mengundang reseller ke jaringannya sendiri (pemakaian dari 1 sampai { $maxUses }, default 1; hari dari 1 sampai { $maxDays }, default 7). Tidak ada yang dibuat.
network-invite-made = 🕸 Siapa pun yang bergabung lewat undangan ini masuk ke jaringan Anda: isi depositnya dengan /transfer dan tentukan harganya dengan /pricing.
network-invite-joined = 🕸 Anda ada di jaringan { $parent }: dia mengisi deposit Anda dan menentukan harga Anda.
network-invite-told = 🕸 { $user } bergabung ke jaringan Anda lewat undangan { $id }. Isi depositnya dengan /transfer.
network-invite-maker-gone = 🚫 Undangan ini tidak berlaku lagi: pembuatnya tidak lagi menjalankan jaringan. Tidak ada yang berubah; minta tautan baru.
network-invite-cannot-join = 🚫 Undangan ini tidak bisa memasukkan Anda: jaringannya akan lebih dalam dari yang diizinkan. Tidak ada yang berubah; hubungi admin.

## A distributor's prices (/pricing)

network-pricing-title = 💹 Aturan Anda: yang dibayar reseller di jaringan Anda di atas harga yang Anda bayar (aturan paling spesifik yang berlaku: reseller, lalu operator, negara, default)
network-pricing-no-default = Default: belum ada aturan: reseller Anda membayar harga yang Anda bayar.
pricing-error-in-network = 🚫 { $user } ada di jaringan { $distributor }: harganya adalah harga distributor ditambah aturan distributor, jadi aturan merchant untuknya tidak akan pernah berlaku. Tidak ada yang berubah.
admin-users-row-under = { $user } — { $role }, di jaringan { $parent }
