## Start and help

start-menu = Olá, { $name }! Você entrou como { $role }. Escolha abaixo o que fazer, ou envie /help para ver todos os comandos.
menu-topup = 📱 Recarregar
menu-orders = 📋 Pedidos
menu-balance = 💰 Saldo
menu-bulk = 📦 Recarga em lote
menu-schedule = 🗓 Agendamentos
menu-settings = ⚙️ Configurações
menu-help = ❓ Ajuda
menu-stats = 📊 Números
menu-users = 👥 Pessoas
menu-invite = ✉️ Convidar
menu-export = 📄 Exportar
help-title = <b>O que você pode fazer</b>
help-group-sell = 📱 Vender
help-group-orders = 📋 Pedidos
help-group-money = 💰 Dinheiro
help-group-people = 👥 Pessoas
help-group-watch = 📊 Acompanhar
help-group-settings = ⚙️ Configurações
help-details = Envie um comando sozinho para ver como usá-lo; /cancel sai do que você estiver fazendo.
command-settings = suas configurações: idioma, fuso horário, nome da loja, PIN
settings-title = ⚙️ <b>Suas configurações</b>
settings-language = Idioma: { $language }
settings-timezone = Fuso horário: <code>{ $zone }</code>
settings-shop = Nome da loja nos recibos: { $name }
settings-shop-none = Nome da loja nos recibos: nenhum
settings-pin-set = PIN: definido
settings-pin-none = PIN: não definido
settings-button-language = 🌐 Idioma
settings-button-timezone = 🕒 Fuso horário
settings-button-shop = 🏪 Nome da loja
settings-button-pin = 🔐 PIN
start-stranger =
    Olá, { $name }! Este bot vende recargas de celular para revendedores cadastrados.
    Você ainda não tem acesso. Envie seu ID do Telegram <code>{ $id }</code> para um administrador e peça acesso.
role-reseller = revendedor
role-agent = atendente de suporte
role-admin = administrador
command-help = o que este bot pode fazer por você
command-topup = recarregar um celular (passo a passo, ou /topup &lt;telefone&gt; &lt;valor&gt; [operadora])
command-bulk = recargas em lote a partir de um arquivo CSV (formato e modelo)
command-schedule = recargas agendadas e recorrentes: listar, pausar, apagar, criar
command-status = um pedido: /status &lt;ID do pedido ou número de pedido do comerciante&gt;
command-orders = pedidos recentes
command-users = quem pode usar o bot
command-grant = dar um perfil a alguém: /grant &lt;id do usuário&gt; &lt;reseller|distributor|agent|admin&gt;
command-revoke = tirar o acesso: /revoke &lt;id do usuário&gt;
command-stats = números de hoje e dos últimos 7 dias
command-health = estado do Redis, da Merchant API e dos webhooks
command-pin = seu PIN para recargas grandes (administradores: /pin &lt;id do usuário&gt; &lt;valor|off|default|unlock|reset&gt;)
command-balance = seu crédito: saldo, reservas, disponível, gasto de hoje
command-statement = o extrato do crédito como documento CSV: /statement [de] [até]
command-credit = adicionar ou retirar crédito de um revendedor: /credit &lt;id do usuário&gt; &lt;valor&gt; [nota]
command-limit = os limites de um revendedor: /limit &lt;id do usuário&gt; [order] &lt;valor|off&gt;
command-export = pedidos como documento CSV: /export [de] [até] [status]
command-reconcile = comparar agora nossos pedidos com a lista de pedidos da Merchant API
command-cancel = sair do que você está fazendo
command-language = escolher o idioma
command-start = começar

## Access

access-denied = Desculpe, você não pode usar este bot. Seu ID do Telegram é <code>{ $id }</code>: envie para um administrador para pedir acesso.
access-denied-short = Desculpe, você não pode usar isto.
access-suspended = 🚫 Sua rede está suspensa: o distribuidor acima de você não tem mais essa função. Seu crédito é mantido; nenhum pedido pode ser feito até que um administrador mova você.
access-suspended-short = 🚫 Sua rede está suspensa.
command-not-for-role = Este comando não está disponível para o seu perfil.
private-only = Só funciono em conversas privadas: abra { $link } e me escreva por lá.
private-only-short = Só funciono em conversas privadas.

## Language

language-choose = Escolha seu idioma:
language-set = Idioma definido: { $language }.

## Buttons

button-back = ⬅️ Voltar
button-cancel = ✖️ Cancelar
button-next = Próximo ▶️
button-previous = ◀️ Anterior
button-retry = 🔄 Tentar de novo
button-confirm = ✅ Fazer pedido
button-reject = ❌ Cancelar
button-repeat-same = 🔁 Mesmo número e valor de novo
button-repeat-amount = 🔁 Mesmo número, outro valor
button-expired = Este botão não funciona mais.

## Fallbacks

cancel-nothing = Não há nada para cancelar. Envie /topup para começar uma recarga.
unhandled = Não entendi. Envie /help para ver o que você pode fazer.

## Waiting line

line-position = ⏳ Na fila: posição { $position }, cerca de { $seconds } s
line-leave-button = ❌ Sair da fila
line-served = ✅ Chegou a sua vez.
line-left = Você saiu da fila. Nada foi cobrado.
line-stopped = A espera na fila terminou.
line-gone = Esta espera já terminou.

## Merchant service problems

service-error-refused-key = O serviço de recargas está recusando nossas solicitações agora. Os administradores já foram avisados; tente de novo mais tarde.
service-error-unavailable = O serviço de recargas não respondeu. Nada foi cobrado; tente de novo daqui a pouco.
service-error-balance = A carteira não tem dinheiro suficiente para esta recarga. Nada foi cobrado; peça a um administrador para adicionar fundos.
service-error-risk = Um limite de pedidos foi atingido. Nada foi cobrado; tente de novo mais tarde ou fale com um administrador.
service-error-wallet = A carteira não está ativa. Nada foi cobrado; fale com um administrador.
service-error-amount = Este valor não é aceito para esta oferta. Nada foi cobrado; escolha outro valor.
