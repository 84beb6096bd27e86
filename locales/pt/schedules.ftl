## Scheduled top-ups (/schedule)

schedule-list-empty = 🗓 Você não tem recargas agendadas. Toque em ➕ para agendar uma: uma vez, em uma data e hora, ou todo dia, toda semana ou todo mês.
schedule-list-head = 🗓 <b>Suas recargas agendadas</b> ({ $count } de no máximo { $max })
schedule-entry = <b>{ $n }.</b> { $phone } · { $operator } · { $amount }
schedule-entry-when = { $when } ({ $zone })
schedule-entry-next = Próxima execução: { $time }
schedule-entry-paused = ⏸ Pausado
schedule-entry-ended = Encerrado (foi executado uma vez)
schedule-entry-last-placed = Última execução { $time }: realizada, <code>{ $orderId }</code> · <code>{ $number }</code>
schedule-entry-last-not-placed = Última execução { $time }: não realizada: { $reason }
schedule-when-once = uma vez, em { $date }, às { $time }
schedule-when-daily = todo dia às { $time }
schedule-when-weekly = toda semana, { $weekday }, às { $time }
schedule-when-monthly = todo mês no dia { $day }, às { $time } (no último dia nos meses mais curtos)
schedule-button-pause = ⏸ Pausar { $n }
schedule-button-resume = ▶️ Retomar { $n }
schedule-button-delete = 🗑 Apagar { $n }
schedule-button-new = ➕ Novo agendamento
schedule-button-delete-yes = 🗑 Sim, apagar
schedule-button-keep = ⬅️ Manter
schedule-button-save = ✅ Salvar agendamento
schedule-delete-ask = Apagar esta recarga agendada? As execuções já realizadas continuam em /orders.
schedule-deleted = Apagado.
schedule-paused = Pausado: não será executado até você retomar.
schedule-resumed = Retomado.
schedule-gone = Este agendamento não existe mais.
schedule-kind-once = 📅 Uma vez
schedule-kind-daily = Todo dia
schedule-kind-weekly = Toda semana
schedule-kind-monthly = Todo mês
schedule-ask-kind = Quando esta recarga deve ser feita? Os horários estão no seu fuso horário, { $zone } (mude com /timezone).
schedule-kind-chosen = Frequência: { $kind }
schedule-ask-weekday = Em qual dia da semana?
schedule-weekday-chosen = Dia: { $weekday }
schedule-ask-day = Em qual dia do mês? Envie um número de 1 a 31 (em meses sem esse dia, a recarga é feita no último dia do mês).
schedule-ask-time = Em que horário? Envie no formato HH:MM, 24 horas, em { $zone } (por exemplo 09:30).
schedule-ask-datetime = Em que data e horário? Envie no formato AAAA-MM-DD HH:MM, em { $zone } (por exemplo 2026-12-24 09:30).
schedule-type-it = Digite a resposta (ou toque em ⬅️ Voltar).
schedule-error-time = Isso não é um horário. Envie HH:MM, 24 horas, por exemplo 09:30.
schedule-error-datetime = Isso não é uma data e hora. Envie AAAA-MM-DD HH:MM, por exemplo 2026-12-24 09:30.
schedule-error-day = Isso não é um dia do mês. Envie um número de 1 a 31.
schedule-error-past = Esse horário já passou. Escolha um horário no futuro.
schedule-error-limit = { $max ->
    [one] 🚫 Você já tem { $max } agendamento, o máximo que um revendedor pode ter. Primeiro apague um com /schedule. Nada foi salvo.
   *[other] 🚫 Você já tem { $max } agendamentos, o máximo que um revendedor pode ter. Primeiro apague um com /schedule. Nada foi salvo.
}
schedule-summary =
    🗓 <b>Nova recarga agendada</b>
    Número: { $phone }
    { $operator }, { $country }: { $receives } ({ $subtype })
    Quando: { $when } ({ $zone })
    Primeira execução: { $first }
    { $estimate }
    Cada execução é cotada e realizada na hora, usando o seu crédito. Se uma execução não puder ser realizada, você é avisado e ela é pulada; a próxima acontece como planejado.
schedule-summary-estimate = Preço estimado por execução: <b>{ $price }</b>
schedule-summary-no-estimate = Não foi possível estimar o preço agora; cada execução é cotada na hora.
schedule-created = ✅ Agendado. Primeira execução: { $first } ({ $zone }). Envie /schedule para ver, pausar ou apagar seus agendamentos.
schedule-cancelled = Agendamento cancelado. Nada foi salvo.
schedule-run-placed = 🗓 Recarga agendada realizada: { $phone } · { $operator } · { $amount }. Pedido <code>{ $orderId }</code> · <code>{ $number }</code>; o resultado vem a seguir.
schedule-run-not-placed = 🚫 Recarga agendada não realizada: { $phone } · { $operator } · { $amount }: { $reason }. Nada foi cobrado.
schedule-run-next = Próxima execução: { $time } ({ $zone }).
schedule-run-ended = Este agendamento de uma vez só terminou.
schedule-reason-no-quote = o serviço não conseguiu informar um preço agora
