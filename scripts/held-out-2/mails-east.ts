// Held-out corpus 2 (issue 29): ru, uk, ar, he, hi, vi, th, id. Written by hand; see make.ts.
import { kcLink, keycloak } from './mails-europe.js';
import { a, btn, code, p, small, tpl } from './mime.js';
import type { Mail } from './types.js';

const kcRuReset = kcLink('sso.gorod-uslugi.ru', 'grazhdane', 'Ru3Wm8', 'lk');

// ---- Russian ----------------------------------------------------------------------------------

const ru: Mail[] = [
  {
    file: 'ru-otp-native-kod-podtverzhdeniya.eml',
    lang: 'ru',
    cls: 'otp-native-cue',
    from: 'Мой Дом Онлайн <noreply@moydom-online.ru>',
    subject: 'Код подтверждения для входа',
    charset: 'koi8-r',
    cte: '8bit',
    parts: 'text',
    text: `Здравствуйте!

Код подтверждения для входа в личный кабинет: 284913

Код действует 5 минут. Никому не сообщайте его, даже сотрудникам службы поддержки.

Если вы не запрашивали вход, просто проигнорируйте это письмо.

--
С уважением,
команда "Мой Дом Онлайн"
`,
    otp: '284913',
    link: null,
  },
  {
    file: 'ru-otp-distractors-karta-summa.eml',
    lang: 'ru',
    cls: 'otp-distractors',
    from: 'Банк «Северный» <info@sevbank-primer.ru>',
    subject: 'Подтверждение покупки',
    charset: 'windows-1251',
    t: tpl(
      'Банк «Северный»',
      'sevbank-primer.ru',
      'ru',
      [
        p('Покупка в OZON.RU на сумму 1 299 руб. по карте *4821.'),
        p('Для подтверждения введите код:'),
        code('58213'),
        p('Никому не сообщайте этот код. Сотрудники банка его никогда не спрашивают.'),
      ],
      [
        'АО «Банк Северный», 190000, г. Санкт-Петербург, ул. Большая Морская, д. 29. Лицензия Банка России № 1234 от 15.03.2012',
        'Горячая линия: 8 800 555-35-35',
      ],
    ),
    otp: '58213',
    link: null,
  },
  {
    file: 'ru-link-native-podtverdit-pochtu.eml',
    lang: 'ru',
    cls: 'link-native-cue',
    from: 'Книжная полка <hello@knizhnaya-polka.ru>',
    subject: 'Подтвердите адрес электронной почты',
    charset: 'windows-1251',
    cte: 'base64',
    t: tpl(
      'Книжная полка',
      'knizhnaya-polka.ru',
      'ru',
      [
        p('Здравствуйте, Анна!'),
        p('Спасибо за регистрацию. Чтобы завершить её, подтвердите адрес электронной почты:'),
        btn('Подтвердить', 'https://knizhnaya-polka.ru/account/confirm?token=5f2c8a91e07b4d6a'),
        small('Ссылка действительна 24 часа. Если вы не регистрировались, просто удалите это письмо.'),
      ],
      ['ООО «Книжная полка», 125009, Москва, ул. Тверская, д. 7, офис 12'],
    ),
    otp: null,
    link: 'https://knizhnaya-polka.ru/account/confirm?token=5f2c8a91e07b4d6a',
  },
  {
    file: 'ru-link-idp-reset.eml',
    lang: 'ru',
    cls: 'link-idp-default',
    from: 'Городские услуги <sso@gorod-uslugi.ru>',
    subject: 'Сброс пароля',
    ...keycloak(
      'Кто-то только что запросил изменение пароля от Вашего аккаунта Городские услуги. Если это были Вы, то перейдите по следующей ссылке, чтобы сбросить его.',
      'Ссылка для сброса учетных данных',
      kcRuReset,
      ['Эта ссылка устареет через 5 минут.', 'Если Вы не хотите сбрасывать пароль, просто проигнорируйте это сообщение и ничего не изменится.'],
    ),
    otp: null,
    link: kcRuReset,
  },
  {
    file: 'ru-none-zakaz-dostavka.eml',
    lang: 'ru',
    cls: 'numbers-no-code',
    from: 'Интернет-магазин \"Техносфера\" <zakaz@tehnosfera-primer.ru>',
    subject: 'Заказ № 5012345678 передан в доставку',
    charset: 'windows-1251',
    t: tpl(
      'Техносфера',
      'tehnosfera-primer.ru',
      'ru',
      [
        p('Здравствуйте, Игорь!'),
        p('Ваш заказ № 5012345678 передан в службу доставки.'),
        p(
          'Трек-номер: 80081234567890\nАдрес доставки: 101000, г. Москва, ул. Мясницкая, д. 26, кв. 14\nДата доставки: 08.01.2026, с 10:00 до 14:00\nСумма к оплате: 12 490 руб.',
        ),
        a('', 'Отследить заказ', 'https://tehnosfera-primer.ru/orders/5012345678/track'),
      ],
      ['ООО "Техносфера", ИНН 7701234567, ОГРН 1027700123456'],
    ),
    otp: null,
    link: null,
  },
  {
    file: 'ru-none-kod-dostupa-vstrecha.eml',
    lang: 'ru',
    cls: 'non-otp-code',
    from: 'Ольга Смирнова <o.smirnova@stroyproekt-primer.ru>',
    subject: 'Приглашение: планёрка по объекту, 12 января 11:00',
    parts: 'text',
    text: `Ольга Смирнова приглашает вас на видеовстречу.

Тема: Планёрка по объекту «ЖК Северный»
Время: 12 янв. 2026, 11:00 (Москва)

Подключиться к встрече:
https://telemost.example-video.ru/j/51230998877

Идентификатор конференции: 512 3099 8877
Код доступа: 492018

Телефон для подключения: +7 495 123-45-67
`,
    otp: null,
    link: null,
    why: 'a meeting access code is a standing password',
  },
];

