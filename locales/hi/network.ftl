## Networks: distributors and the resellers below them (/grant … distributor, /transfer, /network, /move)

role-distributor = डिस्ट्रीब्यूटर
menu-network = 🕸 नेटवर्क
menu-transfer = 💸 ट्रांसफ़र
help-group-network = 🕸 नेटवर्क
command-transfer = अपने ठीक नीचे वाले रीसेलर को क्रेडिट भेजें: /transfer &lt;यूज़र ID&gt; &lt;राशि&gt; [नोट]
command-network = आपके नीचे के रीसेलर: बैलेंस, आज की बिक्री, आपका कमीशन
command-move = किसी रीसेलर को उसके नीचे के सभी लोगों के साथ ले जाएँ: /move &lt;यूज़र ID&gt; &lt;नए पैरेंट की यूज़र ID|merchant&gt;
network-not-yours = 🚫 { $user } आपके नेटवर्क में नहीं है। कुछ नहीं बदला।
network-button-not-yours = 🚫 यह सूची आपकी नहीं है।
network-merchant = मर्चेंट

## Making and revoking distributors

network-grant-not-reseller = 🚫 { $user } { $role } है: सिर्फ़ रीसेलर, या जिसका अभी कोई रोल नहीं है, वही डिस्ट्रीब्यूटर बन सकता है। कुछ नहीं बदला।
network-grant-too-deep = 🚫 { $user } लेवल { $level } पर है, और NETWORK_MAX_DEPTH सिर्फ़ { $max } लेवल की इजाज़त देता है: उसके नीचे के रीसेलर बहुत गहरे हो जाएँगे। कुछ नहीं बदला।
network-suspended = ⛔ { $user } का अब कोई नेटवर्क नहीं है। उसके नीचे रोके गए रीसेलर: { $count }। उनका क्रेडिट बना रहता है, और जब तक आप उन्हें /move से नहीं ले जाते, उनका कोई ऑर्डर नहीं लगता।
network-suspended-told = ⛔ आपका नेटवर्क रोक दिया गया है: { $user } अब डिस्ट्रीब्यूटर नहीं है। आपका क्रेडिट सुरक्षित है, लेकिन जब तक कोई एडमिन आपको दूसरे डिस्ट्रीब्यूटर के नीचे नहीं ले जाता, आपका कोई टॉप-अप नहीं लगेगा।

## Transfers (/transfer)

network-transfer-usage = अपने ठीक नीचे वाले रीसेलर को क्रेडिट भेजने के लिए /transfer &lt;यूज़र ID&gt; &lt;राशि&gt; [नोट] भेजें; राशि से पहले - लगाने पर क्रेडिट वापस आता है (जैसे /transfer 123 -5)।
network-transfer-not-direct = 🚫 { $user } आपके ठीक नीचे नहीं है: आप सिर्फ़ अपने रीसेलरों को ट्रांसफ़र करते हैं, उनके रीसेलरों को उनका डिस्ट्रीब्यूटर क्रेडिट देता है। कुछ नहीं भेजा गया।
network-transfer-short = 🚫 क्रेडिट कम है: आपके पास { $available } उपलब्ध है (बैलेंस माइनस होल्ड), और ट्रांसफ़र { $amount } का है। कुछ नहीं भेजा गया।
network-transfer-take-short = 🚫 { $user } से { $amount } वापस नहीं लिया जा सकता: उसका उपलब्ध क्रेडिट (बैलेंस माइनस होल्ड) { $available } है। कुछ नहीं भेजा गया।
network-transfer-given = 💸 { $user } को { $amount } भेजा गया। आपका बैलेंस: { $balance }। उसका बैलेंस: { $theirs }।
network-transfer-taken = 💸 { $user } से { $amount } वापस लिया गया। आपका बैलेंस: { $balance }। उसका बैलेंस: { $theirs }।
network-transfer-told-given = 💰 { $by } ने आपके क्रेडिट में { $amount } भेजा ({ $note })। आपका बैलेंस: { $balance }।
network-transfer-told-taken = 💰 { $by } ने आपके क्रेडिट से { $amount } वापस लिया ({ $note })। आपका बैलेंस: { $balance }।

## The network (/network)

network-empty = 🕸 आपके नेटवर्क में अभी कोई नहीं है। /invite reseller से रीसेलरों को बुलाएँ।
network-title = 🕸 <b>आपका नेटवर्क</b> — आपके ठीक नीचे: { $count } · कुल: { $total } (आज के आँकड़े, UTC दिन)
network-row = • { $user }: बैलेंस { $balance } · आज { $volume } · आपका कमीशन { $commission }
network-row-folded = • { $user }: बैलेंस { $balance } · आज { $volume } · आपका कमीशन { $commission } · नीचे +{ $below }
network-commission-today = आज आपका कमीशन: { $commission }

