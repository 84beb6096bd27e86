## Invite links (/invite, /invites, /start with an invite's payload)

command-invite = رابط دعوة ورمز QR الخاص به: /invite &lt;reseller|agent|admin&gt; [مرات الاستخدام] [الأيام]
command-invites = الدعوات السارية، مع زر لسحب كل منها
invite-usage = 🚫 أرسل /invite &lt;reseller|agent|admin&gt; [مرات الاستخدام] [الأيام]: مرات الاستخدام من 1 إلى { $maxUses } (الافتراضي 1)، والأيام من 1 إلى { $maxDays } (الافتراضي 7). لم يُنشأ شيء.
invite-too-many = 🚫 بلغت الدعوات السارية حدّها الأقصى ({ $max }): اسحب إحداها في /invites أولًا. لم يُنشأ شيء.
invite-made =
    🎟 الدعوة <code>{ $id }</code>: كل من يفتح هذا الرابط يصبح { $role } فورًا.
    { $link }
    مرات الاستخدام: { $uses } · صالحة حتى { $until }
    أرسل الرابط، أو اعرض رمز QR أدناه. يعرض /invites الدعوات السارية ويسحبها.
invite-qr-caption = رمز QR للدعوة { $id } ({ $role })
invites-title = 🎟 الدعوات السارية:
invites-empty = لا توجد دعوات سارية. أنشئ واحدة بالأمر /invite reseller.
invites-row = <code>{ $id }</code> · { $role } · الاستخدامات المتبقية: { $left }/{ $uses } · حتى { $until } · أنشأها <code>{ $by }</code>
invites-revoke-button = ❌ سحب { $id }
invites-revoked = سُحبت الدعوة { $id }: لم يعد رابطها يعمل.
invites-gone = هذه الدعوة لم تعد سارية: لم يتغير شيء.
invite-welcome-reseller = 🎉 أهلًا بك، { $name }! أصبحت الآن موزّعًا: اشحن رصيد الهواتف بالأمر /topup (أو عددًا كبيرًا دفعة واحدة من ملف CSV بالأمر /bulk)، وتابع طلباتك عبر /orders ورصيدك عبر /balance. يعرض /help كل شيء.
invite-welcome-agent = 🎉 أهلًا بك، { $name }! أصبحت الآن موظف دعم: اطّلع على أي طلب بالأمر /status، واعرض قوائم الطلبات عبر /orders، وأنشئ إيصالات للزبائن بالأمر /receipt. يعرض /help كل شيء.
invite-welcome-admin = 🎉 أهلًا بك، { $name }! أصبحت الآن مشرفًا: المستخدمون (/users، /invite) والرصيد (/credit) والأسعار (/pricing) والأرقام (/stats) وحالة النظام (/health) كلها بين يديك. يعرض /help كل شيء.
invite-expired = ⌛ انتهت صلاحية رابط الدعوة هذا: لا يمنح أي وصول. اطلب رابطًا جديدًا ممن أرسله إليك.
invite-used-up = 🚫 استُنفدت مرات استخدام رابط الدعوة هذا: لا يمنح أي وصول. اطلب رابطًا جديدًا ممن أرسله إليك.
invite-revoked = 🚫 سُحب رابط الدعوة هذا: لا يمنح أي وصول. اطلب رابطًا جديدًا ممن أرسله إليك.
invite-has-role = أنت بالفعل { $role }: هذه الدعوة لا تغيّر شيئًا وتبقى لمن أُرسلت إليه.
alert-invite-used = 🎟 انضم { $name } <code>{ $id }</code> بدور { $role } عبر الدعوة <code>{ $invite }</code> التي أنشأها <code>{ $by }</code>.
