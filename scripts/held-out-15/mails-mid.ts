// Arabic, Hebrew and Hindi mails of held-out-15.
import type { Mail } from '../held-out-3/types.js';
import { a, bank, btn, card, code, h, kv, list, m, min, mso, p, plain, promo, quoted, small, stores, tok, url } from './mail.js';

// ---- ar ----------------------------------------------------------------------------------------------
const arVerify = `https://id.souqna.example/verify-email?token=${tok('ar-03', 38)}`;
const arReset = `https://portal.absher-services.example.sa/ar/reset?k=${tok('ar-04', 40)}`;
const arInvite = `https://app.fariq.io/ar/invite/${tok('ar-10', 24)}/accept`;

const AR: Mail[] = [
  m(
    'ar-01-souq-code.eml',
    'otp-service',
    'سوقنا <no-reply@souqna.example>',
    'رمز التحقق الخاص بك',
    card(
      'souqna.example',
      [
        p('مرحباً،'),
        p('استخدم الرمز التالي لإكمال تسجيل الدخول إلى حسابك في سوقنا:'),
        code('627013'),
        p('صلاحية الرمز 10 دقائق. لا تشارك هذا الرمز مع أي شخص، فموظفو سوقنا لن يطلبوه منك أبداً.'),
        stores('souqna.example'),
      ],
      ['سوقنا للتجارة الإلكترونية، طريق الملك فهد، الرياض 12214، المملكة العربية السعودية', 'سجل تجاري رقم 1010457723'],
    ),
    '627013',
    null,
  ),
  m(
    'ar-02-bank-otp.eml',
    'otp-bank',
    'بنك الخليج الأول <alerts@gulf-first-bank.example>',
    'كلمة المرور لمرة واحدة لعملية شراء',
    bank(
      'gulf-first-bank.example',
      [
        h('تأكيد عملية شراء عبر الإنترنت'),
        p('عملية شراء بمبلغ 349.00 ر.س لدى MAKTABAT AL NOOR باستخدام البطاقة المنتهية بـ 9034 بتاريخ 2026/03/19.'),
        p('كلمة المرور لمرة واحدة:'),
        code('481503'),
        p('إذا لم تقم بهذه العملية، يرجى الاتصال بنا فوراً على 8001240000.'),
      ],
      ['بنك الخليج الأول، ص.ب 1002، الدمام 31431 - خاضع لرقابة البنك المركزي السعودي'],
    ),
    '481503',
    null,
    { charset: 'windows-1256' },
  ),
  m(
    'ar-03-souq-verify-link.eml',
    'link-verify',
    'سوقنا <no-reply@souqna.example>',
    'أكّد بريدك الإلكتروني',
    min('souqna.example', [
      p('أهلاً بك في سوقنا!'),
      p('لتفعيل حسابك كبائع، يرجى تأكيد عنوان بريدك الإلكتروني بالضغط على الرابط التالي:'),
      a('', 'تأكيد البريد الإلكتروني', arVerify),
      p('الرابط صالح لمدة 48 ساعة.'),
    ]),
    null,
    arVerify,
  ),
  m(
    'ar-04-gov-reset.eml',
    'link-reset',
    'بوابة الخدمات الإلكترونية <noreply@absher-services.example.sa>',
    'إعادة تعيين كلمة المرور',
    mso(
      'absher-services.example.sa',
      [
        p('عزيزي المستخدم،'),
        p('تلقينا طلباً لإعادة تعيين كلمة المرور لحسابك المرتبط برقم الهوية 1*******42.'),
        url('لإعادة تعيين كلمة المرور، افتح الرابط التالي خلال ساعة واحدة:', arReset),
        p('للاستفسار: 920020405'),
      ],
      [],
    ),
    null,
    arReset,
    { charset: 'windows-1256', cte: 'quoted-printable' },
  ),
  m(
    'ar-05-code-subject-only.eml',
    'otp-subject',
    'طلبات سريعة <noreply@talabat-sari.example>',
    '٢٠٢٦ | رمزك هو 730218',
    plain('talabat-sari.example', [p('أدخل الرمز الموجود في عنوان الرسالة لتأكيد رقم هاتفك الجديد في التطبيق.'), p('طلبات سريعة - توصيل خلال 30 دقيقة')]),
    '730218',
    null,
    { why: 'the code is only in the subject, beside the year in Arabic-Indic digits' },
  ),
  m(
    'ar-06-delivery-pin.eml',
    'non-otp-code',
    'طلبات سريعة <orders@talabat-sari.example>',
    'طلبك رقم 88214 في الطريق إليك',
    card(
      'talabat-sari.example',
      [
        h('مندوب التوصيل في الطريق'),
        kv([
          ['رقم الطلب', '88214'],
          ['المطعم', 'مشويات الشام - فرع العليا'],
          ['المبلغ', '87.50 ر.س (الدفع عند الاستلام)'],
          ['رمز التسليم', '3094'],
        ]),
        p('أعطِ رمز التسليم للمندوب عند استلام الطلب فقط.'),
      ],
      ['طلبات سريعة، الرياض'],
    ),
    null,
    null,
    { why: 'a delivery PIN told to the courier' },
  ),
  m(
    'ar-07-vat-invoice.eml',
    'numbers-no-code',
    'اتصالات النخيل <billing@nakheel-telecom.example>',
    'فاتورتك الضريبية لشهر مارس 2026',
    bank(
      'nakheel-telecom.example',
      [
        h('فاتورة ضريبية'),
        kv([
          ['رقم الحساب', '1002 4471 883'],
          ['رقم الفاتورة', 'INV-2026-03-5518204'],
          ['المبلغ المستحق', '230.00 ر.س شامل ضريبة القيمة المضافة 15%'],
          ['تاريخ الاستحقاق', '2026/04/10'],
          ['الرقم الضريبي', '300041827700003'],
        ]),
        p('يمكنك السداد عبر سداد برقم المفوتر 071.'),
      ],
      ['اتصالات النخيل، سجل تجاري 1010218834، الرياض'],
    ),
    null,
    null,
    { charset: 'windows-1256' },
  ),
  m(
    'ar-08-login-notice.eml',
    'notice',
    'سوقنا <security@souqna.example>',
    'تسجيل دخول جديد إلى حسابك',
    min('souqna.example', [
      p('تم تسجيل الدخول إلى حسابك من جهاز جديد:'),
      p('الجهاز: Samsung Galaxy A55 - الموقع: جدة - الوقت: 2026/03/25 الساعة 21:47'),
      p('إذا لم تكن أنت، قم بتغيير كلمة المرور فوراً.'),
    ]),
    null,
    null,
    { charset: 'iso-8859-6' },
  ),
  m(
    'ar-09-clinic-reminder.eml',
    'numbers-no-code',
    'مجمع الشفاء الطبي <appointments@alshifa-clinic.example>',
    'تذكير بموعدك يوم الأحد ١٢ أبريل',
    plain('alshifa-clinic.example', [
      p('عزيزي المراجع،'),
      p('نذكّرك بموعدك في عيادة الأسنان يوم الأحد ١٢ أبريل ٢٠٢٦ الساعة ١٠:٣٠ صباحاً مع د. سارة العتيبي.'),
      p('رقم الملف الطبي: ٤٤٠١٧٢ - رقم الموعد: ٢٦٠٤١٢-٠٧'),
      p('يرجى الحضور قبل الموعد بـ ١٥ دقيقة وإحضار بطاقة التأمين. للإلغاء: ٠١١٤٦٦٢٠٠٠'),
    ]),
    null,
    null,
    { cte: 'base64' },
  ),
  m(
    'ar-10-team-invite.eml',
    'link-invite',
    'فريق <invites@fariq.io>',
    'دعوة للانضمام إلى مساحة عمل "اختبارات الجودة"',
    card(
      'fariq.io',
      [p('دعتك ليلى حداد للانضمام إلى مساحة العمل "اختبارات الجودة" على منصة فريق.'), btn('قبول الدعوة', arInvite), small('تنتهي صلاحية الدعوة بعد 7 أيام.')],
      ['فريق للبرمجيات، دبي، الإمارات العربية المتحدة'],
    ),
    null,
    arInvite,
  ),
];

