## Scheduled top-ups (/schedule)

schedule-list-empty = 🗓 You have no scheduled top-ups. Press ➕ to schedule one: once at a date and time, or every day, week or month.
schedule-list-head = 🗓 <b>Your scheduled top-ups</b> ({ $count } of at most { $max })
schedule-entry = <b>{ $n }.</b> { $phone } · { $operator } · { $amount }
schedule-entry-when = { $when } ({ $zone })
schedule-entry-next = Next run: { $time }
schedule-entry-paused = ⏸ Paused
schedule-entry-ended = Ended (it ran once)
schedule-entry-last-placed = Last run { $time }: placed, <code>{ $orderId }</code> · <code>{ $number }</code>
schedule-entry-last-not-placed = Last run { $time }: not placed: { $reason }
schedule-when-once = once on { $date } at { $time }
schedule-when-daily = every day at { $time }
schedule-when-weekly = every { $weekday } at { $time }
schedule-when-monthly = every month on day { $day } at { $time } (the last day in shorter months)
schedule-button-pause = ⏸ Pause { $n }
schedule-button-resume = ▶️ Resume { $n }
schedule-button-delete = 🗑 Delete { $n }
schedule-button-new = ➕ New schedule
schedule-button-delete-yes = 🗑 Yes, delete it
schedule-button-keep = ⬅️ Keep it
schedule-button-save = ✅ Save schedule
schedule-delete-ask = Delete this scheduled top-up? Runs already placed stay in /orders.
schedule-deleted = Deleted.
schedule-paused = Paused: it does not run until you resume it.
schedule-resumed = Resumed.
schedule-gone = This schedule no longer exists.
schedule-kind-once = 📅 Once
schedule-kind-daily = Every day
schedule-kind-weekly = Every week
schedule-kind-monthly = Every month
schedule-ask-kind = When should this top-up run? Times are in your time zone, { $zone } (change it with /timezone).
schedule-kind-chosen = Runs: { $kind }
schedule-ask-weekday = On which day of the week?
schedule-weekday-chosen = On { $weekday }
schedule-ask-day = On which day of the month? Send a number from 1 to 31 (a month without that day runs on its last day).
schedule-ask-time = At what time? Send it as HH:MM, 24-hour, in { $zone } (for example 09:30).
schedule-ask-datetime = On which date and at what time? Send it as YYYY-MM-DD HH:MM in { $zone } (for example 2026-12-24 09:30).
schedule-type-it = Please type the answer (or press ⬅️ Back).
schedule-error-time = That is not a time. Please send HH:MM, 24-hour, for example 09:30.
schedule-error-datetime = That is not a date and time. Please send YYYY-MM-DD HH:MM, for example 2026-12-24 09:30.
schedule-error-day = That is not a day of the month. Please send a number from 1 to 31.
schedule-error-past = That time has already passed. Please choose a time in the future.
schedule-error-limit = 🚫 You already have { $max ->
        [one] { $max } schedule
       *[other] { $max } schedules
    }, the most one reseller may have. Delete one with /schedule first. Nothing was saved.
schedule-summary =
    🗓 <b>New scheduled top-up</b>
    Number: { $phone }
    { $operator }, { $country }: { $receives } ({ $subtype })
    When: { $when } ({ $zone })
    First run: { $first }
    { $estimate }
    Each run is quoted and placed when it runs, from your credit. A run that cannot be placed is reported and skipped; the next one runs as planned.
schedule-summary-estimate = Estimated price per run: <b>{ $price }</b>
schedule-summary-no-estimate = The price could not be estimated right now; each run is quoted when it runs.
schedule-created = ✅ Scheduled. First run: { $first } ({ $zone }). Send /schedule to see, pause or delete your schedules.
schedule-cancelled = Schedule cancelled. Nothing was saved.
schedule-run-placed = 🗓 Scheduled top-up placed: { $phone } · { $operator } · { $amount }. Order <code>{ $orderId }</code> · <code>{ $number }</code>; its result follows.
schedule-run-not-placed = 🚫 Scheduled top-up not placed: { $phone } · { $operator } · { $amount }: { $reason }. Nothing was charged.
schedule-run-next = Next run: { $time } ({ $zone }).
schedule-run-ended = This one-time schedule has ended.
schedule-reason-no-quote = the service could not give a price right now
