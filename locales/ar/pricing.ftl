## Prices (/pricing)

command-pricing = قواعد الهامش على أسعار الموزّعين: /pricing set &lt;النطاق&gt; &lt;النسبة&gt;% [+رسوم] [min x] [max y]، /pricing del &lt;النطاق&gt;
pricing-title = 💹 قواعد الهامش: ما يدفعه الموزّعون فوق سعر التاجر (تُطبَّق القاعدة الأكثر تحديدًا: الموزّع، ثم المشغّل، ثم الدولة، ثم الافتراضي)
pricing-env-default = الافتراضي (PRICE_MARGIN_PERCENT، لا قاعدة مضبوطة في المحادثة): { $rule }
pricing-row = { $scope }: { $rule }
pricing-scope-default = الافتراضي
pricing-scope-country = الدولة { $country }
pricing-scope-operator = المشغّل { $operator } ({ $country })
pricing-scope-reseller = الموزّع { $user }
pricing-rule = { $percent } % + { $fixed }
pricing-rule-min = ، بحد أدنى { $min }
pricing-rule-max = ، بحد أقصى { $max }
pricing-usage =
    /pricing — القواعد
    /pricing set &lt;النطاق&gt; &lt;النسبة&gt;% [+&lt;رسوم&gt;] [min &lt;رسوم&gt;] [max &lt;رسوم&gt;]
    /pricing del &lt;النطاق&gt;
    النطاقات: default · country &lt;CC&gt; · operator &lt;CC&gt; &lt;مفتاح المشغّل&gt; · reseller &lt;معرّف المستخدم&gt;
    الرسوم بعملة التاجر. مثال: /pricing set country NG 2.5% +0.10 min 0.05 max 2
pricing-set-done = ✅ تم ضبط القاعدة. { $scope }: { $rule }. تُطبَّق على عرض السعر التالي.
pricing-del-done = 🗑 حُذفت القاعدة: { $scope }.
pricing-del-nothing = لا توجد قاعدة لـ { $scope }؛ لم يتغير شيء.
pricing-error-usage = 🚫 لم أفهم هذا الأمر.
pricing-error-scope = 🚫 نطاق غير معروف «{ $part }»: استخدم default أو country أو operator أو reseller.
pricing-error-country = 🚫 «{ $part }» ليس رمز دولة من حرفين (مثل NG).
pricing-error-operator = 🚫 «{ $part }» ليس مفتاح مشغّل (مثل NG-MTN).
pricing-error-reseller = 🚫 «{ $part }» ليس معرّف مستخدم.
pricing-error-rule-missing = 🚫 حدّد نسبة مئوية (مثل 2.5%)، أو رسومًا ثابتة (مثل +0.10)، أو كليهما.
pricing-error-percent = 🚫 «{ $part }» ليست نسبة مئوية من 0 إلى 999.9999 بأربع منازل عشرية كحد أقصى.
pricing-error-fixed = 🚫 «{ $part }» ليست رسومًا ثابتة: علامة + ثم مبلغ بأربع منازل عشرية كحد أقصى (مثل +0.10).
pricing-error-min = 🚫 يجب أن يلي «min» مبلغٌ بأربع منازل عشرية كحد أقصى (مثل min 0.05).
pricing-error-max = 🚫 يجب أن يلي «max» مبلغٌ بأربع منازل عشرية كحد أقصى (مثل max 2).
pricing-error-min-above-max = 🚫 الحد الأدنى للرسوم أعلى من الحد الأقصى للرسوم.
pricing-error-repeated = 🚫 «{ $part }» مذكور مرتين.
pricing-error-unknown-part = 🚫 لا أفهم «{ $part }».
pricing-error-ambiguous = 🚫 «{ $part }» قد يعني { $whole } أو { $point }: اكتب أحدهما، دون الفاصلة.
pricing-error-unknown-country = 🚫 لا توجد في الكتالوج دولة { $country }. لم يتغير شيء.
pricing-error-unknown-operator = 🚫 لا يوجد في الكتالوج مشغّل { $operator } في { $country }. لم يتغير شيء.
pricing-error-not-reseller = 🚫 المستخدم { $user } ليس موزّعًا. لم يتغير شيء.
pricing-error-catalogue = ⚠️ تعذّرت قراءة الكتالوج الآن، لذا لم يتغير شيء. حاول مرة أخرى بعد قليل.

## Prices in quotes, orders and /status

top-up-quote-credit =
    تحقق من عملية الشحن هذه من فضلك:
    المشغّل: { $operator } ({ $country })
    المنتج: { $subtype }
    الرقم: { $phone }
    يستلم الخط: { $receives }
    يدفع رصيدك: { $pays }
    السعر صالح حتى { $expires } (نحو { $seconds ->
        [zero] { $seconds } ثانية
        [one] ثانية واحدة
        [two] ثانيتين
        [few] { $seconds } ثوانٍ
        [many] { $seconds } ثانية
       *[other] { $seconds } ثانية
    })

    ⚠️ الشحن إلى رقم أو مشغّل خاطئ لا يمكن التراجع عنه.
top-up-quote-margin-preview = 💹 يدفع الموزّعون { $price } (الهامش { $margin }) وفق القواعد العامة؛ قد تختلف القاعدة الخاصة بموزّع ما.
order-details-credit =
    { $operator } ({ $country })، { $subtype }
    <b>الهاتف:</b> { $phone }
    <b>الشحن:</b> { $localAmount }
    <b>رصيدك:</b> { $price }
order-receipt-credit =
    ✅ تم توصيل الشحن
    <b>الطلب:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>الهاتف:</b> { $phone }
    <b>الشحن:</b> { $localAmount }
    <b>المدفوع من رصيدك:</b> { $price }
    <b>الوقت:</b> { $time }
order-failed-notice-credit =
    ⚠️ فشلت عملية الشحن: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    الهاتف: { $phone }، { $localAmount }
    المبلغ المحجوز من رصيدك ({ $price }) أُفرج عنه: لم يُخصم أي مبلغ.
order-refunded-notice-credit =
    ↩️ تم الاسترداد: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    عاد { $price } إلى رصيدك. لم يُشحن الهاتف { $phone }.
order-revived-notice-credit =
    ‼️ تصحيح: الطلب <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> أُرسل في النهاية، وخُصم { $price } من رصيدك. الرسالة السابقة التي قالت إنه لم يُرسَل خاطئة.
    ستظهر حالته هنا.
agents-card-credit-paid = <b>دفع رصيدك:</b> { $price }
agents-card-reseller-paid = <b>دفع الموزّع:</b> { $price } (الهامش { $margin })

## Revenue in /stats

admin-stats-books = 💰 الإيرادات { $revenue } · التكلفة { $cost } · الهامش { $margin }
admin-stats-books-none = 💰 الإيرادات، التكلفة، الهامش: — (لا طلبات ناجحة)
admin-stats-by-reseller = حسب الموزّع (الإيرادات / التكلفة / الهامش):
admin-stats-by-operator = حسب المشغّل (الإيرادات / التكلفة / الهامش):
admin-stats-books-row = • { $name }: { $revenue } / { $cost } / { $margin }
