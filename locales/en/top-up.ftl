## Top-up: choosing

top-up-choose-country = 🌍 Which country is the phone in? Pick one, or type its name or code (for example NG), or type the number in international format (+234…).
top-up-country-chosen = Country:
top-up-country-no-match = No country matches “{ $query }”. Try another name or a two-letter code.
top-up-country-several = Several countries match “{ $query }”. Pick one:
top-up-country-not-sold = Top-ups to that country are not available right now. Please choose another country.
top-up-one-line-bad-phone = That does not look like a phone number in international format (with + and the country code).
top-up-no-operators = No operator in { $country } can be topped up right now. Please choose another country.
top-up-choose-operator = 📶 Which operator in { $country }? Pick one or type its name.
top-up-wrong-number-warning = ⚠️ The number must belong to this operator: a top-up sent to a wrong number or operator cannot be reversed.
top-up-operator-chosen = Operator: { $operator }
top-up-operator-no-match = No operator matches “{ $query }”. Pick one from the list or type another name.
top-up-operator-several = Several operators match “{ $query }”. Pick one:
top-up-choose-subtype = What do you want to buy from { $operator }?
top-up-subtype-unknown = Please pick one of the options.
top-up-choose-currency = { $operator } sells in more than one currency. Which one?
top-up-currency-unknown = Please pick one of the currencies.
subtype-airtime = Airtime
subtype-data = Data
subtype-bundle = Bundle

## Top-up: amount

top-up-choose-amount = 💵 How much { $subtype } from { $operator }?
top-up-amount-range = Type an amount between { $min } and { $max } { $currency }.
top-up-amount-buttons = Pick an amount.
top-up-amount-buttons-or-type = Pick an amount or type one.
top-up-amount-chosen = Amount: { $amount }
amount-error-empty = Please type an amount, for example 500.
amount-error-not-a-number = That is not a number. Please type an amount such as 500 or 12.50.
amount-error-zero = The amount must be more than zero.
amount-error-negative = The amount cannot be negative.
amount-error-too-many-decimals = Use at most 4 decimal places.
amount-error-exponent = Please type the amount in plain digits, without exponents (no “1e3”).
amount-error-too-long = That amount is far too long. Please type a normal amount.
amount-error-ambiguous = I cannot tell which is the decimal separator. Please type the amount without thousands separators, for example 1500.50.
amount-error-below = That is below the minimum of { $min } { $currency }.
amount-error-above = That is above the maximum of { $max } { $currency }.
amount-error-not-offered = That amount is not offered. Available: { $values } { $currency }.

## Top-up: phone number

top-up-enter-phone = 📱 Send the phone number in { $country } (national or international format), pick a recent one, or share a contact.
top-up-phone-chosen = Number: { $phone }
phone-error-empty = Please send a phone number.
phone-error-invalid = That is not a valid phone number for { $country }. Please check it and send it again.
phone-error-wrong-country = That number belongs to another country, not { $country }. Please send a number in { $country }.
phone-error-not-mobile = That is not a mobile number. Only mobile numbers can be topped up.
phone-error-too-long = That number is too long. Please check it and send it again.
top-up-number-busy = An earlier order to this number is not finished yet (<code>{ $orderId }</code>, <code>{ $number }</code>). Please wait until it ends or use another number.
top-up-number-busy-until = A top-up to this number is not finished yet. It is likely to be done by about { $time } UTC. Please wait until then or use another number.

## Top-up: quote and order

top-up-quote =
    Please check this top-up:
    Operator: { $operator } ({ $country })
    Product: { $subtype }
    Number: { $phone }
    The line receives: { $receives }
    Your wallet pays: { $pays }
    Price valid until { $expires } (about { $seconds } s)

    ⚠️ A top-up to a wrong number or operator cannot be reversed.
top-up-quote-renewed = ⏱ The price had expired or was about to, so here is a fresh quote. Please confirm again.
top-up-line-outlives-quote = ⏳ The line is longer than this price stays valid (about { $seconds } s to wait), so a new quote is taken when your turn comes. Please confirm it again.
top-up-price-changed = ⚠️ The price changed: it was { $old }, it is now { $new }.
top-up-quote-mismatch = ⚠️ The service quoted something other than what you asked for, so I stopped. Nothing was charged. The admins have been told.
top-up-press-confirm = Press ✅ to place the order or ❌ to cancel.
top-up-press-a-button = Please press one of the buttons.
top-up-text-or-button = Please type your answer or press a button.
top-up-stale-button = This button belongs to an earlier step or a finished top-up.
top-up-offer-unavailable = This offer is no longer available. Please choose another operator or amount.
top-up-cancelled = Top-up cancelled. Nothing was charged.
top-up-idle-ended = Your top-up was closed after { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } without activity. Nothing was charged. Send /topup to start again.
top-up-error-ended = Your top-up stopped because of an unexpected error. If you had confirmed it, /orders shows whether it was placed. Send /topup to start again.
top-up-repeat-unavailable = That order cannot be repeated. Let's start a new top-up.
top-up-placing = ⏳ Placing the order… (merchant order number <code>{ $number }</code>)
top-up-pending = ⏳ The service has not confirmed the order <code>{ $number }</code> yet. We keep trying with the same order number, so it is never charged twice; the message above will be updated.
top-up-not-placed-requote = The order <code>{ $number }</code> was not placed and nothing was charged: the price needs to be renewed.
top-up-rejected = ⚠️ The order <code>{ $number }</code> was refused. Nothing was charged.
top-up-submit-error = ⚠️ Something went wrong while placing the order <code>{ $number }</code>. Check it in a minute with /status <code>{ $number }</code>: it is never placed twice.
top-up-number-conflict = ⚠️ The order <code>{ $number }</code> was not placed: its number already belongs to another order. Nothing was charged. Please start a new top-up with /topup.
