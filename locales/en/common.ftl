## Start and help

start-menu = Hello { $name }! You are signed in as { $role }. Pick what to do below, or send /help for every command.
menu-topup = 📱 Top up
menu-orders = 📋 Orders
menu-balance = 💰 Balance
menu-bulk = 📦 Bulk file
menu-schedule = 🗓 Schedules
menu-settings = ⚙️ Settings
menu-help = ❓ Help
menu-stats = 📊 Figures
menu-users = 👥 People
menu-invite = ✉️ Invite
menu-export = 📄 Export
help-title = <b>What you can do</b>
help-group-sell = 📱 Sell
help-group-orders = 📋 Orders
help-group-money = 💰 Money
help-group-people = 👥 People
help-group-watch = 📊 Watch
help-group-settings = ⚙️ Settings
help-details = Send a command alone to see how to use it; /cancel leaves whatever you are doing.
command-settings = your settings: language, time zone, shop name, PIN
settings-title = ⚙️ <b>Your settings</b>
settings-language = Language: { $language }
settings-timezone = Time zone: <code>{ $zone }</code>
settings-shop = Shop name on receipts: { $name }
settings-shop-none = Shop name on receipts: none
settings-pin-set = PIN: set
settings-pin-none = PIN: not set
settings-button-language = 🌐 Language
settings-button-timezone = 🕒 Time zone
settings-button-shop = 🏪 Shop name
settings-button-pin = 🔐 PIN
start-stranger =
    Hello { $name }! This bot sells mobile top-ups to registered resellers.
    You do not have access yet. Send your Telegram ID <code>{ $id }</code> to an admin and ask for access.
role-reseller = reseller
role-agent = support agent
role-admin = admin
command-help = what this bot can do for you
command-topup = top up a phone (guided, or /topup &lt;phone&gt; &lt;amount&gt; [operator])
command-bulk = bulk top-ups from a CSV file (format and template)
command-schedule = scheduled and recurring top-ups: list, pause, delete, new
command-status = one order: /status &lt;order ID or merchant order number&gt;
command-orders = recent orders
command-users = who may use the bot
command-grant = give someone a role: /grant &lt;user id&gt; &lt;reseller|distributor|agent|admin&gt;
command-revoke = take access away: /revoke &lt;user id&gt;
command-stats = figures for today and the last 7 days
command-health = state of Redis, the Merchant API and webhooks
command-pin = your PIN for large top-ups (admins: /pin &lt;user id&gt; &lt;amount|off|default|unlock|reset&gt;)
command-balance = your credit: balance, holds, what is available, today's spend
command-statement = the credit ledger as a CSV document: /statement [from] [to]
command-credit = add or take a reseller's credit: /credit &lt;user id&gt; &lt;amount&gt; [note]
command-limit = a reseller's limits: /limit &lt;user id&gt; [order] &lt;amount|off&gt;
command-export = orders as a CSV document: /export [from] [to] [status]
command-reconcile = compare our orders with the Merchant API's order list now
command-cancel = leave what you are doing
command-language = choose the language
command-start = start

## Access

access-denied = Sorry, you may not use this bot. Your Telegram ID is <code>{ $id }</code>: send it to an admin to ask for access.
access-denied-short = Sorry, you may not use this.
access-suspended = 🚫 Your network is suspended: the distributor above you no longer has that role. Your credit is kept; nothing can be placed until an admin moves you.
access-suspended-short = 🚫 Your network is suspended.
command-not-for-role = This command is not available for your role.
private-only = I work in private chats only: open { $link } and write to me there.
private-only-short = I work in private chats only.

## Language

language-choose = Choose your language:
language-set = Language set: { $language }.

## Buttons

button-back = ⬅️ Back
button-cancel = ✖️ Cancel
button-next = Next ▶️
button-previous = ◀️ Previous
button-retry = 🔄 Try again
button-confirm = ✅ Place order
button-reject = ❌ Cancel
button-repeat-same = 🔁 Same number and amount again
button-repeat-amount = 🔁 Same number, another amount
button-expired = This button no longer works.

## Fallbacks

cancel-nothing = Nothing to cancel. Send /topup to start a top-up.
unhandled = I did not understand that. Send /help to see what you can do.

## Waiting line

line-position = ⏳ In line: position { $position }, about { $seconds } s
line-leave-button = ❌ Leave the line
line-served = ✅ Your turn came.
line-left = You left the line. Nothing was charged.
line-stopped = The wait in line has ended.
line-gone = This wait is already over.

## Merchant service problems

service-error-refused-key = The top-up service is refusing our requests right now. The admins have been told; please try again later.
service-error-unavailable = The top-up service did not answer. Nothing was charged; please try again in a moment.
service-error-balance = The wallet does not have enough money for this top-up. Nothing was charged; ask an admin to add funds.
service-error-risk = An order limit has been reached. Nothing was charged; please try again later or ask an admin.
service-error-wallet = The wallet is not active. Nothing was charged; please ask an admin.
service-error-amount = This amount is not accepted for this offer. Nothing was charged; please choose another amount.
