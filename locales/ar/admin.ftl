## People (/users, /grant, /revoke)

admin-users-title = الأشخاص المسموح لهم باستخدام البوت:
admin-users-row = { $user } — { $role }
admin-users-row-configured = { $user } — { $role } (ADMIN_IDS)
admin-users-empty = لا أحد لديه دور بعد.
admin-users-audit-title = آخر التغييرات:
admin-users-audit-granted = { $at }: منح { $by } المستخدم { $user } دور { $role }
admin-users-audit-revoked = { $at }: أزال { $by } المستخدم { $user }
admin-users-audit-empty = لا تغييرات بعد.
admin-grant-usage = أرسل /grant &lt;معرّف المستخدم&gt; &lt;reseller|distributor|agent|admin&gt;.
admin-revoke-usage = أرسل /revoke &lt;معرّف المستخدم&gt;.
admin-grant-done = { $user } أصبح الآن { $role }.
admin-revoke-done = { $user } لم يعد لديه وصول.
admin-revoke-nothing = { $user } لم يكن لديه أي دور.
admin-change-last-admin = { $user } هو آخر مشرف: لا يمكن إزالته ولا تخفيض دوره.
admin-change-configured = { $user } مشرف من ADMIN_IDS ولا يمكن تغييره من هنا.

## Figures (/stats)

admin-stats-today = 📊 اليوم (منذ { $from })
admin-stats-week = 📊 آخر 7 أيام (منذ { $from })
admin-stats-total = { $count ->
    [zero] لا طلبات
    [one] طلب واحد
    [two] طلبان
    [few] { $count } طلبات
    [many] { $count } طلبًا
   *[other] { $count } طلب
}
admin-stats-status = { $status }: { $count ->
    [zero] لا طلبات
    [one] طلب واحد
    [two] طلبان
    [few] { $count } طلبات
    [many] { $count } طلبًا
   *[other] { $count } طلب
}
admin-stats-success = نسبة النجاح: { $rate } %
admin-stats-success-none = نسبة النجاح: — (لم ينتهِ أي طلب بعد)
admin-stats-spend = إنفاق المحفظة على الطلبات الناجحة: { $amounts }
admin-stats-spend-none = إنفاق المحفظة على الطلبات الناجحة: لا شيء
admin-stats-operators = أبرز المشغّلين: { $list }
admin-stats-operators-none = أبرز المشغّلين: —
admin-stats-median = الوقت الوسيط حتى الحالة النهائية: { $duration }
admin-stats-median-none = الوقت الوسيط حتى الحالة النهائية: —
admin-duration = { $minutes ->
        [zero] { $minutes } دقيقة
        [one] دقيقة واحدة
        [two] دقيقتان
        [few] { $minutes } دقائق
        [many] { $minutes } دقيقة
       *[other] { $minutes } دقيقة
    } و{ $seconds ->
        [zero] { $seconds } ثانية
        [one] ثانية واحدة
        [two] ثانيتان
        [few] { $seconds } ثوانٍ
        [many] { $seconds } ثانية
       *[other] { $seconds } ثانية
    }

## Health (/health)

admin-health-title = 🩺 حالة النظام
admin-health-redis-ok = Redis: متاح · maxmemory-policy { $policy }
admin-health-redis-warn = Redis: متاح · maxmemory-policy { $policy } ⚠️ يجب أن تكون noeviction
admin-health-redis-down = Redis: ❌ غير متاح
admin-health-merchant-ok = Merchant API: متاحة · api_access_enabled { $enabled } · عملة المحفظة { $currency }
admin-health-merchant-down = Merchant API: ❌ { $reason }
admin-health-merchant-answering = Merchant API: تستجيب (آخر رد في { $at })
admin-health-merchant-busy = Merchant API: لم تُسأل الآن (ميزانية الاستدعاءات مشغولة؛ لم يصل أي رد بعد)
admin-health-merchant-paused = Merchant API: لم تُسأل الآن (كل النسخ تنتظر انقضاء مهلة 429، انظر أدناه)
admin-health-budget = ميزانية الاستدعاءات: استُخدم { $used } من { $limit } في هذه الدقيقة
admin-health-paused = ⏸ متوقف بعد 429 حتى { $until }
admin-health-not-paused = لا توقف بعد 429.
admin-health-webhook = آخر webhook مستلَم: { $at }
admin-health-webhook-none = آخر webhook مستلَم: لا شيء بعد
admin-health-unfinished = { $count ->
    [zero] لا طلبات غير منتهية
    [one] طلب واحد غير منتهٍ
    [two] طلبان غير منتهيين
    [few] { $count } طلبات غير منتهية
    [many] { $count } طلبًا غير منتهٍ
   *[other] { $count } طلب غير منتهٍ
}
admin-health-oldest = الأقدم: { $line } (منذ { $since })
