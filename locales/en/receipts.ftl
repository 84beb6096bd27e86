## Receipts (/receipt, /shop, /timezone)
# Messages here are sent in HTML parse mode: write &lt; &gt; &amp; for < > &.

command-receipt = a receipt for your customer: /receipt &lt;order ID or merchant order number&gt; [price]
command-shop = the shop name on your receipts: /shop &lt;name&gt;
command-timezone = the time zone of your receipts: /timezone &lt;Area/City&gt;

receipt-button = 🧾 Receipt
receipt-title = Receipt
receipt-operator = Operator
receipt-product = Product
receipt-phone = Number
receipt-received = Received
receipt-price = Price
receipt-order-id = Order ID
receipt-order-number = Reference
receipt-time = Date
receipt-status = Status
receipt-thanks = Thank you for your purchase!
receipt-caption = 🧾 Receipt { $orderId }
receipt-usage = Send /receipt &lt;order ID or merchant order number&gt; [price], for example /receipt O-1234 or, with the price your customer paid, /receipt O-1234 1050 (in the order's local currency) or /receipt O-1234 2.50 USD; /receipt O-1234 off removes the price.
receipt-not-placed = No receipt for { $query }: this order was never placed, so nothing was charged.

shop-none = Your receipts show no shop name yet.
shop-current = Your receipts show the shop name { $name }.
shop-usage = Send /shop &lt;name&gt; to set it (at most { $max } characters), or /shop - to remove it.
shop-saved = Saved: your receipts now show { $name }.
shop-cleared = Removed: your receipts show no shop name.
shop-invalid-empty = Send /shop followed by the shop name.
shop-invalid-too-long = That name is too long: at most { $max } characters. Nothing was changed.
shop-invalid-control = A shop name cannot contain line breaks or control characters. Nothing was changed.

timezone-current = Times on your receipts are in { $zone }.
timezone-usage = Send /timezone &lt;Area/City&gt; (for example /timezone Africa/Lagos), or /timezone - for UTC.
timezone-saved = Saved: times on your receipts are now in { $zone }.
timezone-invalid = { $input } is not a time zone I know. Use a name such as Africa/Lagos or Europe/Madrid. Nothing was changed.

## Figures chart (/stats)

stats-chart-title = Orders and revenue per day, last { $days } days (UTC)
stats-chart-title-own = Your orders per day, last { $days } days (UTC)
stats-chart-orders = Orders by status
stats-chart-revenue = Revenue of succeeded orders ({ $currency })
stats-chart-spent = Paid from your credit for succeeded orders ({ $currency })
stats-own-title = 📊 Your last { $days } days (since { $from }, UTC)
stats-own-spent = Paid from your credit for succeeded orders: { $amount }
stats-own-spent-none = Paid from your credit for succeeded orders: nothing
receipt-price-invalid = { $price } is not a price. Send /receipt &lt;order&gt; &lt;amount&gt; [currency], for example /receipt O-1234 1050 or /receipt O-1234 2.50 USD. Nothing was changed.
receipt-price-not-yours = Only the order's reseller or an admin sets the price on its receipt. Nothing was changed.
