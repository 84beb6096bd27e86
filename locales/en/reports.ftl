## Export (/export)

export-usage = Send /export [from] [to] [status] with dates as YYYY-MM-DD (UTC) and a status among: { $statuses }. Example: /export 2026-11-01 2026-11-30 succeeded
export-caption = Orders created { $from } to { $to } (UTC){ $status }, file { $part }
export-caption-status = , status { $status }
export-done = Export finished: { $count ->
        [one] { $count } order
       *[other] { $count } orders
    } in { $files ->
        [one] { $files } file
       *[other] { $files } files
    }.
export-failed = The export stopped before the end ({ $count ->
        [one] { $count } order sent
       *[other] { $count } orders sent
    }). Please try again.

## Reconciliation (/reconcile)

reconcile-started = Reconciling with the Merchant API's order list… this may take a few minutes (it uses only the background share of the request budget).
reconcile-busy = A reconciliation is already running; its report goes to the admins when it ends.
reconcile-failed = The reconciliation could not finish: { $reason }. Nothing more was changed; try again later.
reconcile-summary =
    <b>Reconciliation</b> of orders created since { $since } (UTC): { $checked } orders of the service checked.
    Recorded (the service had them, we did not): { $missing }
    Final status applied (we still waited for it): { $repaired }
    Other status differences: { $status }
    Price differences: { $price }
    Credit holds without an order: { $holds }
    Orders not made by this bot, ignored: { $foreign }
reconcile-report-caption = { $count ->
        [one] { $count } difference
       *[other] { $count } differences
    } found by the reconciliation of { $day } (UTC); details in the file.
