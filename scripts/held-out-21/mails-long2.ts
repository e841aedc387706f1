import type { Mail } from '../held-out-3/types.js';
import { a, bank, btn, card, cells, code, fwd, h, kv, m, min, mso, p, plain, pre, promo, quote, rows, sig, small, tok, url } from './mail.js';

// More long mails, one for each language the first long batch left at nine.
export const LONG2: Mail[] = [
  m(
    'pt-10-fatura-portagens.eml',
    'numbers-no-code',
    'Via Rápida <faturas@viarapida.example>',
    'Extrato de portagens - março 2026 - contrato 44120-7',
    bank(
      'viarapida.example',
      [
        h('Extrato mensal'),
        rows(
          ['Data', 'Entrada', 'Saída', 'Classe', 'Valor'],
          [
            ['03/03', 'Lisboa (Alverca)', 'Porto (Maia)', '1', '24,65 EUR'],
            ['06/03', 'Porto (Maia)', 'Lisboa (Alverca)', '1', '24,65 EUR'],
            ['18/03', 'Ponte 25 de Abril', '-', '1', '2,15 EUR'],
            ['19/03', 'A22 Loulé', 'A22 Faro', '1', '1,90 EUR'],
          ],
        ),
        kv([
          ['Total', '53,35 EUR'],
          ['Identificador', '0071-4482-2209'],
          ['Matrícula', 'AA-12-BC'],
          ['Débito direto', 'IBAN PT50 **** **** **** **** 1882 1'],
          ['Data de débito', '08/04/2026'],
          ['Referência ADC', 'VR-44120-7-0326'],
        ]),
        p('Pode consultar o detalhe de cada passagem na área de cliente. Este extrato não é uma fatura; a fatura-recibo é emitida após o débito.'),
      ],
      ['Via Rápida - Serviços de Portagem, S.A., NIPC 504 118 447, Rua Castilho 5, 1250-066 Lisboa'],
    ),
    null,
    null,
    { charset: 'iso-8859-15' },
  ),
  m(
    'it-10-assicurazione.eml',
    'link-magic',
    'Polizza Viaggio <accesso@polizzaviaggio.example>',
    "Il tuo link di accesso all'area clienti",
    card(
      'polizzaviaggio.example',
      [
        h('Accedi senza password'),
        p(
          "Ciao Daniel,\nhai chiesto di accedere all'area clienti per aprire una pratica di rimborso sulla polizza PV-2026-118447 (bagaglio in ritardo, volo SR 105 del 24/04).",
        ),
        btn('Accedi ora', `https://area.polizzaviaggio.example/accesso/${tok('it10', 36)}`),
        p(
          'Il link è valido 15 minuti e può essere usato una sola volta. Per la pratica tieni pronti: PIR (rapporto irregolarità bagaglio) FUKSR44718, scontrini degli acquisti di prima necessità, IBAN.',
        ),
        small('Massimale bagaglio 1.500 EUR, franchigia 50 EUR. Assistenza 24/7: +39 02 3033 4471.'),
      ],
      ['Polizza Viaggio S.p.A., Via della Moscova 3, 20121 Milano - IVASS D000118447'],
    ),
    null,
    `https://area.polizzaviaggio.example/accesso/${tok('it10', 36)}`,
  ),
  m(
    'nl-10-verzekering-fwd.eml',
    'non-otp-code',
    'Sanne de Vries <sanne.devries@corvid-systems.example>',
    'FW: Groepsreis Benelux-team naar Seoul - gegevens',
    mso(
      'corvid-systems.example',
      [
        p('Hoi allemaal,'),
        p('Hieronder de bevestiging van het reisbureau. Check-in online kan met het boekingsnummer; de groepscode is alleen voor het reisbureau.'),
        fwd(
          'From: Lumen Travel Desk <trips@lumentravel.example>\nSent: donderdag 19 maart 2026 14:02',
          ['Subject: Groepsboeking CORVID-BNL-26'],
          [
            'Groepscode: CORVID-BNL-26',
            'Boekingsnummer: R8WQ2L (8 reizigers)',
            'Heen: KL 855 AMS 14:40 - ICN 09:15+1 op 21 maart',
            'Terug: KL 856 ICN 11:20 - AMS 16:30 op 28 maart',
            'Hotel: Nine Tree Myeongdong, groepsbevestiging 88201700-08',
            'Reisverzekering collectief: polis 2026-GR-4471',
          ],
        ),
        sig(['Sanne de Vries | Office Manager Benelux', 'Corvid Systems B.V. | Wilhelminakade 91, 3072 AP Rotterdam']),
      ],
      [],
    ),
    null,
    null,
  ),
  m(
    'uk-10-stale-fwd.eml',
    'numbers-no-code',
    'Даніель Окафор <dan.okafor@corvid-systems.example>',
    'Fwd: Рахунок за оренду авто, Львів',
    plain(
      'corvid-systems.example',
      [
        p('Олено, для бухгалтерії: рахунок за авто на час поїздки. Дякую!'),
        fwd(
          '---------- Переслане повідомлення ---------',
          ['Від: Прокат Захід <rent@prokat-zakhid.example>', 'Дата: 05.04.2026 12:10'],
          [
            'Рахунок-фактура № ПЗ-2026-0418',
            'Договір оренди: 4471/26',
            'Автомобіль: Skoda Octavia, номер BC 1188 KT',
            'Період: 03.04.2026 08:00 - 05.04.2026 11:40',
            'Пробіг: 412 км',
            'Сума: 4 860,00 грн, у т.ч. ПДВ 810,00 грн',
            'IBAN: UA21 3223 1300 0002 6007 2335 6600 1',
            'ЄДРПОУ 40118447',
          ],
        ),
      ],
      [],
    ),
    null,
    null,
    { charset: 'windows-1251' },
  ),
  m(
    'he-10-thread.eml',
    'otp-service',
    'אפליקציית קורקינט <noreply@korkinet.example>',
    'קוד האימות שביקשת (הקוד הקודם בוטל)',
    card(
      'korkinet.example',
      [
        h('קוד חדש'),
        p('שלום דניאל,\nביקשת קוד נוסף, ולכן הקוד ששלחנו לפני 3 דקות כבר אינו פעיל. הזן באפליקציה את הקוד הזה:'),
        code('640 819'),
        kv([
          ['מספר טלפון', '054-***-**18'],
          ['אזור', 'תל אביב - יפו'],
          ['תעריף', '3 ש"ח פתיחה + 0.79 ש"ח לדקה'],
          ['קוד הטבה פעיל', 'SPRING10 (אינו קוד אימות)'],
        ]),
        p('הקוד בתוקף 5 דקות. אל תעביר אותו לאף אחד.'),
      ],
      ['קורקינט בע"מ, דרך מנחם בגין 132, תל אביב'],
    ),
    '640819',
    null,
  ),
  m(
    'hi-10-hotel-invite.eml',
    'link-invite',
    'होटल क्लब <members@hotelclub.example>',
    'आपको कॉर्पोरेट खाते में जोड़ा गया है - निमंत्रण स्वीकार करें',
    promo(
      'hotelclub.example',
      [
        h('कॉर्पोरेट दरें अब आपके लिए'),
        p('Corvid Systems के यात्रा प्रबंधक ने आपको होटल क्लब के कॉर्पोरेट खाते (खाता संख्या HC-CORP-44120) में यात्री के रूप में जोड़ा है।'),
        btn('निमंत्रण स्वीकार करें', `https://hotelclub.example/corporate/join?i=${tok('hi10')}`),
        rows(
          ['शहर', 'कॉर्पोरेट दर (प्रति रात)'],
          [
            ['दिल्ली एरोसिटी', '₹ 7,800'],
            ['बेंगलुरु व्हाइटफ़ील्ड', '₹ 6,950'],
            ['मुंबई BKC', '₹ 9,400'],
          ],
        ),
        p('निमंत्रण 14 दिन में समाप्त हो जाएगा। प्रश्नों के लिए: 1800 118 4471'),
      ],
      ['होटल क्लब इंडिया प्रा. लि., गुरुग्राम 122002'],
      { tracked: true },
    ),
    null,
    `https://hotelclub.example/corporate/join?i=${tok('hi10')}`,
  ),
  m(
    'vi-10-bay-doi.eml',
    'numbers-no-code',
    'Bông Sen Club <club@bongsen.example>',
    'Thay đổi lịch bay - mã đặt chỗ QK7TZ2',
    card(
      'bongsen.example',
      [
        h('Chuyến bay của quý khách đã thay đổi'),
        p(
          'Kính gửi ông Daniel Okafor,\ndo điều chỉnh khai thác, chuyến bay của quý khách đã được đổi giờ. Quý khách không cần làm gì thêm nếu đồng ý với lịch mới.',
        ),
        rows(
          ['', 'Chuyến bay', 'Khởi hành', 'Đến'],
          [
            ['Cũ', 'BS 251', '14/04 07:00 SGN', '09:10 HAN'],
            ['Mới', 'BS 255', '14/04 08:30 SGN', '10:40 HAN'],
          ],
        ),
        kv([
          ['Mã đặt chỗ', 'QK7TZ2'],
          ['Số vé', '738-2412044718'],
          ['Ghế', '9C (giữ nguyên)'],
          ['Hành lý', '23 kg'],
        ]),
        small('Tổng đài 1900 1100 - Hãng hàng không Bông Sen, 200 Nguyễn Sơn, Long Biên, Hà Nội.'),
      ],
      [],
    ),
    null,
    null,
  ),
  m(
    'th-10-approve.eml',
    'link-approve',
    'ระบบลงชื่อเข้าใช้องค์กร <sso@corvid-systems.example>',
    'อนุมัติการเข้าสู่ระบบจากอุปกรณ์ใหม่',
    bank(
      'corvid-systems.example',
      [
        h('มีการขอเข้าสู่ระบบจากอุปกรณ์ใหม่'),
        kv([
          ['บัญชี', 'd.okafor'],
          ['อุปกรณ์', 'MacBook Air, Safari'],
          ['ตำแหน่ง', 'เชียงใหม่ ประเทศไทย'],
          ['เวลา', '19/04/2026 08:41 (GMT+7)'],
          ['หมายเลขคำขอ', 'REQ-55120'],
        ]),
        btn('ใช่ ฉันเอง - อนุมัติ', `https://sso.corvid-systems.example/approve?r=${tok('th10')}`),
        p('หากไม่ใช่คุณ อย่ากดปุ่มใดๆ และโทรแจ้งฝ่ายไอที ต่อ 4357 คำขอนี้จะหมดอายุใน 10 นาที'),
      ],
      ['Corvid Systems (Thailand) Co., Ltd.'],
    ),
    null,
    `https://sso.corvid-systems.example/approve?r=${tok('th10')}`,
    { charset: 'tis-620' },
  ),
  m(
    'id-10-rental-mobil.eml',
    'otp-distractors',
    'Rental Nusa <akun@rentalnusa.example>',
    'Kode verifikasi untuk mengambil mobil',
    card(
      'rentalnusa.example',
      [
        h('Ambil mobil tanpa antre'),
        p('Halo Daniel,\nmobil untuk pemesanan RN-2026-04-7712 sudah siap di Bandara Ngurah Rai, parkir P2 lantai 1, slot 44.'),
        kv([
          ['Mobil', 'Toyota Avanza, B 1188 KTA'],
          ['Ambil', '22/04/2026 14:00'],
          ['Kembali', '25/04/2026 12:00'],
          ['Deposit', 'Rp 1.000.000 (kartu ****0932)'],
        ]),
        p('Masukkan kode berikut di aplikasi untuk membuka kunci digital:'),
        cells('740251'),
        p('Kode berlaku 30 menit. Nomor darurat 24 jam: +62 361 447 118.'),
      ],
      ['PT Rental Nusa, Jl. Bypass Ngurah Rai 118, Denpasar 80361'],
    ),
    '740251',
    null,
  ),
  m(
    'zh-Hant-10-scooter.eml',
    'otp-subject',
    '騎乘共享 <noreply@qicheng.example>',
    '騎乘共享驗證碼 338105（請勿轉傳）',
    bank(
      'qicheng.example',
      [
        h('帳戶安全通知'),
        p('您正在以新手機登入騎乘共享。請在 App 中輸入本郵件主旨所列的驗證碼，10 分鐘內有效。'),
        kv([
          ['會員編號', 'QC-0044-7120'],
          ['綁定信用卡', '****-****-****-7713'],
          ['方案', '月租 NT$ 299，前 30 分鐘免費'],
          ['最近騎乘', '05/11 站點 1188 市府站 - 站點 0421 松山車站'],
        ]),
        small('客服專線 0800-447-118。本公司不會以電話索取驗證碼。'),
      ],
      ['騎乘共享股份有限公司 台北市信義區市府路 45 號'],
    ),
    '338105',
    null,
    { charset: 'big5' },
  ),
];
