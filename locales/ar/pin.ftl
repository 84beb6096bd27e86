## PIN before large top-ups

button-pin-ok = ✅ موافق
button-pin-cancel = ❌ إلغاء
pin-ask = 🔐 هذا الشحن يكلّف { $price }: أدخل رمز PIN على لوحة الأرقام أو اكتبه. الرسالة التي فيها رمزك تُحذف فور قراءتي لها.
pin-keypad-or-type = أدخل رمز PIN على لوحة الأرقام أو اكتبه من فضلك.
pin-format = رمز PIN يتكون من 4 إلى 8 أرقام (0–9) ولا شيء غيرها. لم يتغير شيء؛ حاول مرة أخرى من فضلك.
pin-wrong = { $tries ->
    [zero] ❌ رمز PIN خاطئ. لم تبقَ أي محاولة قبل قفل عمليات الشحن التي تتطلب رمزك.
    [one] ❌ رمز PIN خاطئ. بقيت محاولة واحدة قبل قفل عمليات الشحن التي تتطلب رمزك.
    [two] ❌ رمز PIN خاطئ. بقيت محاولتان قبل قفل عمليات الشحن التي تتطلب رمزك.
    [few] ❌ رمز PIN خاطئ. بقيت { $tries } محاولات قبل قفل عمليات الشحن التي تتطلب رمزك.
    [many] ❌ رمز PIN خاطئ. بقيت { $tries } محاولة قبل قفل عمليات الشحن التي تتطلب رمزك.
   *[other] ❌ رمز PIN خاطئ. بقيت { $tries } محاولة قبل قفل عمليات الشحن التي تتطلب رمزك.
}
pin-locked = 🚫 أخطأت في رمز PIN مرات كثيرة: عمليات الشحن التي تتطلب رمزك، وتغيير الرمز، مقفلة لمدة { $minutes ->
        [zero] { $minutes } دقيقة أخرى
        [one] دقيقة أخرى
        [two] دقيقتين أخريين
        [few] { $minutes } دقائق أخرى
        [many] { $minutes } دقيقة أخرى
       *[other] { $minutes } دقيقة أخرى
    }. لم يُطلب شيء.
