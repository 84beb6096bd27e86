## PIN before large top-ups

button-pin-ok = ✅ OK
button-pin-cancel = ❌ Cancelar
pin-ask = 🔐 Esta recarga custa { $price }: informe seu PIN no teclado ou digite-o em uma mensagem. A mensagem com o seu PIN é apagada logo depois que eu a leio.
pin-keypad-or-type = Informe seu PIN no teclado ou digite-o em uma mensagem.
pin-format = Um PIN tem de 4 a 8 dígitos (0–9) e nada mais. Nada foi alterado; tente de novo.
pin-wrong = { $tries ->
    [one] ❌ PIN errado. Resta { $tries } tentativa antes de as recargas que precisam do seu PIN serem bloqueadas.
   *[other] ❌ PIN errado. Restam { $tries } tentativas antes de as recargas que precisam do seu PIN serem bloqueadas.
}
pin-locked = 🚫 PIN errado vezes demais: as recargas que precisam do seu PIN, e a troca do PIN, estão bloqueadas por mais { $minutes } min. Nenhum pedido foi feito.
pin-held = 🚫 PIN errado vezes demais de novo em 24 horas: as recargas que precisam do seu PIN, e a troca do PIN, estão bloqueadas até que um administrador remova o bloqueio. Nenhum pedido foi feito.
pin-not-set = 🚫 Esta recarga precisa do seu PIN, e você ainda não criou um. Crie com /pin e depois comece a recarga de novo. Nenhum pedido foi feito.
pin-setup-current = 🔐 Envie seu PIN atual. A mensagem é apagada logo depois que eu a leio.
pin-setup-new = 🔐 Envie seu novo PIN: de 4 a 8 dígitos. Toda mensagem com PIN é apagada logo depois que eu a leio.
pin-setup-repeat = Envie o novo PIN mais uma vez.
pin-setup-mismatch = Os dois PINs não são iguais; nada foi alterado. Envie o novo PIN de novo, ou /cancel.
pin-setup-done = ✅ Seu PIN está definido. As recargas acima do seu valor-limite vão pedir o PIN.
pin-setup-cancelled = PIN não alterado.
pin-setup-type-digits = Digite o PIN só com números, ou envie /cancel.
pin-admin-usage = /pin &lt;id do usuário&gt; mostra a situação do PIN de um revendedor. /pin &lt;id do usuário&gt; &lt;valor|off|default|unlock|reset&gt;: recargas com preço acima do valor (moeda do comerciante) pedem o PIN; off: nunca; default: volta ao PIN_REQUIRED_ABOVE; unlock: remove um bloqueio; reset: remove um bloqueio e apaga o PIN (o revendedor cria um novo com /pin).
pin-admin-not-reseller = O usuário { $user } não é revendedor.
pin-admin-bad-amount = Isso não é um valor: escreva dígitos com no máximo 4 casas decimais (por exemplo 50 ou 12.5), ou off, default, unlock ou reset.
pin-admin-state = Revendedor { $user }: { $pin }; PIN pedido acima de: { $threshold }; { $lock }.
pin-admin-pin-set = PIN definido
pin-admin-pin-unset = nenhum PIN definido
pin-admin-threshold-off = nunca (off)
pin-admin-threshold-default = { $amount } (PIN_REQUIRED_ABOVE)
pin-admin-threshold-default-off = nunca (PIN_REQUIRED_ABOVE está desativado)
pin-admin-locked = bloqueado por mais { $minutes } min
pin-admin-held = bloqueado até um administrador remover o bloqueio (/pin { $id } unlock)
pin-admin-unlocked = não bloqueado
pin-admin-locks-today = { $count ->
    [one] { $count } bloqueio nas últimas 24 h.
   *[other] { $count } bloqueios nas últimas 24 h.
}
pin-admin-reset-done = Revendedor { $user }: PIN apagado e bloqueio removido. Ele cria um novo PIN com /pin.
pin-admin-unlock-done = Revendedor { $user }: bloqueio removido e tentativas erradas zeradas.
pin-admin-default-done = Revendedor { $user }: o PIN é pedido acima de { $amount } (PIN_REQUIRED_ABOVE).
pin-admin-default-off-done = Revendedor { $user }: voltou ao PIN_REQUIRED_ABOVE, que está desativado: nenhum PIN é pedido.
pin-admin-off-done = Revendedor { $user }: o PIN nunca é pedido.
pin-admin-threshold-done = Revendedor { $user }: recargas acima de { $amount } (moeda do comerciante) pedem o PIN.
alert-pin-locked = { $tries ->
    [one] 🔒 O revendedor { $user } errou o PIN { $tries } vez: as recargas dele que precisam do PIN estão bloqueadas por { $minutes } min.
   *[other] 🔒 O revendedor { $user } errou o PIN { $tries } vezes: as recargas dele que precisam do PIN estão bloqueadas por { $minutes } min.
}
alert-pin-held = { $tries ->
    [one] 🔒 O revendedor { $user } errou o PIN { $tries } vez, bloqueio nº { $locks } em 24 h: as recargas dele que precisam do PIN ficam bloqueadas até que um administrador remova o bloqueio com /pin { $id } unlock.
   *[other] 🔒 O revendedor { $user } errou o PIN { $tries } vezes, bloqueio nº { $locks } em 24 h: as recargas dele que precisam do PIN ficam bloqueadas até que um administrador remova o bloqueio com /pin { $id } unlock.
}
