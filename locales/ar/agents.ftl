## Order card (/status)

agents-card-next-step = <b>الخطوة التالية:</b> { $text }
agents-card-rejection = <b>مرفوض:</b> { $text }
agents-card-busy-with = الرقم مشغول بالطلب <code>{ $number }</code>
agents-card-operator = <b>المشغّل:</b> { $operator } · { $subtype }
agents-card-phone = <b>الرقم:</b> { $phone }
agents-card-amount = <b>يستلم الخط:</b> { $amount }
agents-card-price = <b>دفعت المحفظة:</b> { $price }
agents-card-attempts = <b>المحاولات:</b>
agents-card-attempt = #{ $number } { $status } · أُرسل { $submitted } · انتهى { $completed } · { $error }
agents-card-times = أُنشئ { $created } · حُدّث { $updated }
agents-card-synced = <b>قُرئ من الخدمة:</b> { $at }
agents-card-service-only = (مقروء من الخدمة فقط: لم يُرسَل عبر هذا البوت)
agents-card-stale = ⚠️ تعذّرت قراءة الخدمة الآن؛ قد تكون هذه المعلومات قديمة.
agents-refresh-button = 🔄 تحديث
agents-refreshed = تم التحديث.
agents-unavailable = لم تستجب خدمة الشحن. حاول مرة أخرى بعد قليل.
agents-status-usage = أرسل /status متبوعًا بمعرّف الطلب (O-…) أو رقم طلب التاجر.
agents-status-not-found = لا يوجد طلب { $query } يمكنك الاطلاع عليه.
agents-order-not-found-short = الطلب غير موجود.

## Order list (/orders)

agents-orders-header = { $filter }: { $from }–{ $to } من { $total }، الأحدث أولًا
agents-orders-empty = { $filter }: لا طلبات.
agents-orders-filter-all = كل الطلبات
agents-orders-search-line = البحث: { $search }
agents-orders-row = { $line } · { $operator } · { $amount } · { $created }
agents-orders-search-button = 🔍 بحث
agents-orders-all-button = الكل
agents-orders-search-prompt = أرسل معرّف طلب (O-…) أو رقم طلب التاجر أو اسم مشغّل.
