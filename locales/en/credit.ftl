## Credit (/credit, /limit, /balance, /statement)

credit-usage = Send /credit &lt;user id&gt; &lt;amount&gt; [note]; a leading - takes credit (e.g. /credit 123 -5).
credit-amount-not-a-number = 🚫 That is not an amount: write digits, e.g. 25 or 25.50.
credit-amount-too-many-decimals = 🚫 Too many decimals: { $currency } has { $digits } after the point.
credit-amount-zero = 🚫 The amount must not be zero.
credit-amount-negative = 🚫 The amount must not be negative.
credit-amount-ambiguous = 🚫 { $typed } could be { $thousands } or { $decimal }: write { $whole } or { $point }.
credit-unknown-user = 🚫 { $user } has no role here: grant them the reseller role first.
credit-not-reseller = 🚫 { $user } is not a reseller: credit and limits are for resellers only.
credit-below-zero = 🚫 Cannot take { $amount } from { $user }: their available credit (balance minus holds) is { $available }, and it never goes below zero.
credit-added = { $amount } added to { $user }. New balance: { $balance }.
credit-taken = { $amount } taken from { $user }. New balance: { $balance }.
credit-told-added = 💰 An admin added { $amount } to your credit ({ $note }). Your balance: { $balance }.
credit-told-taken = 💰 An admin took { $amount } from your credit ({ $note }). Your balance: { $balance }.
credit-refused-funds = 🚫 Not enough credit: available { $available }, this top-up costs { $price }. Nothing was ordered.
credit-refused-order-limit = 🚫 Over your per-order maximum of { $limit }: this top-up costs { $price }. Nothing was ordered.
credit-refused-daily-limit = 🚫 Over your daily limit of { $limit }: used today { $used }, left { $left }, this top-up costs { $price }. Nothing was ordered.
credit-low = ⚠️ Your available credit is { $available }, below your alert threshold of { $threshold }.
limit-usage = Send /limit &lt;user id&gt; &lt;amount|off&gt; (daily, UTC days) or /limit &lt;user id&gt; order &lt;amount|off&gt; (per order).
limit-daily-set = Daily limit of { $user }: { $limit }.
limit-daily-off = { $user } has no daily limit now.
limit-order-set = Per-order maximum of { $user }: { $limit }.
limit-order-off = { $user } has no per-order maximum now.
balance-title = 💰 Credit of { $user }
balance-line = Balance { $balance } · held { $holds } · available { $available }
balance-today = Today (UTC): { $spent } of the daily limit { $limit }, { $left } left
balance-today-no-limit = Today (UTC): { $spent } (no daily limit)
balance-order-max = Per-order maximum: { $limit }
balance-alert-line = Low-credit alert below { $threshold }
balance-usage = Send /balance, or /balance &lt;user id&gt; for one reseller.
balance-alert-usage = Send /balance alert &lt;amount|off&gt;: you are told when your available credit falls below it.
balance-alert-usage-admin = Send /balance alert &lt;user id&gt; &lt;amount|off&gt;.
balance-alert-set = { $user } is told when the available credit falls below { $threshold }.
balance-alert-off = No low-credit alert for { $user } now.
balance-all-title = 💰 Resellers' credit:
balance-all-row = { $user }: balance { $balance }, available { $available }
balance-all-empty = No resellers yet.
balance-wallet = Merchant wallet: { $balance }
balance-wallet-unreported = Merchant wallet: the Merchant API does not report its balance (currency { $currency }).
balance-wallet-unavailable = Merchant wallet: the Merchant API could not be asked just now.
statement-usage = Send /statement [from] [to] with dates as YYYY-MM-DD (UTC); admins: /statement &lt;user id&gt; [from] [to].
statement-caption = Statement of { $user }, { $from } to { $to }, file { $part }
statement-summary = Statement of { $user }, { $from } to { $to }: opening { $opening }, credits { $credits }, debits { $debits }, closing { $closing } ({ $entries ->
        [one] { $entries } entry
       *[other] { $entries } entries
    }).
statement-failed = The statement stopped before the end ({ $count ->
        [one] { $count } entry sent
       *[other] { $count } entries sent
    }). Please try again.

## Alerts

alert-merchant-low-balance = 💸 The merchant wallet is down to { $balance }, below MERCHANT_LOW_BALANCE ({ $threshold }): top it up before orders are refused.
