## Networks: distributors and the resellers below them (/grant … distributor, /transfer, /network, /move)

role-distributor = distribuidor
menu-network = 🕸 Rede
menu-transfer = 💸 Transferir
help-group-network = 🕸 Rede
command-transfer = passar crédito a um revendedor logo abaixo de você: /transfer &lt;id do usuário&gt; &lt;valor&gt; [nota]
command-network = os revendedores abaixo de você: saldos, volume de hoje, sua comissão
command-move = mover um revendedor com todos abaixo dele: /move &lt;id do usuário&gt; &lt;id do novo superior|merchant&gt;
network-not-yours = 🚫 { $user } não está na sua rede. Nada mudou.
network-button-not-yours = 🚫 Esta lista não é sua.
network-merchant = o comerciante

## Making and revoking distributors

network-grant-not-reseller = 🚫 { $user } é { $role }: só um revendedor, ou alguém ainda sem perfil, pode virar distribuidor. Nada mudou.
network-grant-too-deep = 🚫 { $user } está no nível { $level } dos { $max } que NETWORK_MAX_DEPTH permite: os revendedores abaixo ficariam fundo demais. Nada mudou.
network-suspended = ⛔ { $user } não tem mais rede. Revendedores suspensos abaixo: { $count }. Eles mantêm o crédito, e nada deles é feito até você movê-los com /move.
network-suspended-told = ⛔ Sua rede está suspensa: { $user } não é mais distribuidor. Seu crédito fica guardado, mas nenhuma recarga sua é feita até um administrador mover você para outro distribuidor.

## Transfers (/transfer)

network-transfer-usage = Envie /transfer &lt;id do usuário&gt; &lt;valor&gt; [nota] para passar seu crédito a um revendedor logo abaixo de você; um - na frente pega de volta (ex.: /transfer 123 -5).
network-transfer-not-direct = 🚫 { $user } não está logo abaixo de você: você só transfere para os seus próprios revendedores, e os dele são abastecidos pelo distribuidor deles. Nada foi movido.
network-transfer-short = 🚫 Crédito insuficiente: você tem { $available } disponível (saldo menos reservas), e a transferência é de { $amount }. Nada foi movido.
network-transfer-take-short = 🚫 Não é possível pegar de volta { $amount } de { $user }: o crédito disponível dele (saldo menos reservas) é { $available }. Nada foi movido.
network-transfer-given = 💸 { $amount } passado para { $user }. Seu saldo: { $balance }. Saldo dele: { $theirs }.
network-transfer-taken = 💸 { $amount } pego de volta de { $user }. Seu saldo: { $balance }. Saldo dele: { $theirs }.
network-transfer-told-given = 💰 { $by } passou { $amount } para o seu crédito ({ $note }). Seu saldo: { $balance }.
network-transfer-told-taken = 💰 { $by } pegou de volta { $amount } do seu crédito ({ $note }). Seu saldo: { $balance }.

## The network (/network)

network-empty = 🕸 Ainda não há ninguém na sua rede. Convide revendedores com /invite reseller.
network-title = 🕸 <b>Sua rede</b> — logo abaixo de você: { $count } · no total: { $total } (números de hoje, dia UTC)
network-row = • { $user }: saldo { $balance } · hoje { $volume } · sua comissão { $commission }
network-row-folded = • { $user }: saldo { $balance } · hoje { $volume } · sua comissão { $commission } · +{ $below } abaixo
network-commission-today = Sua comissão de hoje: { $commission }

## Moving resellers (/move)

network-move-usage = Envie /move &lt;id do usuário&gt; &lt;id do novo superior|merchant&gt;: o revendedor e todos abaixo dele passam para esse distribuidor, ou direto para o comerciante.
network-move-done = ✅ { $user } passou de { $from } para { $parent }, com todos abaixo dele.
network-move-told = 🕸 Agora você está na rede de { $parent }: ele abastece seu crédito e define seus preços.
network-move-told-merchant = 🕸 Agora você compra direto do comerciante: não há mais distribuidor acima de você.
network-move-not-reseller = 🚫 { $user } não é revendedor: só revendedores e distribuidores podem ser movidos. Nada mudou.
network-move-not-distributor = 🚫 { $parent } não é distribuidor: torne-o distribuidor antes com /grant. Nada mudou.
network-move-cycle = 🚫 { $user } não pode ficar abaixo de { $parent }: { $parent } é { $user } ou está abaixo dele. Nada mudou.
network-move-too-deep = 🚫 { $user } não pode ficar abaixo de { $parent }: a rede dele ficaria mais funda do que NETWORK_MAX_DEPTH permite (no máximo { $max }). Nada mudou.

## Distributors' invites (/invite reseller, /invites)

network-invite-usage = 🚫 Envie /invite reseller [usos] [dias]: um distribuidor convida revendedores para a própria rede (usos de 1 a { $maxUses }, padrão 1; dias de 1 a { $maxDays }, padrão 7). Nada foi criado.
network-invite-made = 🕸 Quem entrar por ele entra na sua rede: abasteça com /transfer e defina os preços com /pricing.
network-invite-joined = 🕸 Você está na rede de { $parent }: ele abastece seu crédito e define seus preços.
network-invite-told = 🕸 { $user } entrou na sua rede pelo convite { $id }. Abasteça o crédito dele com /transfer.
network-invite-maker-gone = 🚫 Este convite não funciona mais: quem o criou não tem mais rede. Nada mudou; peça um link novo.
network-invite-cannot-join = 🚫 Este convite não pode incluir você: a rede ficaria mais funda do que o permitido. Nada mudou; fale com um administrador.

## A distributor's prices (/pricing)

network-pricing-title = 💹 Suas regras: o que os revendedores da sua rede pagam além do preço que você paga (vale a regra mais específica: revendedor, depois operadora, país, padrão)
network-pricing-no-default = Padrão: nenhuma regra: seus revendedores pagam o preço que você paga.
pricing-error-in-network = 🚫 { $user } está na rede de { $distributor }: o preço dele é o preço do distribuidor mais a regra do distribuidor, então uma regra do comerciante para ele nunca se aplicaria. Nada foi alterado.
admin-users-row-under = { $user } — { $role }, na rede de { $parent }
