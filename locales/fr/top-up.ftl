## Top-up: choosing

top-up-choose-country = 🌍 Dans quel pays se trouve le téléphone ? Choisissez-en un, saisissez son nom ou son code (par exemple NG), ou saisissez le numéro au format international (+234…).
top-up-country-chosen = Pays :
top-up-country-no-match = Aucun pays ne correspond à « { $query } ». Essayez un autre nom ou un code à deux lettres.
top-up-country-several = Plusieurs pays correspondent à « { $query } ». Choisissez-en un :
top-up-country-not-sold = Les recharges vers ce pays ne sont pas disponibles pour le moment. Veuillez choisir un autre pays.
top-up-one-line-bad-phone = Cela ne ressemble pas à un numéro de téléphone au format international (avec + et l’indicatif du pays).
top-up-no-operators = { $country } : aucun opérateur ne peut être rechargé pour le moment. Veuillez choisir un autre pays.
top-up-choose-operator = 📶 Quel opérateur ({ $country }) ? Choisissez-en un ou saisissez son nom.
top-up-wrong-number-warning = ⚠️ Le numéro doit appartenir à cet opérateur : une recharge envoyée au mauvais numéro ou au mauvais opérateur est irréversible.
top-up-operator-chosen = Opérateur : { $operator }
top-up-operator-no-match = Aucun opérateur ne correspond à « { $query } ». Choisissez-en un dans la liste ou saisissez un autre nom.
top-up-operator-several = Plusieurs opérateurs correspondent à « { $query } ». Choisissez-en un :
top-up-choose-subtype = Que souhaitez-vous acheter chez { $operator } ?
top-up-subtype-unknown = Veuillez choisir l’une des options.
top-up-choose-currency = { $operator } vend dans plusieurs devises. Laquelle choisissez-vous ?
top-up-currency-unknown = Veuillez choisir l’une des devises.
subtype-airtime = Crédit
subtype-data = Internet
subtype-bundle = Forfait

## Top-up: amount

top-up-choose-amount = 💵 { $subtype } ({ $operator }) : quel montant ?
top-up-amount-range = Saisissez un montant entre { $min } et { $max } { $currency }.
top-up-amount-buttons = Choisissez un montant.
top-up-amount-buttons-or-type = Choisissez un montant ou saisissez-en un.
top-up-amount-chosen = Montant : { $amount }
amount-error-empty = Veuillez saisir un montant, par exemple 500.
amount-error-not-a-number = Ce n’est pas un nombre. Veuillez saisir un montant comme 500 ou 12,50.
amount-error-zero = Le montant doit être supérieur à zéro.
amount-error-negative = Le montant ne peut pas être négatif.
amount-error-too-many-decimals = Utilisez au maximum 4 décimales.
amount-error-exponent = Veuillez saisir le montant en chiffres, sans exposant (pas de « 1e3 »).
amount-error-too-long = Ce montant est beaucoup trop long. Veuillez saisir un montant normal.
amount-error-ambiguous = Je ne peux pas déterminer quel est le séparateur décimal. Veuillez saisir le montant sans séparateur de milliers, par exemple 1500,50.
amount-error-below = C’est en dessous du minimum de { $min } { $currency }.
amount-error-above = C’est au-dessus du maximum de { $max } { $currency }.
amount-error-not-offered = Ce montant n’est pas proposé. Montants disponibles : { $values } { $currency }.

## Top-up: phone number

