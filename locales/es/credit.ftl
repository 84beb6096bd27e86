## Credit (/credit, /limit, /balance, /statement)

credit-usage = Envía /credit &lt;id de usuario&gt; &lt;importe&gt; [nota]; un - delante retira crédito (p. ej. /credit 123 -5).
credit-amount-not-a-number = 🚫 Eso no es un importe: escribe cifras, p. ej. 25 o 25.50.
credit-amount-too-many-decimals = 🚫 Demasiados decimales: { $currency } tiene { $digits } después del punto.
credit-amount-zero = 🚫 El importe no puede ser cero.
credit-amount-negative = 🚫 El importe no puede ser negativo.
credit-amount-ambiguous = 🚫 { $typed } puede ser { $thousands } o { $decimal }: escribe { $whole } o { $point }.
credit-unknown-user = 🚫 { $user } no tiene ningún rol aquí: dale primero el rol de revendedor.
credit-not-reseller = 🚫 { $user } no es revendedor: el crédito y los límites son solo para revendedores.
credit-below-zero = 🚫 No se puede retirar { $amount } a { $user }: su crédito disponible (saldo menos retenciones) es { $available } y nunca baja de cero.
credit-added = { $amount } añadido a { $user }. Nuevo saldo: { $balance }.
credit-taken = { $amount } retirado a { $user }. Nuevo saldo: { $balance }.
credit-told-added = 💰 Un administrador añadió { $amount } a tu crédito ({ $note }). Tu saldo: { $balance }.
credit-told-taken = 💰 Un administrador retiró { $amount } de tu crédito ({ $note }). Tu saldo: { $balance }.
credit-refused-funds = 🚫 Crédito insuficiente: disponible { $available }, esta recarga cuesta { $price }. No se pidió nada.
credit-refused-order-limit = 🚫 Supera tu máximo por pedido de { $limit }: esta recarga cuesta { $price }. No se pidió nada.
credit-refused-daily-limit = 🚫 Supera tu límite diario de { $limit }: usado hoy { $used }, queda { $left }, esta recarga cuesta { $price }. No se pidió nada.
credit-low = ⚠️ Tu crédito disponible es { $available }, por debajo de tu umbral de aviso de { $threshold }.
limit-usage = Envía /limit &lt;id de usuario&gt; &lt;importe|off&gt; (diario, días UTC) o /limit &lt;id de usuario&gt; order &lt;importe|off&gt; (por pedido).
limit-daily-set = Límite diario de { $user }: { $limit }.
limit-daily-off = { $user } ya no tiene límite diario.
limit-order-set = Máximo por pedido de { $user }: { $limit }.
limit-order-off = { $user } ya no tiene máximo por pedido.
balance-title = 💰 Crédito de { $user }
balance-line = Saldo { $balance } · retenido { $holds } · disponible { $available }
balance-today = Hoy (UTC): { $spent } del límite diario { $limit }, quedan { $left }
balance-today-no-limit = Hoy (UTC): { $spent } (sin límite diario)
balance-order-max = Máximo por pedido: { $limit }
balance-alert-line = Aviso de crédito bajo por debajo de { $threshold }
balance-usage = Envía /balance, o /balance &lt;id de usuario&gt; para un revendedor.
balance-alert-usage = Envía /balance alert &lt;importe|off&gt;: te avisamos cuando tu crédito disponible baje de esa cifra.
balance-alert-usage-admin = Envía /balance alert &lt;id de usuario&gt; &lt;importe|off&gt;.
balance-alert-set = Se avisará a { $user } cuando el crédito disponible baje de { $threshold }.
balance-alert-off = { $user } ya no tiene aviso de crédito bajo.
balance-all-title = 💰 Crédito de los revendedores:
balance-all-row = { $user }: saldo { $balance }, disponible { $available }
balance-all-empty = Aún no hay revendedores.
balance-wallet = Monedero del comercio: { $balance }
balance-wallet-unreported = Monedero del comercio: la Merchant API no informa de su saldo (moneda { $currency }).
balance-wallet-unavailable = Monedero del comercio: no se ha podido consultar la Merchant API ahora.
statement-usage = Envía /statement [desde] [hasta] con fechas AAAA-MM-DD (UTC); administradores: /statement &lt;id de usuario&gt; [desde] [hasta].
statement-caption = Extracto de { $user }, del { $from } al { $to }, archivo { $part }
statement-summary = Extracto de { $user }, del { $from } al { $to }: inicial { $opening }, abonos { $credits }, cargos { $debits }, final { $closing } ({ $entries ->
        [one] { $entries } asiento
       *[other] { $entries } asientos
    }).
statement-failed = El extracto se detuvo antes del final ({ $count ->
        [one] { $count } asiento enviado
       *[other] { $count } asientos enviados
    }). Inténtalo de nuevo.

## Alerts

alert-merchant-low-balance = 💸 El monedero del comercio ha bajado a { $balance }, por debajo de MERCHANT_LOW_BALANCE ({ $threshold }): recárgalo antes de que se rechacen pedidos.
