## Top-up: choosing

top-up-choose-country = 🌍 ¿En qué país está el teléfono? Elija uno, escriba su nombre o código (por ejemplo, NG) o escriba el número en formato internacional (+234…).
top-up-country-chosen = País:
top-up-country-no-match = Ningún país coincide con «{ $query }». Pruebe con otro nombre o con un código de dos letras.
top-up-country-several = Varios países coinciden con «{ $query }». Elija uno:
top-up-country-not-sold = Las recargas a ese país no están disponibles en este momento. Elija otro país.
top-up-one-line-bad-phone = Eso no parece un número de teléfono en formato internacional (con + y el código del país).
top-up-no-operators = Ahora mismo no se puede recargar ningún operador en { $country }. Elija otro país.
top-up-choose-operator = 📶 ¿Qué operador en { $country }? Elija uno o escriba su nombre.
top-up-wrong-number-warning = ⚠️ El número debe ser de este operador: una recarga enviada a un número u operador equivocado no se puede revertir.
top-up-operator-chosen = Operador: { $operator }
top-up-operator-no-match = Ningún operador coincide con «{ $query }». Elija uno de la lista o escriba otro nombre.
top-up-operator-several = Varios operadores coinciden con «{ $query }». Elija uno:
top-up-choose-subtype = ¿Qué desea comprar de { $operator }?
top-up-subtype-unknown = Elija una de las opciones.
top-up-choose-currency = { $operator } vende en más de una moneda. ¿Cuál prefiere?
top-up-currency-unknown = Elija una de las monedas.
subtype-airtime = Saldo
subtype-data = Datos
subtype-bundle = Paquete

## Top-up: amount

top-up-choose-amount = 💵 { $subtype } ({ $operator }): ¿qué importe?
top-up-amount-range = Escriba un importe entre { $min } y { $max } { $currency }.
top-up-amount-buttons = Elija un importe.
top-up-amount-buttons-or-type = Elija un importe o escriba uno.
top-up-amount-chosen = Importe: { $amount }
amount-error-empty = Escriba un importe, por ejemplo, 500.
amount-error-not-a-number = Eso no es un número. Escriba un importe como 500 o 12,50.
amount-error-zero = El importe debe ser mayor que cero.
amount-error-negative = El importe no puede ser negativo.
amount-error-too-many-decimals = Use como máximo 4 decimales.
amount-error-exponent = Escriba el importe solo con cifras, sin exponentes (nada de «1e3»).
amount-error-too-long = Ese importe es demasiado largo. Escriba un importe normal.
amount-error-ambiguous = No puedo saber cuál es el separador decimal. Escriba el importe sin separadores de miles, por ejemplo, 1500,50.
amount-error-below = Está por debajo del mínimo de { $min } { $currency }.
amount-error-above = Está por encima del máximo de { $max } { $currency }.
amount-error-not-offered = Ese importe no está disponible. Importes disponibles: { $values } { $currency }.

## Top-up: phone number

top-up-enter-phone = 📱 Envíe el número de teléfono de { $country } (en formato nacional o internacional), elija uno reciente o comparta un contacto.
top-up-phone-chosen = Número: { $phone }
phone-error-empty = Envíe un número de teléfono.
phone-error-invalid = Ese no es un número de teléfono válido para { $country }. Revíselo y envíelo de nuevo.
phone-error-wrong-country = Ese número es de otro país, no de { $country }. Envíe un número de { $country }.
phone-error-not-mobile = Ese no es un número móvil. Solo se pueden recargar números móviles.
phone-error-too-long = Ese número es demasiado largo. Revíselo y envíelo de nuevo.
top-up-number-busy = Un pedido anterior a este número aún no ha terminado (<code>{ $orderId }</code>, <code>{ $number }</code>). Espere a que termine o use otro número.
top-up-number-busy-until = Una recarga a este número aún no ha terminado. Probablemente termine hacia las { $time } UTC. Espere hasta entonces o use otro número.

## Top-up: quote and order

top-up-quote =
    Revise esta recarga:
    Operador: { $operator } ({ $country })
    Producto: { $subtype }
    Número: { $phone }
    La línea recibe: { $receives }
    Su monedero paga: { $pays }
    Precio válido hasta las { $expires } (unos { $seconds } s)

    ⚠️ Una recarga a un número u operador equivocado no se puede revertir.
top-up-quote-renewed = ⏱ El precio había caducado o estaba a punto de caducar, así que aquí tiene una cotización nueva. Confirme de nuevo.
top-up-line-outlives-quote = ⏳ La cola es más larga que la validez de este precio (unos { $seconds } s de espera), así que se pedirá una cotización nueva cuando llegue su turno. Confírmela de nuevo.
top-up-price-changed = ⚠️ El precio ha cambiado: antes era { $old }, ahora es { $new }.
top-up-quote-mismatch = ⚠️ El servicio cotizó algo distinto de lo que usted pidió, así que he detenido el proceso. No se ha cobrado nada. Ya se ha avisado a los administradores.
top-up-press-confirm = Pulse ✅ para realizar el pedido o ❌ para cancelar.
top-up-press-a-button = Pulse uno de los botones.
top-up-text-or-button = Escriba su respuesta o pulse un botón.
top-up-stale-button = Este botón pertenece a un paso anterior o a una recarga ya finalizada.
top-up-offer-unavailable = Esta oferta ya no está disponible. Elija otro operador u otro importe.
top-up-cancelled = Recarga cancelada. No se ha cobrado nada.
top-up-idle-ended = Su recarga se cerró tras { $minutes ->
        [one] { $minutes } minuto
       *[other] { $minutes } minutos
    } sin actividad. No se ha cobrado nada. Envíe /topup para empezar de nuevo.
top-up-error-ended = Su recarga se detuvo por un error inesperado. Si la había confirmado, /orders muestra si se realizó. Envíe /topup para empezar de nuevo.
top-up-repeat-unavailable = Ese pedido no se puede repetir. Empecemos una recarga nueva.
top-up-placing = ⏳ Realizando el pedido… (número de pedido del comercio <code>{ $number }</code>)
top-up-pending = ⏳ Esperando a que el servicio confirme el pedido <code>{ $number }</code>. Este mensaje se actualizará; no se le cobrará dos veces.
top-up-not-placed-requote = El pedido <code>{ $number }</code> no se realizó y no se ha cobrado nada: hay que renovar el precio.
top-up-rejected = ⚠️ El pedido <code>{ $number }</code> fue rechazado. No se ha cobrado nada.
top-up-submit-error = ⚠️ Algo salió mal al realizar el pedido <code>{ $number }</code>. Compruébelo dentro de un minuto con /status <code>{ $number }</code>: nunca se realiza dos veces.
top-up-number-conflict = ⚠️ El pedido <code>{ $number }</code> no se realizó: su número ya pertenece a otro pedido. No se cobró nada. Empiece una nueva recarga con /topup.