// ---- Ukrainian --------------------------------------------------------------------------------

const uk: Mail[] = [
  {
    file: 'uk-otp-native-kod-pidtverdzhennia.eml',
    lang: 'uk',
    cls: 'otp-native-cue',
    from: 'Мій Кабінет <no-reply@miy-kabinet-pryklad.ua>',
    subject: 'Ваш код підтвердження',
    charset: 'windows-1251',
    t: tpl(
      'Мій Кабінет',
      'miy-kabinet-pryklad.ua',
      'uk',
      [p('Вітаємо!'), p('Ваш код підтвердження для входу:'), code('602 418'), p('Код дійсний протягом 10 хвилин. Нікому його не повідомляйте.')],
      ['ТОВ «Мій Кабінет», 01001, м. Київ, вул. Хрещатик, 22'],
    ),
    otp: '602418',
    link: null,
  },
  {
    file: 'uk-otp-distractors-telefon-adresa.eml',
    lang: 'uk',
    cls: 'otp-distractors',
    from: 'Аптека Здоров’я <info@apteka-zdorovia-pryklad.ua>',
    subject: 'Підтвердіть номер телефону',
    parts: 'text',
    text: `Добрий день!

Ви вказали номер +380 67 123 4567 для бонусної картки 2900 1234 5678.

Введіть цей код на сайті, щоб підтвердити номер: 7391

Аптека Здоров’я, м. Львів, пл. Ринок, 12, тел. 0 800 50 12 34
`,
    otp: '7391',
    link: null,
  },
  {
    file: 'uk-link-native-pidtverdyty.eml',
    lang: 'uk',
    cls: 'link-native-cue',
    from: 'Читанка <hello@chytanka-pryklad.ua>',
    subject: 'Підтвердіть свою електронну адресу',
    charset: 'windows-1251',
    t: tpl(
      'Читанка',
      'chytanka-pryklad.ua',
      'uk',
      [
        p('Привіт, Олено!'),
        p('Дякуємо за реєстрацію. Натисніть кнопку нижче, щоб підтвердити свою електронну адресу.'),
        btn('Підтвердити адресу', 'https://chytanka-pryklad.ua/akaunt/pidtverdzhennia/0c9e4b7a21'),
        small('Посилання дійсне 48 годин.'),
      ],
      ['ТОВ «Читанка», 61001, м. Харків, вул. Сумська, 10'],
    ),
    otp: null,
    link: 'https://chytanka-pryklad.ua/akaunt/pidtverdzhennia/0c9e4b7a21',
  },
  {
    file: 'uk-link-invite-pryiniaty.eml',
    lang: 'uk',
    cls: 'link-invite',
    from: 'Робочий простір <invite@robochyi-prostir.ua>',
    subject: 'Вас запрошено до простору «Бухгалтерія»',
    t: tpl(
      'Робочий простір',
      'robochyi-prostir.ua',
      'uk',
      [
        p('Вітаємо!'),
        p('Ірина Коваленко запрошує вас приєднатися до простору «Бухгалтерія».'),
        btn('Прийняти запрошення', 'https://app.robochyi-prostir.ua/zaproshennia/4b8f1e2c/pryiniaty'),
        small('Запрошення дійсне 7 днів.'),
      ],
      ['Робочий простір · м. Дніпро'],
    ),
    otp: null,
    link: 'https://app.robochyi-prostir.ua/zaproshennia/4b8f1e2c/pryiniaty',
  },
  {
    file: 'uk-none-posylka.eml',
    lang: 'uk',
    cls: 'numbers-no-code',
    from: 'Швидка Пошта <info@shvydka-poshta-pryklad.ua>',
    subject: 'Посилка 20450912345678 прибула у відділення',
    charset: 'windows-1251',
    t: tpl(
      'Швидка Пошта',
      'shvydka-poshta-pryklad.ua',
      'uk',
      [
        p('Ваша посилка № 20450912345678 прибула у відділення № 12.'),
        p(
          'Адреса: м. Київ, вул. Велика Васильківська, 72\nГрафік: пн–сб 08:00–20:00\nДо сплати: 1 250,00 грн (післяплата)\nБезкоштовне зберігання до 12.01.2026',
        ),
      ],
      ['Довідка: 0 800 500 609'],
    ),
    otp: null,
    link: null,
  },
];