top-up-enter-phone = 📱 Envoyez le numéro de téléphone ({ $country }, format national ou international), choisissez un numéro récent ou partagez un contact.
top-up-phone-chosen = Numéro : { $phone }
phone-error-empty = Veuillez envoyer un numéro de téléphone.
phone-error-invalid = Ce numéro de téléphone n’est pas valide pour ce pays ({ $country }). Veuillez le vérifier et le renvoyer.
phone-error-wrong-country = Ce numéro appartient à un autre pays. Veuillez envoyer un numéro du pays choisi ({ $country }).
phone-error-not-mobile = Ce n’est pas un numéro mobile. Seuls les numéros mobiles peuvent être rechargés.
phone-error-too-long = Ce numéro est trop long. Veuillez le vérifier et le renvoyer.
top-up-number-busy = Une commande précédente vers ce numéro n’est pas encore terminée (<code>{ $orderId }</code>, <code>{ $number }</code>). Veuillez attendre qu’elle se termine ou utiliser un autre numéro.
top-up-number-busy-until = Une recharge vers ce numéro n’est pas encore terminée. Elle devrait l’être vers { $time } UTC. Veuillez attendre ou utiliser un autre numéro.

## Top-up: quote and order

top-up-quote =
    Veuillez vérifier cette recharge :
    Opérateur : { $operator } ({ $country })
    Produit : { $subtype }
    Numéro : { $phone }
    La ligne reçoit : { $receives }
    Votre portefeuille paie : { $pays }
    Prix valable jusqu’à { $expires } (environ { $seconds } s)

    ⚠️ Une recharge envoyée au mauvais numéro ou au mauvais opérateur est irréversible.
top-up-quote-renewed = ⏱ Le prix avait expiré ou allait expirer : voici un nouveau devis. Veuillez confirmer à nouveau.
top-up-line-outlives-quote = ⏳ La file est plus longue que la validité de ce prix (environ { $seconds } s d’attente) : un nouveau devis sera demandé à votre tour. Veuillez le confirmer à nouveau.
top-up-price-changed = ⚠️ Le prix a changé : il était de { $old }, il est maintenant de { $new }.
top-up-quote-mismatch = ⚠️ Le service a proposé autre chose que ce que vous avez demandé, j’ai donc tout arrêté. Rien n’a été débité. Les administrateurs ont été prévenus.
top-up-press-confirm = Appuyez sur ✅ pour passer la commande ou sur ❌ pour annuler.
top-up-press-a-button = Veuillez appuyer sur l’un des boutons.
top-up-text-or-button = Veuillez saisir votre réponse ou appuyer sur un bouton.
top-up-stale-button = Ce bouton correspond à une étape précédente ou à une recharge terminée.
top-up-offer-unavailable = Cette offre n’est plus disponible. Veuillez choisir un autre opérateur ou un autre montant.
top-up-cancelled = Recharge annulée. Rien n’a été débité.
top-up-idle-ended = Votre recharge a été fermée après { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } d’inactivité. Rien n’a été débité. Envoyez /topup pour recommencer.
top-up-error-ended = Votre recharge s’est arrêtée à cause d’une erreur inattendue. Si vous l’aviez confirmée, /orders indique si elle a été passée. Envoyez /topup pour recommencer.
top-up-repeat-unavailable = Cette commande ne peut pas être répétée. Commençons une nouvelle recharge.
top-up-placing = ⏳ Passage de la commande… (numéro de commande marchand <code>{ $number }</code>)
top-up-pending = ⏳ En attente de la confirmation de la commande <code>{ $number }</code> par le service. Ce message sera mis à jour ; aucun double débit ne sera effectué.
top-up-not-placed-requote = La commande <code>{ $number }</code> n’a pas été passée et rien n’a été débité : le prix doit être renouvelé.
top-up-rejected = ⚠️ La commande <code>{ $number }</code> a été refusée. Rien n’a été débité.
top-up-submit-error = ⚠️ Un problème est survenu lors du passage de la commande <code>{ $number }</code>. Vérifiez-la dans une minute avec /status <code>{ $number }</code> : elle n’est jamais passée deux fois.
top-up-number-conflict = ⚠️ La commande <code>{ $number }</code> n’a pas été passée : son numéro appartient déjà à une autre commande. Rien n’a été débité. Recommencez une recharge avec /topup.
