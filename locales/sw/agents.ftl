## Order card (/status)

agents-card-next-step = <b>Hatua inayofuata:</b> { $text }
agents-card-rejection = <b>Limekataliwa:</b> { $text }
agents-card-busy-with = Namba inatumiwa na agizo <code>{ $number }</code>
agents-card-operator = <b>Mtandao:</b> { $operator } · { $subtype }
agents-card-phone = <b>Namba:</b> { $phone }
agents-card-amount = <b>Laini inapokea:</b> { $amount }
agents-card-price = <b>Pochi ililipa:</b> { $price }
agents-card-attempts = <b>Majaribio:</b>
agents-card-attempt = #{ $number } { $status } · limetumwa { $submitted } · limekamilika { $completed } · { $error }
agents-card-times = Limeundwa { $created } · limesasishwa { $updated }
agents-card-synced = <b>Limesomwa kutoka kwa huduma:</b> { $at }
agents-card-service-only = (limesomwa kutoka kwa huduma tu: halikuwekwa kupitia bot hii)
agents-card-stale = ⚠️ Huduma haikuweza kusomwa sasa hivi; taarifa hii huenda imepitwa na wakati.
agents-refresh-button = 🔄 Onyesha upya
agents-refreshed = Imesasishwa.
agents-unavailable = Huduma ya ujazaji haikujibu. Tafadhali jaribu tena baada ya muda mfupi.
agents-status-usage = Tuma /status ikifuatiwa na ID ya agizo (O-…) au namba ya agizo ya mfanyabiashara.
agents-status-not-found = Hakuna agizo { $query } unaloruhusiwa kuliona.
agents-order-not-found-short = Agizo halikupatikana.

## Order list (/orders)

agents-orders-header = { $total ->
    [one] { $filter }: { $from }–{ $to } kati ya agizo { $total }, jipya zaidi kwanza
   *[other] { $filter }: { $from }–{ $to } kati ya maagizo { $total }, mapya zaidi kwanza
}
agents-orders-empty = { $filter }: hakuna maagizo.
agents-orders-filter-all = Maagizo yote
agents-orders-search-line = Utafutaji: { $search }
agents-orders-row = { $line } · { $operator } · { $amount } · { $created }
agents-orders-search-button = 🔍 Tafuta
agents-orders-all-button = Yote
agents-orders-search-prompt = Tuma ID ya agizo (O-…), namba ya agizo ya mfanyabiashara au jina la mtandao.
