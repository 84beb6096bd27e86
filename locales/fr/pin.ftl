## PIN before large top-ups

button-pin-ok = ✅ OK
button-pin-cancel = ❌ Annuler
pin-ask = 🔐 Cette recharge coûte { $price } : saisissez votre PIN sur le clavier, ou tapez-le. Le message contenant votre PIN est supprimé dès que je l’ai lu.
pin-keypad-or-type = Saisissez votre PIN sur le clavier, ou tapez-le.
pin-format = Un PIN compte de 4 à 8 chiffres (0–9), rien d’autre. Rien n’a été modifié ; veuillez réessayer.
pin-wrong = { $tries ->
    [one] ❌ PIN incorrect. Il reste { $tries } essai avant le blocage des recharges qui demandent votre PIN.
   *[other] ❌ PIN incorrect. Il reste { $tries } essais avant le blocage des recharges qui demandent votre PIN.
}
pin-locked = 🚫 Trop de PIN incorrects : les recharges qui demandent votre PIN, et le changement de PIN, sont bloqués encore { $minutes } min. Rien n’a été commandé.
pin-held = 🚫 Trop de PIN incorrects, encore une fois en 24 heures : les recharges qui demandent votre PIN, et le changement de PIN, sont bloqués jusqu’à ce qu’un administrateur lève le blocage. Rien n’a été commandé.
pin-not-set = 🚫 Cette recharge demande votre PIN, et vous n’en avez pas encore défini. Définissez-le avec /pin, puis recommencez la recharge. Rien n’a été commandé.
pin-setup-current = 🔐 Envoyez votre PIN actuel. Le message est supprimé dès que je l’ai lu.
pin-setup-new = 🔐 Envoyez votre nouveau PIN : de 4 à 8 chiffres. Chaque message contenant un PIN est supprimé dès que je l’ai lu.
pin-setup-repeat = Envoyez le nouveau PIN une seconde fois.
pin-setup-mismatch = Les deux PIN ne sont pas identiques ; rien n’a été modifié. Envoyez à nouveau le nouveau PIN, ou /cancel.
pin-setup-done = ✅ Votre PIN est défini. Les recharges au-dessus de votre seuil le demanderont.
pin-setup-cancelled = PIN inchangé.
pin-setup-type-digits = Tapez le PIN en chiffres, ou envoyez /cancel.
pin-admin-usage = /pin &lt;id utilisateur&gt; affiche l’état du PIN d’un revendeur. /pin &lt;id utilisateur&gt; &lt;montant|off|default|unlock|reset&gt; : les recharges dont le prix dépasse le montant (devise du marchand) demandent son PIN ; off : jamais ; default : revenir à PIN_REQUIRED_ABOVE ; unlock : lever un blocage ; reset : lever un blocage et effacer le PIN (il en définira un nouveau avec /pin).
pin-admin-not-reseller = L’utilisateur { $user } n’est pas revendeur.
pin-admin-bad-amount = Ce n’est pas un montant : écrivez des chiffres avec au plus 4 décimales (par exemple 50 ou 12.5), ou off, default, unlock ou reset.
pin-admin-state = Revendeur { $user } : { $pin } ; PIN demandé au-dessus de : { $threshold } ; { $lock }.
pin-admin-pin-set = PIN défini
pin-admin-pin-unset = aucun PIN
pin-admin-threshold-off = jamais (off)
pin-admin-threshold-default = { $amount } (PIN_REQUIRED_ABOVE)
pin-admin-threshold-default-off = jamais (PIN_REQUIRED_ABOVE est désactivé)
pin-admin-locked = bloqué encore { $minutes } min
pin-admin-held = bloqué jusqu’à ce qu’un administrateur lève le blocage (/pin { $id } unlock)
pin-admin-unlocked = non bloqué
pin-admin-locks-today = { $count ->
    [one] { $count } blocage ces dernières 24 h.
   *[other] { $count } blocages ces dernières 24 h.
}
pin-admin-reset-done = Revendeur { $user } : PIN effacé et blocage levé. Il définira un nouveau PIN avec /pin.
pin-admin-unlock-done = Revendeur { $user } : blocage levé et essais erronés oubliés.
pin-admin-default-done = Revendeur { $user } : le PIN est demandé au-dessus de { $amount } (PIN_REQUIRED_ABOVE).
pin-admin-default-off-done = Revendeur { $user } : retour à PIN_REQUIRED_ABOVE, qui est désactivé : aucun PIN n’est demandé.
pin-admin-off-done = Revendeur { $user } : aucun PIN ne lui est jamais demandé.
pin-admin-threshold-done = Revendeur { $user } : les recharges au-dessus de { $amount } (devise du marchand) demandent le PIN.
alert-pin-locked = 🔒 Le revendeur { $user } a saisi un PIN incorrect { $tries ->
        [one] { $tries } fois
       *[other] { $tries } fois
    } : ses recharges qui demandent le PIN sont bloquées { $minutes } min.
alert-pin-held = 🔒 Le revendeur { $user } a saisi un PIN incorrect { $tries } fois, blocage nº { $locks } en 24 h : ses recharges qui demandent le PIN restent bloquées jusqu’à ce qu’un administrateur lève le blocage avec /pin { $id } unlock.
