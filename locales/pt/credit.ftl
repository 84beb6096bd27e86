## Credit (/credit, /limit, /balance, /statement)

credit-usage = Envie /credit &lt;id do usuário&gt; &lt;valor&gt; [nota]; um - na frente retira crédito (ex.: /credit 123 -5).
credit-amount-not-a-number = 🚫 Isso não é um valor: escreva algarismos, ex.: 25 ou 25,50.
credit-amount-too-many-decimals = { $digits ->
    [one] 🚫 Casas decimais demais: { $currency } tem { $digits } casa decimal.
   *[other] 🚫 Casas decimais demais: { $currency } tem { $digits } casas decimais.
}
credit-amount-zero = 🚫 O valor não pode ser zero.
credit-amount-negative = 🚫 O valor não pode ser negativo.
credit-amount-ambiguous = 🚫 { $typed } pode ser { $thousands } ou { $decimal }: escreva { $whole } ou { $point }.
credit-unknown-user = 🚫 { $user } não tem perfil aqui: primeiro dê a esse usuário o perfil de revendedor.
credit-not-reseller = 🚫 { $user } não é revendedor: crédito e limites são só para revendedores.
credit-below-zero = 🚫 Não é possível retirar { $amount } de { $user }: o crédito disponível dele (saldo menos reservas) é { $available } e nunca fica abaixo de zero.
credit-added = Crédito adicionado para { $user }: { $amount }. Novo saldo: { $balance }.
credit-taken = Crédito retirado de { $user }: { $amount }. Novo saldo: { $balance }.
credit-told-added = 💰 Um administrador adicionou { $amount } ao seu crédito ({ $note }). Seu saldo: { $balance }.
credit-told-taken = 💰 Um administrador retirou { $amount } do seu crédito ({ $note }). Seu saldo: { $balance }.
credit-refused-funds = 🚫 Crédito insuficiente: disponível { $available }, esta recarga custa { $price }. Nenhum pedido foi feito.
credit-refused-order-limit = 🚫 Acima do seu máximo por pedido de { $limit }: esta recarga custa { $price }. Nenhum pedido foi feito.
credit-refused-daily-limit = 🚫 Acima do seu limite diário de { $limit }: usado hoje { $used }, resta { $left }, esta recarga custa { $price }. Nenhum pedido foi feito.
credit-low = ⚠️ Seu crédito disponível é { $available }, abaixo do seu valor de alerta de { $threshold }.
limit-usage = Envie /limit &lt;id do usuário&gt; &lt;valor|off&gt; (diário, dias em UTC) ou /limit &lt;id do usuário&gt; order &lt;valor|off&gt; (por pedido).
limit-daily-set = Limite diário de { $user }: { $limit }.
limit-daily-off = { $user } agora não tem limite diário.
limit-order-set = Máximo por pedido de { $user }: { $limit }.
limit-order-off = { $user } agora não tem máximo por pedido.
balance-title = 💰 Crédito de { $user }
balance-line = Saldo { $balance } · reservado { $holds } · disponível { $available }
balance-today = Hoje (UTC): { $spent } do limite diário de { $limit }, resta { $left }
balance-today-no-limit = Hoje (UTC): { $spent } (sem limite diário)
balance-order-max = Máximo por pedido: { $limit }
balance-alert-line = Alerta de crédito baixo: abaixo de { $threshold }
balance-usage = Envie /balance, ou /balance &lt;id do usuário&gt; para ver um revendedor.
balance-alert-usage = Envie /balance alert &lt;valor|off&gt;: você recebe um aviso quando seu crédito disponível ficar abaixo desse valor.
balance-alert-usage-admin = Envie /balance alert &lt;id do usuário&gt; &lt;valor|off&gt;.
balance-alert-set = { $user } recebe um aviso quando o crédito disponível ficar abaixo de { $threshold }.
balance-alert-off = { $user } agora não tem alerta de crédito baixo.
balance-all-title = 💰 Crédito dos revendedores:
balance-all-row = { $user }: saldo { $balance }, disponível { $available }
balance-all-empty = Nenhum revendedor ainda.
balance-wallet = Carteira do comerciante: { $balance }
balance-wallet-unreported = Carteira do comerciante: a Merchant API não informa o saldo (moeda { $currency }).
balance-wallet-unavailable = Carteira do comerciante: não foi possível consultar a Merchant API agora.
statement-usage = Envie /statement [de] [até] com datas no formato AAAA-MM-DD (UTC); administradores: /statement &lt;id do usuário&gt; [de] [até].
statement-caption = Extrato de { $user }, de { $from } a { $to }, arquivo { $part }
statement-summary = Extrato de { $user }, de { $from } a { $to }: saldo inicial { $opening }, créditos { $credits }, débitos { $debits }, saldo final { $closing } ({ $entries } { $entries ->
        [one] lançamento
       *[other] lançamentos
    }).
statement-failed = { $count ->
    [one] O extrato parou antes do fim ({ $count } lançamento enviado). Tente de novo.
   *[other] O extrato parou antes do fim ({ $count } lançamentos enviados). Tente de novo.
}

## Alerts

alert-merchant-low-balance = 💸 A carteira do comerciante caiu para { $balance }, abaixo de MERCHANT_LOW_BALANCE ({ $threshold }): adicione fundos antes que os pedidos sejam recusados.
