## Start and help

start-menu = ¡Hola, { $name }! Ha iniciado sesión como { $role }. Elija abajo qué hacer o envíe /help para ver todos los comandos.
menu-topup = 📱 Recargar
menu-orders = 📋 Pedidos
menu-balance = 💰 Saldo
menu-bulk = 📦 Recarga masiva
menu-schedule = 🗓 Programaciones
menu-settings = ⚙️ Ajustes
menu-help = ❓ Ayuda
menu-stats = 📊 Cifras
menu-users = 👥 Personas
menu-invite = ✉️ Invitar
menu-export = 📄 Exportar
help-title = <b>Lo que puede hacer</b>
help-group-sell = 📱 Vender
help-group-orders = 📋 Pedidos
help-group-money = 💰 Dinero
help-group-people = 👥 Personas
help-group-watch = 📊 Supervisión
help-group-settings = ⚙️ Ajustes
help-details = Envíe un comando solo para ver cómo se usa; /cancel sale de lo que esté haciendo.
command-settings = sus ajustes: idioma, zona horaria, nombre de la tienda, PIN
settings-title = ⚙️ <b>Sus ajustes</b>
settings-language = Idioma: { $language }
settings-timezone = Zona horaria: <code>{ $zone }</code>
settings-shop = Nombre de la tienda en los recibos: { $name }
settings-shop-none = Nombre de la tienda en los recibos: ninguno
settings-pin-set = PIN: configurado
settings-pin-none = PIN: sin configurar
settings-button-language = 🌐 Idioma
settings-button-timezone = 🕒 Zona horaria
settings-button-shop = 🏪 Nombre de la tienda
settings-button-pin = 🔐 PIN
start-stranger =
    ¡Hola, { $name }! Este bot vende recargas móviles a revendedores registrados.
    Todavía no tiene acceso. Envíe su ID de Telegram <code>{ $id }</code> a un administrador y solicite acceso.
role-reseller = revendedor
role-agent = agente de soporte
role-admin = administrador
command-help = qué puede hacer este bot por usted
command-topup = recargar un teléfono (paso a paso, o /topup &lt;teléfono&gt; &lt;importe&gt; [operador])
command-bulk = recargas masivas desde un archivo CSV (formato y plantilla)
command-schedule = recargas programadas y periódicas: ver, pausar, borrar, crear
command-status = un pedido: /status &lt;ID del pedido o número de pedido del comercio&gt;
command-orders = pedidos recientes
command-users = quién puede usar el bot
command-grant = asignar un rol a alguien: /grant &lt;ID de usuario&gt; &lt;reseller|distributor|agent|admin&gt;
command-revoke = retirar el acceso: /revoke &lt;ID de usuario&gt;
command-stats = cifras de hoy y de los últimos 7 días
command-health = estado de Redis, la Merchant API y los webhooks
command-pin = su PIN para recargas grandes (administradores: /pin &lt;id&gt; &lt;importe|off|default|unlock|reset&gt;)
command-balance = tu crédito: saldo, retenciones, disponible, gasto de hoy
command-statement = el libro de crédito como documento CSV: /statement [desde] [hasta]
command-credit = añadir o retirar crédito a un revendedor: /credit &lt;id&gt; &lt;importe&gt; [nota]
command-limit = límites de un revendedor: /limit &lt;id&gt; [order] &lt;importe|off&gt;
command-export = pedidos como documento CSV: /export [desde] [hasta] [estado]
command-reconcile = comparar ahora nuestros pedidos con la lista de la Merchant API
command-cancel = salir de lo que está haciendo
command-language = elegir el idioma
command-start = iniciar

## Access

access-denied = Lo sentimos, no puede usar este bot. Su ID de Telegram es <code>{ $id }</code>: envíelo a un administrador para solicitar acceso.
access-denied-short = Lo sentimos, no puede usar esta función.
access-suspended = 🚫 Su red está suspendida: el distribuidor por encima de usted ya no tiene ese rol. Su crédito se conserva; no se puede realizar ningún pedido hasta que un administrador lo traslade.
access-suspended-short = 🚫 Su red está suspendida.
command-not-for-role = Este comando no está disponible para su rol.
private-only = Solo funciono en chats privados: abra { $link } y escríbame allí.
private-only-short = Solo funciono en chats privados.

## Language

language-choose = Elija su idioma:
language-set = Idioma configurado: { $language }.

## Buttons

button-back = ⬅️ Atrás
button-cancel = ✖️ Cancelar
button-next = Siguiente ▶️
button-previous = ◀️ Anterior
button-retry = 🔄 Reintentar
button-confirm = ✅ Realizar pedido
button-reject = ❌ Cancelar
button-repeat-same = 🔁 Mismo número e importe
button-repeat-amount = 🔁 Mismo número, otro importe
button-expired = Este botón ya no funciona.

## Fallbacks

cancel-nothing = No hay nada que cancelar. Envíe /topup para iniciar una recarga.
unhandled = No he entendido el mensaje. Envíe /help para ver lo que puede hacer.

## Waiting line

line-position = ⏳ En la cola: posición { $position }, unos { $seconds } s
line-leave-button = ❌ Salir de la cola
line-served = ✅ Ha llegado su turno.
line-left = Ha salido de la cola. No se ha cobrado nada.
line-stopped = La espera en la cola ha terminado.
line-gone = Esta espera ya ha terminado.

## Merchant service problems

service-error-refused-key = El servicio de recargas está rechazando nuestras solicitudes en este momento. Ya se ha avisado a los administradores; inténtelo de nuevo más tarde.
service-error-unavailable = El servicio de recargas no respondió. No se ha cobrado nada; inténtelo de nuevo en un momento.
service-error-balance = El monedero no tiene fondos suficientes para esta recarga. No se ha cobrado nada; pida a un administrador que añada fondos.
service-error-risk = Se ha alcanzado un límite de pedidos. No se ha cobrado nada; inténtelo de nuevo más tarde o consulte a un administrador.
service-error-wallet = El monedero no está activo. No se ha cobrado nada; consulte a un administrador.
service-error-amount = Este importe no se acepta para esta oferta. No se ha cobrado nada; elija otro importe.
