## Networks: distributors and the resellers below them (/grant … distributor, /transfer, /network, /move)

role-distributor = موزّع رئيسي
menu-network = 🕸 الشبكة
menu-transfer = 💸 تحويل
help-group-network = 🕸 الشبكة
command-transfer = تحويل رصيد إلى موزّع تحتك مباشرة: /transfer &lt;معرّف المستخدم&gt; &lt;المبلغ&gt; [ملاحظة]
command-network = الموزّعون الذين تحتك: الأرصدة، مبيعات اليوم، عمولتك
command-move = نقل موزّع مع كل من تحته: /move &lt;معرّف المستخدم&gt; &lt;معرّف الأصل الجديد|merchant&gt;
network-not-yours = 🚫 { $user } ليس في شبكتك. لم يتغير شيء.
network-button-not-yours = 🚫 هذه القائمة ليست لك.
network-merchant = التاجر

## Making and revoking distributors

network-grant-not-reseller = 🚫 { $user } دوره { $role }: وحده الموزّع، أو من ليس له دور بعد، يمكن أن يصبح موزّعًا رئيسيًا. لم يتغير شيء.
network-grant-too-deep = 🚫 { $user } في المستوى { $level } من أصل { $max } يسمح بها NETWORK_MAX_DEPTH: الموزّعون تحته سيكونون أعمق من المسموح. لم يتغير شيء.
network-suspended = ⛔ لم تعد لدى { $user } شبكة. الموزّعون المعلّقون تحته: { $count }. يحتفظون برصيدهم، ولا يُنفَّذ أي طلب لهم حتى تنقلهم باستخدام /move.
network-suspended-told = ⛔ شبكتك معلّقة: { $user } لم يعد موزّعًا رئيسيًا. رصيدك محفوظ، لكن لن تُنفَّذ أي عملية شحن لك حتى ينقلك أحد المشرفين إلى موزّع رئيسي آخر.

## Transfers (/transfer)

network-transfer-usage = أرسل /transfer &lt;معرّف المستخدم&gt; &lt;المبلغ&gt; [ملاحظة] لتحويل رصيدك إلى موزّع تحتك مباشرة؛ علامة - في البداية تستردّه (مثلًا /transfer 123 -5).
network-transfer-not-direct = 🚫 { $user } ليس تحتك مباشرة: تحوّل فقط إلى موزّعيك أنت، أما موزّعوه فيموّلهم موزّعهم الرئيسي. لم يُحوَّل شيء.
network-transfer-short = 🚫 الرصيد غير كافٍ: المتاح لديك { $available } (الرصيد ناقص المبالغ المحجوزة)، والتحويل { $amount }. لم يُحوَّل شيء.
network-transfer-take-short = 🚫 لا يمكن استرداد { $amount } من { $user }: رصيده المتاح (الرصيد ناقص المبالغ المحجوزة) { $available }. لم يُحوَّل شيء.
network-transfer-given = 💸 حُوِّل { $amount } إلى { $user }. رصيدك: { $balance }. رصيده: { $theirs }.
network-transfer-taken = 💸 استُرِدّ { $amount } من { $user }. رصيدك: { $balance }. رصيده: { $theirs }.
network-transfer-told-given = 💰 حوّل { $by } مبلغ { $amount } إلى رصيدك ({ $note }). رصيدك الكلي: { $balance }.
network-transfer-told-taken = 💰 استردّ { $by } مبلغ { $amount } من رصيدك ({ $note }). رصيدك الكلي: { $balance }.

## The network (/network)

network-empty = 🕸 لا أحد في شبكتك بعد. ادعُ موزّعين باستخدام /invite reseller.
network-title = 🕸 <b>شبكتك</b> — تحتك مباشرة: { $count } · الإجمالي: { $total } (أرقام اليوم، يوم UTC)
network-row = • { $user }: الرصيد { $balance } · اليوم { $volume } · عمولتك { $commission }
network-row-folded = • { $user }: الرصيد { $balance } · اليوم { $volume } · عمولتك { $commission } · +{ $below } تحته
network-commission-today = عمولتك اليوم: { $commission }

## Moving resellers (/move)

network-move-usage = أرسل /move &lt;معرّف المستخدم&gt; &lt;معرّف الأصل الجديد|merchant&gt;: ينتقل الموزّع وكل من تحته إلى ذلك الموزّع الرئيسي، أو مباشرة تحت التاجر.
network-move-done = ✅ نُقل { $user } من { $from } إلى { $parent } مع كل من تحته.
network-move-told = 🕸 أنت الآن في شبكة { $parent }: هو من يموّل رصيدك ويحدد أسعارك.
network-move-told-merchant = 🕸 أنت الآن تشتري من التاجر مباشرة: لم يعد فوقك أي موزّع رئيسي.
network-move-not-reseller = 🚫 { $user } ليس موزّعًا: لا يُنقل إلا الموزّعون والموزّعون الرئيسيون. لم يتغير شيء.
network-move-not-distributor = 🚫 { $parent } ليس موزّعًا رئيسيًا: اجعله موزّعًا رئيسيًا أولًا باستخدام /grant. لم يتغير شيء.
network-move-cycle = 🚫 لا يمكن وضع { $user } تحت { $parent }: { $parent } هو { $user } نفسه أو يقع تحته. لم يتغير شيء.
network-move-too-deep = 🚫 لا يمكن وضع { $user } تحت { $parent }: ستصبح شبكته أعمق مما يسمح به NETWORK_MAX_DEPTH (الحد الأقصى { $max }). لم يتغير شيء.

## Distributors' invites (/invite reseller, /invites)

network-invite-usage = 🚫 أرسل /invite reseller [مرات الاستخدام] [الأيام]: يدعو الموزّع الرئيسي موزّعين إلى شبكته فقط (مرات الاستخدام من 1 إلى { $maxUses }، الافتراضي 1؛ والأيام من 1 إلى { $maxDays }، الافتراضي 7). لم يُنشأ شيء.
network-invite-made = 🕸 من ينضم عبر هذه الدعوة يدخل شبكتك: موّله باستخدام /transfer وحدّد أسعاره باستخدام /pricing.
network-invite-joined = 🕸 أنت في شبكة { $parent }: هو من يموّل رصيدك ويحدد أسعارك.
network-invite-told = 🕸 انضم { $user } إلى شبكتك عبر الدعوة { $id }. موّله باستخدام /transfer.
network-invite-maker-gone = 🚫 هذه الدعوة لم تعد صالحة: من أنشأها لم تعد لديه شبكة. لم يتغير شيء؛ اطلب رابطًا جديدًا.
network-invite-cannot-join = 🚫 لا يمكن لهذه الدعوة إضافتك: ستصبح الشبكة أعمق من المسموح. لم يتغير شيء؛ تواصل مع أحد المشرفين.

## A distributor's prices (/pricing)

network-pricing-title = 💹 قواعدك: ما يدفعه موزّعو شبكتك فوق السعر الذي تدفعه أنت (تُطبَّق القاعدة الأكثر تحديدًا: الموزّع، ثم المشغّل، ثم الدولة، ثم الافتراضي)
network-pricing-no-default = الافتراضي: لا توجد قاعدة: يدفع موزّعوك السعر الذي تدفعه أنت.
pricing-error-in-network = 🚫 { $user } ضمن شبكة { $distributor }: سعره هو سعر الموزّع مضافًا إليه قاعدة الموزّع، لذا لن تُطبَّق عليه قاعدة التاجر أبدًا. لم يتغيّر شيء.
admin-users-row-under = { $user } — { $role }، ضمن شبكة { $parent }
