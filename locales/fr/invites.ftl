## Invite links (/invite, /invites, /start with an invite's payload)

command-invite = un lien d’invitation et son code QR : /invite &lt;reseller|agent|admin&gt; [utilisations] [jours]
command-invites = les invitations en cours, chacune avec un bouton pour la révoquer
invite-usage = 🚫 Envoyez /invite &lt;reseller|agent|admin&gt; [utilisations] [jours] : utilisations de 1 à { $maxUses } (1 par défaut), jours de 1 à { $maxDays } (7 par défaut). Rien n’a été créé.
invite-too-many = 🚫 Les invitations en cours ont atteint leur limite ({ $max }) : révoquez-en une dans /invites d’abord. Rien n’a été créé.
invite-made =
    🎟 Invitation <code>{ $id }</code> : qui ouvre ce lien devient { $role } aussitôt.
    { $link }
    Utilisations : { $uses } · valable jusqu’au { $until }
    Envoyez le lien ou montrez le code QR ci-dessous. /invites liste les invitations en cours et les révoque.
invite-qr-caption = Code QR de l’invitation { $id } ({ $role })
invites-title = 🎟 Invitations en cours :
invites-empty = Aucune invitation en cours. Créez-en une avec /invite reseller.
invites-row = <code>{ $id }</code> · { $role } · utilisations restantes : { $left }/{ $uses } · jusqu’au { $until } · par <code>{ $by }</code>
invites-revoke-button = ❌ Révoquer { $id }
invites-revoked = Invitation { $id } révoquée : son lien ne fonctionne plus.
invites-gone = Cette invitation n’est plus en cours : rien n’a changé.
invite-welcome-reseller = 🎉 Bienvenue, { $name } ! Vous êtes maintenant revendeur : rechargez des téléphones avec /topup (ou beaucoup à la fois depuis un fichier CSV avec /bulk), suivez vos commandes avec /orders et votre crédit avec /balance. /help montre tout.
invite-welcome-agent = 🎉 Bienvenue, { $name } ! Vous êtes maintenant agent du support : consultez n’importe quelle commande avec /status, listez les commandes avec /orders et faites des reçus pour les clients avec /receipt. /help montre tout.
invite-welcome-admin = 🎉 Bienvenue, { $name } ! Vous êtes maintenant administrateur : les personnes (/users, /invite), le crédit (/credit), les prix (/pricing), les chiffres (/stats) et l’état du service (/health) sont entre vos mains. /help montre tout.
invite-expired = ⌛ Ce lien d’invitation a expiré : il ne donne aucun accès. Demandez-en un nouveau à qui vous l’a envoyé.
invite-used-up = 🚫 Ce lien d’invitation a déjà été utilisé autant de fois que prévu : il ne donne aucun accès. Demandez-en un nouveau à qui vous l’a envoyé.
invite-revoked = 🚫 Ce lien d’invitation a été révoqué : il ne donne aucun accès. Demandez-en un nouveau à qui vous l’a envoyé.
invite-has-role = Vous êtes déjà { $role } : cette invitation ne change rien et reste pour la personne à qui elle était destinée.
alert-invite-used = 🎟 { $name } <code>{ $id }</code> a rejoint le bot comme { $role } par l’invitation <code>{ $invite }</code> créée par <code>{ $by }</code>.
