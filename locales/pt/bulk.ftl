## Bulk top-ups (/bulk)

bulk-help =
    <b>Recargas em lote a partir de um arquivo CSV</b>
    Envie um arquivo CSV como documento, uma recarga por linha: <code>phone,amount,operator,note</code>
    • phone: formato internacional com o código do país (<code>+234…</code>)
    • amount: o valor local que a linha recebe
    • operator: pode ficar vazio quando o país tem uma opção óbvia
    • note: o que você quiser; volta no relatório
    Até 1.000 linhas, UTF-8, vírgulas ou ponto e vírgula, aspas permitidas. Uma primeira linha com os nomes das colunas é opcional.
    Eu confiro cada linha e mostro o custo estimado antes de realizar qualquer pedido.
bulk-template-caption = Modelo: preencha e envie de volta como documento.
bulk-checking = ⏳ Conferindo o arquivo…
bulk-download-failed = ⚠️ Não foi possível baixar o arquivo do Telegram. Envie de novo, por favor.
bulk-file-empty = 🚫 O arquivo não tem linhas para recarregar.
bulk-file-not-csv = 🚫 Isso não é um arquivo de texto CSV. Envie um arquivo .csv (UTF-8) com as colunas phone,amount,operator,note.
bulk-file-too-many-lines = 🚫 O arquivo tem mais de 1.000 linhas. Divida em arquivos menores.
bulk-file-too-large = 🚫 O arquivo é grande demais. Um arquivo de lote tem no máximo 1.000 linhas.
bulk-file-columns = 🚫 As colunas não são phone,amount,operator,note. Use o modelo do /bulk.
bulk-summary = <b>Recarga em lote</b>: { $valid ->
        [one] { $valid } linha válida
       *[other] { $valid } linhas válidas
    }, { $errors ->
        [one] { $errors } linha com erro
       *[other] { $errors } linhas com erro
    }.
bulk-summary-line-error = Linha { $line }: { $problem }
bulk-summary-more-errors = { $count ->
    [one] …e mais { $count } linha com erro (todas estão no relatório).
   *[other] …e mais { $count } linhas com erro (todas estão no relatório).
}
bulk-summary-no-estimate = Não foi possível estimar o custo agora; cada linha é cotada na hora em que for realizada.
bulk-summary-estimate = Custo estimado: <b>{ $cost }</b>
bulk-summary-estimate-approx = Custo estimado: cerca de <b>{ $cost }</b>
bulk-summary-credit = Crédito disponível: { $available }
bulk-summary-credit-short = ⚠️ Crédito disponível: { $available }, menos que a estimativa: as linhas que passarem do seu crédito não serão realizadas.
bulk-summary-confirm = ✅ começa a realizar as linhas válidas; ❌ descarta o arquivo.
bulk-summary-nothing = Nenhuma linha pode ser realizada. Corrija o arquivo e envie de novo.
bulk-button-start = ✅ Começar
bulk-button-drop = ❌ Descartar
bulk-button-pause = ⏸ Pausar
bulk-button-resume = ▶️ Retomar
bulk-button-cancel = ⏹ Cancelar
bulk-gone = Este arquivo de lote não está mais disponível.
bulk-dropped = O arquivo de lote foi descartado. Nenhum pedido foi realizado.
bulk-started = Iniciado.
bulk-pause-done = Pausado.
bulk-resume-done = Retomado.
bulk-cancel-done = Cancelado: as linhas ainda não realizadas não serão realizadas.
bulk-progress-running = ⏳ <b>Recarga em lote em andamento</b>
bulk-progress-paused = ⏸ <b>Recarga em lote pausada</b>
bulk-progress-cancelled = ⏹ <b>Recarga em lote cancelada</b>
bulk-progress-finished = ✅ <b>Recarga em lote concluída</b>
bulk-progress-counts = Realizadas: { $placed } · com falha: { $failed } · restantes: { $left }
bulk-progress-skipped = Não realizadas (cancelado): { $count }
bulk-progress-spent = Gasto até agora: { $spent }
bulk-progress-eta = Término estimado: { $time }
bulk-report-caption = Relatório do lote: { $placed ->
        [one] { $placed } realizada
       *[other] { $placed } realizadas
    }, { $failed ->
        [one] { $failed } falhou
       *[other] { $failed } falharam
    }, { $skipped ->
        [one] { $skipped } não realizada
       *[other] { $skipped } não realizadas
    }. Todos os pedidos também estão em /orders.
bulk-line-duplicate = o mesmo número da linha { $line }
bulk-line-operator-unknown = não há operadora “{ $operator }” no país { $country }
bulk-line-operator-several = “{ $operator }” corresponde a várias operadoras: { $names }
bulk-line-operator-needed = informe a operadora ({ $names })
bulk-line-amount-ambiguous = este valor é oferecido em várias moedas pela { $operator }
bulk-line-refused-credit = crédito disponível insuficiente
bulk-line-refused-daily-limit = acima do seu limite diário
bulk-line-refused-order-limit = acima do seu limite por pedido
bulk-line-refused-busy = outro pedido para este número ainda não terminou
bulk-line-refused-other = o serviço não realizou; nada foi cobrado

## Bulk runs and schedules stopped: the payer may no longer order

bulk-role-changed = 🚫 Seu perfil mudou desde que este arquivo foi conferido, então os preços dele não valem mais para você. Nenhum pedido foi realizado: envie o arquivo de novo.
bulk-pin-ask = 🔐 Este lote está estimado em { $cost }: informe seu PIN no teclado para começar.
bulk-pin-ask-unknown = 🔐 Não foi possível estimar o custo deste lote: informe seu PIN no teclado para começar.
bulk-progress-stopped = Interrompido: { $reason }.
payer-stopped-no-access = você não tem mais um perfil que permite fazer recargas
payer-stopped-pin-locked = seu PIN está bloqueado depois de muitas tentativas erradas
payer-stopped-pin-needed = esta recarga agora precisa do seu PIN
alert-payer-stopped-bulk = ⏹ O lote de { $user } foi interrompido: { $reason }. Nenhum outro pedido dele será realizado.
alert-payer-stopped-schedule = ⏸ Um agendamento de { $user } foi pausado: { $reason }. Nenhum outro pedido dele será realizado.
schedule-paused-stopped = Este agendamento está pausado: { $reason }. Retome-o em /schedule quando isso estiver resolvido.
schedule-pin-unknown = 🔐 Não foi possível estimar agora o preço deste agendamento, então é preciso o seu PIN para salvá-lo.
