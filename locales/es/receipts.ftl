## Receipts (/receipt, /shop, /timezone)
# Messages here are sent in HTML parse mode: write &lt; &gt; &amp; for < > &.

command-receipt = un recibo para su cliente: /receipt &lt;ID del pedido o número de pedido del comercio&gt; [precio]
command-shop = el nombre de la tienda en sus recibos: /shop &lt;nombre&gt;
command-timezone = la zona horaria de sus recibos: /timezone &lt;Área/Ciudad&gt;

receipt-button = 🧾 Recibo
receipt-title = Recibo
receipt-operator = Operador
receipt-product = Producto
receipt-phone = Número
receipt-received = Recibido
receipt-price = Precio
receipt-order-id = ID del pedido
receipt-order-number = Referencia
receipt-time = Fecha
receipt-status = Estado
receipt-thanks = ¡Gracias por su compra!
receipt-caption = 🧾 Recibo { $orderId }
receipt-usage = Envíe /receipt &lt;ID del pedido o número de pedido del comercio&gt; [precio], por ejemplo /receipt O-1234 o, con el precio que pagó su cliente, /receipt O-1234 1050 (en la moneda local del pedido) o /receipt O-1234 2.50 USD; /receipt O-1234 off quita el precio.
receipt-not-placed = No hay recibo para { $query }: este pedido nunca se realizó, así que no se cobró nada.

shop-none = Sus recibos aún no muestran nombre de tienda.
shop-current = Sus recibos muestran el nombre de tienda { $name }.
shop-usage = Envíe /shop &lt;nombre&gt; para fijarlo (como máximo { $max } caracteres), o /shop - para quitarlo.
shop-saved = Guardado: sus recibos muestran ahora { $name }.
shop-cleared = Quitado: sus recibos no muestran nombre de tienda.
shop-invalid-empty = Envíe /shop seguido del nombre de la tienda.
shop-invalid-too-long = Ese nombre es demasiado largo: como máximo { $max } caracteres. No se cambió nada.
shop-invalid-control = Un nombre de tienda no puede contener saltos de línea ni caracteres de control. No se cambió nada.

timezone-current = Las horas de sus recibos están en { $zone }.
timezone-usage = Envíe /timezone &lt;Área/Ciudad&gt; (por ejemplo /timezone America/Mexico_City), o /timezone - para UTC.
timezone-saved = Guardado: las horas de sus recibos están ahora en { $zone }.
timezone-invalid = { $input } no es una zona horaria conocida. Use un nombre como Africa/Lagos o Europe/Madrid. No se cambió nada.

## Figures chart (/stats)

stats-chart-title = Pedidos e ingresos por día, últimos { $days } días (UTC)
stats-chart-title-own = Sus pedidos por día, últimos { $days } días (UTC)
stats-chart-orders = Pedidos por estado
stats-chart-revenue = Ingresos de pedidos completados ({ $currency })
stats-chart-spent = Pagado con su crédito por pedidos completados ({ $currency })
stats-own-title = 📊 Sus últimos { $days } días (desde { $from }, UTC)
stats-own-spent = Pagado con su crédito por pedidos completados: { $amount }
stats-own-spent-none = Pagado con su crédito por pedidos completados: nada
receipt-price-invalid = { $price } no es un precio. Envíe /receipt &lt;pedido&gt; &lt;importe&gt; [moneda], por ejemplo /receipt O-1234 1050 o /receipt O-1234 2.50 USD. No se cambió nada.
receipt-price-not-yours = Solo el revendedor del pedido o un administrador fija el precio de su recibo. No se cambió nada.
