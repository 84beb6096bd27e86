## Networks: distributors and the resellers below them (/grant … distributor, /transfer, /network, /move)

role-distributor = дистрибьютор
menu-network = 🕸 Сеть
menu-transfer = 💸 Перевод
help-group-network = 🕸 Сеть
command-transfer = перевести кредит реселлеру прямо под вами: /transfer &lt;id пользователя&gt; &lt;сумма&gt; [заметка]
command-network = реселлеры под вами: балансы, оборот за сегодня, ваша комиссия
command-move = перенести реселлера вместе со всеми, кто под ним: /move &lt;id пользователя&gt; &lt;id нового родителя|merchant&gt;
network-not-yours = 🚫 { $user } не входит в вашу сеть. Ничего не изменилось.
network-button-not-yours = 🚫 Это не ваш список.
network-merchant = мерчант

## Making and revoking distributors

network-grant-not-reseller = 🚫 У { $user } роль «{ $role }»: дистрибьютором может стать только реселлер или пользователь без роли. Ничего не изменилось.
network-grant-too-deep = 🚫 { $user } находится на уровне { $level } из { $max }, разрешённых NETWORK_MAX_DEPTH: реселлеры под ним оказались бы слишком глубоко. Ничего не изменилось.
network-suspended = ⛔ У { $user } больше нет сети. Приостановлено реселлеров под ним: { $count }. Их кредит сохраняется, но их заказы не размещаются, пока вы не перенесёте их командой /move.
network-suspended-told = ⛔ Ваша сеть приостановлена: { $user } больше не дистрибьютор. Ваш кредит сохранён, но ваши пополнения не размещаются, пока администратор не перенесёт вас к другому дистрибьютору.

## Transfers (/transfer)

network-transfer-usage = Отправьте /transfer &lt;id пользователя&gt; &lt;сумма&gt; [заметка], чтобы перевести свой кредит реселлеру прямо под вами; минус впереди забирает его обратно (например, /transfer 123 -5).
network-transfer-not-direct = 🚫 { $user } не находится прямо под вами: переводить можно только своим реселлерам, а его реселлеров пополняет их дистрибьютор. Ничего не переведено.
network-transfer-short = 🚫 Недостаточно кредита: у вас доступно { $available } (баланс минус удержания), а перевод составляет { $amount }. Ничего не переведено.
network-transfer-take-short = 🚫 Нельзя забрать { $amount } у { $user }: его доступный кредит (баланс минус удержания) { $available }. Ничего не переведено.
network-transfer-given = 💸 { $user } переведено { $amount }. Ваш баланс: { $balance }. Его баланс: { $theirs }.
network-transfer-taken = 💸 У { $user } забрано { $amount }. Ваш баланс: { $balance }. Его баланс: { $theirs }.
network-transfer-told-given = 💰 { $by } перевёл вам { $amount } кредита ({ $note }). Ваш баланс: { $balance }.
network-transfer-told-taken = 💰 { $by } забрал { $amount } с вашего кредита ({ $note }). Ваш баланс: { $balance }.

## The network (/network)

network-empty = 🕸 В вашей сети пока никого нет. Пригласите реселлеров командой /invite reseller.
network-title = 🕸 <b>Ваша сеть</b> — прямо под вами: { $count } · всего: { $total } (данные за сегодня, день по UTC)
network-row = • { $user }: баланс { $balance } · сегодня { $volume } · ваша комиссия { $commission }
network-row-folded = • { $user }: баланс { $balance } · сегодня { $volume } · ваша комиссия { $commission } · +{ $below } ниже
network-commission-today = Ваша комиссия за сегодня: { $commission }

## Moving resellers (/move)

network-move-usage = Отправьте /move &lt;id пользователя&gt; &lt;id нового родителя|merchant&gt;: реселлер и все, кто под ним, переходят к этому дистрибьютору или напрямую к мерчанту.
network-move-done = ✅ { $user } перенесён от { $from } к { $parent } вместе со всеми, кто под ним.
network-move-told = 🕸 Теперь вы в сети { $parent }: он пополняет ваш кредит и задаёт ваши цены.
network-move-told-merchant = 🕸 Теперь вы покупаете напрямую у мерчанта: над вами больше нет дистрибьютора.
network-move-not-reseller = 🚫 { $user } не реселлер: переносить можно только реселлеров и дистрибьюторов. Ничего не изменилось.
network-move-not-distributor = 🚫 { $parent } не дистрибьютор: сначала сделайте его дистрибьютором командой /grant. Ничего не изменилось.
network-move-cycle = 🚫 { $user } нельзя поставить под { $parent }: { $parent } — это { $user } или кто-то под ним. Ничего не изменилось.
network-move-too-deep = 🚫 { $user } нельзя поставить под { $parent }: его сеть стала бы глубже, чем разрешает NETWORK_MAX_DEPTH (не больше { $max }). Ничего не изменилось.

## Distributors' invites (/invite reseller, /invites)

network-invite-usage = 🚫 Отправьте /invite reseller [использований] [дней]: дистрибьютор приглашает реселлеров в свою сеть (использований от 1 до { $maxUses }, по умолчанию 1; дней от 1 до { $maxDays }, по умолчанию 7). Ничего не создано.
network-invite-made = 🕸 Кто придёт по этой ссылке, войдёт в вашу сеть: пополняйте его кредит командой /transfer и задавайте цены командой /pricing.
network-invite-joined = 🕸 Вы в сети { $parent }: он пополняет ваш кредит и задаёт ваши цены.
network-invite-told = 🕸 { $user } вошёл в вашу сеть по приглашению { $id }. Пополните его кредит командой /transfer.
network-invite-maker-gone = 🚫 Это приглашение больше не действует: у его автора больше нет сети. Ничего не изменилось; попросите новую ссылку.
network-invite-cannot-join = 🚫 По этому приглашению вас нельзя добавить: сеть стала бы глубже, чем разрешено. Ничего не изменилось; обратитесь к администратору.

## A distributor's prices (/pricing)

network-pricing-title = 💹 Ваши правила: сколько реселлеры вашей сети платят сверх вашей цены (действует самое точное правило: реселлер, затем оператор, страна, по умолчанию)
network-pricing-no-default = По умолчанию: правило не задано, ваши реселлеры платят вашу цену.
pricing-error-in-network = 🚫 { $user } входит в сеть { $distributor }: его цена — это цена дистрибьютора плюс правило дистрибьютора, поэтому правило продавца для него никогда не применится. Ничего не изменено.
admin-users-row-under = { $user } — { $role }, в сети { $parent }
