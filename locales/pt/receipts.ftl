## Receipts (/receipt, /shop, /timezone)
# Messages here are sent in HTML parse mode: write &lt; &gt; &amp; for < > &.

command-receipt = um recibo para o seu cliente: /receipt &lt;ID do pedido ou número de pedido do comerciante&gt; [preço]
command-shop = o nome da loja nos seus recibos: /shop &lt;nome&gt;
command-timezone = o fuso horário dos seus recibos: /timezone &lt;Região/Cidade&gt;

receipt-button = 🧾 Recibo
receipt-title = Recibo
receipt-operator = Operadora
receipt-product = Produto
receipt-phone = Número
receipt-received = Recebido
receipt-price = Preço
receipt-order-id = ID do pedido
receipt-order-number = Referência
receipt-time = Data
receipt-status = Status
receipt-thanks = Obrigado pela compra!
receipt-caption = 🧾 Recibo { $orderId }
receipt-usage = Envie /receipt &lt;ID do pedido ou número de pedido do comerciante&gt; [preço], por exemplo /receipt O-1234 ou, com o preço que o seu cliente pagou, /receipt O-1234 1050 (na moeda local do pedido) ou /receipt O-1234 2.50 USD; /receipt O-1234 off remove o preço.
receipt-not-placed = Não há recibo para { $query }: este pedido nunca foi realizado, então nada foi cobrado.

shop-none = Seus recibos ainda não mostram nome de loja.
shop-current = Seus recibos mostram o nome de loja { $name }.
shop-usage = { $max ->
    [one] Envie /shop &lt;nome&gt; para definir o nome (no máximo { $max } caractere), ou /shop - para removê-lo.
   *[other] Envie /shop &lt;nome&gt; para definir o nome (no máximo { $max } caracteres), ou /shop - para removê-lo.
}
shop-saved = Salvo: seus recibos agora mostram { $name }.
shop-cleared = Removido: seus recibos não mostram nome de loja.
shop-invalid-empty = Envie /shop seguido do nome da loja.
shop-invalid-too-long = { $max ->
    [one] Esse nome é longo demais: no máximo { $max } caractere. Nada foi alterado.
   *[other] Esse nome é longo demais: no máximo { $max } caracteres. Nada foi alterado.
}
shop-invalid-control = O nome da loja não pode ter quebras de linha nem caracteres de controle. Nada foi alterado.

timezone-current = Os horários nos seus recibos estão em { $zone }.
timezone-usage = Envie /timezone &lt;Região/Cidade&gt; (por exemplo /timezone America/Sao_Paulo), ou /timezone - para UTC.
timezone-saved = Salvo: os horários nos seus recibos agora estão em { $zone }.
timezone-invalid = { $input } não é um fuso horário que eu conheça. Use um nome como America/Sao_Paulo ou Africa/Lagos. Nada foi alterado.

## Figures chart (/stats)

stats-chart-title = { $days ->
    [one] Pedidos e receita por dia, último { $days } dia (UTC)
   *[other] Pedidos e receita por dia, últimos { $days } dias (UTC)
}
stats-chart-title-own = { $days ->
    [one] Seus pedidos por dia, último { $days } dia (UTC)
   *[other] Seus pedidos por dia, últimos { $days } dias (UTC)
}
stats-chart-orders = Pedidos por status
stats-chart-revenue = Receita dos pedidos concluídos ({ $currency })
stats-chart-spent = Pago com seu crédito em pedidos concluídos ({ $currency })
stats-own-title = { $days ->
    [one] 📊 Seu último { $days } dia (desde { $from }, UTC)
   *[other] 📊 Seus últimos { $days } dias (desde { $from }, UTC)
}
stats-own-spent = Pago com seu crédito em pedidos concluídos: { $amount }
stats-own-spent-none = Pago com seu crédito em pedidos concluídos: nada
receipt-price-invalid = { $price } não é um preço. Envie /receipt &lt;pedido&gt; &lt;valor&gt; [moeda], por exemplo /receipt O-1234 1050 ou /receipt O-1234 2.50 USD. Nada foi alterado.
receipt-price-not-yours = Só o revendedor do pedido ou um administrador pode definir o preço no recibo. Nada foi alterado.