// ---- he ----------------------------------------------------------------------------------------------
const heMagic = `https://app.mishmeret.co.il/login/link/${tok('he-03', 40)}`;
const heApprove = `https://secure.bank-hadarom.example/approve-device?req=${tok('he-04', 36)}`;
const heVerify = `https://www.kupat-briut-or.example/register/confirm?t=${tok('he-10', 34)}`;

const HE: Mail[] = [
  m(
    'he-01-saas-code.eml',
    'otp-service',
    'משמרת <no-reply@mishmeret.co.il>',
    'קוד האימות שלך למשמרת',
    card(
      'mishmeret.co.il',
      [p('שלום,'), p('כדי להשלים את ההרשמה למערכת סידור העבודה, הקלידו את הקוד הבא:'), code('903417'), p('הקוד בתוקף ל-10 דקות.')],
      ['משמרת בע"מ, רח\' הברזל 30, תל אביב 6971035 | ח.פ. 516223418'],
    ),
    '903417',
    null,
  ),
  m(
    'he-02-telco-separated.eml',
    'otp-separated',
    'סלנט תקשורת <service@selnet.co.il>',
    'קוד כניסה לאזור האישי',
    bank(
      'selnet.co.il',
      [
        h('כניסה לאזור האישי'),
        p('קוד הכניסה החד-פעמי שלך עבור הקו 052-***-4471:'),
        code('481 226'),
        p('חשבון לקוח 30041127 | החבילה שלך: 5G ללא הגבלה 49.90 ש"ח'),
      ],
      ['סלנט תקשורת בע"מ, רח\' המנופים 8, הרצליה | שירות לקוחות *5050'],
    ),
    '481226',
    null,
    { charset: 'windows-1255' },
  ),
  m(
    'he-03-magic-link.eml',
    'link-magic',
    'משמרת <no-reply@mishmeret.co.il>',
    'קישור התחברות למשמרת',
    min('mishmeret.co.il', [p('היי,'), p('לחצו על הקישור כדי להתחבר לחשבון. הקישור תקף ל-15 דקות ולשימוש אחד בלבד:'), a('', 'התחברות למשמרת', heMagic)]),
    null,
    heMagic,
  ),
  m(
    'he-04-bank-approve-device.eml',
    'link-approve',
    'בנק הדרום <security@bank-hadarom.example>',
    'האם ניסית להתחבר ממכשיר חדש?',
    card(
      'bank-hadarom.example',
      [
        h('זיהינו ניסיון התחברות ממכשיר חדש'),
        kv([
          ['מכשיר', 'iPhone 16, iOS 18'],
          ['מיקום', 'באר שבע'],
          ['מועד', '22/03/2026 08:55'],
        ]),
        btn('כן, זה אני', heApprove),
        a('', 'לא אני - חסמו את הגישה', 'https://secure.bank-hadarom.example/block-device'),
      ],
      ['בנק הדרום בע"מ, שד\' רגר 12, באר שבע | מוקד 03-9404040'],
    ),
    null,
    heApprove,
  ),
  m(
    'he-05-forwarded-code.eml',
    'otp-distractors',
    'נועה לוי <noa.levi@northwind-qa.example>',
    'הועבר: קוד אימות - דואר ישראלי פלוס',
    plain('northwind-qa.example', [
      p('מי שמריץ עכשיו את הבדיקה של חשבון 3 - הנה הקוד. הבאג הוא QA-4471, גרסה 3.2.18.'),
      quoted(
        'forward',
        ['מאת: דואר פלוס <noreply@doar-plus.example>', 'תאריך: 24 במרץ 2026 14:02', 'נושא: קוד אימות'],
        ['קוד האימות שלך הוא 582064.', 'מספר משלוח: RR123456785IL | סניף 418, רחוב יפו 97, ירושלים 9434101', 'טלפון: 171'],
        '---------- הודעה שהועברה ----------',
      ),
    ]),
    '582064',
    null,
    { charset: 'windows-1255', cte: 'quoted-printable' },
  ),
  m(
    'he-06-zoom-passcode.eml',
    'non-otp-code',
    'יוסי כהן <yossi.cohen@northwind-qa.example>',
    "הזמנה: סקירת באגים שבועית - יום ב' 10:00",
    mso(
      'northwind-qa.example',
      [
        p('שלום לכולם, מצרף את פרטי הפגישה.'),
        kv([
          ['מזהה פגישה', '871 4402 9915'],
          ['קוד גישה', '240517'],
          ['חדר', 'קומה 7, חדר "ירושלים"'],
        ]),
        url('קישור לפגישה:', 'https://northwind.zoom.us/j/87144029915?pwd=Q2xVNnBKd1ZQR2dOV1ZhcGt0Zz09'),
      ],
      [],
    ),
    null,
    null,
  ),
  m(
    'he-07-receipt.eml',
    'numbers-no-code',
    'סופר קליק <orders@superclick.co.il>',
    'קבלה להזמנה 7731-2219',
    card(
      'superclick.co.il',
      [
        h('תודה על הקנייה!'),
        kv([
          ['מספר הזמנה', '7731-2219'],
          ['סכום', '412.80 ש"ח'],
          ['כרטיס', '**** 0372'],
          ['משלוח', "רח' הרצל 45, חולון 5832409"],
          ['מועד משלוח', '27/03/2026 בין 16:00 ל-19:00'],
        ]),
      ],
      ['סופר קליק בע"מ | ע.מ. 514488203'],
    ),
    null,
    null,
    { charset: 'windows-1255' },
  ),
  m(
    'he-08-password-changed.eml',
    'notice',
    'משמרת <no-reply@mishmeret.co.il>',
    'הסיסמה שלך שונתה',
    min('mishmeret.co.il', [p('הסיסמה לחשבון שלך שונתה בהצלחה ב-01/04/2026 בשעה 11:15.'), p('אם לא ביצעת את השינוי, צרו קשר עם התמיכה: 03-7712200.')]),
    null,
    null,
  ),
  m(
    'he-09-gift-card.eml',
    'non-otp-code',
    'תו זהב <gifts@tav-zahav.example>',
    'קיבלת שובר מתנה לחג',
    promo(
      'tav-zahav.example',
      [
        h('חג שמח!'),
        p('הנהלת החברה שולחת לך שובר מתנה לפסח בסך 300 ש"ח.'),
        kv([
          ['מספר שובר', '8800 1472 6603 5519'],
          ['קוד סודי', '7714'],
          ['בתוקף עד', '31/03/2031'],
        ]),
        btn('לרשימת בתי העסק', 'https://tav-zahav.example/stores'),
      ],
      ['תו זהב בע"מ'],
    ),
    null,
    null,
  ),
  m(
    'he-10-clinic-verify.eml',
    'link-verify',
    'קופת בריאות אור <noreply@kupat-briut-or.example>',
    'אימות כתובת הדוא"ל לאתר קופת בריאות אור',
    mso(
      'kupat-briut-or.example',
      [p('שלום,'), p('כדי להשלים את ההרשמה לאתר ולקבל תוצאות בדיקות בדוא"ל, יש לאמת את הכתובת:'), a('', 'לאימות כתובת הדוא"ל', heVerify), p('מוקד: *2700')],
      [],
    ),
    null,
    heVerify,
  ),
];

