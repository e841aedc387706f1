// A longer mail for each language but English: dark-pattern layouts where the
// real action is a small link under a big sales button, codes read out in words (with the digits),
// long newsletters and threads full of numbers, a new code that replaces an old one in the same mail.
import { a, btn, card, code, fwd, h, kv, m, min, mso, p, plain, pre, promo, quote, rows, sig, small, tok, url } from './mail.js';

export const MORE = [
  m(
    'de-10-dunkles-muster.eml',
    'link-verify',
    'Fitnesswelt Nord <team@fitnesswelt-nord.test>',
    'Nur noch ein Schritt: Konto bestätigen',
    promo(
      'fitnesswelt-nord.test',
      [
        h('Willkommen bei Fitnesswelt Nord!'),
        p(
          'Schön, dass du dich für den Reha-Sport-Kurs "Rücken fit 60+" (Kurs-Nr. RS-2604, donnerstags 10:00 Uhr, Studio Findorff) angemeldet hast. Die Krankenkasse übernimmt 50 Einheiten (Verordnung Nr. 0447-2209).',
        ),
        btn('Jetzt Premium-Mitgliedschaft für 29,90 EUR sichern', 'https://fitnesswelt-nord.test/premium?src=welcome'),
        p('Nutze den Code NEU2026 für einen Monat gratis im Gerätebereich.'),
        a(
          'Damit wir dir Kurszeiten und Ausfälle schicken können, ',
          'bestätige bitte deine E-Mail-Adresse',
          `https://fitnesswelt-nord.test/konto/bestaetigen?t=${tok('de10')}`,
          ' (gültig 7 Tage).',
        ),
        small('Fitnesswelt Nord GmbH & Co. KG, Hemmstraße 212, 28215 Bremen, Amtsgericht Bremen HRA 27714, Tel. 0421 33 44 10'),
      ],
      ['Du erhältst diese E-Mail, weil du dich am 02.03.2026 registriert hast.'],
      { tracked: true },
    ),
    null,
    `https://fitnesswelt-nord.test/konto/bestaetigen?t=${tok('de10')}`,
    { why: 'the big button sells a membership; the small link is what the mail asks to finish' },
  ),

  m(
    'fr-10-code-en-lettres.eml',
    'otp-service',
    'Téléassistance Sérénité <alertes@serenite-senior.test>',
    'Votre code : 7 3 0 4 1 8',
    plain('serenite-senior.test', [
      p('Bonjour Monsieur Lefèvre,'),
      p(
        "Vous activez l'application Sérénité sur votre téléphone pour être relié à la centrale d'écoute (contrat TA-75-004417, boîtier n° 21-88190, médaillon SOS n° 3).",
      ),
      p("Votre code d'activation, tel que notre conseillère vous l'a lu au téléphone : sept, trois, zéro, quatre, un, huit - soit 730418."),
      p("Saisissez-le dans l'application dans les 30 minutes. Vos contacts d'urgence : Claire Lefèvre (06 12 44 87 31) et le gardien (01 43 70 22 18)."),
      p('Prochaine vérification du boîtier : mardi 24 mars entre 9h et 12h.'),
      p('--\nTéléassistance Sérénité, 18 rue de la Roquette, 75011 Paris - 0 800 44 17 22 (appel gratuit), 24h/24.'),
    ]),
    '730418',
    null,
    { charset: 'iso-8859-15' },
  ),

  m(
    'es-10-hilo-club.eml',
    'numbers-no-code',
    'Lucía Romero <lucia.romero@correo.test>',
    'RE: RE: Torneo de Semana Santa - coches y horarios',
    plain('correo.test', [
      p('Perfecto, entonces yo llevo a Pablo y a Dani el sábado. Mi coche es el Seat León gris, 4417 KLM, salgo de la puerta del polideportivo a las 8:15.'),
      quote('El mar, 10 mar 2026 a las 21:14, Carmen García escribió:', [
        'Hola a todos, os paso el horario que nos ha mandado el club:',
        'Sáb 28/03 9:30 CD Vallecas - CF Lavapiés (campo 3, Av. de la Albufera 230)',
        'Sáb 28/03 17:00 semifinal (si pasamos)',
        'Dom 29/03 11:00 final, campo 1',
        'La inscripción son 25 EUR por jugador a ES12 2100 0418 4502 0005 1332, concepto "TORNEO + nombre".',
        'El código de la taquilla del vestuario es 1904, no lo pongáis en el grupo.',
      ]),
      sig(['Lucía', '644 21 88 03']),
    ]),
    null,
    null,
    { charset: 'iso-8859-1' },
  ),

  m(
    'pt-10-codigo-novo.eml',
    'otp-service',
    'Loja do Cidadão Online <nao-responder@lojacidadao.test>',
    'Novo código de confirmação',
    card(
      'lojacidadao.test',
      [
        h('Pediu um novo código'),
        p(
          'O código 551 208 que enviámos às 10:02 deixou de ser válido porque pediu outro. Use apenas o código abaixo para confirmar o agendamento da renovação do Cartão de Cidadão:',
        ),
        code('804 336'),
        kv([
          ['Serviço', 'Renovação do Cartão de Cidadão'],
          ['Local', 'Loja do Cidadão das Laranjeiras, Rua Abranches Ferrão 10, 1600-001 Lisboa'],
          ['Data', '02/04/2026, 14:20'],
          ['Senha de atendimento', 'A-118'],
        ]),
        small('Taxa a pagar no balcão: 18,00 €. Traga o cartão antigo e o PIN de morada.'),
      ],
      ['Agência para a Modernização Administrativa, I.P.', 'Linha Cidadão 300 003 990'],
    ),
    '804336',
    null,
    { why: 'the first code was replaced; the booking number and the ticket A-118 are not codes to type' },
  ),

  m(
    'it-10-newsletter-asl.eml',
    'notice',
    'Notizie dal Quartiere <newsletter@quartiere-sanvitale.test>',
    'Marzo in quartiere: vaccini, biblioteca, torneo di calcetto',
    promo(
      'quartiere-sanvitale.test',
      [
        h('Le notizie di marzo'),
        p(
          'Vaccinazioni antinfluenzali per over 65: ancora posti il 18 e 25 marzo, Casa della Salute di via Mengoli 16, prenotazione CUP 800 884 888 (codice prestazione 89.7).',
        ),
        p('Biblioteca Scandellara: il gruppo di lettura si incontra martedì 24 alle 17:30, sala 2. Tessera numero 044172 per chi si iscrive ora.'),
        p('Torneo di calcetto under 16: iscrizioni entro il 20/03, quota 40 € a squadra, IBAN IT02 L012 3412 3450 0000 0441 720.'),
        p('Sconto del 10% dal fruttivendolo di via Massarenti 112 con il codice QUARTIERE10.'),
        btn('Leggi tutte le notizie', 'https://quartiere-sanvitale.test/notizie/2026-03'),
      ],
      ['Associazione Quartiere San Vitale APS, C.F. 91447220371, via San Vitale 104, 40125 Bologna'],
      { tracked: true },
    ),
    null,
    null,
  ),

  m(
    'nl-10-kijkwijzer.eml',
    'otp-subject',
    'Gezinsscherm <noreply@gezinsscherm.test>',
    'Ouderlijk toezicht: goedkeuringscode 55 18 20',
    min('gezinsscherm.test', [
      p('Daan (13) vraagt toestemming om "Racing Legends 5" (PEGI 12, € 24,99) te downloaden op de Switch in de woonkamer.'),
      p('Typ de goedkeuringscode uit de onderwerpregel in de Gezinsscherm-app als je akkoord gaat. Doe je niets, dan vervalt het verzoek na 24 uur.'),
      p('Schermtijd deze week: 9 u 40 min van 12 u. Uitgaven deze maand: € 5,99 van € 20,00.'),
      p('Gezinsscherm, Postbus 4410, 1000 AK Amsterdam'),
    ]),
    '551820',
    null,
    { why: 'the approval code is in the subject only, in groups' },
  ),

  m(
    'pl-10-mfa-recovery.eml',
    'link-reset',
    'Sejf Haseł <pomoc@sejfhasel.test>',
    'Odzyskiwanie dostępu - zresetuj weryfikację dwuetapową',
    mso('sejfhasel.test', [
      p('Dzień dobry,'),
      p(
        'zgłoszenie nr 2026/03/44172: zgłosiła Pani utratę telefonu z aplikacją uwierzytelniającą. Po sprawdzeniu kodów zapasowych (użyto 2 z 10) możemy wyłączyć weryfikację dwuetapową na Pani koncie.',
      ),
      p('Kliknij poniższy link z komputera, na którym zwykle się logujesz. Link jest jednorazowy i wygasa za 12 godzin:'),
      url('', `https://sejfhasel.test/odzyskiwanie/2fa-reset?k=${tok('pl10', 40)}`),
      p('Po zalogowaniu skonfiguruj weryfikację ponownie. Pozostałe kody zapasowe stracą ważność.'),
      sig(['Zespół wsparcia Sejf Haseł', 'ul. Zabłocie 43B, 30-701 Kraków', 'NIP 679-31-44-172']),
    ]),
    null,
    `https://sejfhasel.test/odzyskiwanie/2fa-reset?k=${tok('pl10', 40)}`,
    { charset: 'iso-8859-2' },
  ),

  m(
    'tr-10-okul-bulten.eml',
    'numbers-no-code',
    'Atatürk Anadolu Lisesi <bilgi@aal-izmir.test>',
    'Veli bülteni - Mart 2026',
    mso('aal-izmir.test', [
      p('Sayın velimiz,'),
      p('10-C sınıfı öğrencisi Can Yılmaz (okul no: 1147) için mart ayı bilgileri:'),
      rows(
        ['Ders', '1. yazılı', '2. yazılı', 'Devamsızlık'],
        [
          ['Matematik', '72', '85', '1 gün'],
          ['Fizik', '64', '-', '0'],
          ['İngilizce', '90', '88', '0'],
        ],
      ),
      p('Veli toplantısı: 19 Mart Perşembe 17:30, salon B. Okul aile birliği bağışı için IBAN TR33 0006 1005 1978 6457 8413 26.'),
      p('Deneme sınavı (LGS/YKS hazırlık) 28 Mart Cumartesi 09:30, sınav giriş no: 44172-C.'),
      sig(['Okul Müdürlüğü', 'Tel: 0232 441 72 20']),
    ]),
    null,
    null,
    { charset: 'windows-1254' },
  ),

  m(
    'ru-10-fwd-dacha.eml',
    'notice',
    'Ольга Смирнова <olga.smirnova@pochta.test>',
    'Fwd: Счетчики на даче - показания',
    plain('pochta.test', [
      p('Папа, пересылаю письмо от председателя. Показания я уже передала, ничего делать не нужно.'),
      fwd(
        '-------- Пересылаемое сообщение --------',
        ['От: СНТ "Рассвет" <pravlenie@snt-rassvet.test>', 'Дата: 01.03.2026, 12:40', 'Тема: Показания счетчиков'],
        [
          'Участок 118: электросчетчик 03377410, показание 008412,6 кВт.ч.',
          'Членский взнос 2026: 9 800 руб. до 01.06.2026, р/с 40703810416540004417.',
          'Код от калитки сменится 15.03 на 2741#.',
        ],
      ),
    ]),
    null,
    null,
    { charset: 'koi8-r' },
  ),

  m(
    'uk-10-kod-slovamy.eml',
    'otp-service',
    'Соцзахист Онлайн <noreply@soczahyst.test>',
    'Підтвердження заяви на субсидію',
    card('soczahyst.test', [
      h('Підтвердьте заяву'),
      p(
        'Ви подали заяву на житлову субсидію (заява № SZ-2026-044172, особовий рахунок 1000447720). Щоб надіслати її до управління, введіть код підтвердження:',
      ),
      code('62 91 07'),
      p("Для людей із поганим зором: шість, два, дев'ять, один, нуль, сім."),
      kv([
        ['Адреса', 'м. Львів, вул. Наукова, 7, кв. 41'],
        ['Площа', '54,2 м2'],
        ['Зареєстровано осіб', '3'],
      ]),
      small('Гаряча лінія 1545. Код дійсний 15 хвилин.'),
    ]),
    '629107',
    null,
  ),

  m(
    'ar-10-ishtirak.eml',
    'both',
    'نادي الحي الرياضي <info@nadi-alhay.test>',
    'أكّد بريدك لإكمال تسجيل ابنك',
    card('nadi-alhay.test', [
      h('خطوة أخيرة'),
      p(
        'شكراً لتسجيل ابنك يزن في أكاديمية كرة السلة (فئة تحت 16 سنة، رقم التسجيل BK-16-0447). لإتمام التسجيل أكّد بريدك الإلكتروني بالزر أدناه أو أدخل الرمز 58-31-70 في صفحة التسجيل.',
      ),
      btn('تأكيد البريد الإلكتروني', `https://nadi-alhay.test/register/confirm/${tok('ar10')}`),
      kv([
        ['موعد التدريب', 'الاثنين والأربعاء 17:00-18:30'],
        ['الملعب', 'الصالة رقم 2، شارع المدينة المنورة 41'],
        ['الرسوم', '45 ديناراً للفصل'],
      ]),
      small('للاستفسار: 0796 441 720. ص.ب 11953 عمّان.'),
    ]),
    '583170',
    `https://nadi-alhay.test/register/confirm/${tok('ar10')}`,
  ),

  m(
    'he-10-thread.eml',
    'numbers-no-code',
    'יוסף כהן <yosef.cohen@doar.test>',
    'תשובה: מונה המים בבניין',
    plain('doar.test', [
      p('תודה רבה. שילמתי את החלק שלי, אסמכתא 88120447.'),
      quote('ב-8 במרץ 2026, ועד הבית כתב:', [
        'שלום לכולם, קריאת מונה המים הראשי: 04417 מ"ק.',
        'חלוקה לפי דירות: דירה 3 - 142 ש"ח, דירה 7 - 118 ש"ח.',
        'להעברה: בנק 12, סניף 608, חשבון 441207.',
        'קוד הכניסה לחדר האשפה הוחלף ל-2580.',
      ]),
      sig(['יוסף, דירה 7', '052-441-7722']),
    ]),
    null,
    null,
    { charset: 'windows-1255' },
  ),

  m(
    'hi-10-dark.eml',
    'link-verify',
    'योगा सेंटर <hello@yoga-kendra.test>',
    'अपनी सदस्यता सक्रिय करें',
    promo(
      'yoga-kendra.test',
      [
        h('वरिष्ठ नागरिक योग कक्षा में स्वागत है'),
        p('कक्षा: सोमवार, बुधवार, शुक्रवार सुबह 6:30, सामुदायिक भवन, सेक्टर 9, द्वारका। सदस्य संख्या YK-60-2209।'),
        btn('प्रीमियम प्लान लें - ₹499/माह', 'https://yoga-kendra.test/premium'),
        p('पहले महीने पर 20% छूट: YOGA20'),
        a('कक्षा की सूचनाएँ पाने के लिए ', 'अपना ईमेल सत्यापित करें', `https://yoga-kendra.test/verify/${tok('hi10')}`, '।'),
      ],
      ['योगा केंद्र, प्लॉट 44, सेक्टर 9, द्वारका, नई दिल्ली 110077'],
      { tracked: true },
    ),
    null,
    `https://yoga-kendra.test/verify/${tok('hi10')}`,
    { why: 'the big button sells a plan; the small link finishes the sign-up' },
  ),

  m(
    'vi-10-newsletter.eml',
    'numbers-no-code',
    'Bản Tin Phường 7 <bantin@phuong7.test>',
    'Bản tin tháng 3: tiêm chủng, cắt điện, lịch thu gom rác',
    promo(
      'phuong7.test',
      [
        h('Bản tin tháng 3/2026'),
        p('Tiêm vắc-xin cúm miễn phí cho người trên 60 tuổi: 8:00-11:00 thứ Bảy 21/03 tại trạm y tế, 18 Kỳ Đồng. Mang theo thẻ BHYT.'),
        p('Lịch cắt điện: 8:00-16:00 chủ nhật 22/03, các hẻm 102, 104, 108 đường Trần Quốc Thảo (mã trạm biến áp TQT-07).'),
        p('Thu gom rác cồng kềnh: đăng ký qua số 028 3930 4417 trước 25/03, phí 50.000đ/lượt.'),
        btn('Xem bản tin đầy đủ', 'https://phuong7.test/ban-tin/2026-03'),
      ],
      ['UBND Phường 7, Quận 3, TP.HCM'],
      { tracked: true },
    ),
    null,
    null,
  ),

  m(
    'th-10-code-replaced.eml',
    'otp-service',
    'บัตรโดยสารเมือง <noreply@citycard.test>',
    'รหัสยืนยันใหม่ของคุณ',
    card('citycard.test', [
      p('คุณขอรหัสใหม่ รหัสเดิม 204 118 ใช้ไม่ได้แล้ว กรุณาใช้รหัสด้านล่างเพื่อผูกบัตรนักเรียนกับแอป'),
      code('377 905'),
      kv([
        ['เลขบัตร', '0447 2209 1180 5533'],
        ['ประเภท', 'นักเรียน (ลด 50%)'],
        ['ยอดคงเหลือ', '86 บาท'],
      ]),
      small('รหัสมีอายุ 10 นาที หากไม่ได้ขอ โปรดเพิกเฉยอีเมลนี้'),
    ]),
    '377905',
    null,
    { charset: 'tis-620', why: 'the old code is replaced; only the new one works' },
  ),

  m(
    'id-10-thread-arisan.eml',
    'numbers-no-code',
    'Wati Handayani <wati.h@surel.test>',
    'Re: Fwd: Jadwal ronda & iuran Maret',
    plain('surel.test', [
      p('Pak Budi, sudah saya catat. Iuran Bapak bulan ini lunas, kuitansi no. 0318/RT05/2026.'),
      quote('Pada 10 Mar 2026 19.40, Budi Santoso menulis:', [
        'Bu Wati, saya transfer Rp 100.000 ke BRI 0417-01-022881-50-3 tadi sore.',
        '---------- Pesan terusan ----------',
        'Jadwal ronda RT 05/RW 02 Maret: Blok C1-C8 malam Jumat, Blok D1-D6 malam Minggu.',
        'Kode gembok pos ronda 4-7-2-1. Jangan disebar di grup WA.',
      ]),
    ]),
    null,
    null,
  ),

  m(
    'ja-10-mynumber-both.eml',
    'both',
    'マイ保険証ポータル <info@my-hokensho.test>',
    'メールアドレスの確認（有効期限30分）',
    card('my-hokensho.test', [
      h('メールアドレスの確認'),
      p('保険証の利用登録に使うメールアドレスを確認します。画面に戻って確認コードを入力するか、下のボタンを押してください。'),
      code('KT4-982'),
      btn('メールアドレスを確認', `https://my-hokensho.test/verify/${tok('ja10')}`),
      kv([
        ['被保険者記号・番号', '東京 44 - 1720（枝番 01）'],
        ['保険者番号', '06130447'],
        ['登録医療機関', '上野さくらクリニック（〒110-0005）'],
      ]),
      small('このメールは送信専用です。お問い合わせ：0120-95-0178'),
    ]),
    'KT4-982',
    `https://my-hokensho.test/verify/${tok('ja10')}`,
  ),

  m(
    'ko-10-newsletter.eml',
    'numbers-no-code',
    '행복아파트 관리사무소 <office@happy-apt.test>',
    '3월 관리비 및 공지사항',
    mso('happy-apt.test', [
      p('101동 1204호 세대주님께'),
      rows(
        ['항목', '금액'],
        [
          ['일반관리비', '48,200원'],
          ['난방비', '92,410원'],
          ['수도료', '21,300원'],
          ['전기료(세대)', '56,490원'],
          ['합계', '218,400원'],
        ],
      ),
      p('3월 18일(수) 09:00-17:00 저수조 청소로 단수됩니다. 공동현관 비밀번호는 3월 20일부터 #4417*로 변경됩니다.'),
      p('재활용 배출: 매주 화요일, 목요일 18시 이후.'),
      sig(['행복아파트 관리사무소', '02-3141-4417']),
    ]),
    null,
    null,
    { charset: 'euc-kr' },
  ),

  m(
    'zh-Hans-10-approve-parent.eml',
    'link-approve',
    '学习平板家长中心 <jiazhang@xuexiban.test>',
    '孩子申请延长使用时间',
    card('xuexiban.test', [
      p('王小宇（初二3班，学号 20264417）申请今晚额外使用学习平板 30 分钟，用于完成数学作业（作业编号 MA-0318）。'),
      p('今日已使用：1小时52分钟 / 上限 2小时。'),
      btn('同意本次申请', `https://xuexiban.test/parent/approve/${tok('zh-Hans10')}`),
      a('', '拒绝', `https://xuexiban.test/parent/reject/${tok('zh-Hans10r')}`),
      small('设备序列号 XB-T10-2209177。客服热线 400-044-1720。'),
    ]),
    null,
    `https://xuexiban.test/parent/approve/${tok('zh-Hans10')}`,
    { why: 'a parent approval: the approve link finishes what the mail asks' },
  ),

  m(
    'zh-Hant-10-library.eml',
    'numbers-no-code',
    '市立圖書館 <service@tpml.test>',
    '借閱到期提醒',
    plain('tpml.test', [
      p('陳志明 讀者您好：'),
      p('您借閱的下列資料將於 3 天後到期，可線上續借 1 次。'),
      pre('1. 老後的財務規劃    條碼 31141044172   到期 2026/03/20\n2. 台灣小吃地圖      條碼 31141022091   到期 2026/03/20'),
      p('借書證號：A20441720。逾期每日每件罰款 NT$ 5。總館地址：台北市大安區建國南路二段 125 號，電話 02-2755-2823。'),
    ]),
    null,
    null,
    { charset: 'big5' },
  ),
];
