## Orders

order-status-accepted = مقبول
order-status-processing = قيد المعالجة
order-status-manual-review = قيد المراجعة
order-status-succeeded = ناجح
order-status-failed = فاشل
order-status-refunded = مُسترَد
order-status-unknown = جارٍ ({ $status })
order-status-placing = جارٍ الإرسال
order-status-rejected = لم يُرسَل

order-status-line = { $emoji } <b>{ $status }</b> · <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
order-status-line-pending = { $emoji } <b>{ $status }</b> · <code>{ $externalOrderId }</code>

order-subtype-airtime = رصيد اتصال
order-subtype-data = إنترنت
order-subtype-bundle = باقة

order-details =
    { $operator } ({ $country })، { $subtype }
    <b>الهاتف:</b> { $phone }
    <b>الشحن:</b> { $localAmount }
    <b>المحفظة:</b> { $price }

order-receipt =
    ✅ تم توصيل الشحن
    <b>الطلب:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>الهاتف:</b> { $phone }
    <b>الشحن:</b> { $localAmount }
    <b>المدفوع من المحفظة:</b> { $price }
    <b>الوقت:</b> { $time }

order-failed-notice =
    ⚠️ فشلت عملية الشحن: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    الهاتف: { $phone }، { $localAmount }
    المبلغ ({ $price }) لم يعد إلى المحفظة بعد: الاسترداد قيد الانتظار. ستصلك رسالة عند وصوله.

order-refunded-notice =
    ↩️ تم الاسترداد: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    عاد { $price } إلى المحفظة. لم يُشحن الهاتف { $phone }.

order-rejected-notice =
    ❌ لم يُرسَل الطلب <code>{ $externalOrderId }</code>: { $reason }
    لم يُخصم أي مبلغ.

order-quote-expired-notice =
    ❌ لم يُرسَل الطلب <code>{ $externalOrderId }</code>: انتهت صلاحية عرض السعر قبل أن تتمكن الخدمة من قبوله.
    لم يُخصم أي مبلغ. اطلب عرض سعر جديدًا للمحاولة مرة أخرى.

order-revived-notice =
    ‼️ تصحيح: الطلب <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> أُرسل في النهاية، وخُصم { $price } من المحفظة. الرسالة السابقة التي قالت إنه لم يُرسَل خاطئة.
    ستظهر حالته هنا.

order-new-quote-button = 🔄 عرض سعر جديد

order-pending-notice =
    ⏳ الطلب <code>{ $externalOrderId }</code> قيد الإرسال. لم تردّ الخدمة بعد؛ نواصل المحاولة برقم الطلب نفسه، لذا لن يُخصم مرتين أبدًا.
    ستصلك رسالة فور تأكيده.

order-reject-reason-balance = رصيد المحفظة منخفض جدًا
order-reject-reason-risk = تم بلوغ حد للطلبات
order-reject-reason-wallet = المحفظة غير مفعّلة
order-reject-reason-detail = هذا الشحن غير متاح الآن
order-reject-reason-amount = المبلغ غير مقبول
order-reject-reason-local-currency = العملة غير مقبولة
order-reject-reason-account = رقم الهاتف مفقود أو غير مقبول
order-reject-reason-quote-token = عرض السعر لم يعد صالحًا؛ اطلب عرض سعر جديدًا
order-reject-reason-quote-expired = انتهت صلاحية عرض السعر؛ اطلب عرض سعر جديدًا
order-reject-reason-price-changed = تغيّر السعر؛ اطلب عرض سعر جديدًا
order-reject-reason-account-busy = عملية شحن أخرى إلى هذا الرقم لم تنتهِ بعد
order-reject-reason-external-order-id = رقم الطلب مستخدَم من قبل
order-reject-reason-not-placed = توقف البوت قبل إرساله
order-reject-reason-not-durable = تعذّر على تخزين البوت تأكيده بأمان (لم تستجب أي نسخة من Redis)، لذا لم يُرسَل؛ حاول مرة أخرى بعد دقيقة
order-reject-reason-other = رفضت الخدمة الطلب

## Alerts