// ---- Arabic -----------------------------------------------------------------------------------

const ar: Mail[] = [
  {
    file: 'ar-otp-native-ramz-altahaqquq.eml',
    lang: 'ar',
    cls: 'otp-native-cue',
    from: 'متجر الواحة <no-reply@alwaha-store.example.sa>',
    subject: 'رمز التحقق الخاص بك',
    charset: 'windows-1256',
    t: tpl(
      'متجر الواحة',
      'alwaha-store.example.sa',
      'ar',
      [p('مرحبًا أحمد،'), p('رمز التحقق الخاص بك هو:'), code('482913'), p('صالح لمدة 10 دقائق. لا تشارك هذا الرمز مع أي شخص.')],
      ['متجر الواحة، طريق الملك فهد، الرياض 12271، المملكة العربية السعودية'],
      { rtl: true },
    ),
    otp: '482913',
    link: null,
  },
  {
    file: 'ar-otp-distractors-hisab-muntahi.eml',
    lang: 'ar',
    cls: 'otp-distractors',
    from: 'بنك الخليج الرقمي <alerts@gulfdigitalbank.example.ae>',
    subject: 'رمز الدخول لمرة واحدة',
    charset: 'windows-1256',
    cte: 'base64',
    parts: 'text',
    text: `عزيزي العميل،

طلبت تسجيل الدخول إلى الخدمات المصرفية عبر الإنترنت لحسابك المنتهي بـ 4821.

رمز الدخول لمرة واحدة: 705318

لا تشارك هذا الرمز مع أحد. للاستفسار اتصل على 800 4422.
بنك الخليج الرقمي، ص.ب 12345، دبي
`,
    otp: '705318',
    link: null,
  },
  {
    file: 'ar-link-native-taakid-albarid.eml',
    lang: 'ar',
    cls: 'link-native-cue',
    from: 'منصة تعلّم <hello@taallam.example.com>',
    subject: 'أكّد عنوان بريدك الإلكتروني',
    t: tpl(
      'تعلّم',
      'taallam.example.com',
      'ar',
      [
        p('أهلًا سارة،'),
        p('شكرًا لتسجيلك في منصة تعلّم. اضغطي على الزر أدناه لتأكيد بريدك الإلكتروني.'),
        btn('تأكيد البريد الإلكتروني', 'https://taallam.example.com/account/verify/7a2e91c4b0'),
        small('ينتهي هذا الرابط خلال 24 ساعة.'),
      ],
      ['منصة تعلّم، شارع التسعين، القاهرة الجديدة'],
      { rtl: true },
    ),
    otp: null,
    link: 'https://taallam.example.com/account/verify/7a2e91c4b0',
  },
  {
    file: 'ar-link-approve-nam-hatha-ana.eml',
    lang: 'ar',
    cls: 'link-approve',
    from: 'سحابة صور <security@sahaba-photos.example.com>',
    subject: 'هل تحاول تسجيل الدخول؟',
    charset: 'windows-1256',
    t: tpl(
      'سحابة صور',
      'sahaba-photos.example.com',
      'ar',
      [
        p('هناك محاولة لتسجيل الدخول إلى حسابك من جهاز جديد (Chrome على Windows، عمّان).'),
        p('هل كنت أنت؟'),
        btn('نعم، هذا أنا', 'https://sahaba-photos.example.com/security/login-request/c81f/approve'),
        btn('لا، أمّن حسابي', 'https://sahaba-photos.example.com/security/login-request/c81f/deny'),
      ],
      ['سحابة صور، عمّان، الأردن'],
      { rtl: true },
    ),
    otp: null,
    link: 'https://sahaba-photos.example.com/security/login-request/c81f/approve',
  },
  {
    file: 'ar-none-fatura.eml',
    lang: 'ar',
    cls: 'numbers-no-code',
    from: 'شركة الاتصالات المتقدمة <billing@advtel.example.sa>',
    subject: 'فاتورتك لشهر ديسمبر',
    charset: 'windows-1256',
    t: tpl(
      'الاتصالات المتقدمة',
      'advtel.example.sa',
      'ar',
      [
        p('عميلنا العزيز،'),
        p('فاتورة رقم 100234 بمبلغ 287.50 ريال سعودي مستحقة بتاريخ 20/01/2026.\nرقم الحساب: 55012348\nالرقم الضريبي: 300012345600003'),
        a('', 'عرض الفاتورة', 'https://my.advtel.example.sa/bills/100234'),
      ],
      ['ص.ب 12345، الرياض 11564'],
      { rtl: true },
    ),
    otp: null,
    link: null,
  },
];

