## Export (/export)

export-usage = أرسل /export [من] [إلى] [الحالة] بتواريخ بصيغة YYYY-MM-DD (UTC) وحالة من بين: { $statuses }. مثال: /export 2026-11-01 2026-11-30 succeeded
export-caption = الطلبات المُنشأة من { $from } إلى { $to } (UTC){ $status }، الملف { $part }
export-caption-status = ، الحالة { $status }
export-done = اكتمل التصدير: { $count ->
        [zero] لا طلبات
        [one] طلب واحد
        [two] طلبان
        [few] { $count } طلبات
        [many] { $count } طلبًا
       *[other] { $count } طلب
    } في { $files ->
        [zero] { $files } ملف
        [one] ملف واحد
        [two] ملفين
        [few] { $files } ملفات
        [many] { $files } ملفًا
       *[other] { $files } ملف
    }.
export-failed = توقف التصدير قبل النهاية ({ $count ->
        [zero] لم يُرسَل أي طلب
        [one] أُرسل طلب واحد
        [two] أُرسل طلبان
        [few] أُرسل { $count } طلبات
        [many] أُرسل { $count } طلبًا
       *[other] أُرسل { $count } طلب
    }). حاول مرة أخرى من فضلك.

## Reconciliation (/reconcile)

reconcile-started = جارٍ المطابقة مع قائمة طلبات Merchant API… قد يستغرق ذلك بضع دقائق (تستخدم المطابقة الحصة الخلفية فقط من ميزانية الاستدعاءات).
reconcile-busy = هناك مطابقة جارية بالفعل؛ يصل تقريرها إلى المشرفين عند انتهائها.
reconcile-failed = تعذّر إكمال المطابقة: { $reason }. لم يتغير شيء آخر؛ حاول مرة أخرى لاحقًا.
reconcile-summary =
    <b>مطابقة</b> الطلبات المُنشأة منذ { $since } (UTC): { $checked ->
        [zero] لم يُفحص أي طلب لدى الخدمة.
        [one] فُحص طلب واحد لدى الخدمة.
        [two] فُحص طلبان لدى الخدمة.
        [few] فُحص { $checked } طلبات لدى الخدمة.
        [many] فُحص { $checked } طلبًا لدى الخدمة.
       *[other] فُحص { $checked } طلب لدى الخدمة.
    }
    سُجّلت (كانت لدى الخدمة وليست لدينا): { $missing }
    طُبّقت الحالة النهائية (كنا ما زلنا ننتظرها): { $repaired }
    اختلافات أخرى في الحالة: { $status }
    اختلافات في السعر: { $price }
    حجوزات رصيد بلا طلب: { $holds }
    طلبات لم يُنشئها هذا البوت، تم تجاهلها: { $foreign }
reconcile-report-caption = { $count ->
    [zero] لم تجد مطابقة { $day } (UTC) أي اختلاف؛ التفاصيل في الملف.
    [one] وجدت مطابقة { $day } (UTC) اختلافًا واحدًا؛ التفاصيل في الملف.
    [two] وجدت مطابقة { $day } (UTC) اختلافين؛ التفاصيل في الملف.
    [few] وجدت مطابقة { $day } (UTC) { $count } اختلافات؛ التفاصيل في الملف.
    [many] وجدت مطابقة { $day } (UTC) { $count } اختلافًا؛ التفاصيل في الملف.
   *[other] وجدت مطابقة { $day } (UTC) { $count } اختلاف؛ التفاصيل في الملف.
}
