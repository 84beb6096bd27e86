## Scheduled top-ups (/schedule)

schedule-list-empty = 🗓 ليس لديك أي عملية شحن مجدولة. اضغط ➕ لجدولة واحدة: مرة واحدة في تاريخ ووقت محددين، أو كل يوم أو أسبوع أو شهر.
schedule-list-head = 🗓 <b>عمليات الشحن المجدولة لديك</b> ({ $count ->
        [zero] لا شيء
        [one] جدولة واحدة
        [two] جدولتان
        [few] { $count } جدولات
        [many] { $count } جدولة
       *[other] { $count } جدولة
    } من { $max } كحد أقصى)
schedule-entry = <b>{ $n }.</b> { $phone } · { $operator } · { $amount }
schedule-entry-when = { $when } ({ $zone })
schedule-entry-next = التشغيل التالي: { $time }
schedule-entry-paused = ⏸ متوقفة مؤقتًا
schedule-entry-ended = انتهت (نُفّذت مرة واحدة)
schedule-entry-last-placed = آخر تشغيل { $time }: أُرسل، <code>{ $orderId }</code> · <code>{ $number }</code>
schedule-entry-last-not-placed = آخر تشغيل { $time }: لم يُرسَل: { $reason }
schedule-when-once = مرة واحدة في { $date } الساعة { $time }
schedule-when-daily = كل يوم الساعة { $time }
schedule-when-weekly = كل يوم { $weekday } الساعة { $time }
schedule-when-monthly = كل شهر في اليوم { $day } الساعة { $time } (آخر يوم في الأشهر الأقصر)
schedule-button-pause = ⏸ إيقاف مؤقت { $n }
schedule-button-resume = ▶️ استئناف { $n }
schedule-button-delete = 🗑 حذف { $n }
schedule-button-new = ➕ جدولة جديدة
schedule-button-delete-yes = 🗑 نعم، احذفها
schedule-button-keep = ⬅️ أبقِها
schedule-button-save = ✅ حفظ الجدولة
schedule-delete-ask = هل تريد حذف عملية الشحن المجدولة هذه؟ عمليات التشغيل المُرسلة بالفعل تبقى في /orders.
schedule-deleted = تم الحذف.
schedule-paused = أُوقفت مؤقتًا: لن تعمل حتى تستأنفها.
schedule-resumed = تم الاستئناف.
schedule-gone = هذه الجدولة لم تعد موجودة.
schedule-kind-once = 📅 مرة واحدة
schedule-kind-daily = كل يوم
schedule-kind-weekly = كل أسبوع
schedule-kind-monthly = كل شهر
schedule-ask-kind = متى يجب أن تُنفَّذ عملية الشحن هذه؟ الأوقات بمنطقتك الزمنية، { $zone } (غيّرها بالأمر /timezone).
schedule-kind-chosen = التكرار: { $kind }
schedule-ask-weekday = في أي يوم من الأسبوع؟
schedule-weekday-chosen = يوم { $weekday }
schedule-ask-day = في أي يوم من الشهر؟ أرسل رقمًا من 1 إلى 31 (في الشهر الذي لا يوجد فيه ذلك اليوم، يُنفَّذ الشحن في آخر يوم منه).
schedule-ask-time = في أي ساعة؟ أرسلها بصيغة HH:MM، بنظام 24 ساعة، بتوقيت { $zone } (مثلًا 09:30).
schedule-ask-datetime = في أي تاريخ وساعة؟ أرسلهما بصيغة YYYY-MM-DD HH:MM بتوقيت { $zone } (مثلًا 2026-12-24 09:30).
schedule-type-it = اكتب الإجابة من فضلك (أو اضغط ⬅️ رجوع).
schedule-error-time = هذا ليس وقتًا. أرسل HH:MM بنظام 24 ساعة من فضلك، مثلًا 09:30.
schedule-error-datetime = هذا ليس تاريخًا ووقتًا. أرسل YYYY-MM-DD HH:MM من فضلك، مثلًا 2026-12-24 09:30.
schedule-error-day = هذا ليس يومًا من الشهر. أرسل رقمًا من 1 إلى 31 من فضلك.
schedule-error-past = هذا الوقت مضى بالفعل. اختر وقتًا في المستقبل من فضلك.
schedule-error-limit = { $max ->
    [zero] 🚫 لا يُسمح للموزّع بأي جدولة. لم يُحفظ شيء.
    [one] 🚫 لديك بالفعل جدولة واحدة، وهي أقصى ما يُسمح به للموزّع الواحد. احذفها أولًا بالأمر /schedule. لم يُحفظ شيء.
    [two] 🚫 لديك بالفعل جدولتان، وهو أقصى ما يُسمح به للموزّع الواحد. احذف واحدة أولًا بالأمر /schedule. لم يُحفظ شيء.
    [few] 🚫 لديك بالفعل { $max } جدولات، وهو أقصى ما يُسمح به للموزّع الواحد. احذف واحدة أولًا بالأمر /schedule. لم يُحفظ شيء.
    [many] 🚫 لديك بالفعل { $max } جدولة، وهو أقصى ما يُسمح به للموزّع الواحد. احذف واحدة أولًا بالأمر /schedule. لم يُحفظ شيء.
   *[other] 🚫 لديك بالفعل { $max } جدولة، وهو أقصى ما يُسمح به للموزّع الواحد. احذف واحدة أولًا بالأمر /schedule. لم يُحفظ شيء.
}
schedule-summary =
    🗓 <b>عملية شحن مجدولة جديدة</b>
    الرقم: { $phone }
    { $operator }، { $country }: { $receives } ({ $subtype })
    الموعد: { $when } ({ $zone })
    أول تشغيل: { $first }
    { $estimate }
    يُسعَّر كل تشغيل ويُرسَل عند موعده، من رصيدك. التشغيل الذي يتعذر إرساله يُبلَّغ عنه ويُتخطّى؛ ويعمل التشغيل التالي كما هو مخطط.
schedule-summary-estimate = السعر التقديري لكل تشغيل: <b>{ $price }</b>
schedule-summary-no-estimate = تعذّر تقدير السعر الآن؛ يُسعَّر كل تشغيل عند موعده.
schedule-created = ✅ تمت الجدولة. أول تشغيل: { $first } ({ $zone }). أرسل /schedule لعرض جدولاتك أو إيقافها مؤقتًا أو حذفها.
schedule-cancelled = أُلغيت الجدولة. لم يُحفظ شيء.
schedule-run-placed = 🗓 أُرسل شحن مجدول: { $phone } · { $operator } · { $amount }. الطلب <code>{ $orderId }</code> · <code>{ $number }</code>؛ تصلك نتيجته لاحقًا.
schedule-run-not-placed = 🚫 لم يُرسَل شحن مجدول: { $phone } · { $operator } · { $amount }: { $reason }. لم يُخصم أي مبلغ.
schedule-run-next = التشغيل التالي: { $time } ({ $zone }).
schedule-run-ended = انتهت هذه الجدولة ذات المرة الواحدة.
schedule-reason-no-quote = تعذّر على الخدمة إعطاء سعر الآن
