## Invite links (/invite, /invites, /start with an invite's payload)

command-invite = an invite link and its QR code: /invite &lt;reseller|agent|admin&gt; [uses] [days]
command-invites = the live invite links, each with a button to revoke it
invite-usage = 🚫 Send /invite &lt;reseller|agent|admin&gt; [uses] [days]: uses from 1 to { $maxUses } (default 1), days from 1 to { $maxDays } (default 7). Nothing was made.
invite-too-many = 🚫 Live invites are at their limit ({ $max }): revoke one in /invites first. Nothing was made.
invite-made =
    🎟 Invite <code>{ $id }</code>: whoever opens this link becomes { $role } at once.
    { $link }
    Uses: { $uses } · valid until { $until }
    Send the link, or show the QR code below. /invites lists the live invites and revokes them.
invite-qr-caption = QR code of invite { $id } ({ $role })
invites-title = 🎟 Live invites:
invites-empty = No live invites. Make one with /invite reseller.
invites-row = <code>{ $id }</code> · { $role } · uses left: { $left }/{ $uses } · until { $until } · by <code>{ $by }</code>
invites-revoke-button = ❌ Revoke { $id }
invites-revoked = Invite { $id } revoked: its link no longer works.
invites-gone = This invite is no longer live: nothing changed.
invite-welcome-reseller = 🎉 Welcome, { $name }! You are now a reseller: top up phones with /topup (or many at once from a CSV file with /bulk), follow your orders with /orders and your credit with /balance. /help shows everything.
invite-welcome-agent = 🎉 Welcome, { $name }! You are now a support agent: look up any order with /status, list orders with /orders and make customer receipts with /receipt. /help shows everything.
invite-welcome-admin = 🎉 Welcome, { $name }! You are now an admin: people (/users, /invite), credit (/credit), prices (/pricing), figures (/stats) and health (/health) are yours to run. /help shows everything.
invite-expired = ⌛ This invite link has expired: it gives no access. Ask whoever sent it for a new one.
invite-used-up = 🚫 This invite link has been used up: it gives no access. Ask whoever sent it for a new one.
invite-revoked = 🚫 This invite link was revoked: it gives no access. Ask whoever sent it for a new one.
invite-has-role = You are already { $role }: this invite changes nothing and stays for whoever it was meant for.
alert-invite-used = 🎟 { $name } <code>{ $id }</code> joined as { $role } through invite <code>{ $invite }</code> made by <code>{ $by }</code>.
