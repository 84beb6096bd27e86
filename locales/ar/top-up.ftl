## Top-up: choosing

top-up-choose-country = 🌍 في أي دولة الهاتف؟ اختر واحدة، أو اكتب اسمها أو رمزها (مثلًا NG)، أو اكتب الرقم بالصيغة الدولية (+234…).
top-up-country-chosen = الدولة:
top-up-country-no-match = لا توجد دولة تطابق «{ $query }». جرّب اسمًا آخر أو رمزًا من حرفين.
top-up-country-several = عدة دول تطابق «{ $query }». اختر واحدة:
top-up-country-not-sold = الشحن إلى هذه الدولة غير متاح الآن. اختر دولة أخرى من فضلك.
top-up-one-line-bad-phone = هذا لا يبدو رقم هاتف بالصيغة الدولية (مع + ورمز الدولة).
top-up-no-operators = لا يوجد مشغّل في { $country } يمكن الشحن له الآن. اختر دولة أخرى من فضلك.
top-up-choose-operator = 📶 أي مشغّل في { $country }؟ اختر واحدًا أو اكتب اسمه.
top-up-wrong-number-warning = ⚠️ يجب أن يكون الرقم تابعًا لهذا المشغّل: الشحن المُرسل إلى رقم أو مشغّل خاطئ لا يمكن التراجع عنه.
top-up-operator-chosen = المشغّل: { $operator }
top-up-operator-no-match = لا يوجد مشغّل يطابق «{ $query }». اختر واحدًا من القائمة أو اكتب اسمًا آخر.
top-up-operator-several = عدة مشغّلين يطابقون «{ $query }». اختر واحدًا:
top-up-choose-subtype = ماذا تريد أن تشتري من { $operator }؟
top-up-subtype-unknown = اختر أحد الخيارات من فضلك.
top-up-choose-currency = يبيع { $operator } بأكثر من عملة. أي عملة تريد؟
top-up-currency-unknown = اختر إحدى العملات من فضلك.
subtype-airtime = رصيد اتصال
subtype-data = إنترنت
subtype-bundle = باقة

## Top-up: amount

top-up-choose-amount = 💵 كم { $subtype } تريد من { $operator }؟
top-up-amount-range = اكتب مبلغًا بين { $min } و{ $max } { $currency }.
top-up-amount-buttons = اختر مبلغًا.
top-up-amount-buttons-or-type = اختر مبلغًا أو اكتب واحدًا.
top-up-amount-chosen = المبلغ: { $amount }
amount-error-empty = اكتب مبلغًا من فضلك، مثلًا 500.
amount-error-not-a-number = هذا ليس رقمًا. اكتب مبلغًا مثل 500 أو 12.50 من فضلك.
amount-error-zero = يجب أن يكون المبلغ أكبر من صفر.
amount-error-negative = لا يمكن أن يكون المبلغ سالبًا.
amount-error-too-many-decimals = استخدم 4 منازل عشرية كحد أقصى.
amount-error-exponent = اكتب المبلغ بأرقام عادية من فضلك، دون أُسس (ليس «1e3»).
amount-error-too-long = هذا المبلغ طويل جدًا. اكتب مبلغًا عاديًا من فضلك.
amount-error-ambiguous = لا أستطيع معرفة أي علامة هي الفاصلة العشرية. اكتب المبلغ دون فواصل الآلاف من فضلك، مثلًا 1500.50.
amount-error-below = هذا أقل من الحد الأدنى { $min } { $currency }.
amount-error-above = هذا أعلى من الحد الأقصى { $max } { $currency }.
amount-error-not-offered = هذا المبلغ غير معروض. المتاح: { $values } { $currency }.

## Top-up: phone number

top-up-enter-phone = 📱 أرسل رقم الهاتف في { $country } (بالصيغة المحلية أو الدولية)، أو اختر رقمًا حديثًا، أو شارك جهة اتصال.
top-up-phone-chosen = الرقم: { $phone }
phone-error-empty = أرسل رقم هاتف من فضلك.
phone-error-invalid = هذا ليس رقم هاتف صالحًا في { $country }. تحقق منه وأرسله مرة أخرى من فضلك.
phone-error-wrong-country = هذا الرقم تابع لدولة أخرى، وليس لـ { $country }. أرسل رقمًا في { $country } من فضلك.
phone-error-not-mobile = هذا ليس رقم هاتف محمول. لا يمكن شحن إلا أرقام الهواتف المحمولة.
phone-error-too-long = هذا الرقم طويل جدًا. تحقق منه وأرسله مرة أخرى من فضلك.
top-up-number-busy = طلب سابق إلى هذا الرقم لم ينتهِ بعد (<code>{ $orderId }</code>، <code>{ $number }</code>). انتظر حتى ينتهي أو استخدم رقمًا آخر من فضلك.
top-up-number-busy-until = عملية شحن إلى هذا الرقم لم تنتهِ بعد. يُرجَّح أن تنتهي نحو الساعة { $time } UTC. انتظر حتى ذلك الحين أو استخدم رقمًا آخر من فضلك.