// ---- Hebrew -----------------------------------------------------------------------------------

const he: Mail[] = [
  {
    file: 'he-otp-native-kod-imut.eml',
    lang: 'he',
    cls: 'otp-native-cue',
    from: 'קופת חולים דוגמה <noreply@kupa-dugma.co.il>',
    subject: 'קוד האימות שלך',
    charset: 'windows-1255',
    t: tpl(
      'קופת חולים דוגמה',
      'kupa-dugma.co.il',
      'he',
      [p('שלום רב,'), p('קוד האימות שלך לכניסה לאזור האישי הוא:'), code('518204'), p('הקוד תקף ל-10 דקות. אין למסור אותו לאף אחד.')],
      ['קופת חולים דוגמה, רחוב הארבעה 19, תל אביב'],
      { rtl: true },
    ),
    otp: '518204',
    link: null,
  },
  {
    file: 'he-link-native-imut-email.eml',
    lang: 'he',
    cls: 'link-native-cue',
    from: 'לוח דירות <info@luach-dirot.co.il>',
    subject: 'אמתו את כתובת הדוא״ל שלכם',
    charset: 'windows-1255',
    t: tpl(
      'לוח דירות',
      'luach-dirot.co.il',
      'he',
      [
        p('היי נועה,'),
        p('תודה שנרשמת ללוח דירות! כדי להשלים את ההרשמה יש לאמת את כתובת הדוא״ל.'),
        btn('לאימות הכתובת', 'https://www.luach-dirot.co.il/user/verify?t=3c8a1f9e72'),
        small('הקישור בתוקף ל-48 שעות.'),
      ],
      ['לוח דירות בע״מ, דרך מנחם בגין 132, תל אביב'],
      { rtl: true },
    ),
    otp: null,
    link: 'https://www.luach-dirot.co.il/user/verify?t=3c8a1f9e72',
  },
  {
    file: 'he-link-invite-hazmana.eml',
    lang: 'he',
    cls: 'link-invite',
    from: 'צוותא <invites@tzavta-app.co.il>',
    subject: 'הוזמנת להצטרף לצוות "שיווק"',
    t: tpl(
      'צוותא',
      'tzavta-app.co.il',
      'he',
      [p('שלום,'), p('דני לוי הזמין אותך להצטרף לצוות "שיווק" בצוותא.'), btn('קבלת ההזמנה', 'https://app.tzavta-app.co.il/invite/91e2d4/accept')],
      ['צוותא בע״מ, הרצליה פיתוח'],
      { rtl: true },
    ),
    otp: null,
    link: 'https://app.tzavta-app.co.il/invite/91e2d4/accept',
  },
  {
    file: 'he-link-cue-after-url.eml',
    lang: 'he',
    cls: 'link-cue-after-url',
    from: 'פורום צלמים <admin@forum-tzalamim.co.il>',
    subject: 'הרשמה לפורום צלמים',
    charset: 'windows-1255',
    parts: 'text',
    text: `שלום yoni_photo,

https://www.forum-tzalamim.co.il/register/activate?u=3381&k=e8B2x7Qa

יש ללחוץ על הקישור שלמעלה כדי להפעיל את החשבון.

צוות פורום צלמים
`,
    otp: null,
    link: 'https://www.forum-tzalamim.co.il/register/activate?u=3381&k=e8B2x7Qa',
  },
  {
    file: 'he-none-kabala.eml',
    lang: 'he',
    cls: 'numbers-no-code',
    from: 'חנות הספרים העירונית <kabalot@sfarim-ir.co.il>',
    subject: "קבלה מס' 40012",
    charset: 'windows-1255',
    t: tpl(
      'חנות הספרים',
      'sfarim-ir.co.il',
      'he',
      [p('תודה על הקנייה!'), p("קבלה מס' 40012\nסכום: 189.90 ₪\nשולם בכרטיס המסתיים ב-3356\nח.פ. 514123456"), p('כתובת החנות: רחוב הרצל 12, תל אביב 6578901')],
      ['טלפון: 03-5123456'],
      { rtl: true },
    ),
    otp: null,
    link: null,
  },
];