## Moving resellers (/move)

network-move-usage = /move &lt;यूज़र ID&gt; &lt;नए पैरेंट की यूज़र ID|merchant&gt; भेजें: रीसेलर और उसके नीचे के सभी लोग उस डिस्ट्रीब्यूटर के नीचे, या सीधे मर्चेंट के नीचे चले जाते हैं।
network-move-done = ✅ { $user } को उसके नीचे के सभी लोगों के साथ { $from } से { $parent } के नीचे ले जाया गया।
network-move-told = 🕸 अब आप { $parent } के नेटवर्क में हैं: वही आपको क्रेडिट देते हैं और आपकी कीमतें तय करते हैं।
network-move-told-merchant = 🕸 अब आप सीधे मर्चेंट से खरीदते हैं: आपके ऊपर अब कोई डिस्ट्रीब्यूटर नहीं है।
network-move-not-reseller = 🚫 { $user } रीसेलर नहीं है: सिर्फ़ रीसेलर और डिस्ट्रीब्यूटर ही ले जाए जा सकते हैं। कुछ नहीं बदला।
network-move-not-distributor = 🚫 { $parent } डिस्ट्रीब्यूटर नहीं है: पहले /grant से उसे डिस्ट्रीब्यूटर बनाएँ। कुछ नहीं बदला।
network-move-cycle = 🚫 { $user } को { $parent } के नीचे नहीं रखा जा सकता: { $parent } खुद { $user } है या उसके नीचे है। कुछ नहीं बदला।
network-move-too-deep = 🚫 { $user } को { $parent } के नीचे नहीं रखा जा सकता: उसका नेटवर्क NETWORK_MAX_DEPTH की सीमा (ज़्यादा से ज़्यादा { $max }) से ज़्यादा गहरा हो जाएगा। कुछ नहीं बदला।

## Distributors' invites (/invite reseller, /invites)

network-invite-usage = 🚫 /invite reseller [इस्तेमाल] [दिन] भेजें: डिस्ट्रीब्यूटर सिर्फ़ रीसेलरों को अपने नेटवर्क में बुलाता है (इस्तेमाल 1 से { $maxUses } तक, डिफ़ॉल्ट 1; दिन 1 से { $maxDays } तक, डिफ़ॉल्ट 7)। कुछ नहीं बनाया गया।
network-invite-made = 🕸 इस लिंक से जुड़ने वाला आपके नेटवर्क में आता है: /transfer से उसे क्रेडिट दें और /pricing से उसकी कीमतें तय करें।
network-invite-joined = 🕸 आप { $parent } के नेटवर्क में हैं: वही आपको क्रेडिट देते हैं और आपकी कीमतें तय करते हैं।
network-invite-told = 🕸 { $user } इनवाइट { $id } से आपके नेटवर्क में जुड़ गया है। /transfer से उसे क्रेडिट दें।
network-invite-maker-gone = 🚫 यह इनवाइट अब काम नहीं करता: इसे बनाने वाले का अब कोई नेटवर्क नहीं है। कुछ नहीं बदला; नया लिंक माँगें।
network-invite-cannot-join = 🚫 यह इनवाइट आपको नहीं जोड़ सकता: नेटवर्क तय सीमा से ज़्यादा गहरा हो जाएगा। कुछ नहीं बदला; किसी एडमिन से बात करें।

## A distributor's prices (/pricing)

network-pricing-title = 💹 आपके नियम: आपके नेटवर्क के रीसेलर आपकी कीमत के ऊपर कितना चुकाते हैं (सबसे खास नियम लागू होता है: रीसेलर, फिर ऑपरेटर, देश, डिफ़ॉल्ट)
network-pricing-no-default = डिफ़ॉल्ट: कोई नियम नहीं: आपके रीसेलर वही कीमत चुकाते हैं जो आप चुकाते हैं।
pricing-error-in-network = 🚫 { $user } { $distributor } के नेटवर्क में है: उसकी कीमत डिस्ट्रीब्यूटर की कीमत और डिस्ट्रीब्यूटर के नियम से बनती है, इसलिए उसके लिए मर्चेंट का नियम कभी लागू नहीं होगा। कुछ नहीं बदला।
admin-users-row-under = { $user } — { $role }, { $parent } के नेटवर्क में
