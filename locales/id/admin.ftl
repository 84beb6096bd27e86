## People (/users, /grant, /revoke)

admin-users-title = Orang yang boleh memakai bot:
admin-users-row = { $user } — { $role }
admin-users-row-configured = { $user } — { $role } (ADMIN_IDS)
admin-users-empty = Belum ada yang punya peran.
admin-users-audit-title = Perubahan terbaru:
admin-users-audit-granted = { $at }: { $by } menjadikan { $user } { $role }
admin-users-audit-revoked = { $at }: { $by } menghapus { $user }
admin-users-audit-empty = Belum ada perubahan.
admin-grant-usage = Kirim /grant &lt;ID pengguna&gt; &lt;reseller|distributor|agent|admin&gt;.
admin-revoke-usage = Kirim /revoke &lt;ID pengguna&gt;.
admin-grant-done = { $user } sekarang menjadi { $role }.
admin-revoke-done = { $user } tidak lagi punya akses.
admin-revoke-nothing = { $user } memang tidak punya peran.
admin-change-last-admin = { $user } adalah admin terakhir: tidak bisa dihapus atau diturunkan perannya.
admin-change-configured = { $user } adalah admin dari ADMIN_IDS dan tidak bisa diubah di sini.

## Figures (/stats)

admin-stats-today = 📊 Hari ini (sejak { $from })
admin-stats-week = 📊 7 hari terakhir (sejak { $from })
admin-stats-total = Pesanan: { $count }
admin-stats-status = { $status }: { $count }
admin-stats-success = Tingkat keberhasilan: { $rate } %
admin-stats-success-none = Tingkat keberhasilan: — (belum ada yang selesai)
admin-stats-spend = Pemakaian dompet untuk pesanan berhasil: { $amounts }
admin-stats-spend-none = Pemakaian dompet untuk pesanan berhasil: tidak ada
admin-stats-operators = Operator teratas: { $list }
admin-stats-operators-none = Operator teratas: —
admin-stats-median = Waktu median sampai status akhir: { $duration }
admin-stats-median-none = Waktu median sampai status akhir: —
admin-duration = { $minutes } mnt { $seconds } dtk

## Health (/health)

admin-health-title = 🩺 Kondisi sistem
admin-health-redis-ok = Redis: terhubung · maxmemory-policy { $policy }
admin-health-redis-warn = Redis: terhubung · maxmemory-policy { $policy } ⚠️ seharusnya noeviction
admin-health-redis-down = Redis: ❌ tidak terhubung
admin-health-merchant-ok = Merchant API: terhubung · api_access_enabled { $enabled } · mata uang dompet { $currency }
admin-health-merchant-down = Merchant API: ❌ { $reason }
admin-health-merchant-answering = Merchant API: merespons (respons terakhir: { $at })
admin-health-merchant-busy = Merchant API: tidak dicek sekarang (jatah permintaan sedang terpakai; belum ada respons)
admin-health-merchant-paused = Merchant API: tidak dicek sekarang (semua replika sedang menunggu setelah 429, lihat di bawah)
admin-health-budget = Jatah permintaan: { $used } dari { $limit } terpakai menit ini
admin-health-paused = ⏸ Dijeda setelah 429 sampai { $until }
admin-health-not-paused = Tidak ada jeda karena 429.
admin-health-webhook = Webhook terakhir diterima: { $at }
admin-health-webhook-none = Webhook terakhir diterima: belum ada
admin-health-unfinished = Pesanan belum selesai: { $count }
admin-health-oldest = Terlama: { $line } (sejak { $since })
