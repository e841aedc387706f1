// Another long mail for each language but English: recovery-code sheets, car
// insurance certificates, exam admit cards, router hand-over sheets, receipts with gift cards, and a
// few codes and links set among all of that.
import { a, bank, btn, card, cells, code, fwd, h, kv, m, min, mso, p, plain, pre, promo, quote, rows, sig, small, tok, url } from './mail.js';

export const LONG = [
  m(
    'de-11-wiederherstellungscodes.eml',
    'notice',
    'Passwortsafe <sicherheit@passwortsafe.test>',
    'Ihre neuen Wiederherstellungscodes',
    card(
      'passwortsafe.test',
      [
        h('Neue Wiederherstellungscodes erzeugt'),
        p(
          'Sie haben am 04.03.2026 um 21:12 Uhr neue Wiederherstellungscodes für Ihr Konto anna.becker@posteo.test erzeugt. Die alten Codes sind damit ungültig.',
        ),
        p(
          'Bewahren Sie diese Liste ausgedruckt an einem sicheren Ort auf. Jeder Code funktioniert genau einmal, falls Sie keinen Zugriff auf Ihr Smartphone haben:',
        ),
        pre('4KQ2-9XTA   7MWP-3RZE\nB8DN-2HLC   Q5TV-6YGF\n2JRS-8PKM   W3XA-7NBE'),
        p('Sie müssen jetzt nichts eingeben.'),
        small('Passwortsafe GmbH, Torstraße 140, 10119 Berlin, HRB 201447 B. Datenschutz: datenschutz@passwortsafe.test'),
      ],
      [['Sicherheitseinstellungen', 'https://passwortsafe.test/einstellungen/sicherheit']],
    ),
    null,
    null,
    { why: 'recovery codes to keep, not a code to type now' },
  ),

  m(
    'fr-11-attestation-auto.eml',
    'numbers-no-code',
    'Assurance Mutuelle du Centre <contrats@amc-assurances.test>',
    "Votre attestation d'assurance 2026-2027",
    bank(
      'amc-assurances.test',
      [
        p('Madame Claire Lefèvre,'),
        p("Veuillez trouver ci-dessous les informations de votre nouvelle attestation d'assurance, valable du 01/04/2026 au 31/03/2027."),
        kv([
          ['N° de contrat', 'AUTO 75 0441 7220 R'],
          ['Véhicule', 'Renault Clio V, immatriculée GH-418-TZ'],
          ['N° de série (VIN)', 'VF1RJA00064417722'],
          ['Code assureur', '1044'],
          ['Bonus-malus', '0,57'],
          ['Cotisation annuelle', '612,84 € (prélevée en 12 fois)'],
        ]),
        p(
          "Depuis 2024, la carte verte papier n'est plus envoyée : le Fichier des Véhicules Assurés fait foi. En cas de sinistre, appelez le 09 69 32 44 17 (7j/7).",
        ),
        p('Conducteur secondaire déclaré : Michel Lefèvre, permis n° 750441172209.'),
      ],
      [
        "Assurance Mutuelle du Centre, société d'assurance mutuelle, 12 place Jourdan, 87000 Limoges",
        'Entreprise régie par le Code des assurances - ORIAS 07 004 417',
      ],
    ),
    null,
    null,
    { charset: 'windows-1252' },
  ),

  m(
    'es-11-consola-codigo.eml',
    'otp-distractors',
    'ConsolaNet <cuenta@consolanet.test>',
    'Confirma tu compra',
    card('consolanet.test', [
      h('Confirma que eres tú'),
      p('Se ha solicitado una compra desde la cuenta pablito_gr con el método de pago del administrador familiar (Visa •••• 6120).'),
      rows(
        ['Artículo', 'Precio'],
        [
          ['Pase de temporada "Liga Fútbol 26"', '19,99 €'],
          ['1.050 monedas', '9,99 €'],
          ['IVA incluido (21%)', '5,20 €'],
        ],
      ),
      p('Para autorizar la compra, el administrador debe escribir este código en la consola:'),
      code('62 09 41'),
      p('N.º de pedido 3200-4417-7751. Si no la autorizas en 30 minutos, se cancela sola.'),
      small('ConsolaNet Europe S.L., c/ Serrano 41, 28001 Madrid. CIF B-86044172.'),
    ]),
    '620941',
    null,
  ),

  m(
    'pt-11-convite-streaming.eml',
    'link-invite',
    'Cinema em Casa <ajuda@cinemaemcasa.test>',
    'Foi convidado para o plano familiar',
    promo(
      'cinemaemcasa.test',
      [
        h('Junte-se ao plano da família Santos'),
        p(
          'Rui Santos convidou-o para o plano Família (até 6 perfis, 4 ecrãs em simultâneo, 14,99 €/mês pagos pelo Rui). O seu histórico e a sua lista continuam só seus.',
        ),
        btn('Aceitar convite', `https://cinemaemcasa.test/familia/aceitar?c=${tok('pt11')}`),
        p('Depois de aceitar, pode ligar a TV do quarto com o código que aparecer no ecrã. O convite expira a 20/03/2026.'),
        p('Novidades de março: 12 séries novas, incluindo "Ondas do Norte" (T2, 8 episódios).'),
      ],
      ['Cinema em Casa, Lda., Av. da Liberdade 110, 1269-046 Lisboa, NIPC 514 417 220'],
      { tracked: true },
    ),
    null,
    `https://cinemaemcasa.test/familia/aceitar?c=${tok('pt11')}`,
  ),

  m(
    'it-11-fascicolo-otp.eml',
    'otp-masked',
    'Fascicolo Sanitario Regionale <noreply@fse-regione.test>',
    'Codice di accesso al Fascicolo',
    bank(
      'fse-regione.test',
      [
        p('Gentile assistito/a,'),
        p('per accedere al Fascicolo Sanitario di CONTI ROBERTO (codice fiscale CNT*********412X) come delegato, inserisca il seguente codice:'),
        code('A7K2Q9'),
        p('Il codice è stato inviato anche via SMS al numero +39 3** *** **18 e scade tra 10 minuti.'),
        p('Ultimi documenti: referto ecocardiogramma del 25/03/2026, ricetta dematerializzata NRE 0800A4180337215.'),
      ],
      ['Regione - Assessorato Sanità, Viale Aldo Moro 21, 40127 Bologna', 'Numero verde 800 033 033'],
    ),
    'A7K2Q9',
    null,
    { charset: 'iso-8859-15' },
  ),

  m(
    'nl-11-autoverzekering.eml',
    'numbers-no-code',
    'Polder Verzekeringen <service@polderverzekeringen.test>',
    'Uw nieuwe polis en premie per 1 april',
    mso('polderverzekeringen.test', [
      p('Beste heer De Vries,'),
      p('Uw autoverzekering wordt op 1 april 2026 verlengd. Hieronder de gegevens:'),
      kv([
        ['Polisnummer', 'PV-AUTO-2204417'],
        ['Kenteken', 'R-447-KX (Toyota Yaris Hybrid)'],
        ['Dekking', 'WA + Beperkt Casco'],
        ['Schadevrije jaren', '15 (trede 20)'],
        ['Premie per maand', '€ 41,18 (was € 38,60)'],
        ['Incasso', 'rond de 28e van de maand van NL91 ABNA 0417 1643 00'],
      ]),
      p('U hoeft niets te doen. Pechhulp: 088 441 7220, 24/7 bereikbaar.'),
      sig(['Klantenservice Polder Verzekeringen', 'Postbus 4417, 3500 GK Utrecht', 'AFM-vergunning 12004417, KvK 30044172']),
    ]),
    null,
    null,
    { charset: 'windows-1252' },
  ),

  m(
    'pl-11-zwrot.eml',
    'notice',
    'Mail Delivery System <MAILER-DAEMON@poczta-dom.test>',
    'Undelivered Mail Returned to Sender',
    plain('poczta-dom.test', [
      p(
        "This is the mail system at host smtp.poczta-dom.test.\n\nI'm sorry to have to inform you that your message could not be delivered to one or more recipients.",
      ),
      p('<oddzialowa.interna2@szpital-praski.test>: host mx.szpital-praski.test said: 552 5.2.2 Mailbox full'),
      fwd(
        '----- Wiadomość oryginalna -----',
        ['Od: Ewa Nowak <ewa.nowak@poczta-dom.test>', 'Temat: Zamiana dyżuru 05.04', 'Data: 12.03.2026 22:47'],
        [
          'Pani Oddziałowa, czy mogę zamienić nocny dyżur 05.04 z Kasią (nr 3407)?',
          'Ona bierze moją noc, ja jej dzienny 11.04 (07:00-19:00).',
          'Pozdrawiam, Ewa Nowak, tel. 601 441 720',
        ],
      ),
    ]),
    null,
    null,
    { charset: 'iso-8859-2' },
  ),

  m(
    'tr-11-okul-giris-linki.eml',
    'link-magic',
    'OkulNet <destek@okulnet.test>',
    'Tek tıkla giriş bağlantınız',
    card('okulnet.test', [
      h("OkulNet'e giriş yapın"),
      p(
        'Merhaba Can, velinin telefonundaki uygulama yerine bu bilgisayardan giriş yapmak istedin. Aşağıdaki bağlantı tek kullanımlıktır ve 10 dakika geçerlidir.',
      ),
      btn('Giriş yap', `https://okulnet.test/giris/tek-tik/${tok('tr11', 40)}`),
      p('Bugünkü ödevler: Matematik sf. 112-114, Fizik deney raporu (teslim 19.03). Okul no: 1147, sınıf 10-C.'),
      small('Bu isteği sen yapmadıysan bağlantıya tıklama. OkulNet Eğitim Teknolojileri A.Ş., Alsancak Mah. 1442 Sok. No: 7, 35220 Konak/İzmir'),
    ]),
    null,
    `https://okulnet.test/giris/tek-tik/${tok('tr11', 40)}`,
  ),

  m(
    'ru-11-biblioteka-verify.eml',
    'link-verify',
    'Городская библиотека <chitatel@gorbiblio.test>',
    'Подтвердите регистрацию читателя',
    mso('gorbiblio.test', [
      p('Здравствуйте, Николай Петрович!'),
      p(
        'Вы записались в Центральную городскую библиотеку им. Белинского (ул. Белинского, 15, Екатеринбург) через сайт. Номер читательского билета: 0044-172-209. Получить пластиковый билет можно на абонементе, 2 этаж, окно 4.',
      ),
      p('Чтобы пользоваться электронной библиотекой и продлевать книги онлайн, подтвердите адрес электронной почты по ссылке (она действует 3 дня):'),
      url('', `https://gorbiblio.test/reader/confirm?key=${tok('ru11')}`),
      p('Часы работы: вт-сб 10:00-20:00, вс 10:00-18:00, пн - выходной. Телефон: +7 (343) 304-41-72.'),
      sig(['Отдел обслуживания читателей', 'ЦГБ им. В. Г. Белинского']),
    ]),
    null,
    `https://gorbiblio.test/reader/confirm?key=${tok('ru11')}`,
  ),

  m(
    'uk-11-chek-ihry.eml',
    'non-otp-code',
    'ГраЛайф Магазин <store@gralife.test>',
    'Ваш чек № 44172-0318',
    promo(
      'gralife.test',
      [
        h('Дякуємо за покупку'),
        rows(
          ['Товар', 'Ціна'],
          [
            ['Подарункова картка 500 грн', '500,00 грн'],
            ['Набір скінів "Зимовий"', '189,00 грн'],
            ['ПДВ (20%)', '114,83 грн'],
          ],
        ),
        p('Код подарункової картки (для Максима): GLX4-7Q2T-88KD-W3PZ. Активуйте його в розділі "Погасити код".'),
        p('Оплачено карткою *2209, 13.03.2026 18:40. Номер транзакції 7700441722.'),
      ],
      ['ТОВ "ГраЛайф Україна", ЄДРПОУ 44172209, м. Київ, вул. Хрещатик, 22'],
      { tracked: true },
    ),
    null,
    null,
    { why: 'a gift-card code to redeem, not a one-time code' },
  ),

  m(
    'ar-11-taamin-sayara.eml',
    'numbers-no-code',
    'شركة الأمان للتأمين <policies@alaman-ins.test>',
    'تجديد وثيقة تأمين المركبة',
    bank(
      'alaman-ins.test',
      [
        p('السيد خالد عبد الرحمن المحترم،'),
        p('نود إعلامكم بأنه تم تجديد وثيقة التأمين الشامل لمركبتكم تلقائياً.'),
        kv([
          ['رقم الوثيقة', 'MOT-2026-044172'],
          ['رقم اللوحة', '12-44172'],
          ['رقم الشاصي', 'KMHCT41DAEU441722'],
          ['مدة التأمين', '01/04/2026 - 31/03/2027'],
          ['القسط السنوي', '286.500 دينار'],
          ['خصم عدم المطالبات', '20%'],
        ]),
        p('في حال وقوع حادث يرجى الاتصال بمركز المطالبات على الرقم 06 560 4417 خلال 24 ساعة.'),
      ],
      ['شركة الأمان للتأمين م.ع.م، شارع مكة 88، عمّان، سجل تجاري 4417'],
    ),
    null,
    null,
    { charset: 'windows-1256' },
  ),

  m(
    'he-11-tv-code.eml',
    'otp-alnum',
    'סלון פלוס <support@salonplus.test>',
    'חיבור הטלוויזיה לחשבון',
    card('salonplus.test', [
      h('כמעט סיימנו'),
      p('כדי לחבר את הטלוויזיה בחדר של איתי לחשבון המשפחתי, הקלידו את הקוד הבא במסך הטלוויזיה:'),
      cells('M4RT7J'),
      p('פרופיל ילדים יוגדר אוטומטית (עד גיל 12). מספר מנוי: 7730-4417, חבילה: משפחה 4 מסכים, 59.90 ש"ח לחודש.'),
      small('סלון פלוס בע"מ, רחוב הברזל 30, תל אביב. שירות לקוחות *4417.'),
    ]),
    'M4RT7J',
    null,
  ),

  m(
    'hi-11-admit-card.eml',
    'non-otp-code',
    'परीक्षा बोर्ड <admitcard@pariksha-board.test>',
    'कक्षा 10 बोर्ड परीक्षा प्रवेश पत्र जारी',
    mso('pariksha-board.test', [
      p('प्रिय आरव शर्मा,'),
      p('कक्षा 10 बोर्ड परीक्षा 2026 के लिए आपका प्रवेश पत्र जारी कर दिया गया है।'),
      kv([
        ['रोल नंबर', '20441722'],
        ['पंजीकरण संख्या', 'B/2024/0441772'],
        ['परीक्षा केंद्र कोड', '7204'],
        ['केंद्र', 'राजकीय सर्वोदय विद्यालय, सेक्टर 6, द्वारका, नई दिल्ली 110075'],
      ]),
      rows(
        ['तारीख', 'विषय', 'समय'],
        [
          ['18/03/2026', 'गणित (041)', '10:30-13:30'],
          ['21/03/2026', 'विज्ञान (086)', '10:30-13:30'],
          ['25/03/2026', 'हिंदी (002)', '10:30-13:30'],
        ],
      ),
      p('प्रवेश पत्र स्कूल से हस्ताक्षर करवाकर ही परीक्षा में ले जाएँ। हेल्पलाइन: 1800 11 8002'),
    ]),
    null,
    null,
  ),

  m(
    'vi-11-emergency-kit.eml',
    'notice',
    'Két Mật Khẩu <baomat@ketmatkhau.test>',
    'Bộ khẩn cấp của bạn đã sẵn sàng',
    card('ketmatkhau.test', [
      h('Hãy in và cất bộ khẩn cấp'),
      p(
        'Tài khoản gia đình của chị Lan đã được tạo. Bộ khẩn cấp (Emergency Kit) đính kèm chứa Khóa bí mật của bạn. Bạn sẽ cần nó khi đăng nhập trên thiết bị mới.',
      ),
      pre('Địa chỉ:     lan.tran@thudientu.test\nKhóa bí mật: A3-7QK2TF-X9MW4R-HP8ZL-2NCV6-YD44B-RT7KE'),
      p('Không cần nhập gì ngay bây giờ. Nhóm gia đình: 3 thành viên, 2 kho dùng chung.'),
      small('Két Mật Khẩu, 12 Nguyễn Huệ, Q.1, TP.HCM'),
    ]),
    null,
    null,
    { why: 'a secret key to keep for later, not a one-time code' },
  ),

  m(
    'th-11-chuan-klum.eml',
    'link-invite',
    'ชมรมผู้สูงอายุ <club@senior-club.test>',
    'คำเชิญเข้าร่วมกลุ่มชมรม',
    promo(
      'senior-club.test',
      [
        h('เชิญเข้าร่วมกลุ่มชมรมผู้สูงอายุหมู่บ้านสุขสันต์'),
        p('คุณสมใจ ประธานชมรม เชิญคุณสมชายเข้ากลุ่มออนไลน์ของชมรม เพื่อรับข่าวกิจกรรม เช่น รำไม้พลองทุกเช้าวันอังคาร 6:00 น. และตรวจสุขภาพฟรีวันที่ 28 มี.ค.'),
        btn('ตอบรับคำเชิญ', `https://senior-club.test/group/accept/${tok('th11')}`),
        p('ค่าบำรุงชมรมปีละ 120 บาท โทร 081 441 7220'),
      ],
      ['ชมรมผู้สูงอายุหมู่บ้านสุขสันต์ 44/17 ซอยรามอินทรา 40 กรุงเทพฯ 10230'],
      { tracked: true },
    ),
    null,
    `https://senior-club.test/group/accept/${tok('th11')}`,
  ),

  m(
    'id-11-restitusi.eml',
    'notice',
    'Pajak Online <noreply@pajak-online.test>',
    'Pengembalian kelebihan pajak telah ditransfer',
    bank(
      'pajak-online.test',
      [
        p('Yth. Rina Santoso,'),
        p('Kelebihan pembayaran pajak penghasilan tahun 2025 telah dikembalikan ke rekening Anda.'),
        kv([
          ['NPWP', '44.172.209.1-018.000'],
          ['Nomor SKPLB', '00044/406/25/018/26'],
          ['Jumlah', 'Rp 1.284.000'],
          ['Rekening tujuan', 'Bank Nusantara ***-**-4471882-*'],
          ['Tanggal transfer', '12/06/2026'],
        ]),
        p('Tidak ada tindakan yang diperlukan. Simpan email ini sebagai bukti.'),
      ],
      ['Kring Pajak 1500 200'],
    ),
    null,
    null,
  ),

  m(
    'ja-11-router.eml',
    'numbers-no-code',
    'ひかりネット 開通センター <kaitsu@hikari-net.test>',
    '開通工事完了とWi-Fi設定情報のお知らせ',
    plain('hikari-net.test', [
      p('佐藤 美咲 様'),
      p('3月14日(土)の開通工事が完了しました。ご契約内容と機器の設定情報は以下のとおりです。'),
      pre(
        'お客様ID       : HN-0441722\nご契約         : ファミリー 10ギガ (月額 5,720円)\nルーター       : HGW-X44 (製造番号 2209-4417-7730)\nSSID           : hikari-4417-a\n暗号化キー     : 7f3k9q2mwx4p\n管理画面       : 192.168.1.1',
      ),
      p('暗号化キーは機器側面のシールにも記載されています。ご不明点は 0120-44-1722 まで。'),
    ]),
    null,
    null,
    { charset: 'iso-2022-jp', cte: '7bit', why: 'a Wi-Fi key printed on the router, not a one-time code' },
  ),

  m(
    'ko-11-reset.eml',
    'link-reset',
    '시험대비 앱 <help@siheom-app.test>',
    '비밀번호 재설정 안내',
    mso('siheom-app.test', [
      p('김민준 학생, 안녕하세요.'),
      p(
        '학부모 계정(보호자 김지은)에서 자녀 계정 minjun_11 의 비밀번호 재설정을 요청했습니다. 아래 링크를 눌러 새 비밀번호를 만들어 주세요. 링크는 1시간 동안 한 번만 사용할 수 있습니다.',
      ),
      url('', `https://siheom-app.test/account/reset?token=${tok('ko11')}`),
      p('이번 주 모의고사: 3월 19일(목) 수학 45문항, 응시번호 10-2204-17. 오답노트 32개가 남아 있습니다.'),
      sig(['시험대비 앱 고객센터', '1588-4417 (평일 10:00-18:00)']),
    ]),
    null,
    `https://siheom-app.test/account/reset?token=${tok('ko11')}`,
    { charset: 'euc-kr' },
  ),

  m(
    'zh-Hans-11-xiaoyuan.eml',
    'otp-subject',
    '校园通 <noreply@xiaoyuantong.test>',
    '【校园通】您的验证码为 771204，5分钟内有效',
    min('xiaoyuantong.test', [
      p('尊敬的家长：'),
      p('您正在为王小宇（初二3班）绑定家长账号，请在页面输入短信和邮件标题中的验证码。'),
      p('本学期校服费 380 元、午餐费 1,260 元将于 3 月 20 日统一扣款。'),
      p('校园通客服 400-044-1722'),
    ]),
    '771204',
    null,
    { charset: 'gbk', why: 'the code is in the subject only' },
  ),

  m(
    'zh-Hant-11-tv-done.eml',
    'notice',
    '影音宅 <service@yinyinzhai.test>',
    '新裝置已連結您的帳戶',
    card('yinyinzhai.test', [
      p('您已於 2026/03/13 20:41 使用連結碼 HQ7K2P 將「客廳 Android TV」連結至帳戶。此連結碼已失效，無須再次輸入。'),
      kv([
        ['方案', '家庭方案（4 個螢幕）'],
        ['月費', 'NT$ 390'],
        ['下次扣款', '2026/04/05，信用卡末四碼 4417'],
      ]),
      a('若非您本人操作，', '請移除此裝置', 'https://yinyinzhai.test/account/devices'),
    ]),
    null,
    null,
    { charset: 'big5', why: 'the pairing code was already used' },
  ),
];
