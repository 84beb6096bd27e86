## Invite links (/invite, /invites, /start with an invite's payload)

command-invite = um link de convite e o QR code dele: /invite &lt;reseller|agent|admin&gt; [usos] [dias]
command-invites = os convites ativos, cada um com um botão para revogá-lo
invite-usage = 🚫 Envie /invite &lt;reseller|agent|admin&gt; [usos] [dias]: usos de 1 a { $maxUses } (padrão 1), dias de 1 a { $maxDays } (padrão 7). Nada foi criado.
invite-too-many = 🚫 Os convites ativos chegaram ao limite ({ $max }): revogue um em /invites primeiro. Nada foi criado.
invite-made =
    🎟 Convite <code>{ $id }</code>: quem abrir este link passa a ser { $role } na hora.
    { $link }
    Usos: { $uses } · válido até { $until }
    Envie o link ou mostre o QR code abaixo. /invites lista os convites ativos e os revoga.
invite-qr-caption = QR code do convite { $id } ({ $role })
invites-title = 🎟 Convites ativos:
invites-empty = Nenhum convite ativo. Crie um com /invite reseller.
invites-row = <code>{ $id }</code> · { $role } · usos restantes: { $left }/{ $uses } · até { $until } · por <code>{ $by }</code>
invites-revoke-button = ❌ Revogar { $id }
invites-revoked = Convite { $id } revogado: o link dele não funciona mais.
invites-gone = Este convite não está mais ativo: nada mudou.
invite-welcome-reseller = 🎉 Boas-vindas, { $name }! Agora você é revendedor: recarregue celulares com /topup (ou vários de uma vez a partir de um arquivo CSV com /bulk), acompanhe seus pedidos com /orders e seu crédito com /balance. /help mostra tudo.
invite-welcome-agent = 🎉 Boas-vindas, { $name }! Agora você é atendente de suporte: consulte qualquer pedido com /status, liste pedidos com /orders e faça recibos para clientes com /receipt. /help mostra tudo.
invite-welcome-admin = 🎉 Boas-vindas, { $name }! Agora você é administrador: pessoas (/users, /invite), crédito (/credit), preços (/pricing), números (/stats) e estado do sistema (/health) ficam por sua conta. /help mostra tudo.
invite-expired = ⌛ Este link de convite expirou: ele não dá acesso. Peça um novo a quem o enviou.
invite-used-up = 🚫 Este link de convite já foi usado todas as vezes previstas: ele não dá acesso. Peça um novo a quem o enviou.
invite-revoked = 🚫 Este link de convite foi revogado: ele não dá acesso. Peça um novo a quem o enviou.
invite-has-role = Você já é { $role }: este convite não muda nada e continua reservado para quem ele foi feito.
alert-invite-used = 🎟 { $name } <code>{ $id }</code> entrou como { $role } pelo convite <code>{ $invite }</code> criado por <code>{ $by }</code>.
