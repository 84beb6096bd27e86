## Export (/export)

export-usage = Kirim /export [dari] [sampai] [status] dengan tanggal berformat YYYY-MM-DD (UTC) dan salah satu status berikut: { $statuses }. Contoh: /export 2026-11-01 2026-11-30 succeeded
export-caption = Pesanan yang dibuat { $from } sampai { $to } (UTC){ $status }, file { $part }
export-caption-status = , status { $status }
export-done = Ekspor selesai: { $count } pesanan dalam { $files } file.
export-failed = Ekspor berhenti sebelum selesai ({ $count } pesanan terkirim). Silakan coba lagi.

## Reconciliation (/reconcile)

reconcile-started = Mencocokkan dengan daftar pesanan Merchant API… ini bisa makan waktu beberapa menit (hanya memakai bagian latar belakang dari jatah permintaan).
reconcile-busy = Rekonsiliasi sedang berjalan; laporannya dikirim ke admin setelah selesai.
reconcile-failed = Rekonsiliasi tidak bisa selesai: { $reason }. Tidak ada lagi yang diubah; coba lagi nanti.
reconcile-summary =
    <b>Rekonsiliasi</b> pesanan yang dibuat sejak { $since } (UTC): { $checked } pesanan dari layanan diperiksa.
    Dicatat (ada di layanan, tidak ada di kita): { $missing }
    Status akhir diterapkan (masih kita tunggu): { $repaired }
    Perbedaan status lainnya: { $status }
    Perbedaan harga: { $price }
    Dana ditahan tanpa pesanan: { $holds }
    Pesanan yang bukan dari bot ini, diabaikan: { $foreign }
reconcile-report-caption = { $count } perbedaan ditemukan oleh rekonsiliasi tanggal { $day } (UTC); detailnya ada di file.
