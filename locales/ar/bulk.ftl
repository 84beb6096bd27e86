## Bulk top-ups (/bulk)

bulk-help =
    <b>الشحن الجماعي من ملف CSV</b>
    أرسل ملف CSV كمستند، عملية شحن واحدة في كل سطر: <code>phone,amount,operator,note</code>
    • phone: بالصيغة الدولية مع رمز الدولة (<code>+234…</code>)
    • amount: المبلغ المحلي الذي يستلمه الخط
    • operator: يمكن تركه فارغًا إذا كان للدولة خيار واضح
    • note: ما تشاء؛ يعود إليك في التقرير
    حتى 1000 سطر، بترميز UTF-8، بفواصل أو فواصل منقوطة، وعلامات الاقتباس مسموحة. السطر الأول بأسماء الأعمدة اختياري.
    أفحص كل سطر وأعرض التكلفة التقديرية قبل إرسال أي شيء.
bulk-template-caption = القالب: املأه وأعد إرساله كمستند.
bulk-checking = ⏳ جارٍ فحص الملف…
bulk-download-failed = ⚠️ تعذّر تنزيل الملف من Telegram. أرسله مرة أخرى من فضلك.
bulk-file-empty = 🚫 لا يحتوي الملف على أي سطر للشحن.
bulk-file-not-csv = 🚫 هذا ليس ملفًا نصيًا بصيغة CSV. أرسل ملف CSV (بامتداد csv وترميز UTF-8) بالأعمدة phone,amount,operator,note.
bulk-file-too-many-lines = 🚫 في الملف أكثر من 1000 سطر. قسّمه إلى ملفات أصغر من فضلك.
bulk-file-too-large = 🚫 الملف كبير جدًا. الملف الجماعي يتسع لـ 1000 سطر كحد أقصى.
bulk-file-columns = 🚫 الأعمدة ليست phone,amount,operator,note. استخدم القالب من /bulk.
bulk-summary = <b>شحن جماعي</b>: { $valid ->
        [zero] لا أسطر صالحة
        [one] سطر واحد صالح
        [two] سطران صالحان
        [few] { $valid } أسطر صالحة
        [many] { $valid } سطرًا صالحًا
       *[other] { $valid } سطر صالح
    }، و{ $errors } بها أخطاء.
