## Receipts (/receipt, /shop, /timezone)
# Messages here are sent in HTML parse mode: write &lt; &gt; &amp; for < > &.

command-receipt = un reçu pour votre client : /receipt &lt;ID de commande ou numéro de commande marchand&gt; [prix]
command-shop = le nom de boutique sur vos reçus : /shop &lt;nom&gt;
command-timezone = le fuseau horaire de vos reçus : /timezone &lt;Zone/Ville&gt;

receipt-button = 🧾 Reçu
receipt-title = Reçu
receipt-operator = Opérateur
receipt-product = Produit
receipt-phone = Numéro
receipt-received = Reçu par la ligne
receipt-price = Prix
receipt-order-id = ID de commande
receipt-order-number = Référence
receipt-time = Date
receipt-status = Statut
receipt-thanks = Merci pour votre achat !
receipt-caption = 🧾 Reçu { $orderId }
receipt-usage = Envoyez /receipt &lt;ID de commande ou numéro de commande marchand&gt; [prix], par exemple /receipt O-1234 ou, avec le prix payé par votre client, /receipt O-1234 1050 (dans la devise locale de la commande) ou /receipt O-1234 2.50 USD ; /receipt O-1234 off retire le prix.
receipt-not-placed = Pas de reçu pour { $query } : cette commande n'a jamais été passée, rien n'a été débité.

shop-none = Vos reçus n'affichent encore aucun nom de boutique.
shop-current = Vos reçus affichent le nom de boutique { $name }.
shop-usage = Envoyez /shop &lt;nom&gt; pour le définir ({ $max } caractères au plus), ou /shop - pour le retirer.
shop-saved = Enregistré : vos reçus affichent maintenant { $name }.
shop-cleared = Retiré : vos reçus n'affichent aucun nom de boutique.
shop-invalid-empty = Envoyez /shop suivi du nom de la boutique.
shop-invalid-too-long = Ce nom est trop long : { $max } caractères au plus. Rien n'a été modifié.
shop-invalid-control = Un nom de boutique ne peut contenir ni saut de ligne ni caractère de contrôle. Rien n'a été modifié.

timezone-current = Les heures de vos reçus sont en { $zone }.
timezone-usage = Envoyez /timezone &lt;Zone/Ville&gt; (par exemple /timezone Africa/Abidjan), ou /timezone - pour UTC.
timezone-saved = Enregistré : les heures de vos reçus sont maintenant en { $zone }.
timezone-invalid = { $input } n'est pas un fuseau horaire connu. Utilisez un nom comme Africa/Lagos ou Europe/Paris. Rien n'a été modifié.

## Figures chart (/stats)

stats-chart-title = Commandes et chiffre d'affaires par jour, { $days } derniers jours (UTC)
stats-chart-title-own = Vos commandes par jour, { $days } derniers jours (UTC)
stats-chart-orders = Commandes par statut
stats-chart-revenue = Chiffre d'affaires des commandes réussies ({ $currency })
stats-chart-spent = Payé avec votre crédit pour les commandes réussies ({ $currency })
stats-own-title = 📊 Vos { $days } derniers jours (depuis le { $from }, UTC)
stats-own-spent = Payé avec votre crédit pour les commandes réussies : { $amount }
stats-own-spent-none = Payé avec votre crédit pour les commandes réussies : rien
receipt-price-invalid = { $price } n'est pas un prix. Envoyez /receipt &lt;commande&gt; &lt;montant&gt; [devise], par exemple /receipt O-1234 1050 ou /receipt O-1234 2.50 USD. Rien n'a été modifié.
receipt-price-not-yours = Seul le revendeur de la commande ou un administrateur fixe le prix de son reçu. Rien n'a été modifié.
