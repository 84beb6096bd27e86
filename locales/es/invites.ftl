## Invite links (/invite, /invites, /start with an invite's payload)

command-invite = un enlace de invitación y su código QR: /invite &lt;reseller|agent|admin&gt; [usos] [días]
command-invites = las invitaciones vigentes, cada una con un botón para revocarla
invite-usage = 🚫 Envíe /invite &lt;reseller|agent|admin&gt; [usos] [días]: usos de 1 a { $maxUses } (por defecto 1), días de 1 a { $maxDays } (por defecto 7). No se creó nada.
invite-too-many = 🚫 Las invitaciones vigentes llegaron a su límite ({ $max }): revoque una en /invites primero. No se creó nada.
invite-made =
    🎟 Invitación <code>{ $id }</code>: quien abra este enlace pasa a ser { $role } al instante.
    { $link }
    Usos: { $uses } · válida hasta { $until }
    Envíe el enlace o muestre el código QR de abajo. /invites lista las invitaciones vigentes y las revoca.
invite-qr-caption = Código QR de la invitación { $id } ({ $role })
invites-title = 🎟 Invitaciones vigentes:
invites-empty = No hay invitaciones vigentes. Cree una con /invite reseller.
invites-row = <code>{ $id }</code> · { $role } · usos restantes: { $left }/{ $uses } · hasta { $until } · de <code>{ $by }</code>
invites-revoke-button = ❌ Revocar { $id }
invites-revoked = Invitación { $id } revocada: su enlace ya no funciona.
invites-gone = Esta invitación ya no está vigente: no cambió nada.
invite-welcome-reseller = 🎉 ¡Le damos la bienvenida, { $name }! Ahora es revendedor: recargue teléfonos con /topup (o muchos a la vez desde un archivo CSV con /bulk), siga sus pedidos con /orders y su crédito con /balance. /help lo muestra todo.
invite-welcome-agent = 🎉 ¡Le damos la bienvenida, { $name }! Ahora es agente de soporte: consulte cualquier pedido con /status, liste pedidos con /orders y haga recibos para clientes con /receipt. /help lo muestra todo.
invite-welcome-admin = 🎉 ¡Le damos la bienvenida, { $name }! Ahora es administrador: las personas (/users, /invite), el crédito (/credit), los precios (/pricing), las cifras (/stats) y el estado (/health) quedan a su cargo. /help lo muestra todo.
invite-expired = ⌛ Este enlace de invitación caducó: no da acceso. Pida uno nuevo a quien se lo envió.
invite-used-up = 🚫 Este enlace de invitación ya se usó por completo: no da acceso. Pida uno nuevo a quien se lo envió.
invite-revoked = 🚫 Este enlace de invitación fue revocado: no da acceso. Pida uno nuevo a quien se lo envió.
invite-has-role = Usted ya es { $role }: esta invitación no cambia nada y queda para la persona a quien iba dirigida.
alert-invite-used = 🎟 { $name } <code>{ $id }</code> entró como { $role } con la invitación <code>{ $invite }</code> creada por <code>{ $by }</code>.
