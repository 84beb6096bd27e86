## Prices (/pricing)

command-pricing = margin rules on reseller prices: /pricing set &lt;scope&gt; &lt;percent&gt;% [+fee] [min x] [max y], /pricing del &lt;scope&gt;
pricing-title = 💹 Margin rules: what resellers pay on top of the merchant price (the most specific rule applies: reseller, then operator, country, default)
pricing-env-default = Default (PRICE_MARGIN_PERCENT, no rule set in chat): { $rule }
pricing-row = { $scope }: { $rule }
pricing-scope-default = Default
pricing-scope-country = Country { $country }
pricing-scope-operator = Operator { $operator } ({ $country })
pricing-scope-reseller = Reseller { $user }
pricing-rule = { $percent } % + { $fixed }
pricing-rule-min = , at least { $min }
pricing-rule-max = , at most { $max }
pricing-usage =
    /pricing — the rules
    /pricing set &lt;scope&gt; &lt;percent&gt;% [+&lt;fee&gt;] [min &lt;fee&gt;] [max &lt;fee&gt;]
    /pricing del &lt;scope&gt;
    Scopes: default · country &lt;CC&gt; · operator &lt;CC&gt; &lt;operator key&gt; · reseller &lt;user id&gt;
    Fees are in the merchant currency. Example: /pricing set country NG 2.5% +0.10 min 0.05 max 2
pricing-set-done = ✅ Rule set. { $scope }: { $rule }. It applies to the next quote.
pricing-del-done = 🗑 Rule deleted: { $scope }.
pricing-del-nothing = There is no rule for { $scope }; nothing changed.
pricing-error-usage = 🚫 I did not understand that command.
pricing-error-scope = 🚫 Unknown scope "{ $part }": use default, country, operator or reseller.
pricing-error-country = 🚫 "{ $part }" is not a two-letter country code (such as NG).
pricing-error-operator = 🚫 "{ $part }" is not an operator key (such as NG-MTN).
pricing-error-reseller = 🚫 "{ $part }" is not a user ID.
pricing-error-rule-missing = 🚫 Give a percentage (such as 2.5%), a fixed fee (such as +0.10), or both.
pricing-error-percent = 🚫 "{ $part }" is not a percentage from 0 to 999.9999 with at most 4 decimals.
pricing-error-fixed = 🚫 "{ $part }" is not a fixed fee: a + and an amount with at most 4 decimals (such as +0.10).
pricing-error-min = 🚫 "min" must be followed by an amount with at most 4 decimals (such as min 0.05).
pricing-error-max = 🚫 "max" must be followed by an amount with at most 4 decimals (such as max 2).
pricing-error-min-above-max = 🚫 The minimum fee is above the maximum fee.
pricing-error-repeated = 🚫 "{ $part }" is given twice.
pricing-error-unknown-part = 🚫 I do not understand "{ $part }".
pricing-error-ambiguous = 🚫 "{ $part }" could be { $whole } or { $point }: write one of them, without the comma.
pricing-error-unknown-country = 🚫 The catalogue has no country { $country }. Nothing changed.
pricing-error-unknown-operator = 🚫 The catalogue has no operator { $operator } in { $country }. Nothing changed.
pricing-error-not-reseller = 🚫 User { $user } is not a reseller. Nothing changed.
pricing-error-catalogue = ⚠️ The catalogue could not be read just now, so nothing changed. Please try again in a moment.

## Prices in quotes, orders and /status

top-up-quote-credit =
    Please check this top-up:
    Operator: { $operator } ({ $country })
    Product: { $subtype }
    Number: { $phone }
    The line receives: { $receives }
    Your credit pays: { $pays }
    Price valid until { $expires } (about { $seconds } s)

    ⚠️ A top-up to a wrong number or operator cannot be reversed.
top-up-quote-margin-preview = 💹 Resellers pay { $price } (margin { $margin }) under the general rules; a reseller's own rule may differ.
order-details-credit =
    { $operator } ({ $country }), { $subtype }
    <b>Phone:</b> { $phone }
    <b>Top-up:</b> { $localAmount }
    <b>Your credit:</b> { $price }
order-receipt-credit =
    ✅ Top-up delivered
    <b>Order:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Phone:</b> { $phone }
    <b>Top-up:</b> { $localAmount }
    <b>Paid from your credit:</b> { $price }
    <b>Time:</b> { $time }
order-failed-notice-credit =
    ⚠️ The top-up failed: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Phone: { $phone }, { $localAmount }
    The { $price } held on your credit is released: nothing was charged.
order-refunded-notice-credit =
    ↩️ Refunded: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } is back in your credit. The phone { $phone } was not topped up.
order-revived-notice-credit =
    ‼️ Correction: order <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> was placed after all, and { $price } was charged to your credit. The earlier message saying it was not placed is wrong.
    Its status follows here.
agents-card-credit-paid = <b>Your credit paid:</b> { $price }
agents-card-reseller-paid = <b>The reseller paid:</b> { $price } (margin { $margin })

## Revenue in /stats

admin-stats-books = 💰 Revenue { $revenue } · cost { $cost } · margin { $margin }
admin-stats-books-none = 💰 Revenue, cost, margin: — (no succeeded orders)
admin-stats-by-reseller = By reseller (revenue / cost / margin):
admin-stats-by-operator = By operator (revenue / cost / margin):
admin-stats-books-row = • { $name }: { $revenue } / { $cost } / { $margin }
