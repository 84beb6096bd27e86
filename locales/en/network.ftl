## Networks: distributors and the resellers below them (/grant … distributor, /transfer, /network, /move)

role-distributor = distributor
menu-network = 🕸 Network
menu-transfer = 💸 Transfer
help-group-network = 🕸 Network
command-transfer = move credit to a reseller directly below you: /transfer &lt;user id&gt; &lt;amount&gt; [note]
command-network = the resellers below you: balances, today's volume, your commission
command-move = move a reseller and everyone below them: /move &lt;user id&gt; &lt;parent user id|merchant&gt;
network-not-yours = 🚫 { $user } is not in your network. Nothing changed.
network-button-not-yours = 🚫 This list is not yours.
network-merchant = the merchant

## Making and revoking distributors

network-grant-not-reseller = 🚫 { $user } is { $role }: only a reseller, or someone with no role yet, can become a distributor. Nothing changed.
network-grant-too-deep = 🚫 { $user } is at level { $level } of the { $max } that NETWORK_MAX_DEPTH allows: resellers below them would be too deep. Nothing changed.
network-suspended = ⛔ { $user } no longer runs a network. Resellers suspended below them: { $count }. They keep their credit, and nothing of theirs is placed until you move them with /move.
network-suspended-told = ⛔ Your network is suspended: { $user } is no longer a distributor. Your credit is kept, but no top-up of yours is placed until an admin moves you to another distributor.

## Transfers (/transfer)

network-transfer-usage = Send /transfer &lt;user id&gt; &lt;amount&gt; [note] to move your credit to a reseller directly below you; a leading - takes it back (e.g. /transfer 123 -5).
network-transfer-not-direct = 🚫 { $user } is not directly below you: transfers go to your own resellers only, and theirs are funded by their distributor. Nothing moved.
network-transfer-short = 🚫 Not enough credit: you have { $available } available (balance minus holds), and the transfer is { $amount }. Nothing moved.
network-transfer-take-short = 🚫 Cannot take back { $amount } from { $user }: their available credit (balance minus holds) is { $available }. Nothing moved.
network-transfer-given = 💸 { $amount } moved to { $user }. Your balance: { $balance }. Their balance: { $theirs }.
network-transfer-taken = 💸 { $amount } taken back from { $user }. Your balance: { $balance }. Their balance: { $theirs }.
network-transfer-told-given = 💰 { $by } moved { $amount } to your credit ({ $note }). Your balance: { $balance }.
network-transfer-told-taken = 💰 { $by } took { $amount } back from your credit ({ $note }). Your balance: { $balance }.

## The network (/network)

network-empty = 🕸 Nobody is in your network yet. Invite resellers with /invite reseller.
network-title = 🕸 <b>Your network</b> — directly below you: { $count } · in all: { $total } (today's figures, UTC day)
network-row = • { $user }: balance { $balance } · today { $volume } · your commission { $commission }
network-row-folded = • { $user }: balance { $balance } · today { $volume } · your commission { $commission } · +{ $below } below
network-commission-today = Your commission today: { $commission }

## Moving resellers (/move)

network-move-usage = Send /move &lt;user id&gt; &lt;parent user id|merchant&gt;: the reseller and everyone below them move under that distributor, or directly under the merchant.
network-move-done = ✅ { $user } moved from { $from } to { $parent }, with everyone below them.
network-move-told = 🕸 You are now in the network of { $parent }: they fund your credit and set your prices.
network-move-told-merchant = 🕸 You now buy directly from the merchant: no distributor is above you any more.
network-move-not-reseller = 🚫 { $user } is not a reseller: only resellers and distributors can be moved. Nothing changed.
network-move-not-distributor = 🚫 { $parent } is not a distributor: make them one with /grant first. Nothing changed.
network-move-cycle = 🚫 { $user } cannot go under { $parent }: { $parent } is { $user } or below them. Nothing changed.
network-move-too-deep = 🚫 { $user } cannot go under { $parent }: their network would go deeper than NETWORK_MAX_DEPTH allows (at most { $max }). Nothing changed.

## Distributors' invites (/invite reseller, /invites)

network-invite-usage = 🚫 Send /invite reseller [uses] [days]: a distributor invites resellers into their own network (uses from 1 to { $maxUses }, default 1; days from 1 to { $maxDays }, default 7). Nothing was made.
network-invite-made = 🕸 Whoever joins through it joins your network: fund them with /transfer and set their prices with /pricing.
network-invite-joined = 🕸 You are in the network of { $parent }: they fund your credit and set your prices.
network-invite-told = 🕸 { $user } joined your network through invite { $id }. Fund them with /transfer.
network-invite-maker-gone = 🚫 This invite no longer works: whoever made it no longer runs a network. Nothing changed; ask for a new link.
network-invite-cannot-join = 🚫 This invite cannot take you: the network would go deeper than allowed. Nothing changed; ask an admin.

## A distributor's prices (/pricing)

network-pricing-title = 💹 Your rules: what the resellers of your network pay on top of the price you pay (the most specific rule applies: reseller, then operator, country, default)
network-pricing-no-default = Default: no rule set: your resellers pay the price you pay.
pricing-error-in-network = 🚫 { $user } is in the network of { $distributor }: their price is the distributor's price plus the distributor's rule, so a merchant rule for them would never apply. Nothing changed.
admin-users-row-under = { $user } — { $role }, in the network of { $parent }
