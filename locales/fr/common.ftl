## Start and help

start-menu = Bonjour { $name } ! Votre rôle : { $role }. Choisissez ci-dessous ce que vous voulez faire, ou envoyez /help pour voir toutes les commandes.
menu-topup = 📱 Recharger
menu-orders = 📋 Commandes
menu-balance = 💰 Solde
menu-bulk = 📦 Recharges groupées
menu-schedule = 🗓 Programmations
menu-settings = ⚙️ Paramètres
menu-help = ❓ Aide
menu-stats = 📊 Chiffres
menu-users = 👥 Personnes
menu-invite = ✉️ Inviter
menu-export = 📄 Exporter
help-title = <b>Ce que vous pouvez faire</b>
help-group-sell = 📱 Vendre
help-group-orders = 📋 Commandes
help-group-money = 💰 Argent
help-group-people = 👥 Personnes
help-group-watch = 📊 Suivi
help-group-settings = ⚙️ Paramètres
help-details = Envoyez une commande seule pour voir comment l’utiliser ; /cancel quitte l’action en cours.
command-settings = vos paramètres : langue, fuseau horaire, nom de boutique, PIN
settings-title = ⚙️ <b>Vos paramètres</b>
settings-language = Langue : { $language }
settings-timezone = Fuseau horaire : <code>{ $zone }</code>
settings-shop = Nom de boutique sur les reçus : { $name }
settings-shop-none = Nom de boutique sur les reçus : aucun
settings-pin-set = PIN : défini
settings-pin-none = PIN : non défini
settings-button-language = 🌐 Langue
settings-button-timezone = 🕒 Fuseau horaire
settings-button-shop = 🏪 Nom de boutique
settings-button-pin = 🔐 PIN
start-stranger =
    Bonjour { $name } ! Ce bot vend des recharges mobiles aux revendeurs enregistrés.
    Vous n’avez pas encore accès. Envoyez votre identifiant Telegram <code>{ $id }</code> à un administrateur et demandez l’accès.
role-reseller = revendeur
role-agent = agent du support
role-admin = administrateur
command-help = ce que ce bot peut faire pour vous
command-topup = recharger un téléphone (pas à pas, ou /topup &lt;téléphone&gt; &lt;montant&gt; [opérateur])
command-bulk = recharges groupées depuis un fichier CSV (format et modèle)
command-schedule = recharges programmées et récurrentes : liste, pause, suppression, nouvelle
command-status = une commande : /status &lt;ID de commande ou numéro de commande marchand&gt;
command-orders = commandes récentes
command-users = qui peut utiliser le bot
command-grant = attribuer un rôle : /grant &lt;ID utilisateur&gt; &lt;reseller|distributor|agent|admin&gt;
command-revoke = retirer l’accès : /revoke &lt;ID utilisateur&gt;
command-stats = chiffres du jour et des 7 derniers jours
command-health = état de Redis, de la Merchant API et des webhooks
command-pin = votre PIN pour les grosses recharges (admins : /pin &lt;id&gt; &lt;montant|off|default|unlock|reset&gt;)
command-balance = votre crédit : solde, blocages, disponible, dépense du jour
command-statement = le registre du crédit en document CSV : /statement [du] [au]
command-credit = ajouter ou retirer du crédit à un revendeur : /credit &lt;id&gt; &lt;montant&gt; [note]
command-limit = les limites d’un revendeur : /limit &lt;id&gt; [order] &lt;montant|off&gt;
command-export = les commandes en document CSV : /export [du] [au] [statut]
command-reconcile = comparer maintenant nos commandes avec la liste de la Merchant API
command-cancel = quitter l’action en cours
command-language = choisir la langue
command-start = démarrer

## Access

access-denied = Désolé, vous ne pouvez pas utiliser ce bot. Votre identifiant Telegram est <code>{ $id }</code> : envoyez-le à un administrateur pour demander l’accès.
access-denied-short = Désolé, vous ne pouvez pas utiliser cette fonction.
access-suspended = 🚫 Votre réseau est suspendu : le distributeur au-dessus de vous n’a plus ce rôle. Votre crédit est conservé ; aucune commande ne peut être passée tant qu’un administrateur ne vous a pas déplacé.
access-suspended-short = 🚫 Votre réseau est suspendu.
command-not-for-role = Cette commande n’est pas disponible pour votre rôle.
private-only = Je ne fonctionne que dans les chats privés : ouvrez { $link } et écrivez-moi là-bas.
private-only-short = Je ne fonctionne que dans les chats privés.

## Language

language-choose = Choisissez votre langue :
language-set = Langue définie : { $language }.

## Buttons

button-back = ⬅️ Retour
button-cancel = ✖️ Annuler
button-next = Suivant ▶️
button-previous = ◀️ Précédent
button-retry = 🔄 Réessayer
button-confirm = ✅ Passer la commande
button-reject = ❌ Annuler
button-repeat-same = 🔁 Même numéro, même montant
button-repeat-amount = 🔁 Même numéro, autre montant
button-expired = Ce bouton ne fonctionne plus.

## Fallbacks

cancel-nothing = Rien à annuler. Envoyez /topup pour commencer une recharge.
unhandled = Je n’ai pas compris. Envoyez /help pour voir ce que vous pouvez faire.

## Waiting line

line-position = ⏳ Dans la file : position { $position }, environ { $seconds } s
line-leave-button = ❌ Quitter la file
line-served = ✅ C’est votre tour.
line-left = Vous avez quitté la file. Rien n’a été débité.
line-stopped = L’attente dans la file est terminée.
line-gone = Cette attente est déjà terminée.

## Merchant service problems

service-error-refused-key = Le service de recharge refuse actuellement nos requêtes. Les administrateurs ont été prévenus ; veuillez réessayer plus tard.
service-error-unavailable = Le service de recharge n’a pas répondu. Rien n’a été débité ; veuillez réessayer dans un instant.
service-error-balance = Le portefeuille n’a pas assez de fonds pour cette recharge. Rien n’a été débité ; demandez à un administrateur de l’approvisionner.
service-error-risk = Une limite de commandes a été atteinte. Rien n’a été débité ; veuillez réessayer plus tard ou contacter un administrateur.
service-error-wallet = Le portefeuille n’est pas actif. Rien n’a été débité ; veuillez contacter un administrateur.
service-error-amount = Ce montant n’est pas accepté pour cette offre. Rien n’a été débité ; veuillez choisir un autre montant.