// ---- Hindi ------------------------------------------------------------------------------------

const hi: Mail[] = [
  {
    file: 'hi-otp-native-satyapan-kod.eml',
    lang: 'hi',
    cls: 'otp-native-cue',
    from: 'किसान बाज़ार <noreply@kisanbazaar.example.in>',
    subject: 'आपका सत्यापन कोड',
    t: tpl(
      'किसान बाज़ार',
      'kisanbazaar.example.in',
      'hi',
      [p('नमस्ते रमेश जी,'), p('लॉगिन पूरा करने के लिए नीचे दिया गया सत्यापन कोड दर्ज करें:'), code('604127'), p('यह कोड 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।')],
      ['किसान बाज़ार प्रा. लि., सेक्टर 62, नोएडा, उत्तर प्रदेश 201309'],
    ),
    otp: '604127',
    link: null,
  },
  {
    file: 'hi-otp-distractors-len-den.eml',
    lang: 'hi',
    cls: 'otp-distractors',
    from: 'भारत डिजिटल बैंक <alerts@bharatdigitalbank.example.in>',
    subject: 'लेन-देन सत्यापन',
    parts: 'text',
    text: `प्रिय ग्राहक,

आपके कार्ड XX4821 से AMAZON पर ₹1,499.00 के लेन-देन के लिए वन टाइम पासवर्ड 739182 है। यह 5 मिनट के लिए मान्य है।

यह पासवर्ड किसी के साथ साझा न करें। बैंक कभी भी इसे फ़ोन पर नहीं माँगता।
ग्राहक सेवा: 1800 123 4567
`,
    otp: '739182',
    link: null,
  },
  {
    file: 'hi-link-native-email-satyapit.eml',
    lang: 'hi',
    cls: 'link-native-cue',
    from: 'पाठशाला ऑनलाइन <namaste@pathshala.example.in>',
    subject: 'अपना ईमेल पता सत्यापित करें',
    cte: 'base64',
    t: tpl(
      'पाठशाला',
      'pathshala.example.in',
      'hi',
      [
        p('नमस्ते प्रिया,'),
        p('पाठशाला ऑनलाइन में आपका स्वागत है! अपना खाता सक्रिय करने के लिए नीचे दिए गए बटन पर क्लिक करके अपना ईमेल पता सत्यापित करें।'),
        btn('ईमेल सत्यापित करें', 'https://pathshala.example.in/khata/satyapan?t=Hs82kLq0Zp'),
      ],
      ['पाठशाला ऑनलाइन, कोरमंगला, बेंगलुरु 560034'],
    ),
    otp: null,
    link: 'https://pathshala.example.in/khata/satyapan?t=Hs82kLq0Zp',
  },
  {
    file: 'hi-link-invite-amantran.eml',
    lang: 'hi',
    cls: 'link-invite',
    from: 'टीमघर <invite@teamghar.example.in>',
    subject: 'आपको "बिक्री टीम" में शामिल होने के लिए आमंत्रित किया गया है',
    t: tpl(
      'टीमघर',
      'teamghar.example.in',
      'hi',
      [
        p('नमस्ते,'),
        p('अनिल शर्मा ने आपको टीमघर पर "बिक्री टीम" में शामिल होने के लिए आमंत्रित किया है।'),
        btn('आमंत्रण स्वीकार करें', 'https://app.teamghar.example.in/amantran/5d7e2b/sweekar'),
      ],
      ['टीमघर, पुणे'],
    ),
    otp: null,
    link: 'https://app.teamghar.example.in/amantran/5d7e2b/sweekar',
  },
  {
    file: 'hi-none-order-pin-code.eml',
    lang: 'hi',
    cls: 'numbers-no-code',
    from: 'शॉपकार्ट <order-update@shopkart.example.in>',
    subject: 'आपका ऑर्डर भेज दिया गया है',
    t: tpl(
      'शॉपकार्ट',
      'shopkart.example.in',
      'hi',
      [
        p('नमस्ते सुनीता,'),
        p('आपका ऑर्डर OD123456789012345 भेज दिया गया है।'),
        p('डिलीवरी पता: मकान नं. 42, लाजपत नगर, नई दिल्ली, पिन कोड 110024\nकुल राशि: ₹2,349\nअनुमानित डिलीवरी: 8 जनवरी'),
        a('', 'ऑर्डर ट्रैक करें', 'https://www.shopkart.example.in/orders/OD123456789012345'),
      ],
      ['शॉपकार्ट इंटरनेट प्रा. लि., बेंगलुरु 560103'],
    ),
    otp: null,
    link: null,
    why: 'पिन कोड is the Indian postal code',
  },
];

