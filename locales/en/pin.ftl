## PIN before large top-ups

button-pin-ok = ✅ OK
button-pin-cancel = ❌ Cancel
pin-ask = 🔐 This top-up costs { $price }: enter your PIN on the keypad, or type it. A message with your PIN is deleted right after I read it.
pin-keypad-or-type = Please enter your PIN on the keypad, or type it.
pin-format = A PIN is 4 to 8 digits (0–9) and nothing else. Nothing was changed; please try again.
pin-wrong = { $tries ->
    [one] ❌ Wrong PIN. { $tries } try left before top-ups that need your PIN are locked.
   *[other] ❌ Wrong PIN. { $tries } tries left before top-ups that need your PIN are locked.
}
pin-locked = 🚫 Too many wrong PINs: top-ups that need your PIN, and changing the PIN, are locked for { $minutes } more min. Nothing was ordered.
pin-held = 🚫 Too many wrong PINs again within 24 hours: top-ups that need your PIN, and changing the PIN, are locked until an admin lifts the lock. Nothing was ordered.
pin-not-set = 🚫 This top-up needs your PIN, and you have not set one yet. Set it with /pin, then start the top-up again. Nothing was ordered.
pin-setup-current = 🔐 Send your current PIN. The message is deleted right after I read it.
pin-setup-new = 🔐 Send your new PIN: 4 to 8 digits. Every message with a PIN is deleted right after I read it.
pin-setup-repeat = Send the new PIN once more.
pin-setup-mismatch = The two PINs are not the same; nothing was changed. Send the new PIN again, or /cancel.
pin-setup-done = ✅ Your PIN is set. Top-ups above your threshold will ask for it.
pin-setup-cancelled = PIN not changed.
pin-setup-type-digits = Please type the PIN as digits, or send /cancel.
pin-admin-usage = /pin &lt;user id&gt; shows a reseller's PIN state. /pin &lt;user id&gt; &lt;amount|off|default|unlock|reset&gt;: top-ups whose price is above the amount (merchant currency) ask for their PIN; off: never; default: back to PIN_REQUIRED_ABOVE; unlock: lift a lock; reset: lift a lock and clear the PIN (they set a new one with /pin).
pin-admin-not-reseller = User { $user } is not a reseller.
pin-admin-bad-amount = That is not an amount: write digits with at most 4 decimals (for example 50 or 12.5), or off, default, unlock or reset.
pin-admin-state = Reseller { $user }: { $pin }; PIN asked above: { $threshold }; { $lock }.
pin-admin-pin-set = PIN set
pin-admin-pin-unset = no PIN set
pin-admin-threshold-off = never (off)
pin-admin-threshold-default = { $amount } (PIN_REQUIRED_ABOVE)
pin-admin-threshold-default-off = never (PIN_REQUIRED_ABOVE is off)
pin-admin-locked = locked for { $minutes } more min
pin-admin-held = locked until an admin lifts it (/pin { $id } unlock)
pin-admin-unlocked = not locked
pin-admin-locks-today = { $count ->
    [one] { $count } lock in the last 24 h.
   *[other] { $count } locks in the last 24 h.
}
pin-admin-reset-done = Reseller { $user }: PIN cleared and lock lifted. They set a new PIN with /pin.
pin-admin-unlock-done = Reseller { $user }: lock lifted and wrong tries forgotten.
pin-admin-default-done = Reseller { $user }: the PIN is asked above { $amount } (PIN_REQUIRED_ABOVE).
pin-admin-default-off-done = Reseller { $user }: back to PIN_REQUIRED_ABOVE, which is off: no PIN is asked.
pin-admin-off-done = Reseller { $user }: never asked for a PIN.
pin-admin-threshold-done = Reseller { $user }: top-ups above { $amount } (merchant currency) ask for the PIN.
alert-pin-locked = 🔒 Reseller { $user } typed a wrong PIN { $tries ->
        [one] once
       *[other] { $tries } times
    }: their top-ups that need the PIN are locked for { $minutes } min.
alert-pin-held = 🔒 Reseller { $user } typed a wrong PIN { $tries } times, lock { $locks } within 24 h: their top-ups that need the PIN stay locked until an admin lifts the lock with /pin { $id } unlock.