## Top-up: quote and order

top-up-quote =
    تحقق من عملية الشحن هذه من فضلك:
    المشغّل: { $operator } ({ $country })
    المنتج: { $subtype }
    الرقم: { $phone }
    يستلم الخط: { $receives }
    تدفع محفظتك: { $pays }
    السعر صالح حتى { $expires } (نحو { $seconds ->
        [zero] { $seconds } ثانية
        [one] ثانية واحدة
        [two] ثانيتين
        [few] { $seconds } ثوانٍ
        [many] { $seconds } ثانية
       *[other] { $seconds } ثانية
    })

    ⚠️ الشحن إلى رقم أو مشغّل خاطئ لا يمكن التراجع عنه.
top-up-quote-renewed = ⏱ كان السعر قد انتهت صلاحيته أو أوشكت، لذا إليك عرض سعر جديد. أكّد مرة أخرى من فضلك.
top-up-line-outlives-quote = ⏳ قائمة الانتظار أطول من مدة صلاحية هذا السعر (نحو { $seconds ->
        [zero] { $seconds } ثانية
        [one] ثانية واحدة
        [two] ثانيتين
        [few] { $seconds } ثوانٍ
        [many] { $seconds } ثانية
       *[other] { $seconds } ثانية
    } من الانتظار)، لذا سيُؤخذ عرض سعر جديد عندما يحين دورك. أكّده مرة أخرى من فضلك.
top-up-price-changed = ⚠️ تغيّر السعر: كان { $old }، وأصبح الآن { $new }.
top-up-quote-mismatch = ⚠️ قدّمت الخدمة عرض سعر لشيء غير ما طلبته، لذا توقفت. لم يُخصم أي مبلغ. تم إبلاغ المشرفين.
top-up-press-confirm = اضغط ✅ لإرسال الطلب أو ❌ للإلغاء.
top-up-press-a-button = اضغط أحد الأزرار من فضلك.
top-up-text-or-button = اكتب إجابتك أو اضغط زرًا من فضلك.
top-up-stale-button = هذا الزر يخص خطوة سابقة أو عملية شحن انتهت.
top-up-offer-unavailable = هذا العرض لم يعد متاحًا. اختر مشغّلًا آخر أو مبلغًا آخر من فضلك.
top-up-cancelled = أُلغيت عملية الشحن. لم يُخصم أي مبلغ.
top-up-idle-ended = أُغلقت عملية الشحن بعد { $minutes ->
        [zero] { $minutes } دقيقة
        [one] دقيقة واحدة
        [two] دقيقتين
        [few] { $minutes } دقائق
        [many] { $minutes } دقيقة
       *[other] { $minutes } دقيقة
    } دون نشاط. لم يُخصم أي مبلغ. أرسل /topup للبدء من جديد.
top-up-error-ended = توقفت عملية الشحن بسبب خطأ غير متوقع. إذا كنت قد أكّدتها، فإن /orders يوضح ما إذا كانت قد أُرسلت. أرسل /topup للبدء من جديد.
top-up-repeat-unavailable = لا يمكن تكرار هذا الطلب. لنبدأ عملية شحن جديدة.
top-up-placing = ⏳ جارٍ إرسال الطلب… (رقم طلب التاجر <code>{ $number }</code>)
top-up-pending = ⏳ لم تؤكد الخدمة الطلب <code>{ $number }</code> بعد. نواصل المحاولة برقم الطلب نفسه، لذا لن يُخصم مرتين أبدًا؛ ستُحدَّث الرسالة أعلاه.
top-up-not-placed-requote = لم يُرسَل الطلب <code>{ $number }</code> ولم يُخصم أي مبلغ: يجب تجديد السعر.
top-up-rejected = ⚠️ رُفض الطلب <code>{ $number }</code>. لم يُخصم أي مبلغ.
top-up-submit-error = ⚠️ حدث خطأ أثناء إرسال الطلب <code>{ $number }</code>. تحقق منه بعد دقيقة بالأمر /status <code>{ $number }</code>: لن يُرسَل مرتين أبدًا.
top-up-number-conflict = ⚠️ لم يُرسَل الطلب <code>{ $number }</code>: رقمه مستخدَم بالفعل لطلب آخر. لم يُخصم أي مبلغ. ابدأ عملية شحن جديدة بالأمر /topup من فضلك.
