## Networks: distributors and the resellers below them (/grant … distributor, /transfer, /network, /move)

role-distributor = distributeur
menu-network = 🕸 Réseau
menu-transfer = 💸 Transférer
help-group-network = 🕸 Réseau
command-transfer = transférer du crédit à un revendeur juste sous vous : /transfer &lt;id utilisateur&gt; &lt;montant&gt; [note]
command-network = les revendeurs sous vous : soldes, volume du jour, votre commission
command-move = déplacer un revendeur et tous ceux sous lui : /move &lt;id utilisateur&gt; &lt;id du nouveau parent|merchant&gt;
network-not-yours = 🚫 { $user } n’est pas dans votre réseau. Rien n’a changé.
network-button-not-yours = 🚫 Cette liste n’est pas la vôtre.
network-merchant = le marchand

## Making and revoking distributors

network-grant-not-reseller = 🚫 { $user } est { $role } : seul un revendeur, ou quelqu’un sans rôle, peut devenir distributeur. Rien n’a changé.
network-grant-too-deep = 🚫 { $user } est au niveau { $level } sur les { $max } que permet NETWORK_MAX_DEPTH : des revendeurs sous lui seraient trop profonds. Rien n’a changé.
network-suspended = ⛔ { $user } n’a plus de réseau. Revendeurs suspendus en dessous : { $count }. Ils gardent leur crédit, et rien des leurs n’est passé tant que vous ne les déplacez pas avec /move.
network-suspended-told = ⛔ Votre réseau est suspendu : { $user } n’est plus distributeur. Votre crédit est conservé, mais aucune de vos recharges n’est passée tant qu’un administrateur ne vous a pas déplacé sous un autre distributeur.

## Transfers (/transfer)

network-transfer-usage = Envoyez /transfer &lt;id utilisateur&gt; &lt;montant&gt; [note] pour transférer votre crédit à un revendeur juste sous vous ; un - devant le reprend (ex. /transfer 123 -5).
network-transfer-not-direct = 🚫 { $user } n’est pas juste sous vous : vous ne transférez qu’à vos propres revendeurs, les siens sont financés par leur distributeur. Rien n’a bougé.
network-transfer-short = 🚫 Crédit insuffisant : vous avez { $available } disponible (solde moins blocages), et le transfert est de { $amount }. Rien n’a bougé.
network-transfer-take-short = 🚫 Impossible de reprendre { $amount } à { $user } : son crédit disponible (solde moins blocages) est de { $available }. Rien n’a bougé.
network-transfer-given = 💸 { $amount } transféré à { $user }. Votre solde : { $balance }. Son solde : { $theirs }.
network-transfer-taken = 💸 { $amount } repris à { $user }. Votre solde : { $balance }. Son solde : { $theirs }.
network-transfer-told-given = 💰 { $by } a transféré { $amount } sur votre crédit ({ $note }). Votre solde : { $balance }.
network-transfer-told-taken = 💰 { $by } a repris { $amount } de votre crédit ({ $note }). Votre solde : { $balance }.

## The network (/network)

network-empty = 🕸 Personne n’est encore dans votre réseau. Invitez des revendeurs avec /invite reseller.
network-title = 🕸 <b>Votre réseau</b> — juste sous vous : { $count } · en tout : { $total } (chiffres du jour, jour UTC)
network-row = • { $user } : solde { $balance } · aujourd’hui { $volume } · votre commission { $commission }
network-row-folded = • { $user } : solde { $balance } · aujourd’hui { $volume } · votre commission { $commission } · +{ $below } en dessous
network-commission-today = Votre commission du jour : { $commission }

## Moving resellers (/move)

network-move-usage = Envoyez /move &lt;id utilisateur&gt; &lt;id du nouveau parent|merchant&gt; : le revendeur et tous ceux sous lui passent sous ce distributeur, ou directement sous le marchand.
network-move-done = ✅ { $user } est passé de { $from } à { $parent }, avec tous ceux sous lui.
network-move-told = 🕸 Vous êtes maintenant dans le réseau de { $parent } : il finance votre crédit et fixe vos prix.
network-move-told-merchant = 🕸 Vous achetez maintenant directement au marchand : plus aucun distributeur au-dessus de vous.
network-move-not-reseller = 🚫 { $user } n’est pas revendeur : seuls les revendeurs et les distributeurs peuvent être déplacés. Rien n’a changé.
network-move-not-distributor = 🚫 { $parent } n’est pas distributeur : faites-en un d’abord avec /grant. Rien n’a changé.
network-move-cycle = 🚫 { $user } ne peut pas aller sous { $parent } : { $parent } est { $user } ou se trouve sous lui. Rien n’a changé.
network-move-too-deep = 🚫 { $user } ne peut pas aller sous { $parent } : son réseau serait plus profond que ne le permet NETWORK_MAX_DEPTH (au plus { $max }). Rien n’a changé.

## Distributors' invites (/invite reseller, /invites)

network-invite-usage = 🚫 Envoyez /invite reseller [utilisations] [jours] : un distributeur invite des revendeurs dans son propre réseau (utilisations de 1 à { $maxUses }, 1 par défaut ; jours de 1 à { $maxDays }, 7 par défaut). Rien n’a été créé.
network-invite-made = 🕸 Qui rejoint par ce lien rejoint votre réseau : financez-le avec /transfer et fixez ses prix avec /pricing.
network-invite-joined = 🕸 Vous êtes dans le réseau de { $parent } : il finance votre crédit et fixe vos prix.
network-invite-told = 🕸 { $user } a rejoint votre réseau avec l’invitation { $id }. Financez-le avec /transfer.
network-invite-maker-gone = 🚫 Cette invitation ne fonctionne plus : son auteur n’a plus de réseau. Rien n’a changé ; demandez un nouveau lien.
network-invite-cannot-join = 🚫 Cette invitation ne peut pas vous accueillir : le réseau serait plus profond qu’autorisé. Rien n’a changé ; adressez-vous à un administrateur.

## A distributor's prices (/pricing)

network-pricing-title = 💹 Vos règles : ce que les revendeurs de votre réseau paient en plus du prix que vous payez (la règle la plus précise s’applique : revendeur, puis opérateur, pays, par défaut)
network-pricing-no-default = Par défaut : aucune règle : vos revendeurs paient le prix que vous payez.
pricing-error-in-network = 🚫 { $user } fait partie du réseau de { $distributor } : son prix est celui du distributeur plus la règle du distributeur, donc une règle du marchand pour cet utilisateur ne s’appliquerait jamais. Rien n’a changé.
admin-users-row-under = { $user } — { $role }, dans le réseau de { $parent }
