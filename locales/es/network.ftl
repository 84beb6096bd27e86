## Networks: distributors and the resellers below them (/grant … distributor, /transfer, /network, /move)

role-distributor = distribuidor
menu-network = 🕸 Red
menu-transfer = 💸 Transferir
help-group-network = 🕸 Red
command-transfer = pasar crédito a un revendedor directamente debajo de ti: /transfer &lt;id de usuario&gt; &lt;importe&gt; [nota]
command-network = los revendedores debajo de ti: saldos, volumen de hoy, tu comisión
command-move = mover a un revendedor y a todos los que están debajo: /move &lt;id de usuario&gt; &lt;id del nuevo superior|merchant&gt;
network-not-yours = 🚫 { $user } no está en tu red. No cambió nada.
network-button-not-yours = 🚫 Esta lista no es tuya.
network-merchant = el comerciante

## Making and revoking distributors

network-grant-not-reseller = 🚫 { $user } es { $role }: solo un revendedor, o alguien todavía sin rol, puede ser distribuidor. No cambió nada.
network-grant-too-deep = 🚫 { $user } está en el nivel { $level } de los { $max } que permite NETWORK_MAX_DEPTH: los revendedores debajo quedarían demasiado abajo. No cambió nada.
network-suspended = ⛔ { $user } ya no tiene red. Revendedores suspendidos debajo: { $count }. Conservan su crédito, y no se hace ningún pedido suyo hasta que los muevas con /move.
network-suspended-told = ⛔ Tu red está suspendida: { $user } ya no es distribuidor. Conservas tu crédito, pero no se hará ninguna recarga tuya hasta que un administrador te mueva a otro distribuidor.

## Transfers (/transfer)

network-transfer-usage = Envía /transfer &lt;id de usuario&gt; &lt;importe&gt; [nota] para pasar tu crédito a un revendedor directamente debajo de ti; un - delante lo recupera (p. ej. /transfer 123 -5).
network-transfer-not-direct = 🚫 { $user } no está directamente debajo de ti: solo transfieres a tus propios revendedores, y a los suyos los financia su distribuidor. No se movió nada.
network-transfer-short = 🚫 Crédito insuficiente: tienes { $available } disponible (saldo menos retenciones) y la transferencia es de { $amount }. No se movió nada.
network-transfer-take-short = 🚫 No se pueden recuperar { $amount } de { $user }: su crédito disponible (saldo menos retenciones) es { $available }. No se movió nada.
network-transfer-given = 💸 { $amount } pasado a { $user }. Tu saldo: { $balance }. Su saldo: { $theirs }.
network-transfer-taken = 💸 { $amount } recuperado de { $user }. Tu saldo: { $balance }. Su saldo: { $theirs }.
network-transfer-told-given = 💰 { $by } pasó { $amount } a tu crédito ({ $note }). Tu saldo: { $balance }.
network-transfer-told-taken = 💰 { $by } recuperó { $amount } de tu crédito ({ $note }). Tu saldo: { $balance }.

## The network (/network)

network-empty = 🕸 Todavía no hay nadie en tu red. Invita a revendedores con /invite reseller.
network-title = 🕸 <b>Tu red</b> — directamente debajo de ti: { $count } · en total: { $total } (cifras de hoy, día UTC)
network-row = • { $user }: saldo { $balance } · hoy { $volume } · tu comisión { $commission }
network-row-folded = • { $user }: saldo { $balance } · hoy { $volume } · tu comisión { $commission } · +{ $below } debajo
network-commission-today = Tu comisión de hoy: { $commission }

## Moving resellers (/move)

network-move-usage = Envía /move &lt;id de usuario&gt; &lt;id del nuevo superior|merchant&gt;: el revendedor y todos los que están debajo pasan a ese distribuidor, o directamente al comerciante.
network-move-done = ✅ { $user } pasó de { $from } a { $parent }, con todos los que están debajo.
network-move-told = 🕸 Ahora estás en la red de { $parent }: te financia el crédito y fija tus precios.
network-move-told-merchant = 🕸 Ahora compras directamente al comerciante: ya no tienes ningún distribuidor por encima.
network-move-not-reseller = 🚫 { $user } no es revendedor: solo se pueden mover revendedores y distribuidores. No cambió nada.
network-move-not-distributor = 🚫 { $parent } no es distribuidor: hazlo distribuidor primero con /grant. No cambió nada.
network-move-cycle = 🚫 { $user } no puede ir debajo de { $parent }: { $parent } es { $user } o está debajo. No cambió nada.
network-move-too-deep = 🚫 { $user } no puede ir debajo de { $parent }: su red sería más profunda de lo que permite NETWORK_MAX_DEPTH (como máximo { $max }). No cambió nada.

## Distributors' invites (/invite reseller, /invites)

network-invite-usage = 🚫 Envía /invite reseller [usos] [días]: un distribuidor invita a revendedores a su propia red (usos de 1 a { $maxUses }, por defecto 1; días de 1 a { $maxDays }, por defecto 7). No se creó nada.
network-invite-made = 🕸 Quien entre con ella se une a tu red: fináncialo con /transfer y fija sus precios con /pricing.
network-invite-joined = 🕸 Estás en la red de { $parent }: te financia el crédito y fija tus precios.
network-invite-told = 🕸 { $user } se unió a tu red con la invitación { $id }. Fináncialo con /transfer.
network-invite-maker-gone = 🚫 Esta invitación ya no sirve: quien la creó ya no tiene red. No cambió nada; pide un enlace nuevo.
network-invite-cannot-join = 🚫 Esta invitación no puede incluirte: la red quedaría más profunda de lo permitido. No cambió nada; consulta a un administrador.

## A distributor's prices (/pricing)

network-pricing-title = 💹 Tus reglas: lo que pagan los revendedores de tu red además del precio que pagas tú (se aplica la regla más específica: revendedor, luego operador, país, predeterminada)
network-pricing-no-default = Predeterminada: ninguna regla: tus revendedores pagan el precio que pagas tú.
pricing-error-in-network = 🚫 { $user } está en la red de { $distributor }: su precio es el del distribuidor más la regla del distribuidor, así que una regla del comerciante para este usuario nunca se aplicaría. No se ha cambiado nada.
admin-users-row-under = { $user } — { $role }, en la red de { $parent }
