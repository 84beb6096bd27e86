## Scheduled top-ups (/schedule)

schedule-list-empty = 🗓 Anda belum punya isi ulang terjadwal. Tekan ➕ untuk menjadwalkan: sekali pada tanggal dan jam tertentu, atau setiap hari, minggu, atau bulan.
schedule-list-head = 🗓 <b>Isi ulang terjadwal Anda</b> ({ $count } dari maksimal { $max })
schedule-entry = <b>{ $n }.</b> { $phone } · { $operator } · { $amount }
schedule-entry-when = { $when } ({ $zone })
schedule-entry-next = Pengisian berikutnya: { $time }
schedule-entry-paused = ⏸ Dijeda
schedule-entry-ended = Selesai (sudah jalan sekali)
schedule-entry-last-placed = Pengisian terakhir { $time }: dipesan, <code>{ $orderId }</code> · <code>{ $number }</code>
schedule-entry-last-not-placed = Pengisian terakhir { $time }: tidak dipesan: { $reason }
schedule-when-once = sekali pada { $date } pukul { $time }
schedule-when-daily = setiap hari pukul { $time }
schedule-when-weekly = setiap { $weekday } pukul { $time }
schedule-when-monthly = setiap bulan tanggal { $day } pukul { $time } (hari terakhir untuk bulan yang lebih pendek)
schedule-button-pause = ⏸ Jeda { $n }
schedule-button-resume = ▶️ Lanjutkan { $n }
schedule-button-delete = 🗑 Hapus { $n }
schedule-button-new = ➕ Jadwal baru
schedule-button-delete-yes = 🗑 Ya, hapus
schedule-button-keep = ⬅️ Jangan hapus
schedule-button-save = ✅ Simpan jadwal
schedule-delete-ask = Hapus isi ulang terjadwal ini? Pengisian yang sudah dipesan tetap ada di /orders.
schedule-deleted = Dihapus.
schedule-paused = Dijeda: tidak akan jalan sampai Anda melanjutkannya.
schedule-resumed = Dilanjutkan.
schedule-gone = Jadwal ini sudah tidak ada.
schedule-kind-once = 📅 Sekali
schedule-kind-daily = Setiap hari
schedule-kind-weekly = Setiap minggu
schedule-kind-monthly = Setiap bulan
schedule-ask-kind = Kapan isi ulang ini dijalankan? Waktu mengikuti zona waktu Anda, { $zone } (ubah dengan /timezone).
schedule-kind-chosen = Jadwal: { $kind }
schedule-ask-weekday = Hari apa?
schedule-weekday-chosen = Hari { $weekday }
schedule-ask-day = Tanggal berapa setiap bulannya? Kirim angka 1 sampai 31 (di bulan yang tidak punya tanggal itu, pengisian jalan di hari terakhirnya).
schedule-ask-time = Jam berapa? Kirim dalam format HH:MM, 24 jam, zona { $zone } (misalnya 09:30).
schedule-ask-datetime = Tanggal dan jam berapa? Kirim dalam format YYYY-MM-DD HH:MM, zona { $zone } (misalnya 2026-12-24 09:30).
schedule-type-it = Silakan ketik jawabannya (atau tekan ⬅️ Kembali).
schedule-error-time = Itu bukan jam. Silakan kirim HH:MM, 24 jam, misalnya 09:30.
schedule-error-datetime = Itu bukan tanggal dan jam. Silakan kirim YYYY-MM-DD HH:MM, misalnya 2026-12-24 09:30.
schedule-error-day = Itu bukan tanggal dalam sebulan. Silakan kirim angka 1 sampai 31.
schedule-error-past = Waktu itu sudah lewat. Silakan pilih waktu yang akan datang.
schedule-error-limit = 🚫 Anda sudah punya { $max } jadwal, jumlah maksimal untuk satu reseller. Hapus dulu salah satunya lewat /schedule. Tidak ada yang disimpan.
schedule-summary =
    🗓 <b>Isi ulang terjadwal baru</b>
    Nomor: { $phone }
    { $operator }, { $country }: { $receives } ({ $subtype })
    Kapan: { $when } ({ $zone })
    Pengisian pertama: { $first }
    { $estimate }
    Setiap pengisian diberi harga dan dipesan saat waktunya tiba, dari deposit Anda. Pengisian yang tidak bisa dipesan akan dilaporkan lalu dilewati; pengisian berikutnya tetap jalan sesuai rencana.
schedule-summary-estimate = Perkiraan harga per pengisian: <b>{ $price }</b>
schedule-summary-no-estimate = Harga belum bisa diperkirakan sekarang; harga tiap pengisian ditentukan saat waktunya tiba.
schedule-created = ✅ Terjadwal. Pengisian pertama: { $first } ({ $zone }). Kirim /schedule untuk melihat, menjeda, atau menghapus jadwal Anda.
schedule-cancelled = Jadwal dibatalkan. Tidak ada yang disimpan.
schedule-run-placed = 🗓 Isi ulang terjadwal dipesan: { $phone } · { $operator } · { $amount }. Pesanan <code>{ $orderId }</code> · <code>{ $number }</code>; hasilnya menyusul.
schedule-run-not-placed = 🚫 Isi ulang terjadwal tidak dipesan: { $phone } · { $operator } · { $amount }: { $reason }. Tidak ada biaya yang dipotong.
schedule-run-next = Pengisian berikutnya: { $time } ({ $zone }).
schedule-run-ended = Jadwal sekali jalan ini sudah selesai.
schedule-reason-no-quote = layanan belum bisa memberi harga saat ini