// ---- Vietnamese -------------------------------------------------------------------------------

const vi: Mail[] = [
  {
    file: 'vi-otp-native-ma-xac-thuc.eml',
    lang: 'vi',
    cls: 'otp-native-cue',
    from: 'Ví Sen <no-reply@visen.example.vn>',
    subject: 'Mã xác thực đăng nhập',
    t: tpl(
      'Ví Sen',
      'visen.example.vn',
      'vi',
      [p('Xin chào Minh,'), p('Mã xác thực của bạn là:'), code('482 913'), p('Mã có hiệu lực trong 5 phút. Tuyệt đối không chia sẻ mã này cho bất kỳ ai.')],
      ['Công ty Cổ phần Ví Sen, 22 Láng Hạ, Đống Đa, Hà Nội'],
    ),
    otp: '482913',
    link: null,
  },
  {
    file: 'vi-otp-distractors-giao-dich.eml',
    lang: 'vi',
    cls: 'otp-distractors',
    from: 'Ngân hàng Sông Hồng <thongbao@songhongbank.example.vn>',
    subject: 'Xác nhận giao dịch',
    parts: 'text',
    text: `Quý khách đang thực hiện giao dịch 2.500.000 VND tại SHOPEE bằng thẻ kết thúc 4821 lúc 20:15 ngày 05/01/2026.

Mã OTP của Quý khách là 583021, hiệu lực trong 3 phút.

Không cung cấp mã cho bất kỳ ai. Tổng đài: 1900 6868
`,
    otp: '583021',
    link: null,
  },
  {
    file: 'vi-link-native-xac-nhan-email.eml',
    lang: 'vi',
    cls: 'link-native-cue',
    from: 'Sách Hay <xinchao@sachhay.example.vn>',
    subject: 'Xác nhận địa chỉ email của bạn',
    t: tpl(
      'Sách Hay',
      'sachhay.example.vn',
      'vi',
      [
        p('Chào Lan,'),
        p('Cảm ơn bạn đã đăng ký. Nhấn vào nút bên dưới để xác nhận địa chỉ email và kích hoạt tài khoản.'),
        btn('Xác nhận email', 'https://sachhay.example.vn/tai-khoan/xac-nhan?ma=7b2e9f1c04'),
        small('Liên kết có hiệu lực trong 24 giờ.'),
      ],
      ['Sách Hay, 123 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh'],
    ),
    otp: null,
    link: 'https://sachhay.example.vn/tai-khoan/xac-nhan?ma=7b2e9f1c04',
  },
  {
    file: 'vi-link-native-dat-lai-mat-khau.eml',
    lang: 'vi',
    cls: 'link-native-cue',
    from: 'Học Trực Tuyến <hotro@hoctructuyen.example.vn>',
    subject: 'Đặt lại mật khẩu',
    parts: 'html',
    t: tpl(
      'Học Trực Tuyến',
      'hoctructuyen.example.vn',
      'vi',
      [
        p('Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản của bạn.'),
        btn('Đặt lại mật khẩu', 'https://hoctructuyen.example.vn/mat-khau/dat-lai/91fa3c7e2d'),
        small('Nếu bạn không yêu cầu, hãy bỏ qua email này.'),
      ],
      ['Học Trực Tuyến, Đà Nẵng'],
    ),
    otp: null,
    link: 'https://hoctructuyen.example.vn/mat-khau/dat-lai/91fa3c7e2d',
  },
  {
    file: 'vi-none-hoa-don.eml',
    lang: 'vi',
    cls: 'numbers-no-code',
    from: 'Điện Máy Xanh Lá <hoadon@dienmayxanhla.example.vn>',
    subject: 'Hóa đơn điện tử đơn hàng #250112345',
    t: tpl(
      'Điện Máy Xanh Lá',
      'dienmayxanhla.example.vn',
      'vi',
      [
        p('Kính gửi Quý khách,'),
        p('Hóa đơn điện tử cho đơn hàng #250112345 đã được phát hành.\nSố hóa đơn: 0004512\nMã số thuế: 0101234567\nTổng tiền: 8.990.000 VND'),
        p('Địa chỉ giao hàng: 45 Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh'),
      ],
      ['Tổng đài: 1800 1061'],
    ),
    otp: null,
    link: null,
    why: 'Mã số thuế is a tax number',
  },
];

