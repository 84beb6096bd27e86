## Prices (/pricing)

command-pricing = reglas de margen sobre el precio de los revendedores: /pricing set &lt;ámbito&gt; &lt;porcentaje&gt;% [+tarifa] [min x] [max y], /pricing del &lt;ámbito&gt;
pricing-title = 💹 Reglas de margen: lo que pagan los revendedores además del precio del comerciante (se aplica la regla más específica: revendedor, luego operador, país, predeterminada)
pricing-env-default = Predeterminada (PRICE_MARGIN_PERCENT, sin regla en el chat): { $rule }
pricing-row = { $scope }: { $rule }
pricing-scope-default = Predeterminada
pricing-scope-country = País { $country }
pricing-scope-operator = Operador { $operator } ({ $country })
pricing-scope-reseller = Revendedor { $user }
pricing-rule = { $percent } % + { $fixed }
pricing-rule-min = , como mínimo { $min }
pricing-rule-max = , como máximo { $max }
pricing-usage =
    /pricing — las reglas
    /pricing set &lt;ámbito&gt; &lt;porcentaje&gt;% [+&lt;tarifa&gt;] [min &lt;tarifa&gt;] [max &lt;tarifa&gt;]
    /pricing del &lt;ámbito&gt;
    Ámbitos: default · country &lt;CC&gt; · operator &lt;CC&gt; &lt;clave del operador&gt; · reseller &lt;ID de usuario&gt;
    Las tarifas van en la moneda del comerciante. Ejemplo: /pricing set country NG 2.5% +0.10 min 0.05 max 2
pricing-set-done = ✅ Regla guardada. { $scope }: { $rule }. Se aplica a la próxima cotización.
pricing-del-done = 🗑 Regla eliminada: { $scope }.
pricing-del-nothing = No hay ninguna regla para { $scope }; no se ha cambiado nada.
pricing-error-usage = 🚫 No he entendido ese comando.
pricing-error-scope = 🚫 Ámbito desconocido «{ $part }»: use default, country, operator o reseller.
pricing-error-country = 🚫 «{ $part }» no es un código de país de dos letras (como NG).
pricing-error-operator = 🚫 «{ $part }» no es una clave de operador (como NG-MTN).
pricing-error-reseller = 🚫 «{ $part }» no es un ID de usuario.
pricing-error-rule-missing = 🚫 Indique un porcentaje (como 2.5%), una tarifa fija (como +0.10) o ambos.
pricing-error-percent = 🚫 «{ $part }» no es un porcentaje de 0 a 999.9999 con 4 decimales como máximo.
pricing-error-fixed = 🚫 «{ $part }» no es una tarifa fija: un + y un importe con 4 decimales como máximo (como +0.10).
pricing-error-min = 🚫 Después de «min» debe ir un importe con 4 decimales como máximo (como min 0.05).
pricing-error-max = 🚫 Después de «max» debe ir un importe con 4 decimales como máximo (como max 2).
pricing-error-min-above-max = 🚫 La tarifa mínima es mayor que la máxima.
pricing-error-repeated = 🚫 «{ $part }» aparece dos veces.
pricing-error-unknown-part = 🚫 No entiendo «{ $part }».
pricing-error-ambiguous = 🚫 «{ $part }» puede ser { $whole } o { $point }: escribe uno de los dos, sin la coma.
pricing-error-unknown-country = 🚫 El catálogo no tiene el país { $country }. No se ha cambiado nada.
pricing-error-unknown-operator = 🚫 El catálogo no tiene el operador { $operator } en { $country }. No se ha cambiado nada.
pricing-error-not-reseller = 🚫 El usuario { $user } no es revendedor. No se ha cambiado nada.
pricing-error-catalogue = ⚠️ No se ha podido leer el catálogo en este momento, así que no se ha cambiado nada. Inténtelo de nuevo en un momento.

## Prices in quotes, orders and /status

top-up-quote-credit =
    Revise esta recarga:
    Operador: { $operator } ({ $country })
    Producto: { $subtype }
    Número: { $phone }
    La línea recibe: { $receives }
    Su crédito paga: { $pays }
    Precio válido hasta las { $expires } (unos { $seconds } s)

    ⚠️ Una recarga a un número u operador equivocado no se puede revertir.
top-up-quote-margin-preview = 💹 Los revendedores pagan { $price } (margen { $margin }) según las reglas generales; la regla propia de un revendedor puede ser distinta.
order-details-credit =
    { $operator } ({ $country }), { $subtype }
    <b>Teléfono:</b> { $phone }
    <b>Recarga:</b> { $localAmount }
    <b>Su crédito:</b> { $price }
order-receipt-credit =
    ✅ Recarga entregada
    <b>Pedido:</b> <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $operator } ({ $country })
    <b>Teléfono:</b> { $phone }
    <b>Recarga:</b> { $localAmount }
    <b>Pagado con su crédito:</b> { $price }
    <b>Hora:</b> { $time }
order-failed-notice-credit =
    ⚠️ La recarga falló: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    Teléfono: { $phone }, { $localAmount }
    Los { $price } retenidos de su crédito se han liberado: no se ha cobrado nada.
order-refunded-notice-credit =
    ↩️ Reembolsado: <code>{ $orderId }</code> · <code>{ $externalOrderId }</code>
    { $price } ha vuelto a su crédito. El teléfono { $phone } no se recargó.
order-revived-notice-credit =
    ‼️ Corrección: el pedido <code>{ $orderId }</code> · <code>{ $externalOrderId }</code> sí se realizó y se cobraron { $price } de su crédito. El mensaje anterior que decía que no se realizó es erróneo.
    Su estado llegará aquí.
agents-card-credit-paid = <b>Su crédito pagó:</b> { $price }
agents-card-reseller-paid = <b>El revendedor pagó:</b> { $price } (margen { $margin })

## Revenue in /stats

admin-stats-books = 💰 Ingresos { $revenue } · coste { $cost } · margen { $margin }
admin-stats-books-none = 💰 Ingresos, coste, margen: — (ningún pedido exitoso)
admin-stats-by-reseller = Por revendedor (ingresos / coste / margen):
admin-stats-by-operator = Por operador (ingresos / coste / margen):
admin-stats-books-row = • { $name }: { $revenue } / { $cost } / { $margin }
