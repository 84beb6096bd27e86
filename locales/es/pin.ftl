## PIN before large top-ups

button-pin-ok = ✅ OK
button-pin-cancel = ❌ Cancelar
pin-ask = 🔐 Esta recarga cuesta { $price }: introduzca su PIN en el teclado o escríbalo. El mensaje con su PIN se borra justo después de leerlo.
pin-keypad-or-type = Introduzca su PIN en el teclado o escríbalo.
pin-format = Un PIN tiene de 4 a 8 dígitos (0–9) y nada más. No se ha cambiado nada; inténtelo de nuevo.
pin-wrong = { $tries ->
    [one] ❌ PIN incorrecto. Queda { $tries } intento antes de que se bloqueen las recargas que necesitan su PIN.
   *[other] ❌ PIN incorrecto. Quedan { $tries } intentos antes de que se bloqueen las recargas que necesitan su PIN.
}
pin-locked = 🚫 Demasiados PIN incorrectos: las recargas que necesitan su PIN, y el cambio de PIN, quedan bloqueados { $minutes } min más. No se ha pedido nada.
pin-held = 🚫 Demasiados PIN incorrectos otra vez en 24 horas: las recargas que necesitan su PIN, y el cambio de PIN, quedan bloqueados hasta que un administrador levante el bloqueo. No se ha pedido nada.
pin-not-set = 🚫 Esta recarga necesita su PIN y todavía no ha definido uno. Defínalo con /pin y vuelva a empezar la recarga. No se ha pedido nada.
pin-setup-current = 🔐 Envíe su PIN actual. El mensaje se borra justo después de leerlo.
pin-setup-new = 🔐 Envíe su nuevo PIN: de 4 a 8 dígitos. Cada mensaje con un PIN se borra justo después de leerlo.
pin-setup-repeat = Envíe el nuevo PIN una vez más.
pin-setup-mismatch = Los dos PIN no coinciden; no se ha cambiado nada. Envíe el nuevo PIN otra vez, o /cancel.
pin-setup-done = ✅ Su PIN está definido. Las recargas por encima de su umbral lo pedirán.
pin-setup-cancelled = El PIN no se ha cambiado.
pin-setup-type-digits = Escriba el PIN en dígitos, o envíe /cancel.
pin-admin-usage = /pin &lt;id de usuario&gt; muestra el estado del PIN de un revendedor. /pin &lt;id de usuario&gt; &lt;importe|off|default|unlock|reset&gt;: las recargas cuyo precio supera el importe (moneda del comerciante) piden su PIN; off: nunca; default: volver a PIN_REQUIRED_ABOVE; unlock: levantar un bloqueo; reset: levantar un bloqueo y borrar el PIN (definirá uno nuevo con /pin).
pin-admin-not-reseller = El usuario { $user } no es revendedor.
pin-admin-bad-amount = Eso no es un importe: escriba dígitos con 4 decimales como máximo (por ejemplo 50 o 12.5), u off, default, unlock o reset.
pin-admin-state = Revendedor { $user }: { $pin }; PIN pedido por encima de: { $threshold }; { $lock }.
pin-admin-pin-set = PIN definido
pin-admin-pin-unset = sin PIN
pin-admin-threshold-off = nunca (off)
pin-admin-threshold-default = { $amount } (PIN_REQUIRED_ABOVE)
pin-admin-threshold-default-off = nunca (PIN_REQUIRED_ABOVE está desactivado)
pin-admin-locked = bloqueado { $minutes } min más
pin-admin-held = bloqueado hasta que un administrador lo levante (/pin { $id } unlock)
pin-admin-unlocked = no bloqueado
pin-admin-locks-today = { $count ->
    [one] { $count } bloqueo en las últimas 24 h.
   *[other] { $count } bloqueos en las últimas 24 h.
}
pin-admin-reset-done = Revendedor { $user }: PIN borrado y bloqueo levantado. Definirá un nuevo PIN con /pin.
pin-admin-unlock-done = Revendedor { $user }: bloqueo levantado e intentos fallidos olvidados.
pin-admin-default-done = Revendedor { $user }: el PIN se pide por encima de { $amount } (PIN_REQUIRED_ABOVE).
pin-admin-default-off-done = Revendedor { $user }: vuelve a PIN_REQUIRED_ABOVE, que está desactivado: no se pide PIN.
pin-admin-off-done = Revendedor { $user }: nunca se le pide un PIN.
pin-admin-threshold-done = Revendedor { $user }: las recargas por encima de { $amount } (moneda del comerciante) piden el PIN.
alert-pin-locked = 🔒 El revendedor { $user } escribió un PIN incorrecto { $tries ->
        [one] una vez
       *[other] { $tries } veces
    }: sus recargas que necesitan el PIN quedan bloqueadas { $minutes } min.
alert-pin-held = 🔒 El revendedor { $user } escribió un PIN incorrecto { $tries } veces, bloqueo n.º { $locks } en 24 h: sus recargas que necesitan el PIN quedan bloqueadas hasta que un administrador levante el bloqueo con /pin { $id } unlock.
