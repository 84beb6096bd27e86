## Export (/export)

export-usage = Envie /export [de] [até] [status] com datas no formato AAAA-MM-DD (UTC) e um status entre: { $statuses }. Exemplo: /export 2026-11-01 2026-11-30 succeeded
export-caption = Pedidos criados de { $from } a { $to } (UTC){ $status }, arquivo { $part }
export-caption-status = , status { $status }
export-done = Exportação concluída: { $count ->
        [one] { $count } pedido
       *[other] { $count } pedidos
    } em { $files ->
        [one] { $files } arquivo
       *[other] { $files } arquivos
    }.
export-failed = { $count ->
    [one] A exportação parou antes do fim ({ $count } pedido enviado). Tente de novo.
   *[other] A exportação parou antes do fim ({ $count } pedidos enviados). Tente de novo.
}

## Reconciliation (/reconcile)

reconcile-started = Conciliando com a lista de pedidos da Merchant API… isso pode levar alguns minutos (usa só a parte de segundo plano da cota de requisições).
reconcile-busy = Já há uma conciliação em andamento; o relatório vai para os administradores quando ela terminar.
reconcile-failed = A conciliação não pôde terminar: { $reason }. Nada mais foi alterado; tente de novo mais tarde.
reconcile-summary =
    <b>Conciliação</b> dos pedidos criados desde { $since } (UTC): { $checked ->
        [one] { $checked } pedido do serviço conferido
       *[other] { $checked } pedidos do serviço conferidos
    }.
    Registrados (o serviço tinha, nós não): { $missing }
    Status final aplicado (ainda estávamos esperando por ele): { $repaired }
    Outras diferenças de status: { $status }
    Diferenças de preço: { $price }
    Reservas de crédito sem pedido: { $holds }
    Pedidos não feitos por este bot, ignorados: { $foreign }
reconcile-report-caption = { $count ->
    [one] { $count } diferença encontrada pela conciliação de { $day } (UTC); detalhes no arquivo.
   *[other] { $count } diferenças encontradas pela conciliação de { $day } (UTC); detalhes no arquivo.
}
