## Top-up: choosing

top-up-choose-country = 🌍 Em que país está o telefone? Escolha um, digite o nome ou o código do país (por exemplo NG) ou digite o número no formato internacional (+234…).
top-up-country-chosen = País:
top-up-country-no-match = Nenhum país corresponde a “{ $query }”. Tente outro nome ou um código de duas letras.
top-up-country-several = Vários países correspondem a “{ $query }”. Escolha um:
top-up-country-not-sold = Recargas para esse país não estão disponíveis agora. Escolha outro país.
top-up-one-line-bad-phone = Isso não parece um número de telefone no formato internacional (com + e o código do país).
top-up-no-operators = Nenhuma operadora do país { $country } pode ser recarregada agora. Escolha outro país.
top-up-choose-operator = 📶 Qual operadora do país { $country }? Escolha uma ou digite o nome dela.
top-up-wrong-number-warning = ⚠️ O número tem que ser desta operadora: uma recarga enviada para número ou operadora errados não pode ser desfeita.
top-up-operator-chosen = Operadora: { $operator }
top-up-operator-no-match = Nenhuma operadora corresponde a “{ $query }”. Escolha uma da lista ou digite outro nome.
top-up-operator-several = Várias operadoras correspondem a “{ $query }”. Escolha uma:
top-up-choose-subtype = O que você quer comprar da { $operator }?
top-up-subtype-unknown = Escolha uma das opções.
top-up-choose-currency = A { $operator } vende em mais de uma moeda. Qual delas?
top-up-currency-unknown = Escolha uma das moedas.
subtype-airtime = Saldo
subtype-data = Dados
subtype-bundle = Pacote

## Top-up: amount

top-up-choose-amount = 💵 { $subtype } da { $operator }: qual valor?
top-up-amount-range = Digite um valor entre { $min } e { $max } { $currency }.
top-up-amount-buttons = Escolha um valor.
top-up-amount-buttons-or-type = Escolha um valor ou digite um.
top-up-amount-chosen = Valor: { $amount }
amount-error-empty = Digite um valor, por exemplo 500.
amount-error-not-a-number = Isso não é um número. Digite um valor como 500 ou 12,50.
amount-error-zero = O valor tem que ser maior que zero.
amount-error-negative = O valor não pode ser negativo.
amount-error-too-many-decimals = Use no máximo 4 casas decimais.
amount-error-exponent = Digite o valor só com algarismos, sem expoentes (nada de “1e3”).
amount-error-too-long = Esse valor é comprido demais. Digite um valor normal.
amount-error-ambiguous = Não dá para saber qual é o separador decimal. Digite o valor sem separador de milhar, por exemplo 1500,50.
amount-error-below = Isso está abaixo do mínimo de { $min } { $currency }.
amount-error-above = Isso está acima do máximo de { $max } { $currency }.
amount-error-not-offered = Esse valor não é oferecido. Disponíveis: { $values } { $currency }.

## Top-up: phone number

top-up-enter-phone = 📱 Envie o número de telefone do país { $country } (formato nacional ou internacional), escolha um recente ou compartilhe um contato.
top-up-phone-chosen = Número: { $phone }
phone-error-empty = Envie um número de telefone.
phone-error-invalid = Esse não é um número de telefone válido para o país { $country }. Confira e envie de novo.
phone-error-wrong-country = Esse número é de outro país, não do país { $country }. Envie um número do país { $country }.
phone-error-not-mobile = Esse não é um número de celular. Só números de celular podem ser recarregados.
phone-error-too-long = Esse número é comprido demais. Confira e envie de novo.
top-up-number-busy = Um pedido anterior para este número ainda não terminou (<code>{ $orderId }</code>, <code>{ $number }</code>). Espere ele terminar ou use outro número.
top-up-number-busy-until = Uma recarga para este número ainda não terminou. Ela deve ficar pronta por volta das { $time } UTC. Espere até lá ou use outro número.

## Top-up: quote and order

top-up-quote =
    Confira esta recarga:
    Operadora: { $operator } ({ $country })
    Produto: { $subtype }
    Número: { $phone }
    A linha recebe: { $receives }
    Sua carteira paga: { $pays }
    Preço válido até { $expires } (cerca de { $seconds } s)

    ⚠️ Recarga feita para número ou operadora errados não pode ser desfeita.
top-up-quote-renewed = ⏱ O preço tinha expirado ou estava para expirar, então aqui está uma cotação nova. Confirme de novo.
top-up-line-outlives-quote = ⏳ A fila é mais longa do que a validade deste preço (cerca de { $seconds } s de espera), então uma nova cotação será feita quando chegar a sua vez. Confirme de novo.
top-up-price-changed = ⚠️ O preço mudou: era { $old }, agora é { $new }.
top-up-quote-mismatch = ⚠️ O serviço cotou algo diferente do que você pediu, então eu parei. Nada foi cobrado. Os administradores já foram avisados.
top-up-press-confirm = Toque em ✅ para fazer o pedido ou em ❌ para cancelar.
top-up-press-a-button = Toque em um dos botões.
top-up-text-or-button = Digite sua resposta ou toque em um botão.
top-up-stale-button = Este botão é de uma etapa anterior ou de uma recarga já finalizada.
top-up-offer-unavailable = Esta oferta não está mais disponível. Escolha outra operadora ou outro valor.
top-up-cancelled = Recarga cancelada. Nada foi cobrado.
top-up-idle-ended = { $minutes ->
    [one] Sua recarga foi encerrada depois de { $minutes } minuto sem atividade. Nada foi cobrado. Envie /topup para começar de novo.
   *[other] Sua recarga foi encerrada depois de { $minutes } minutos sem atividade. Nada foi cobrado. Envie /topup para começar de novo.
}
top-up-error-ended = Sua recarga parou por causa de um erro inesperado. Se você já tinha confirmado, o /orders mostra se o pedido foi realizado. Envie /topup para começar de novo.
top-up-repeat-unavailable = Esse pedido não pode ser repetido. Vamos começar uma nova recarga.
top-up-placing = ⏳ Realizando o pedido… (número de pedido do comerciante <code>{ $number }</code>)
top-up-pending = ⏳ O serviço ainda não confirmou o pedido <code>{ $number }</code>. Continuamos tentando com o mesmo número de pedido, então ele nunca é cobrado duas vezes; a mensagem acima será atualizada.
top-up-not-placed-requote = O pedido <code>{ $number }</code> não foi realizado e nada foi cobrado: o preço precisa ser renovado.
top-up-rejected = ⚠️ O pedido <code>{ $number }</code> foi recusado. Nada foi cobrado.
top-up-submit-error = ⚠️ Algo deu errado ao realizar o pedido <code>{ $number }</code>. Confira daqui a um minuto com /status <code>{ $number }</code>: ele nunca é realizado duas vezes.
top-up-number-conflict = ⚠️ O pedido <code>{ $number }</code> não foi realizado: o número dele já pertence a outro pedido. Nada foi cobrado. Comece uma nova recarga com /topup.
