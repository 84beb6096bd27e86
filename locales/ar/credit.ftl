## Credit (/credit, /limit, /balance, /statement)

credit-usage = أرسل /credit &lt;معرّف المستخدم&gt; &lt;المبلغ&gt; [ملاحظة]؛ علامة - في البداية تعني خصم الرصيد (مثلًا /credit 123 -5).
credit-amount-not-a-number = 🚫 هذا ليس مبلغًا: اكتب أرقامًا، مثلًا 25 أو 25.50.
credit-amount-too-many-decimals = { $digits ->
    [zero] 🚫 منازل عشرية كثيرة: { $currency } ليس لها أي منزلة بعد الفاصلة العشرية.
    [one] 🚫 منازل عشرية كثيرة: { $currency } لها منزلة واحدة بعد الفاصلة العشرية.
    [two] 🚫 منازل عشرية كثيرة: { $currency } لها منزلتان بعد الفاصلة العشرية.
    [few] 🚫 منازل عشرية كثيرة: { $currency } لها { $digits } منازل بعد الفاصلة العشرية.
    [many] 🚫 منازل عشرية كثيرة: { $currency } لها { $digits } منزلة بعد الفاصلة العشرية.
   *[other] 🚫 منازل عشرية كثيرة: { $currency } لها { $digits } منزلة بعد الفاصلة العشرية.
}
credit-amount-zero = 🚫 يجب ألا يكون المبلغ صفرًا.
credit-amount-negative = 🚫 يجب ألا يكون المبلغ سالبًا.
credit-amount-ambiguous = 🚫 { $typed } قد يعني { $thousands } أو { $decimal }: اكتب { $whole } أو { $point }.
credit-unknown-user = 🚫 { $user } ليس له دور هنا: امنحه دور الموزّع أولًا.
credit-not-reseller = 🚫 { $user } ليس موزّعًا: الرصيد والحدود للموزّعين فقط.
credit-below-zero = 🚫 لا يمكن خصم { $amount } من { $user }: رصيده المتاح (الرصيد الكلي ناقص المحجوز) هو { $available }، ولا ينزل أبدًا تحت الصفر.
credit-added = أُضيف { $amount } إلى { $user }. الرصيد الكلي الجديد: { $balance }.
credit-taken = خُصم { $amount } من { $user }. الرصيد الكلي الجديد: { $balance }.
credit-told-added = 💰 أضاف أحد المشرفين { $amount } إلى رصيدك ({ $note }). رصيدك الكلي: { $balance }.
credit-told-taken = 💰 خصم أحد المشرفين { $amount } من رصيدك ({ $note }). رصيدك الكلي: { $balance }.
credit-refused-funds = 🚫 الرصيد غير كافٍ: المتاح { $available }، وهذا الشحن يكلّف { $price }. لم يُطلب شيء.
credit-refused-order-limit = 🚫 يتجاوز حدك الأقصى لكل طلب وهو { $limit }: هذا الشحن يكلّف { $price }. لم يُطلب شيء.
credit-refused-daily-limit = 🚫 يتجاوز حدك اليومي وهو { $limit }: المستخدَم اليوم { $used }، المتبقي { $left }، وهذا الشحن يكلّف { $price }. لم يُطلب شيء.
credit-low = ⚠️ رصيدك المتاح { $available }، وهو أقل من حد التنبيه { $threshold }.
limit-usage = أرسل /limit &lt;معرّف المستخدم&gt; &lt;المبلغ|off&gt; (يومي، بأيام UTC) أو /limit &lt;معرّف المستخدم&gt; order &lt;المبلغ|off&gt; (لكل طلب).
limit-daily-set = الحد اليومي لـ { $user }: { $limit }.
limit-daily-off = { $user } ليس له حد يومي الآن.
limit-order-set = الحد الأقصى لكل طلب لـ { $user }: { $limit }.
limit-order-off = { $user } ليس له حد أقصى لكل طلب الآن.
balance-title = 💰 رصيد { $user }
balance-line = الرصيد الكلي { $balance } · المحجوز { $holds } · المتاح { $available }
balance-today = اليوم (UTC): { $spent } من الحد اليومي { $limit }، المتبقي { $left }
balance-today-no-limit = اليوم (UTC): { $spent } (بلا حد يومي)
balance-order-max = الحد الأقصى لكل طلب: { $limit }
balance-alert-line = تنبيه انخفاض الرصيد تحت { $threshold }
balance-usage = أرسل /balance، أو /balance &lt;معرّف المستخدم&gt; لموزّع واحد.
balance-alert-usage = أرسل /balance alert &lt;المبلغ|off&gt;: يصلك تنبيه عندما ينخفض رصيدك المتاح تحت هذا المبلغ.
balance-alert-usage-admin = أرسل /balance alert &lt;معرّف المستخدم&gt; &lt;المبلغ|off&gt;.
balance-alert-set = يصل تنبيه إلى { $user } عندما ينخفض الرصيد المتاح تحت { $threshold }.
balance-alert-off = لا تنبيه لانخفاض الرصيد لـ { $user } الآن.
balance-all-title = 💰 أرصدة الموزّعين:
balance-all-row = { $user }: الرصيد الكلي { $balance }، المتاح { $available }
balance-all-empty = لا موزّعين بعد.
balance-wallet = محفظة التاجر: { $balance }
balance-wallet-unreported = محفظة التاجر: لا تُبلغ Merchant API عن رصيدها (العملة { $currency }).
balance-wallet-unavailable = محفظة التاجر: تعذّر سؤال Merchant API الآن.
statement-usage = أرسل /statement [من] [إلى] بتواريخ بصيغة YYYY-MM-DD (UTC)؛ للمشرفين: /statement &lt;معرّف المستخدم&gt; [من] [إلى].
statement-caption = كشف حساب { $user }، من { $from } إلى { $to }، الملف { $part }
statement-summary = كشف حساب { $user }، من { $from } إلى { $to }: الافتتاحي { $opening }، الإضافات { $credits }، الخصومات { $debits }، الختامي { $closing } ({ $entries ->
        [zero] لا قيود
        [one] قيد واحد
        [two] قيدان
        [few] { $entries } قيود
        [many] { $entries } قيدًا
       *[other] { $entries } قيد
    }).
statement-failed = توقف كشف الحساب قبل اكتماله ({ $count ->
        [zero] لم يُرسَل أي قيد
        [one] أُرسل قيد واحد
        [two] أُرسل قيدان
        [few] أُرسل { $count } قيود
        [many] أُرسل { $count } قيدًا
       *[other] أُرسل { $count } قيد
    }). حاول مرة أخرى من فضلك.

## Alerts

alert-merchant-low-balance = 💸 انخفض رصيد محفظة التاجر إلى { $balance }، تحت MERCHANT_LOW_BALANCE ({ $threshold }): أضف إليها أموالًا قبل أن تُرفض الطلبات.
