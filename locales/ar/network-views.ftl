## عرض الشبكة (أوامر /balance و/statement و/limit و/pin و/status و/orders و/export و/stats لصاحب الشبكة لا تصل إلا إلى شبكته)

network-views-not-in-network = 🚫 { $id } ليس في شبكتك.
network-views-balance-network = 🌐 شبكتك ({ $count ->
        [zero] لا موزّعين
        [one] موزّع واحد
        [two] موزّعان
        [few] { $count } موزّعين
        [many] { $count } موزّعًا
       *[other] { $count } موزّع
    }): الرصيد { $balance }، المتاح { $available }
network-views-card-seller = <b>البائع:</b> { $seller }
network-views-card-seller-price = <b>سعر البائع:</b> { $price }
network-views-card-your-price = <b>سعرك:</b> { $price }
network-views-card-commission-earned = <b>عمولتك:</b> { $commission }
network-views-card-commission-pending = <b>عمولتك إن نجح الطلب:</b> { $commission }
network-views-card-commission-none = <b>عمولتك:</b> لا شيء (لم ينجح الطلب)
network-views-orders-seller = ↳ باعه { $seller }
network-views-chart-title = طلبات شبكتك يوميًا، { $days ->
        [zero] آخر { $days } يوم
        [one] آخر يوم
        [two] آخر يومين
        [few] آخر { $days } أيام
        [many] آخر { $days } يومًا
       *[other] آخر { $days } يوم
    } (UTC)
network-views-chart-paid = ما دفعته شبكتك للطلبات الناجحة ({ $currency })
network-views-stats-title = 📊 شبكتك في { $days ->
        [zero] آخر { $days } يوم
        [one] آخر يوم
        [two] آخر يومين
        [few] آخر { $days } أيام
        [many] آخر { $days } يومًا
       *[other] آخر { $days } يوم
    } (منذ { $from }، UTC)
network-views-stats-own = أنت: ✅ { $orders } · المدفوع { $volume }
network-views-stats-by-child = <b>حسب كل موزّع تابع لك مباشرة</b> (ومعه كل من تحته):
network-views-stats-child = { $user }: ✅ { $orders } · الحجم { $volume } · عمولتك { $commission }
network-views-stats-no-children = لا أحد تحتك بعد.
network-views-stats-more = … و{ $count } آخرون.
network-views-stats-commission = <b>مجموع عمولتك:</b> { $commission }