pin-held = 🚫 أخطأت في رمز PIN مرات كثيرة مجددًا خلال 24 ساعة: عمليات الشحن التي تتطلب رمزك، وتغيير الرمز، مقفلة حتى يرفع أحد المشرفين القفل. لم يُطلب شيء.
pin-not-set = 🚫 هذا الشحن يتطلب رمز PIN الخاص بك، ولم تضبطه بعد. اضبطه بالأمر /pin، ثم ابدأ الشحن من جديد. لم يُطلب شيء.
pin-setup-current = 🔐 أرسل رمز PIN الحالي. تُحذف الرسالة فور قراءتي لها.
pin-setup-new = 🔐 أرسل رمز PIN الجديد: من 4 إلى 8 أرقام. كل رسالة فيها رمز PIN تُحذف فور قراءتي لها.
pin-setup-repeat = أرسل رمز PIN الجديد مرة أخرى.
pin-setup-mismatch = الرمزان غير متطابقين؛ لم يتغير شيء. أرسل رمز PIN الجديد من جديد، أو /cancel.
pin-setup-done = ✅ تم ضبط رمز PIN. ستطلبه عمليات الشحن التي تتجاوز حدّك.
pin-setup-cancelled = لم يتغير رمز PIN.
pin-setup-type-digits = اكتب رمز PIN بالأرقام من فضلك، أو أرسل /cancel.
pin-admin-usage = /pin &lt;معرّف المستخدم&gt; يعرض حالة رمز PIN لموزّع. /pin &lt;معرّف المستخدم&gt; &lt;المبلغ|off|default|unlock|reset&gt;: عمليات الشحن التي يتجاوز سعرها المبلغ (بعملة التاجر) تطلب رمزه؛ off: أبدًا؛ default: العودة إلى PIN_REQUIRED_ABOVE؛ unlock: رفع القفل؛ reset: رفع القفل ومسح الرمز (يضبط رمزًا جديدًا بالأمر /pin).
pin-admin-not-reseller = المستخدم { $user } ليس موزّعًا.
pin-admin-bad-amount = هذا ليس مبلغًا: اكتب أرقامًا بأربع منازل عشرية كحد أقصى (مثلًا 50 أو 12.5)، أو off أو default أو unlock أو reset.
pin-admin-state = الموزّع { $user }: { $pin }؛ يُطلب الرمز فوق: { $threshold }؛ { $lock }.
pin-admin-pin-set = الرمز مضبوط
pin-admin-pin-unset = لا رمز مضبوط
pin-admin-threshold-off = أبدًا (off)
pin-admin-threshold-default = { $amount } (PIN_REQUIRED_ABOVE)
pin-admin-threshold-default-off = أبدًا (PIN_REQUIRED_ABOVE معطّل)
pin-admin-locked = مقفل لمدة { $minutes ->
    [zero] { $minutes } دقيقة أخرى
    [one] دقيقة أخرى
    [two] دقيقتين أخريين
    [few] { $minutes } دقائق أخرى
    [many] { $minutes } دقيقة أخرى
   *[other] { $minutes } دقيقة أخرى
}
pin-admin-held = مقفل حتى يرفعه أحد المشرفين (/pin { $id } unlock)
pin-admin-unlocked = غير مقفل
pin-admin-locks-today = { $count ->
    [zero] لم يُقفل أي مرة في آخر 24 ساعة.
    [one] قُفل مرة واحدة في آخر 24 ساعة.
    [two] قُفل مرتين في آخر 24 ساعة.
    [few] قُفل { $count } مرات في آخر 24 ساعة.
    [many] قُفل { $count } مرة في آخر 24 ساعة.
   *[other] قُفل { $count } مرة في آخر 24 ساعة.
}
pin-admin-reset-done = الموزّع { $user }: مُسح رمز PIN ورُفع القفل. سيضبط رمزًا جديدًا بالأمر /pin.
pin-admin-unlock-done = الموزّع { $user }: رُفع القفل وصُفّرت المحاولات الخاطئة.
pin-admin-default-done = الموزّع { $user }: يُطلب رمز PIN فوق { $amount } (PIN_REQUIRED_ABOVE).
pin-admin-default-off-done = الموزّع { $user }: عاد إلى PIN_REQUIRED_ABOVE، وهو معطّل: لا يُطلب أي رمز PIN.
pin-admin-off-done = الموزّع { $user }: لا يُطلب منه رمز PIN أبدًا.
pin-admin-threshold-done = الموزّع { $user }: عمليات الشحن فوق { $amount } (بعملة التاجر) تطلب رمز PIN.
alert-pin-locked = 🔒 أدخل الموزّع { $user } رمز PIN خاطئًا { $tries ->
        [zero] { $tries } مرة
        [one] مرة واحدة
        [two] مرتين
        [few] { $tries } مرات
        [many] { $tries } مرة
       *[other] { $tries } مرة
    }: عمليات الشحن الخاصة به التي تتطلب الرمز مقفلة لمدة { $minutes ->
        [zero] { $minutes } دقيقة
        [one] دقيقة واحدة
        [two] دقيقتين
        [few] { $minutes } دقائق
        [many] { $minutes } دقيقة
       *[other] { $minutes } دقيقة
    }.
alert-pin-held = 🔒 أدخل الموزّع { $user } رمز PIN خاطئًا { $tries ->
        [zero] { $tries } مرة
        [one] مرة واحدة
        [two] مرتين
        [few] { $tries } مرات
        [many] { $tries } مرة
       *[other] { $tries } مرة
    }، وهذا القفل رقم { $locks } خلال 24 ساعة: تبقى عمليات الشحن الخاصة به التي تتطلب الرمز مقفلة حتى يرفع أحد المشرفين القفل بالأمر /pin { $id } unlock.