// ---- Thai -------------------------------------------------------------------------------------

const th: Mail[] = [
  {
    file: 'th-otp-native-rahat-yuenyan.eml',
    lang: 'th',
    cls: 'otp-native-cue',
    from: 'ตลาดสด ออนไลน์ <noreply@talatsod.example.co.th>',
    subject: 'รหัสยืนยันของคุณ',
    charset: 'tis-620',
    t: tpl(
      'ตลาดสด',
      'talatsod.example.co.th',
      'th',
      [p('สวัสดีค่ะ คุณสมชาย'), p('รหัสยืนยันของคุณคือ'), code('628104'), p('รหัสนี้ใช้ได้ภายใน 5 นาที กรุณาอย่าเปิดเผยรหัสนี้แก่ผู้อื่น')],
      ['บริษัท ตลาดสด ออนไลน์ จำกัด'],
    ),
    otp: '628104',
    link: null,
  },
  {
    file: 'th-otp-distractors-ref-code.eml',
    lang: 'th',
    cls: 'otp-distractors',
    from: 'ธนาคารเจ้าพระยา <otp@chaophrayabank.example.co.th>',
    subject: 'รหัส OTP สำหรับทำรายการ',
    charset: 'tis-620',
    parts: 'text',
    text: `รหัส OTP คือ 482913 (รหัสอ้างอิง: XKQP) สำหรับโอนเงิน 5,000.00 บาท ไปยังบัญชี xxx-x-x4821-x

รหัสนี้ใช้ได้ภายใน 5 นาที ห้ามเปิดเผยรหัสนี้แก่ผู้อื่น

ธนาคารเจ้าพระยา Call Center 02 111 1111
`,
    otp: '482913',
    link: null,
    why: 'the reference code (รหัสอ้างอิง) only matches the OTP to its request',
  },
  {
    file: 'th-link-native-yuenyan-email.eml',
    lang: 'th',
    cls: 'link-native-cue',
    from: 'ห้องสมุดดิจิทัล <hello@hongsamut.example.co.th>',
    subject: 'ยืนยันอีเมลของคุณ',
    charset: 'tis-620',
    t: tpl(
      'ห้องสมุดดิจิทัล',
      'hongsamut.example.co.th',
      'th',
      [
        p('สวัสดีค่ะ คุณนภา'),
        p('ขอบคุณที่สมัครสมาชิก กรุณากดปุ่มด้านล่างเพื่อยืนยันอีเมลของคุณ'),
        btn('ยืนยันอีเมล', 'https://hongsamut.example.co.th/account/verify?k=2e8c7a91f3'),
        small('ลิงก์นี้จะหมดอายุภายใน 24 ชั่วโมง'),
      ],
      ['ห้องสมุดดิจิทัล กรุงเทพฯ'],
    ),
    otp: null,
    link: 'https://hongsamut.example.co.th/account/verify?k=2e8c7a91f3',
  },
  {
    file: 'th-link-invite-rap-kham-chuen.eml',
    lang: 'th',
    cls: 'link-invite',
    from: 'ทีมเวิร์ก <invite@teamwork-th.example.co.th>',
    subject: 'คุณได้รับคำเชิญเข้าร่วมทีม "ฝ่ายขาย"',
    t: tpl(
      'ทีมเวิร์ก',
      'teamwork-th.example.co.th',
      'th',
      [p('สวัสดีครับ'), p('คุณวิชัยเชิญคุณเข้าร่วมทีม "ฝ่ายขาย" บนทีมเวิร์ก'), btn('ตอบรับคำเชิญ', 'https://app.teamwork-th.example.co.th/invite/6c1d8e/accept')],
      ['ทีมเวิร์ก เชียงใหม่'],
    ),
    otp: null,
    link: 'https://app.teamwork-th.example.co.th/invite/6c1d8e/accept',
  },
  {
    file: 'th-none-bai-set.eml',
    lang: 'th',
    cls: 'numbers-no-code',
    from: 'ร้านเครื่องเขียนสยาม <receipt@siamstationery.example.co.th>',
    subject: 'ใบเสร็จรับเงิน เลขที่ INV-2026-0045',
    charset: 'tis-620',
    t: tpl(
      'เครื่องเขียนสยาม',
      'siamstationery.example.co.th',
      'th',
      [
        p('ขอบคุณที่ใช้บริการ'),
        p('ใบเสร็จรับเงิน เลขที่ INV-2026-0045\nยอดชำระ 1,250.00 บาท\nเลขประจำตัวผู้เสียภาษี 0105556012345'),
        p('ที่อยู่: 999/9 ถนนพระราม 1 แขวงปทุมวัน เขตปทุมวัน กรุงเทพฯ 10330'),
      ],
      ['โทร 02 123 4567'],
    ),
    otp: null,
    link: null,
  },
];