bulk-summary-line-error = السطر { $line }: { $problem }
bulk-summary-more-errors = { $count ->
    [zero] …ولا أسطر أخرى بها أخطاء (جميعها في التقرير).
    [one] …وسطر آخر به أخطاء (جميعها في التقرير).
    [two] …وسطران آخران بهما أخطاء (جميعها في التقرير).
    [few] …و{ $count } أسطر أخرى بها أخطاء (جميعها في التقرير).
    [many] …و{ $count } سطرًا آخر به أخطاء (جميعها في التقرير).
   *[other] …و{ $count } سطر آخر به أخطاء (جميعها في التقرير).
}
bulk-summary-no-estimate = تعذّر تقدير التكلفة الآن؛ يُسعَّر كل سطر عند إرساله.
bulk-summary-estimate = التكلفة التقديرية: <b>{ $cost }</b>
bulk-summary-estimate-approx = التكلفة التقديرية: نحو <b>{ $cost }</b>
bulk-summary-credit = الرصيد المتاح: { $available }
bulk-summary-credit-short = ⚠️ الرصيد المتاح: { $available }، وهو أقل من التقدير: الأسطر التي تتجاوز رصيدك لن تُرسَل.
bulk-summary-confirm = ✅ يبدأ إرسال الأسطر الصالحة؛ ❌ يتجاهل الملف.
bulk-summary-nothing = لا يمكن إرسال أي سطر. صحّح الملف وأرسله مرة أخرى من فضلك.
bulk-button-start = ✅ ابدأ
bulk-button-drop = ❌ تجاهل
bulk-button-pause = ⏸ إيقاف مؤقت
bulk-button-resume = ▶️ استئناف
bulk-button-cancel = ⏹ إلغاء
bulk-gone = هذا الملف الجماعي لم يعد متاحًا.
bulk-dropped = تم تجاهل الملف الجماعي. لم يُرسَل أي شيء.
bulk-started = بدأ الإرسال.
bulk-pause-done = تم الإيقاف المؤقت.
bulk-resume-done = تم الاستئناف.
bulk-cancel-done = تم الإلغاء: الأسطر التي لم تُرسَل بعد لن تُرسَل.
bulk-progress-running = ⏳ <b>الشحن الجماعي جارٍ</b>
bulk-progress-paused = ⏸ <b>الشحن الجماعي متوقف مؤقتًا</b>
bulk-progress-cancelled = ⏹ <b>الشحن الجماعي أُلغي</b>
bulk-progress-finished = ✅ <b>الشحن الجماعي اكتمل</b>
bulk-progress-counts = أُرسل { $placed } · فشل { $failed } · متبقٍ { $left }
bulk-progress-skipped = { $count ->
    [zero] لم يُرسَل بسبب الإلغاء: لا أسطر
    [one] لم يُرسَل بسبب الإلغاء: سطر واحد
    [two] لم يُرسَل بسبب الإلغاء: سطران
    [few] لم يُرسَل بسبب الإلغاء: { $count } أسطر
    [many] لم يُرسَل بسبب الإلغاء: { $count } سطرًا
   *[other] لم يُرسَل بسبب الإلغاء: { $count } سطر
}
bulk-progress-spent = المُنفَق حتى الآن: { $spent }
bulk-progress-eta = الانتهاء المتوقع: { $time }
bulk-report-caption = تقرير الشحن الجماعي: أُرسل { $placed }، فشل { $failed }، لم يُرسَل { $skipped }. كل طلب موجود أيضًا في /orders.
bulk-line-duplicate = الرقم نفسه الموجود في السطر { $line }
bulk-line-operator-unknown = لا يوجد مشغّل «{ $operator }» في { $country }
bulk-line-operator-several = «{ $operator }» يطابق عدة مشغّلين: { $names }
bulk-line-operator-needed = حدّد اسم المشغّل من فضلك ({ $names })
bulk-line-amount-ambiguous = هذا المبلغ يعرضه { $operator } بأكثر من عملة
bulk-line-refused-credit = الرصيد المتاح غير كافٍ
bulk-line-refused-daily-limit = يتجاوز حدك اليومي
bulk-line-refused-order-limit = أعلى من حدك لكل طلب
bulk-line-refused-busy = طلب آخر إلى هذا الرقم لم ينتهِ بعد
bulk-line-refused-other = لم تُنفّذه الخدمة؛ لم يُخصم أي مبلغ

## Bulk runs and schedules stopped: the payer may no longer order

bulk-role-changed = 🚫 تغيّر دورك منذ فحص هذا الملف، لذا لم تعد أسعاره تخصّك. لم يُرسَل أي شيء: أرسل الملف مرة أخرى.
bulk-pin-ask = 🔐 التكلفة التقديرية لهذا الشحن الجماعي { $cost }: أدخل رمز PIN على لوحة الأرقام لبدئه.
bulk-pin-ask-unknown = 🔐 تعذّر تقدير تكلفة هذا الشحن الجماعي: أدخل رمز PIN على لوحة الأرقام لبدئه.
bulk-progress-stopped = أُوقف: { $reason }.
payer-stopped-no-access = لم يعد لديك دور يسمح بالشحن
payer-stopped-pin-locked = رمز PIN الخاص بك مقفل بعد محاولات خاطئة كثيرة
payer-stopped-pin-needed = هذا الشحن يتطلب الآن رمز PIN الخاص بك
alert-payer-stopped-bulk = ⏹ أُوقف الشحن الجماعي للمستخدم { $user }: { $reason }. لن يُرسَل منه أي شيء آخر.
alert-payer-stopped-schedule = ⏸ أُوقفت جدولة للمستخدم { $user } مؤقتًا: { $reason }. لن يُرسَل منها أي شيء آخر.
schedule-paused-stopped = هذه الجدولة متوقفة مؤقتًا: { $reason }. استأنفها في /schedule بعد حل ذلك.
schedule-pin-unknown = 🔐 تعذّر تقدير سعر هذه الجدولة الآن، لذا يتطلب حفظها رمز PIN الخاص بك.
