## Prices (/pricing)

command-pricing = regras de margem sobre os preços dos revendedores: /pricing set &lt;escopo&gt; &lt;percentual&gt;% [+taxa] [min x] [max y], /pricing del &lt;escopo&gt;
pricing-title = 💹 Regras de margem: o que os revendedores pagam além do preço do comerciante (vale a regra mais específica: revendedor, depois operadora, país, padrão)
pricing-env-default = Padrão (PRICE_MARGIN_PERCENT, nenhuma regra definida no chat): { $rule }
pricing-row = { $scope }: { $rule }
pricing-scope-default = Padrão
pricing-scope-country = País { $country }
pricing-scope-operator = Operadora { $operator } ({ $country })
pricing-scope-reseller = Revendedor { $user }
pricing-rule = { $percent } % + { $fixed }
pricing-rule-min = , no mínimo { $min }
pricing-rule-max = , no máximo { $max }
pricing-usage =
    /pricing — as regras
    /pricing set &lt;escopo&gt; &lt;percentual&gt;% [+&lt;taxa&gt;] [min &lt;taxa&gt;] [max &lt;taxa&gt;]
    /pricing del &lt;escopo&gt;
    Escopos: default · country &lt;CC&gt; · operator &lt;CC&gt; &lt;chave da operadora&gt; · reseller &lt;id do usuário&gt;
    As taxas são na moeda do comerciante. Exemplo: /pricing set country NG 2.5% +0.10 min 0.05 max 2
pricing-set-done = ✅ Regra definida. { $scope }: { $rule }. Vale a partir da próxima cotação.
pricing-del-done = 🗑 Regra apagada: { $scope }.
pricing-del-nothing = Não há regra para { $scope }; nada mudou.
pricing-error-usage = 🚫 Não entendi esse comando.
pricing-error-scope = 🚫 Escopo desconhecido "{ $part }": use default, country, operator ou reseller.
pricing-error-country = 🚫 "{ $part }" não é um código de país de duas letras (como NG).
pricing-error-operator = 🚫 "{ $part }" não é uma chave de operadora (como NG-MTN).
pricing-error-reseller = 🚫 "{ $part }" não é um ID de usuário.
pricing-error-rule-missing = 🚫 Informe um percentual (como 2.5%), uma taxa fixa (como +0.10) ou os dois.
pricing-error-percent = 🚫 "{ $part }" não é um percentual de 0 a 999.9999 com no máximo 4 casas decimais.
pricing-error-fixed = 🚫 "{ $part }" não é uma taxa fixa: um + e um valor com no máximo 4 casas decimais (como +0.10).
pricing-error-min = 🚫 "min" precisa vir seguido de um valor com no máximo 4 casas decimais (como min 0.05).
pricing-error-max = 🚫 "max" precisa vir seguido de um valor com no máximo 4 casas decimais (como max 2).
pricing-error-min-above-max = 🚫 A taxa mínima está acima da taxa máxima.
pricing-error-repeated = 🚫 "{ $part }" aparece duas vezes.
pricing-error-unknown-part = 🚫 Não entendi "{ $part }".
pricing-error-ambiguous = 🚫 "{ $part }" pode ser { $whole } ou { $point }: escreva um dos dois, sem a vírgula.
pricing-error-unknown-country = 🚫 O catálogo não tem o país { $country }. Nada mudou.
pricing-error-unknown-operator = 🚫 O catálogo não tem a operadora { $operator } no país { $country }. Nada mudou.
pricing-error-not-reseller = 🚫 O usuário { $user } não é revendedor. Nada mudou.
pricing-error-catalogue = ⚠️ Não foi possível ler o catálogo agora, então nada mudou. Tente de novo daqui a pouco.

## Prices in quotes, orders and /status

top-up-quote-credit =
    Confira esta recarga:
    Operadora: { $operator } ({ $country })
    Produto: { $subtype }
    Número: { $phone }
    A linha recebe: { $receives }
    Seu crédito paga: { $pays }
    Preço válido até { $expires } (cerca de { $seconds } s)

    ⚠️ Recarga feita para número ou operadora errados não pode ser desfeita.
top-up-quote-margin-preview = 💹 Os revendedores pagam { $price } (margem { $margin }) pelas regras gerais; a regra própria de um revendedor pode ser diferente.
order-details-credit =
    { $operator } ({ $country }), { $subtype }
    <b>Telefone:</b> { $phone }
    <b>Recarga:</b> { $localAmount }
    <b>Seu crédito:</b> { $price }
order-receipt-credit =
    ✅ Recarga entregue
    <b>Pedido:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Telefone:</b> { $phone }
    <b>Recarga:</b> { $localAmount }
    <b>Pago com seu crédito:</b> { $price }
    <b>Horário:</b> { $time }
order-failed-notice-credit =
    ⚠️ A recarga falhou: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Telefone: { $phone }, { $localAmount }
    O valor de { $price } reservado no seu crédito foi liberado: nada foi cobrado.
order-refunded-notice-credit =
    ↩️ Reembolsado: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } voltou para o seu crédito. O telefone { $phone } não foi recarregado.
order-revived-notice-credit =
    ‼️ Correção: o pedido <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> acabou sendo realizado, e { $price } foi cobrado do seu crédito. A mensagem anterior dizendo que ele não foi realizado está errada.
    O status dele aparece a seguir.
agents-card-credit-paid = <b>Seu crédito pagou:</b> { $price }
agents-card-reseller-paid = <b>O revendedor pagou:</b> { $price } (margem { $margin })

## Revenue in /stats

admin-stats-books = 💰 Receita { $revenue } · custo { $cost } · margem { $margin }
admin-stats-books-none = 💰 Receita, custo, margem: — (nenhum pedido concluído)
admin-stats-by-reseller = Por revendedor (receita / custo / margem):
admin-stats-by-operator = Por operadora (receita / custo / margem):
admin-stats-books-row = • { $name }: { $revenue } / { $cost } / { $margin }