// ---- Indonesian -------------------------------------------------------------------------------

const id: Mail[] = [
  {
    file: 'id-otp-native-kode-verifikasi.eml',
    lang: 'id',
    cls: 'otp-native-cue',
    from: 'Warung Kita <noreply@warungkita.example.id>',
    subject: 'Kode verifikasi kamu',
    t: tpl(
      'Warung Kita',
      'warungkita.example.id',
      'id',
      [
        p('Halo Budi,'),
        p('Masukkan kode verifikasi berikut untuk masuk ke akun Warung Kita:'),
        code('381 604'),
        p('JANGAN BERIKAN kode ini kepada siapa pun, termasuk pihak Warung Kita.'),
      ],
      ['PT Warung Kita Indonesia, Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan 12190'],
    ),
    otp: '381604',
    link: null,
  },
  {
    file: 'id-otp-distractors-virtual-account.eml',
    lang: 'id',
    cls: 'otp-distractors',
    from: 'Dompet Nusantara <info@dompetnusantara.example.id>',
    subject: 'Konfirmasi pembayaran',
    parts: 'text',
    text: `Halo Siti,

Kamu akan membayar Rp 250.000 ke Nomor Virtual Account 8808 0812 3456 7890 (Toko Batik Solo).

Kode OTP: 3829

Berlaku 2 menit. Jangan bagikan kode ini ke siapa pun.

Dompet Nusantara, Jl. MH Thamrin No. 1, Jakarta 10310
`,
    otp: '3829',
    link: null,
  },
  {
    file: 'id-link-native-verifikasi-email.eml',
    lang: 'id',
    cls: 'link-native-cue',
    from: 'Kelas Pintar <halo@kelaspintar.example.id>',
    subject: 'Verifikasi email kamu',
    t: tpl(
      'Kelas Pintar',
      'kelaspintar.example.id',
      'id',
      [
        p('Hai Dewi,'),
        p('Terima kasih sudah mendaftar! Klik tombol di bawah untuk memverifikasi email dan mengaktifkan akunmu.'),
        btn('Verifikasi Email', 'https://kelaspintar.example.id/akun/verifikasi/c47a9e2b18', 'colon'),
      ],
      ['PT Kelas Pintar, Bandung 40115'],
    ),
    otp: null,
    link: 'https://kelaspintar.example.id/akun/verifikasi/c47a9e2b18',
  },
  {
    file: 'id-none-pesanan-dikirim.eml',
    lang: 'id',
    cls: 'numbers-no-code',
    from: 'Pasar Raya Online <pesanan@pasarraya.example.id>',
    subject: 'Pesananmu sudah dikirim',
    t: tpl(
      'Pasar Raya',
      'pasarraya.example.id',
      'id',
      [
        p('Pesanan INV/20260105/MPL/3456789012 sudah dikirim.'),
        p('No. Resi: JP1234567890\nKurir: J&T Express\nAlamat: Jl. Kemang Raya No. 8, Jakarta Selatan, Kode Pos 12730\nTotal: Rp 189.000'),
        a('', 'Lacak paket', 'https://www.pasarraya.example.id/pesanan/lacak/JP1234567890'),
      ],
      ['PT Pasar Raya Online, Jakarta'],
    ),
    otp: null,
    link: null,
  },
  {
    file: 'id-none-promo-lupa-kata-sandi.eml',
    lang: 'id',
    cls: 'link-forgot-footer',
    from: 'Tiket Jalan <promo@tiketjalan.example.id>',
    subject: 'Diskon 30% tiket kereta akhir pekan!',
    t: tpl(
      'Tiket Jalan',
      'tiketjalan.example.id',
      'id',
      [
        p('Liburan akhir pekan makin hemat! Dapatkan diskon 30% untuk tiket kereta Jakarta–Yogyakarta.'),
        btn('Pesan sekarang', 'https://www.tiketjalan.example.id/kereta/promo-akhir-pekan'),
      ],
      [
        ['Lupa kata sandi?', 'https://www.tiketjalan.example.id/akun/lupa-kata-sandi'],
        ['Berhenti berlangganan', 'https://www.tiketjalan.example.id/unsubscribe?u=77120'],
        'PT Tiket Jalan Indonesia, Jakarta',
      ],
    ),
    otp: null,
    link: null,
    why: 'a promotion: nothing to finish; the reset link is a generic footer link',
  },
];

export const EAST: Mail[] = [...ru, ...uk, ...ar, ...he, ...hi, ...vi, ...th, ...id];
