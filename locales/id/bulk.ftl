## Bulk top-ups (/bulk)

bulk-help =
    <b>Isi ulang massal dari file CSV</b>
    Kirim file CSV sebagai dokumen, satu isi ulang per baris: <code>phone,amount,operator,note</code>
    • phone: format internasional dengan kode negara (<code>+234…</code>)
    • amount: nominal lokal yang diterima nomor tujuan
    • operator: boleh dikosongkan jika pilihan di negara itu sudah jelas
    • note: bebas diisi apa saja; akan muncul lagi di laporan
    Maksimal 1.000 baris, UTF-8, pemisah koma atau titik koma, tanda kutip boleh. Baris pertama berisi nama kolom boleh ada, boleh tidak.
    Saya memeriksa setiap baris dan menampilkan perkiraan biaya sebelum ada yang dipesan.
bulk-template-caption = Template: isi lalu kirim kembali sebagai dokumen.
bulk-checking = ⏳ Memeriksa file…
bulk-download-failed = ⚠️ File tidak bisa diunduh dari Telegram. Silakan kirim lagi.
bulk-file-empty = 🚫 File tidak berisi baris untuk diisi ulang.
bulk-file-not-csv = 🚫 Itu bukan file teks CSV. Silakan kirim file .csv (UTF-8) dengan kolom phone,amount,operator,note.
bulk-file-too-many-lines = 🚫 File berisi lebih dari 1.000 baris. Silakan pecah menjadi beberapa file yang lebih kecil.
bulk-file-too-large = 🚫 File terlalu besar. Satu file massal berisi maksimal 1.000 baris.
bulk-file-columns = 🚫 Kolomnya bukan phone,amount,operator,note. Silakan pakai template dari /bulk.
bulk-summary = <b>Isi ulang massal</b>: { $valid } baris valid, { $errors } berisi kesalahan.
bulk-summary-line-error = Baris { $line }: { $problem }
bulk-summary-more-errors = …dan { $count } baris lain berisi kesalahan (semuanya ada di laporan).
bulk-summary-no-estimate = Biaya belum bisa diperkirakan sekarang; harga tiap baris ditentukan saat baris itu dipesan.
bulk-summary-estimate = Perkiraan biaya: <b>{ $cost }</b>
bulk-summary-estimate-approx = Perkiraan biaya: sekitar <b>{ $cost }</b>
bulk-summary-credit = Deposit tersedia: { $available }
bulk-summary-credit-short = ⚠️ Deposit tersedia: { $available }, kurang dari perkiraan: baris yang melebihi deposit Anda tidak akan dipesan.
bulk-summary-confirm = ✅ untuk mulai memesan baris yang valid; ❌ untuk membuang file.
bulk-summary-nothing = Tidak ada baris yang bisa dipesan. Silakan perbaiki file lalu kirim lagi.
bulk-button-start = ✅ Mulai
bulk-button-drop = ❌ Buang
bulk-button-pause = ⏸ Jeda
bulk-button-resume = ▶️ Lanjutkan
bulk-button-cancel = ⏹ Batalkan
bulk-gone = File massal ini sudah tidak tersedia.
bulk-dropped = File massal dibuang. Tidak ada yang dipesan.
bulk-started = Dimulai.
bulk-pause-done = Dijeda.
bulk-resume-done = Dilanjutkan.
bulk-cancel-done = Dibatalkan: baris yang belum dipesan tidak akan dipesan.
bulk-progress-running = ⏳ <b>Isi ulang massal berjalan</b>
bulk-progress-paused = ⏸ <b>Isi ulang massal dijeda</b>
bulk-progress-cancelled = ⏹ <b>Isi ulang massal dibatalkan</b>
bulk-progress-finished = ✅ <b>Isi ulang massal selesai</b>
bulk-progress-counts = Dipesan { $placed } · gagal { $failed } · sisa { $left }
bulk-progress-skipped = Tidak dipesan (dibatalkan): { $count }
bulk-progress-spent = Terpakai sejauh ini: { $spent }
bulk-progress-eta = Perkiraan selesai: { $time }
bulk-report-caption = Laporan massal: { $placed } dipesan, { $failed } gagal, { $skipped } tidak dipesan. Semua pesanan juga ada di /orders.
bulk-line-duplicate = nomornya sama dengan baris { $line }
bulk-line-operator-unknown = tidak ada operator “{ $operator }” di { $country }
bulk-line-operator-several = “{ $operator }” cocok dengan beberapa operator: { $names }
bulk-line-operator-needed = silakan sebutkan operatornya ({ $names })
bulk-line-amount-ambiguous = nominal ini ditawarkan { $operator } dalam beberapa mata uang
bulk-line-refused-credit = deposit tersedia tidak cukup
bulk-line-refused-daily-limit = melewati batas harian Anda
bulk-line-refused-order-limit = melebihi batas per pesanan Anda
bulk-line-refused-busy = pesanan lain ke nomor ini belum selesai
bulk-line-refused-other = tidak dipesan oleh layanan; tidak ada biaya yang dipotong

## Bulk runs and schedules stopped: the payer may no longer order

bulk-role-changed = 🚫 Peran Anda berubah sejak file ini diperiksa, jadi harganya bukan lagi harga Anda. Tidak ada yang dipesan: kirim file itu lagi.
bulk-pin-ask = 🔐 Isi ulang massal ini diperkirakan { $cost }: masukkan PIN Anda di keypad untuk memulainya.
bulk-pin-ask-unknown = 🔐 Biaya isi ulang massal ini tidak bisa diperkirakan: masukkan PIN Anda di keypad untuk memulainya.
bulk-progress-stopped = Dihentikan: { $reason }.
payer-stopped-no-access = Anda tidak lagi punya peran yang boleh melakukan isi ulang
payer-stopped-pin-locked = PIN Anda terkunci karena terlalu sering salah
payer-stopped-pin-needed = isi ulang ini sekarang butuh PIN Anda
alert-payer-stopped-bulk = ⏹ Isi ulang massal milik { $user } dihentikan: { $reason }. Sisanya tidak akan dipesan.
alert-payer-stopped-schedule = ⏸ Sebuah jadwal milik { $user } dijeda: { $reason }. Sisanya tidak akan dipesan.
schedule-paused-stopped = Jadwal ini dijeda: { $reason }. Lanjutkan lewat /schedule setelah masalahnya beres.
schedule-pin-unknown = 🔐 Harga jadwal ini belum bisa diperkirakan sekarang, jadi untuk menyimpannya perlu PIN Anda.