// ---- hi ----------------------------------------------------------------------------------------------
const hiVerify = `https://accounts.padhai-ghar.in/verify-email?uid=44871&token=${tok('hi-03', 36)}`;
const hiReset = `https://www.yatrasetu.example.in/account/reset-password/${tok('hi-04', 40)}`;

const HI: Mail[] = [
  m(
    'hi-01-upi-app-otp.eml',
    'otp-service',
    'पैसापुल <noreply@paisapul.in>',
    'आपका पैसापुल लॉगिन OTP',
    card(
      'paisapul.in',
      [
        p('नमस्ते,'),
        p('पैसापुल में लॉगिन करने के लिए यह OTP दर्ज करें:'),
        code('204718'),
        p('यह OTP 5 मिनट तक मान्य है। कृपया इसे किसी के साथ साझा न करें, पैसापुल कभी भी फ़ोन पर OTP नहीं माँगता।'),
      ],
      ['पैसापुल टेक्नोलॉजीज़ प्रा. लि., 3rd फ़्लोर, प्रेस्टीज़ टावर, बेंगलुरु 560001 | CIN U72900KA2019PTC128844'],
    ),
    '204718',
    null,
  ),
  m(
    'hi-02-bank-masked.eml',
    'otp-masked',
    'भारत सहकारी बैंक <alerts@bharat-sahakari.example>',
    'लेन-देन के लिए OTP',
    bank(
      'bharat-sahakari.example',
      [
        h('ऑनलाइन लेन-देन सत्यापन'),
        p('आपके खाते XXXXXX4417 से ₹ 4,999.00 का भुगतान DUKAANBAZAAR ONLINE को किया जा रहा है।'),
        p('OTP:'),
        code('839120'),
        p('यदि यह लेन-देन आपने नहीं किया है, तो तुरंत 1800-425-3800 पर कॉल करें।'),
      ],
      ['भारत सहकारी बैंक लि., नरीमन पॉइंट, मुंबई 400021'],
    ),
    '839120',
    null,
    { cte: 'base64' },
  ),
  m(
    'hi-03-school-verify.eml',
    'link-verify',
    'पढ़ाई घर <support@padhai-ghar.in>',
    'अपना ईमेल सत्यापित करें',
    min('padhai-ghar.in', [
      p('पढ़ाई घर पर आपका स्वागत है!'),
      p('कक्षा 8 के ऑनलाइन कोर्स शुरू करने से पहले अपना ईमेल पता सत्यापित करें:'),
      a('', 'ईमेल सत्यापित करें', hiVerify),
      p('लिंक 24 घंटे तक मान्य है।'),
    ]),
    null,
    hiVerify,
  ),
  m(
    'hi-04-travel-reset.eml',
    'link-reset',
    'यात्रासेतु <noreply@yatrasetu.example.in>',
    'पासवर्ड रीसेट करने का अनुरोध',
    card(
      'yatrasetu.example.in',
      [
        p('हमें आपके यात्रासेतु खाते का पासवर्ड बदलने का अनुरोध मिला है।'),
        btn('नया पासवर्ड बनाएँ', hiReset),
        small('यह लिंक 30 मिनट में समाप्त हो जाएगा। आपकी पिछली बुकिंग (PNR 4521873390) पर कोई असर नहीं पड़ेगा।'),
      ],
      ['यात्रासेतु ट्रैवल्स प्रा. लि., गुरुग्राम, हरियाणा 122002'],
    ),
    null,
    hiReset,
  ),
  m(
    'hi-05-code-in-words.eml',
    'otp-service',
    'सरल बीमा <noreply@saral-bima.example>',
    'आपका सत्यापन कोड',
    plain('saral-bima.example', [
      p('प्रिय ग्राहक,'),
      p('पॉलिसी संख्या SB/2026/114872 के लिए ईमेल बदलने का सत्यापन कोड: 5 9 0 3 7 1'),
      p('(पाँच नौ शून्य तीन सात एक)'),
      p('यह कोड 10 मिनट तक मान्य है।'),
      p('सरल बीमा कंपनी लि. | IRDAI पंजीकरण संख्या 162 | टोल-फ़्री 1800-209-7272'),
    ]),
    '590371',
    null,
    { why: 'the code is spelled digit by digit and in words' },
  ),
  m(
    'hi-06-train-pnr.eml',
    'non-otp-code',
    'यात्रासेतु <bookings@yatrasetu.example.in>',
    'आपकी टिकट बुक हो गई - PNR 4521873390',
    card(
      'yatrasetu.example.in',
      [
        h('बुकिंग सफल'),
        kv([
          ['PNR', '4521873390'],
          ['ट्रेन', '12951 मुंबई राजधानी'],
          ['यात्रा तिथि', '18-04-2026'],
          ['कोच / बर्थ', 'B4 / 36 (लोअर)'],
          ['किराया', '₹ 3,215.00'],
        ]),
        p('यात्रा के समय मूल पहचान पत्र साथ रखें।'),
      ],
      ['यात्रासेतु ट्रैवल्स प्रा. लि.'],
    ),
    null,
    null,
  ),
  m(
    'hi-07-electricity-bill.eml',
    'numbers-no-code',
    'राज्य विद्युत वितरण <ebill@vidyut-vitaran.example.in>',
    'मार्च 2026 का बिजली बिल',
    mso(
      'vidyut-vitaran.example.in',
      [
        p('उपभोक्ता संख्या: 160224871193'),
        kv([
          ['बिल संख्या', 'EB/03/2026/7718204'],
          ['खपत', '214 यूनिट'],
          ['देय राशि', '₹ 1,486.00'],
          ['अंतिम तिथि', '15-04-2026'],
        ]),
        p('समय पर भुगतान करने पर 1% छूट। शिकायत के लिए 1912 पर कॉल करें।'),
      ],
      [],
    ),
    null,
    null,
  ),
  m(
    'hi-08-kyc-notice.eml',
    'notice',
    'पैसापुल <noreply@paisapul.in>',
    'आपका KYC सफलतापूर्वक पूरा हुआ',
    min('paisapul.in', [
      p('बधाई हो! आपका KYC 03-04-2026 को पूरा हो गया।'),
      p('PAN: ABCPX****K | आधार: XXXX XXXX 7731'),
      p('अब आप प्रति माह ₹ 1,00,000 तक भेज सकते हैं। आपको कुछ और करने की ज़रूरत नहीं है।'),
    ]),
    null,
    null,
  ),
  m(
    'hi-09-scam-warning.eml',
    'notice',
    'पैसापुल <safety@paisapul.in>',
    'सावधान: OTP धोखाधड़ी से बचें',
    promo(
      'paisapul.in',
      [
        h('कोई भी आपसे OTP माँगे तो सावधान रहें'),
        p('हाल ही में कुछ ग्राहकों को ऐसे SMS मिले हैं: "आपका खाता बंद हो जाएगा, OTP 482913 बताएँ"। पैसापुल कभी भी OTP, PIN या CVV नहीं माँगता।'),
        list(['संदिग्ध कॉल की शिकायत 1930 पर करें', 'कभी भी स्क्रीन-शेयरिंग ऐप इंस्टॉल न करें', 'cybercrime.gov.in पर रिपोर्ट करें']),
      ],
      ['पैसापुल टेक्नोलॉजीज़ प्रा. लि., बेंगलुरु'],
    ),
    null,
    null,
    { why: 'a sample code quoted in a fraud warning' },
  ),
];

export const MID: Mail[] = [...AR, ...HE, ...HI];
