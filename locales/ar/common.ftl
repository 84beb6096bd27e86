## Start and help

start-menu = مرحبًا { $name }! أنت مسجّل الدخول بصفتك { $role }. اختر ما تريد فعله من الأسفل، أو أرسل /help لعرض كل الأوامر.
menu-topup = 📱 شحن رصيد
menu-orders = 📋 الطلبات
menu-balance = 💰 الرصيد
menu-bulk = 📦 شحن جماعي
menu-schedule = 🗓 الشحن المجدول
menu-settings = ⚙️ الإعدادات
menu-help = ❓ مساعدة
menu-stats = 📊 الأرقام
menu-users = 👥 المستخدمون
menu-invite = ✉️ دعوة
menu-export = 📄 تصدير
help-title = <b>ما يمكنك فعله</b>
help-group-sell = 📱 البيع
help-group-orders = 📋 الطلبات
help-group-money = 💰 المال
help-group-people = 👥 المستخدمون
help-group-watch = 📊 المتابعة
help-group-settings = ⚙️ الإعدادات
help-details = أرسل الأمر وحده لترى طريقة استخدامه؛ أما /cancel فيُخرجك مما تفعله الآن.
command-settings = إعداداتك: اللغة، المنطقة الزمنية، اسم المحل، رمز PIN
settings-title = ⚙️ <b>إعداداتك</b>
settings-language = اللغة: { $language }
settings-timezone = المنطقة الزمنية: <code>{ $zone }</code>
settings-shop = اسم المحل على الإيصالات: { $name }
settings-shop-none = اسم المحل على الإيصالات: لا يوجد
settings-pin-set = رمز PIN: معيّن
settings-pin-none = رمز PIN: غير معيّن
settings-button-language = 🌐 اللغة
settings-button-timezone = 🕒 المنطقة الزمنية
settings-button-shop = 🏪 اسم المحل
settings-button-pin = 🔐 رمز PIN
start-stranger =
    مرحبًا { $name }! هذا البوت يبيع شحن رصيد الهواتف المحمولة للموزّعين المسجّلين.
    ليس لديك وصول بعد. أرسل معرّف Telegram الخاص بك <code>{ $id }</code> إلى أحد المشرفين واطلب الوصول.
role-reseller = موزّع
role-agent = موظف دعم
role-admin = مشرف
command-help = ما يمكن لهذا البوت أن يفعله لك
command-topup = شحن رصيد هاتف (خطوة بخطوة، أو /topup &lt;الهاتف&gt; &lt;المبلغ&gt; [المشغّل])
command-bulk = الشحن الجماعي من ملف CSV (الصيغة والقالب)
command-schedule = عمليات الشحن المجدولة والمتكررة: عرض، إيقاف مؤقت، حذف، إنشاء
command-status = طلب واحد: /status &lt;معرّف الطلب أو رقم طلب التاجر&gt;
command-orders = آخر الطلبات
command-users = من يمكنه استخدام البوت
command-grant = منح شخص دورًا: /grant &lt;معرّف المستخدم&gt; &lt;reseller|distributor|agent|admin&gt;
command-revoke = سحب الوصول: /revoke &lt;معرّف المستخدم&gt;
command-stats = أرقام اليوم وآخر 7 أيام
command-health = حالة Redis وMerchant API وإشعارات webhook
command-pin = رمز PIN لعمليات الشحن الكبيرة (للمشرفين: /pin &lt;معرّف المستخدم&gt; &lt;المبلغ|off|default|unlock|reset&gt;)
command-balance = رصيدك: الرصيد الكلي، المحجوز، المتاح، إنفاق اليوم
command-statement = سجل الرصيد كمستند CSV: /statement [من] [إلى]
command-credit = إضافة رصيد لموزّع أو خصمه منه: /credit &lt;معرّف المستخدم&gt; &lt;المبلغ&gt; [ملاحظة]
command-limit = حدود الموزّع: /limit &lt;معرّف المستخدم&gt; [order] &lt;المبلغ|off&gt;
command-export = الطلبات كمستند CSV: /export [من] [إلى] [الحالة]
command-reconcile = مطابقة طلباتنا الآن مع قائمة طلبات Merchant API
command-cancel = الخروج مما تفعله الآن
command-language = اختيار اللغة
command-start = البدء

## Access

access-denied = عذرًا، لا يمكنك استخدام هذا البوت. معرّف Telegram الخاص بك هو <code>{ $id }</code>: أرسله إلى أحد المشرفين لطلب الوصول.
access-denied-short = عذرًا، لا يمكنك استخدام هذا.
access-suspended = 🚫 شبكتك معلّقة: لم يعد الموزّع الذي فوقك يحمل هذا الدور. رصيدك محفوظ؛ لا يمكن تقديم أي طلب حتى ينقلك أحد المشرفين.
access-suspended-short = 🚫 شبكتك معلّقة.
command-not-for-role = هذا الأمر غير متاح لدورك.
private-only = أعمل في المحادثات الخاصة فقط: افتح { $link } وراسلني هناك.
private-only-short = أعمل في المحادثات الخاصة فقط.

## Language

language-choose = اختر لغتك:
language-set = تم ضبط اللغة: { $language }.

## Buttons

button-back = ⬅️ رجوع
button-cancel = ✖️ إلغاء
button-next = التالي ▶️
button-previous = ◀️ السابق
button-retry = 🔄 حاول مرة أخرى
button-confirm = ✅ إرسال الطلب
button-reject = ❌ إلغاء
button-repeat-same = 🔁 الرقم والمبلغ نفسهما مرة أخرى
button-repeat-amount = 🔁 الرقم نفسه، مبلغ آخر
button-expired = هذا الزر لم يعد يعمل.

## Fallbacks

cancel-nothing = لا يوجد ما يُلغى. أرسل /topup لبدء عملية شحن.
unhandled = لم أفهم ذلك. أرسل /help لترى ما يمكنك فعله.

## Waiting line

line-position = ⏳ في قائمة الانتظار: الترتيب { $position }، نحو { $seconds ->
    [zero] { $seconds } ثانية
    [one] ثانية واحدة
    [two] ثانيتين
    [few] { $seconds } ثوانٍ
    [many] { $seconds } ثانية
   *[other] { $seconds } ثانية
}
line-leave-button = ❌ مغادرة قائمة الانتظار
line-served = ✅ جاء دورك.
line-left = غادرت قائمة الانتظار. لم يُخصم أي مبلغ.
line-stopped = انتهى الانتظار في القائمة.
line-gone = هذا الانتظار انتهى بالفعل.

## Merchant service problems

service-error-refused-key = خدمة الشحن ترفض طلباتنا حاليًا. تم إبلاغ المشرفين؛ حاول مرة أخرى لاحقًا.
service-error-unavailable = لم تستجب خدمة الشحن. لم يُخصم أي مبلغ؛ حاول مرة أخرى بعد قليل.
service-error-balance = لا يوجد في المحفظة مال كافٍ لعملية الشحن هذه. لم يُخصم أي مبلغ؛ اطلب من أحد المشرفين إضافة أموال.
service-error-risk = تم بلوغ حد للطلبات. لم يُخصم أي مبلغ؛ حاول مرة أخرى لاحقًا أو اسأل أحد المشرفين.
service-error-wallet = المحفظة غير مفعّلة. لم يُخصم أي مبلغ؛ اسأل أحد المشرفين من فضلك.
service-error-amount = هذا المبلغ غير مقبول لهذا العرض. لم يُخصم أي مبلغ؛ اختر مبلغًا آخر من فضلك.
