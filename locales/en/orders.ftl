## Orders

order-status-accepted = Accepted
order-status-processing = Processing
order-status-manual-review = Under review
order-status-succeeded = Succeeded
order-status-failed = Failed
order-status-refunded = Refunded
order-status-unknown = In progress ({ $status })
order-status-placing = Being placed
order-status-rejected = Not placed

order-status-line = { $emoji } <b>{ $status }</b> · <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
order-status-line-pending = { $emoji } <b>{ $status }</b> · <code>{ $externalOrderId }</code>

order-subtype-airtime = airtime
order-subtype-data = data
order-subtype-bundle = bundle

order-details =
    { $operator } ({ $country }), { $subtype }
    <b>Phone:</b> { $phone }
    <b>Top-up:</b> { $localAmount }
    <b>Wallet:</b> { $price }

order-receipt =
    ✅ Top-up delivered
    <b>Order:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Phone:</b> { $phone }
    <b>Top-up:</b> { $localAmount }
    <b>Paid from wallet:</b> { $price }
    <b>Time:</b> { $time }

order-failed-notice =
    ⚠️ The top-up failed: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Phone: { $phone }, { $localAmount }
    The money ({ $price }) is not back in the wallet yet: a refund is pending. You will get a message when it arrives.

order-refunded-notice =
    ↩️ Refunded: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } is back in the wallet. The phone { $phone } was not topped up.

order-rejected-notice =
    ❌ Order <code>{ $externalOrderId }</code> was not placed: { $reason }
    Nothing was charged.

order-quote-expired-notice =
    ❌ Order <code>{ $externalOrderId }</code> was not placed: the quote expired before the service could take it.
    Nothing was charged. Ask for a new quote to try again.

order-revived-notice =
    ‼️ Correction: order <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> was placed after all, and { $price } was charged to the wallet. The earlier message saying it was not placed is wrong.
    Its status follows here.

order-new-quote-button = 🔄 New quote

order-pending-notice =
    ⏳ Order <code>{ $externalOrderId }</code> is being placed. The service has not answered yet; we keep trying with the same order number, so it is never charged twice.
    You will get a message as soon as it is confirmed.

order-reject-reason-balance = the wallet balance is too low
order-reject-reason-risk = an order limit was reached
order-reject-reason-wallet = the wallet is not active
order-reject-reason-detail = this top-up is not available right now
order-reject-reason-amount = the amount is not accepted
order-reject-reason-local-currency = the currency is not accepted
order-reject-reason-account = the phone number is missing or not accepted
order-reject-reason-quote-token = the quote is no longer valid; ask for a new quote
order-reject-reason-quote-expired = the quote expired; ask for a new quote
order-reject-reason-price-changed = the price changed; ask for a new quote
order-reject-reason-account-busy = another top-up to this number is not finished yet
order-reject-reason-external-order-id = the order number was already used
order-reject-reason-not-placed = the bot was interrupted before sending it
order-reject-reason-not-durable = the bot's storage could not confirm it safely (no Redis replica answered), so it was not sent; try again in a minute
order-reject-reason-other = the service refused the order

## Alerts

alert-order-failed = ⚠️ Top-up failed: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> (refund pending)
alert-order-refunded = ↩️ Refunded: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-manual-review = 🔎 Under manual review: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-order-rejected = ❌ Order refused: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: { $reason }
alert-forbidden-placement = 🚫 The service answered 403 to order <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>: check the API key, the IP allowlist and API access. The order keeps being retried.
alert-forbidden-read = 🚫 The service answered 403 to an order read: check the API key, the IP allowlist and API access.
alert-webhook-signature = { $failures ->
    [one] 🛡 { $failures } webhook was refused (last reason: { $reason }). Check MERCHANT_WEBHOOK_SECRETS.
   *[other] 🛡 { $failures } webhooks were refused (last reason: { $reason }). Check MERCHANT_WEBHOOK_SECRETS.
}
alert-stale-order = ⏰ Still unfinished after { $minutes } min: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status })
alert-unknown-order = ❓ Event { $event } for an order we do not know: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
alert-unrecorded-order = 🧾 The Merchant API has our order <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> ({ $status }) and Redis had no record of it (lost in a Redis failover?): it is recorded now under no reseller, and nobody was charged for it. Find whose it was.
alert-order-revived = ‼️ <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> was marked refused ({ $key }) but the service has it and charged the wallet: it is followed again. Check what the reseller was told.
alert-placement-unreadable = ❓ The answer to order <code>{ $externalOrderId }</code> could not be read: it is not sent again, only looked up. Check the Merchant API.
alert-quote-mismatch = ⚠️ A quote did not match the request ({ $operator }, { $field }): asked { $asked }, quoted { $quoted }. Nothing was ordered.
alert-order-number-conflict = 🛑 The merchant order number <code>{ $externalOrderId }</code> was given to a different request ({ $field }): nothing was sent for it. Please check.
alert-rate-limited = 🐢 The Merchant API answered 429 (too many requests): every replica is pausing. Check MERCHANT_RATE_LIMIT_PER_MINUTE against the account's limit.
alert-quote-single-use = 🔂 The Merchant API refused a quote token that had already placed an order, before it expired: this account's quotes are single-use. Every top-up now asks its own quote (one more request per order). Set QUOTE_SHARING=off to make this permanent.
alert-group-header = { $count ->
    [one] 🚨 { $count } alert
   *[other] 🚨 { $count } alerts
}
alert-open-button = Open { $order }