alert-order-failed = ⚠️ فشلت عملية الشحن: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> (الاسترداد قيد الانتظار)
alert-order-refunded = ↩️ تم الاسترداد: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-manual-review = 🔎 قيد المراجعة اليدوية: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-rejected = ❌ رُفض الطلب: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: { $reason }
alert-forbidden-placement = 🚫 ردّت الخدمة بـ 403 على الطلب <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: تحقق من مفتاح API وقائمة عناوين IP المسموح بها وصلاحية الوصول إلى API. تستمر إعادة محاولة الطلب.
alert-forbidden-read = 🚫 ردّت الخدمة بـ 403 على قراءة طلب: تحقق من مفتاح API وقائمة عناوين IP المسموح بها وصلاحية الوصول إلى API.
alert-webhook-signature = { $failures ->
    [zero] 🛡 لم يُرفض أي إشعار webhook (آخر سبب: { $reason }). تحقق من MERCHANT_WEBHOOK_SECRETS.
    [one] 🛡 رُفض إشعار webhook واحد (آخر سبب: { $reason }). تحقق من MERCHANT_WEBHOOK_SECRETS.
    [two] 🛡 رُفض إشعاران من webhook (آخر سبب: { $reason }). تحقق من MERCHANT_WEBHOOK_SECRETS.
    [few] 🛡 رُفضت { $failures } إشعارات webhook (آخر سبب: { $reason }). تحقق من MERCHANT_WEBHOOK_SECRETS.
    [many] 🛡 رُفض { $failures } إشعارًا من webhook (آخر سبب: { $reason }). تحقق من MERCHANT_WEBHOOK_SECRETS.
   *[other] 🛡 رُفض { $failures } إشعار webhook (آخر سبب: { $reason }). تحقق من MERCHANT_WEBHOOK_SECRETS.
}
alert-stale-order = ⏰ لم ينتهِ بعد مرور { $minutes ->
        [zero] { $minutes } دقيقة
        [one] دقيقة واحدة
        [two] دقيقتين
        [few] { $minutes } دقائق
        [many] { $minutes } دقيقة
       *[other] { $minutes } دقيقة
    }: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status })
alert-unknown-order = ❓ حدث { $event } لطلب لا نعرفه: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-unrecorded-order = 🧾 لدى Merchant API طلبنا <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status }) ولم يكن لدى Redis أي سجل له (فُقد أثناء تبديل Redis؟): سُجّل الآن دون موزّع، ولم يُخصم من أحد مقابله. ابحث لمن كان.
alert-order-revived = ‼️ <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> وُسم بأنه مرفوض ({ $key }) لكن الخدمة لديها الطلب وخصمت من المحفظة: تجري متابعته من جديد. تحقق مما قيل للموزّع.
alert-placement-unreadable = ❓ تعذّرت قراءة الرد على الطلب <code>{ $externalOrderId }</code>: لن يُرسَل مرة أخرى، بل سيُستعلم عنه فقط. تحقق من Merchant API.
alert-quote-mismatch = ⚠️ عرض سعر لا يطابق الطلب ({ $operator }، { $field }): المطلوب { $asked }، المعروض { $quoted }. لم يُطلب شيء.
alert-order-number-conflict = 🛑 رقم طلب التاجر <code>{ $externalOrderId }</code> أُعطي لطلب مختلف ({ $field }): لم يُرسَل شيء بشأنه. تحقق من فضلك.
alert-rate-limited = 🐢 ردّت Merchant API بـ 429 (استدعاءات كثيرة جدًا): كل النسخ في توقف مؤقت. قارن MERCHANT_RATE_LIMIT_PER_MINUTE بحد الحساب.
alert-quote-single-use = 🔂 رفضت Merchant API رمز عرض سعر سبق أن أُرسل به طلب، قبل انتهاء صلاحيته: عروض الأسعار في هذا الحساب تُستخدم مرة واحدة. أصبحت كل عملية شحن تطلب عرض سعرها الخاص (استدعاء إضافي لكل طلب). اضبط QUOTE_SHARING=off لجعل ذلك دائمًا.
alert-group-header = { $count ->
    [zero] 🚨 لا تنبيهات
    [one] 🚨 تنبيه واحد
    [two] 🚨 تنبيهان
    [few] 🚨 { $count } تنبيهات
    [many] 🚨 { $count } تنبيهًا
   *[other] 🚨 { $count } تنبيه
}
alert-open-button = فتح { $order }
