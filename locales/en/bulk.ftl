## Bulk top-ups (/bulk)

bulk-help =
    <b>Bulk top-ups from a CSV file</b>
    Send a CSV file as a document, one top-up per line: <code>phone,amount,operator,note</code>
    • phone: international format with the country code (<code>+234…</code>)
    • amount: the local amount the line receives
    • operator: may be left empty when the country has a clear choice
    • note: anything you like; it comes back in the report
    Up to 1,000 lines, UTF-8, commas or semicolons, quotes allowed. A first line with the column names is optional.
    I check every line and show the estimated cost before anything is placed.
bulk-template-caption = Template: fill it in and send it back as a document.
bulk-checking = ⏳ Checking the file…
bulk-download-failed = ⚠️ The file could not be downloaded from Telegram. Please send it again.
bulk-file-empty = 🚫 The file has no lines to top up.
bulk-file-not-csv = 🚫 That is not a CSV text file. Please send a .csv file (UTF-8) with the columns phone,amount,operator,note.
bulk-file-too-many-lines = 🚫 The file has more than 1,000 lines. Please split it into smaller files.
bulk-file-too-large = 🚫 The file is too large. A bulk file holds up to 1,000 lines.
bulk-file-columns = 🚫 The columns are not phone,amount,operator,note. Please use the template from /bulk.
bulk-summary = <b>Bulk top-up</b>: { $valid } valid lines, { $errors } with errors.
bulk-summary-line-error = Line { $line }: { $problem }
bulk-summary-more-errors = …and { $count ->
        [one] { $count } more line with errors
       *[other] { $count } more lines with errors
    } (all are in the report).
bulk-summary-no-estimate = The cost could not be estimated right now; each line is quoted when it is placed.
bulk-summary-estimate = Estimated cost: <b>{ $cost }</b>
bulk-summary-estimate-approx = Estimated cost: about <b>{ $cost }</b>
bulk-summary-credit = Available credit: { $available }
bulk-summary-credit-short = ⚠️ Available credit: { $available }, less than the estimate: lines beyond your credit will not be placed.
bulk-summary-confirm = ✅ starts placing the valid lines; ❌ drops the file.
bulk-summary-nothing = No line can be placed. Please correct the file and send it again.
bulk-button-start = ✅ Start
bulk-button-drop = ❌ Drop
bulk-button-pause = ⏸ Pause
bulk-button-resume = ▶️ Resume
bulk-button-cancel = ⏹ Cancel
bulk-gone = This bulk file is no longer available.
bulk-dropped = The bulk file was dropped. Nothing was placed.
bulk-started = Started.
bulk-pause-done = Paused.
bulk-resume-done = Resumed.
bulk-cancel-done = Cancelled: lines not placed yet will not be placed.
bulk-progress-running = ⏳ <b>Bulk top-up running</b>
bulk-progress-paused = ⏸ <b>Bulk top-up paused</b>
bulk-progress-cancelled = ⏹ <b>Bulk top-up cancelled</b>
bulk-progress-finished = ✅ <b>Bulk top-up finished</b>
bulk-progress-counts = Placed { $placed } · failed { $failed } · left { $left }
bulk-progress-skipped = Not placed (cancelled): { $count }
bulk-progress-spent = Spent so far: { $spent }
bulk-progress-eta = Estimated end: { $time }
bulk-report-caption = Bulk report: { $placed } placed, { $failed } failed, { $skipped } not placed. Every order is also in /orders.
bulk-line-duplicate = the same number as line { $line }
bulk-line-operator-unknown = no operator “{ $operator }” in { $country }
bulk-line-operator-several = “{ $operator }” matches several operators: { $names }
bulk-line-operator-needed = please name the operator ({ $names })
bulk-line-amount-ambiguous = this amount is offered in several currencies by { $operator }
bulk-line-refused-credit = not enough available credit
bulk-line-refused-daily-limit = past your daily limit
bulk-line-refused-order-limit = above your per-order limit
bulk-line-refused-busy = another order to this number is not finished yet
bulk-line-refused-other = not placed by the service; nothing was charged

## Bulk runs and schedules stopped: the payer may no longer order

bulk-role-changed = 🚫 Your role changed since this file was checked, so its prices are no longer yours. Nothing was placed: send the file again.
bulk-pin-ask = 🔐 This bulk run is estimated at { $cost }: enter your PIN on the keypad to start it.
bulk-pin-ask-unknown = 🔐 This bulk run's cost could not be estimated: enter your PIN on the keypad to start it.
bulk-progress-stopped = Stopped: { $reason }.
payer-stopped-no-access = you no longer have a role that may top up
payer-stopped-pin-locked = your PIN is locked after too many wrong tries
payer-stopped-pin-needed = this top-up now needs your PIN
alert-payer-stopped-bulk = ⏹ The bulk run of { $user } was stopped: { $reason }. Nothing more of it is placed.
alert-payer-stopped-schedule = ⏸ A schedule of { $user } was paused: { $reason }. Nothing more of it is placed.
schedule-paused-stopped = This schedule is paused: { $reason }. Resume it in /schedule once that is settled.
schedule-pin-unknown = 🔐 The price of this schedule could not be estimated now, so saving it needs your PIN.
