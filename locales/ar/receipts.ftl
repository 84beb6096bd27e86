## Receipts (/receipt, /shop, /timezone)
# Messages here are sent in HTML parse mode: write &lt; &gt; &amp; for < > &.

command-receipt = إيصال لزبونك: /receipt &lt;معرّف الطلب أو رقم طلب التاجر&gt; [السعر]
command-shop = اسم المحل على إيصالاتك: /shop &lt;الاسم&gt;
command-timezone = المنطقة الزمنية لإيصالاتك: /timezone &lt;المنطقة/المدينة&gt;

receipt-button = 🧾 إيصال
receipt-title = إيصال
receipt-operator = المشغّل
receipt-product = المنتج
receipt-phone = الرقم
receipt-received = المُستلَم
receipt-price = السعر
receipt-order-id = معرّف الطلب
receipt-order-number = المرجع
receipt-time = التاريخ
receipt-status = الحالة
receipt-thanks = شكرًا لشرائك!
receipt-caption = 🧾 إيصال { $orderId }
receipt-usage = أرسل /receipt &lt;معرّف الطلب أو رقم طلب التاجر&gt; [السعر]، مثلًا /receipt O-1234 أو، مع السعر الذي دفعه زبونك، /receipt O-1234 1050 (بالعملة المحلية للطلب) أو /receipt O-1234 2.50 USD؛ والأمر /receipt O-1234 off يزيل السعر.
receipt-not-placed = لا إيصال لـ { $query }: هذا الطلب لم يُرسَل أبدًا، لذا لم يُخصم أي مبلغ.

shop-none = لا تعرض إيصالاتك أي اسم محل بعد.
shop-current = تعرض إيصالاتك اسم المحل { $name }.
shop-usage = أرسل /shop &lt;الاسم&gt; لضبطه ({ $max ->
        [zero] { $max } حرف
        [one] حرف واحد
        [two] حرفان
        [few] { $max } أحرف
        [many] { $max } حرفًا
       *[other] { $max } حرف
    } كحد أقصى)، أو /shop - لإزالته.
shop-saved = تم الحفظ: تعرض إيصالاتك الآن { $name }.
shop-cleared = تمت الإزالة: لا تعرض إيصالاتك أي اسم محل.
shop-invalid-empty = أرسل /shop متبوعًا باسم المحل.
shop-invalid-too-long = هذا الاسم طويل جدًا: { $max ->
        [zero] { $max } حرف
        [one] حرف واحد
        [two] حرفان
        [few] { $max } أحرف
        [many] { $max } حرفًا
       *[other] { $max } حرف
    } كحد أقصى. لم يتغير شيء.
shop-invalid-control = لا يمكن أن يحتوي اسم المحل على فواصل أسطر أو أحرف تحكم. لم يتغير شيء.

timezone-current = الأوقات على إيصالاتك بتوقيت { $zone }.
timezone-usage = أرسل /timezone &lt;المنطقة/المدينة&gt; (مثلًا /timezone Africa/Cairo)، أو /timezone - لتوقيت UTC.
timezone-saved = تم الحفظ: الأوقات على إيصالاتك الآن بتوقيت { $zone }.
timezone-invalid = { $input } ليست منطقة زمنية أعرفها. استخدم اسمًا مثل Africa/Lagos أو Asia/Riyadh. لم يتغير شيء.

## Figures chart (/stats)

stats-chart-title = الطلبات والإيرادات يوميًا، { $days ->
        [zero] آخر { $days } يوم
        [one] آخر يوم
        [two] آخر يومين
        [few] آخر { $days } أيام
        [many] آخر { $days } يومًا
       *[other] آخر { $days } يوم
    } (UTC)
stats-chart-title-own = طلباتك يوميًا، { $days ->
        [zero] آخر { $days } يوم
        [one] آخر يوم
        [two] آخر يومين
        [few] آخر { $days } أيام
        [many] آخر { $days } يومًا
       *[other] آخر { $days } يوم
    } (UTC)
stats-chart-orders = الطلبات حسب الحالة
stats-chart-revenue = إيرادات الطلبات الناجحة ({ $currency })
stats-chart-spent = المدفوع من رصيدك للطلبات الناجحة ({ $currency })
stats-own-title = 📊 نشاطك في { $days ->
        [zero] آخر { $days } يوم
        [one] آخر يوم
        [two] آخر يومين
        [few] آخر { $days } أيام
        [many] آخر { $days } يومًا
       *[other] آخر { $days } يوم
    } (منذ { $from }، UTC)
stats-own-spent = المدفوع من رصيدك للطلبات الناجحة: { $amount }
stats-own-spent-none = المدفوع من رصيدك للطلبات الناجحة: لا شيء
receipt-price-invalid = { $price } ليس سعرًا. أرسل /receipt &lt;الطلب&gt; &lt;المبلغ&gt; [العملة]، مثلًا /receipt O-1234 1050 أو /receipt O-1234 2.50 USD. لم يتغير شيء.
receipt-price-not-yours = لا يضبط السعر على إيصال الطلب إلا موزّع الطلب أو أحد المشرفين. لم يتغير شيء.
