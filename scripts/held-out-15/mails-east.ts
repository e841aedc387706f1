// Polish, Turkish, Russian and Ukrainian mails of held-out-15.
import type { Mail } from '../held-out-3/types.js';
import { a, bank, btn, card, code, h, kv, m, min, mso, p, plain, pre, promo, small, stores, tok, url } from './mail.js';

// ---- pl ----------------------------------------------------------------------------------------------
const plActivate = `https://e-dziennik.szkola-podstawowa-12.example.pl/aktywacja?klucz=${tok('pl-03', 40)}`;
const plReset = `https://konto.targowo.pl/haslo/nowe/${tok('pl-04', 44)}`;
const plInvite = `https://app.zadaniownik.pl/zaproszenia/${tok('pl-10', 24)}/przyjmij`;

const PL: Mail[] = [
  m(
    'pl-01-targowo-kod.eml',
    'otp-service',
    'Targowo <powiadomienia@targowo.pl>',
    'Potwierdź, że to Ty',
    card(
      'targowo.pl',
      [
        p('Cześć!'),
        p('Logujesz się na nowym urządzeniu. Przepisz kod weryfikacyjny na stronie logowania:'),
        code('903516'),
        p('Kod jest ważny przez 15 minut. Jeśli to nie Ty, zmień hasło.'),
        small('Twoje ostatnie zamówienie: nr 1188-4421-0097, Smart Kids Sp. z o.o., 129,99 zł.'),
      ],
      ['Targowo sp. z o.o. | ul. Grunwaldzka 182 | 60-166 Poznań | KRS 0000635012 | NIP 779-24-66-118'],
    ),
    '903516',
    null,
    { charset: 'iso-8859-2', cte: 'quoted-printable' },
  ),
  m(
    'pl-02-bank-kod-autoryzacyjny.eml',
    'otp-bank',
    'Bank Wiślany <powiadomienia@bankwislany.example>',
    'Kod autoryzacyjny do przelewu',
    bank(
      'bankwislany.example',
      [
        h('Autoryzacja przelewu'),
        kv([
          ['Odbiorca', 'Wspólnota Mieszkaniowa Lipowa 7'],
          ['Na rachunek', '61 1090 1014 **** **** **** 2207'],
          ['Kwota', '842,17 PLN'],
          ['Tytuł', 'Czynsz 04/2026 lokal 12'],
        ]),
        p('Kod autoryzacyjny (operacja nr 7):'),
        code('55183027'),
        p('Sprawdź dane odbiorcy przed wpisaniem kodu. Bank nigdy nie prosi o kod telefonicznie.'),
      ],
      ['Bank Wiślany S.A. · al. Jana Pawła II 17 · 00-854 Warszawa · KRS 0000008723 · Kapitał zakładowy 1 021 893 140 zł'],
    ),
    '55183027',
    null,
    { charset: 'windows-1250' },
  ),
  m(
    'pl-03-dziennik-aktywacja.eml',
    'link-verify',
    'Dziennik Szkolny SP 12 <noreply@szkola-podstawowa-12.example.pl>',
    'Aktywacja konta rodzica',
    mso(
      'szkola-podstawowa-12.example.pl',
      [
        p('Szanowni Państwo,'),
        p(
          'szkoła założyła konto rodzica w dzienniku elektronicznym dla ucznia klasy 3c (nr w dzienniku: 17). Aby ustawić hasło i aktywować konto, kliknij w poniższy link:',
        ),
        url('', plActivate),
        p('Link jest ważny 7 dni. W razie problemów: sekretariat, tel. 22 615 40 12.'),
      ],
      ['Szkoła Podstawowa nr 12 im. M. Konopnickiej | ul. Kasprzaka 19 | 01-211 Warszawa'],
    ),
    null,
    plActivate,
    { charset: 'iso-8859-2' },
  ),
  m(
    'pl-04-reset-hasla.eml',
    'link-reset',
    'Targowo <powiadomienia@targowo.pl>',
    'Ustaw nowe hasło',
    card(
      'targowo.pl',
      [
        p('Otrzymaliśmy prośbę o zmianę hasła do konta qa_sprzedawca_pl.'),
        btn('Ustaw nowe hasło', plReset),
        p('Link wygaśnie za 2 godziny. Jeśli to nie Ty, zignoruj tę wiadomość.'),
      ],
      ['Targowo sp. z o.o. · ul. Grunwaldzka 182 · 60-166 Poznań'],
    ),
    null,
    plReset,
  ),
  m(
    'pl-05-kod-w-temacie.eml',
    'otp-subject',
    'Kolejka.pl <logowanie@kolejka.pl>',
    'Kod logowania 274 018 - Kolejka.pl',
    min('kolejka.pl', [p('Wpisz kod z tematu wiadomości, aby się zalogować. Ważny 5 minut.'), p('Kolejka.pl - rezerwacje wizyt w urzędach i przychodniach')]),
    '274018',
    null,
  ),
  m(
    'pl-06-paczkomat-kod-odbioru.eml',
    'non-otp-code',
    'Paczkobox <info@paczkobox.pl>',
    'Paczka czeka w Paczkoboxie WAW214M',
    card(
      'paczkobox.pl',
      [
        h('Twoja paczka jest już w automacie'),
        kv([
          ['Numer paczki', '682000012345678901234567'],
          ['Automat', 'WAW214M, ul. Marszałkowska 104, 00-017 Warszawa'],
          ['Kod odbioru', '482913'],
          ['Odbierz do', '11.04.2026, 14:20'],
        ]),
        p('Wpisz numer telefonu i kod odbioru na ekranie automatu albo otwórz skrytkę w aplikacji.'),
        stores('paczkobox.pl'),
      ],
      ['Paczkobox sp. z o.o. · ul. Malborska 130 · 30-624 Kraków'],
    ),
    null,
    null,
    { why: 'a pick-up code typed at a parcel machine' },
  ),
  m(
    'pl-07-faktura-telekom.eml',
    'numbers-no-code',
    'Telefonia Wisła <e-faktura@telwisla.pl>',
    'E-faktura FV/2026/03/441827',
    bank(
      'telwisla.pl',
      [
        h('Faktura za marzec 2026'),
        kv([
          ['Numer faktury', 'FV/2026/03/441827'],
          ['Numer klienta', '3.1187204'],
          ['Do zapłaty', '69,99 zł'],
          ['Termin płatności', '20.04.2026'],
          ['Rachunek do wpłat', '27 1140 2004 0000 3202 7718 2241'],
        ]),
        p('Fakturę w PDF znajdziesz w załączniku oraz w Strefie Klienta.'),
      ],
      ['Telefonia Wisła S.A. | ul. Żwirki i Wigury 16 | 02-092 Warszawa | NIP 526-02-50-995 | REGON 012100784 | KRS 0000030852'],
    ),
    null,
    null,
    { charset: 'iso-8859-2' },
  ),
  m(
    'pl-08-haslo-zmienione.eml',
    'notice',
    'Kolejka.pl <bezpieczenstwo@kolejka.pl>',
    'Hasło zostało zmienione',
    min('kolejka.pl', [
      p('Dzień dobry,'),
      p('hasło do Twojego konta zostało zmienione 02.04.2026 o 13:07 (Chrome, Kraków).'),
      p('Jeśli to nie Ty, natychmiast skontaktuj się z nami: pomoc@kolejka.pl, tel. 12 345 67 89.'),
    ]),
    null,
    null,
  ),
  m(
    'pl-09-upo-deklaracja.eml',
    'numbers-no-code',
    'e-Deklaracje <powiadomienia@e-deklaracje.example.gov.pl>',
    'Urzędowe Poświadczenie Odbioru (UPO) - PIT-37 za 2025',
    mso(
      'e-deklaracje.example.gov.pl',
      [
        p('Twoje zeznanie zostało przyjęte.'),
        kv([
          ['Numer referencyjny', '4c1d7a9e0b3f28c6a5d1e0f7b9c2a481'],
          ['Formularz', 'PIT-37 (30)'],
          ['Data wpływu', '28.03.2026 21:44:07'],
          ['Kwota zwrotu', '1 248,00 zł'],
        ]),
        p('UPO w formacie PDF jest dostępne w e-Urzędzie Skarbowym.'),
      ],
      ['Krajowa Informacja Skarbowa · tel. 22 330 03 30'],
    ),
    null,
    null,
  ),
  m(
    'pl-10-zaproszenie-zespol.eml',
    'link-invite',
    'Zadaniownik <zaproszenia@zadaniownik.pl>',
    'Zaproszenie do przestrzeni "Testy regresji"',
    card(
      'zadaniownik.pl',
      [
        p('Katarzyna Nowak zaprasza Cię do przestrzeni "Testy regresji" (18 członków).'),
        btn('Przyjmij zaproszenie', plInvite),
        small('Zaproszenie wygasa po 7 dniach.'),
      ],
      ['Zadaniownik sp. z o.o. · ul. Piotrkowska 148 · 90-063 Łódź'],
    ),
    null,
    plInvite,
  ),
];

// ---- tr ----------------------------------------------------------------------------------------------
const trVerify = `https://hesap.bilet-durak.com.tr/dogrula?anahtar=${tok('tr-03', 36)}`;
const trInvite = `https://ekip.isakisi.com/davet/${tok('tr-04', 28)}/kabul`;
const trApprove = `https://guvenlik.pazarsepet.com/oturum/onayla?id=${tok('tr-10', 32)}`;

const TR: Mail[] = [
  m(
    'tr-01-pazaryeri-dogrulama.eml',
    'otp-service',
    'Pazarsepet <bilgi@pazarsepet.com>',
    'Pazarsepet doğrulama kodunuz',
    card(
      'pazarsepet.com',
      [
        p('Merhaba,'),
        p('Hesabınızı oluşturmak için aşağıdaki doğrulama kodunu ilgili alana girin:'),
        code('316804'),
        p('Kod 3 dakika geçerlidir. Bu kodu kimseyle paylaşmayın; Pazarsepet çalışanları sizden kod istemez.'),
      ],
      ['Pazarsepet Elektronik Ticaret A.Ş. · Büyükdere Cad. No:201 Levent/İstanbul · Mersis No: 0733041822500015'],
    ),
    '316804',
    null,
    { charset: 'iso-8859-9', cte: 'quoted-printable' },
  ),
  m(
    'tr-02-3d-secure.eml',
    'otp-bank',
    'Anadolu Katılım Bankası <bilgilendirme@anadolukatilim.example>',
    '3D Secure doğrulama şifreniz',
    bank(
      'anadolukatilim.example',
      [
        h('İnternet alışverişi onayı'),
        p('**** **** **** 5281 numaralı kartınızla yaptığınız işlem için 3D Secure şifreniz:'),
        code('749102'),
        kv([
          ['İş yeri', 'TEKNOPARK BILISIM ISTANBUL'],
          ['Tutar', '1.249,90 TL'],
          ['Tarih', '15.03.2026 22:18'],
        ]),
        p('Bu işlemi siz yapmadıysanız 0850 222 0 555 numaralı hattımızı arayın.'),
      ],
      ['Anadolu Katılım Bankası A.Ş. · Saray Mah. Dr. Adnan Büyükdeniz Cad. No:6 Ümraniye/İstanbul · Ticaret Sicil No: 412870'],
    ),
    '749102',
    null,
    { charset: 'windows-1254' },
  ),
  m(
    'tr-03-otobus-bilet-dogrula.eml',
    'link-verify',
    'Bilet Durak <uyelik@bilet-durak.com.tr>',
    'E-posta adresinizi doğrulayın',
    min('bilet-durak.com.tr', [
      p('Merhaba,'),
      p('Bilet Durak üyeliğinizi tamamlamak için e-posta adresinizi doğrulayın. Doğrulama sonrası ilk biletinizde %10 indirim hesabınıza tanımlanır.'),
      a('', 'E-posta adresimi doğrula', trVerify),
      p('Müşteri hizmetleri: 444 0 732'),
    ]),
    null,
    trVerify,
  ),
  m(
    'tr-04-ekip-davet.eml',
    'link-invite',
    'İşakışı <davet@isakisi.com>',
    'Emre Kaya sizi "Mobil Test" ekibine davet etti',
    card(
      'isakisi.com',
      [
        h('Ekibe katılın'),
        p('Emre Kaya sizi İşakışı üzerindeki "Mobil Test" ekibine davet etti. Ekipte 9 kişi ve 3 aktif sprint var.'),
        btn('Daveti kabul et', trInvite),
        small('Bu davet 5 gün sonra geçersiz olur.'),
      ],
      ['İşakışı Yazılım A.Ş. · Teknopark İstanbul, Pendik'],
    ),
    null,
    trInvite,
  ),
  m(
    'tr-05-kargo-kod-gruplu.eml',
    'otp-separated',
    'Hızlı Kargo <musteri@hizlikargo.com.tr>',
    'Teslimat adresi değişikliği onay kodu',
    card(
      'hizlikargo.com.tr',
      [
        p('2026031187442 takip numaralı gönderinizin teslimat adresini değiştirmek istediniz.'),
        p('Onay kodunuz:'),
        code('62 84 19'),
        p('Yeni adres: Moda Cad. No:118 D:4, 34710 Kadıköy/İstanbul'),
      ],
      ['Hızlı Kargo A.Ş. · Çağrı merkezi 444 0 449'],
    ),
    '628419',
    null,
  ),
  m(
    'tr-06-yemek-indirim-kodu.eml',
    'non-otp-code',
    'Lezzetkapı <kampanya@lezzetkapi.com>',
    'Hafta sonuna özel 75 TL indirim',
    promo(
      'lezzetkapi.com',
      [
        h('Hafta sonu keyfi sizden, indirim bizden'),
        p('250 TL ve üzeri siparişlerinizde geçerli indirim kodunuz:'),
        code('HAFTASONU75'),
        p('Son kullanım: 30.03.2026 23:59. Kampanya no: LK-26-0328.'),
        btn('Sipariş ver', 'https://lezzetkapi.com/kampanya/haftasonu'),
      ],
      ['Lezzetkapı Gıda Hizmetleri A.Ş. · Maslak Mah. Eski Büyükdere Cad. No:9 Sarıyer/İstanbul'],
      { tracked: true },
    ),
    null,
    null,
  ),
  m(
    'tr-07-e-arsiv-fatura.eml',
    'numbers-no-code',
    'Pazarsepet e-Fatura <efatura@pazarsepet.com>',
    'e-Arşiv Faturanız: PZS2026000441827',
    plain(
      'pazarsepet.com',
      [
        p('Sayın Müşterimiz,'),
        p('Siparişinize ait e-Arşiv faturanız oluşturulmuştur.'),
        pre(
          'Fatura No : PZS2026000441827\nETTN      : 8f1c2e4a-77b0-4d1e-9a3c-51e2f0b84d17\nTarih     : 18.03.2026\nTutar     : 689,00 TL (KDV dahil)\nVKN       : 7330418225\nVergi D.  : Büyük Mükellefler',
        ),
        p('Faturanızı "Siparişlerim" sayfasından indirebilirsiniz.'),
      ],
      ['Pazarsepet Elektronik Ticaret A.Ş. · Mersis No: 0733041822500015'],
    ),
    null,
    null,
    { charset: 'windows-1254', cte: 'quoted-printable' },
  ),
  m(
    'tr-08-yeni-giris.eml',
    'notice',
    'Bilet Durak <guvenlik@bilet-durak.com.tr>',
    'Hesabınıza yeni bir cihazdan giriş yapıldı',
    min('bilet-durak.com.tr', [
      p('Merhaba,'),
      p("Hesabınıza 21.03.2026 saat 09:14'te Ankara'dan (IP: 85.105.47.12) iPhone cihazıyla giriş yapıldı."),
      p('Bu giriş size ait değilse şifrenizi değiştirmenizi öneririz.'),
    ]),
    null,
    null,
  ),
  m(
    'tr-09-ucus-pnr.eml',
    'non-otp-code',
    'Anadolu Kanat <rezervasyon@anadolukanat.example>',
    'Rezervasyonunuz onaylandı - PNR: TK7QZ2',
    card(
      'anadolukanat.example',
      [
        h('İyi uçuşlar!'),
        kv([
          ['PNR', 'TK7QZ2'],
          ['Uçuş', 'AK 2114 · İstanbul SAW 07:35 → İzmir ADB 08:50'],
          ['Tarih', '04.04.2026'],
          ['Koltuk', '14C'],
          ['Bilet no', '624-2104881730'],
        ]),
        p('Online check-in uçuştan 24 saat önce açılır. Check-in için PNR ve soyadınız yeterlidir.'),
      ],
      ['Anadolu Kanat Hava Yolları A.Ş. · Sabiha Gökçen Havalimanı, Pendik/İstanbul'],
    ),
    null,
    null,
  ),
  m(
    'tr-10-oturum-onay.eml',
    'link-approve',
    'Pazarsepet <guvenlik@pazarsepet.com>',
    'Giriş denemesini onaylıyor musunuz?',
    card(
      'pazarsepet.com',
      [
        p('Hesabınıza Windows bilgisayardan (Bursa, IP 78.186.22.40) giriş yapılmak isteniyor.'),
        btn('Evet, bu bendim', trApprove),
        a('', 'Hayır, ben değilim', 'https://guvenlik.pazarsepet.com/oturum/reddet', ' - giriş engellenir ve şifrenizi değiştirmeniz istenir.'),
      ],
      ['Pazarsepet Elektronik Ticaret A.Ş. · Büyükdere Cad. No:201 Levent/İstanbul'],
    ),
    null,
    trApprove,
  ),
];

// ---- ru ----------------------------------------------------------------------------------------------
const ruReset = `https://id.torguem.ru/password/reset?token=${tok('ru-03', 40)}`;
const ruApprove = `https://id.oblako-kod.ru/login/confirm/${tok('ru-04', 32)}`;
const ruVerify = `https://lk.gorod-uslugi.example.ru/registration/confirm?uid=8812731&code=${tok('ru-10', 30)}`;

const RU: Mail[] = [
  m(
    'ru-01-marketplace-kod.eml',
    'otp-service',
    'Торгуем <noreply@torguem.ru>',
    'Код для входа в Торгуем',
    card(
      'torguem.ru',
      [
        p('Здравствуйте!'),
        p('Чтобы войти в личный кабинет продавца, введите этот код:'),
        code('518207'),
        p('Код действует 10 минут. Если вы не запрашивали вход, просто проигнорируйте письмо.'),
      ],
      ['ООО "Торгуем", 123112, г. Москва, Пресненская наб., д. 10, стр. 2 · ИНН 7703412277'],
    ),
    '518207',
    null,
    { charset: 'koi8-r' },
  ),
  m(
    'ru-02-bank-podtverzhdenie.eml',
    'otp-bank',
    'Банк Северный <info@bank-severny.example>',
    'Подтверждение операции',
    bank(
      'bank-severny.example',
      [
        h('Подтверждение покупки'),
        p('Для подтверждения покупки на сумму 2 499,00 руб. в магазине OZONIK.RU по карте *1234 введите код:'),
        code('0731'),
        p('Никому не сообщайте код, даже сотруднику банка. Горячая линия: 8 800 100-24-24.'),
        p('Доступно по карте: 41 882,15 руб.'),
      ],
      ['АО "Банк Северный", генеральная лицензия Банка России № 3412 от 14.08.2015 · 191186, Санкт-Петербург, Невский пр., д. 14'],
    ),
    '0731',
    null,
    { charset: 'windows-1251' },
  ),
  m(
    'ru-03-sbros-parolya.eml',
    'link-reset',
    'Торгуем ID <id@torguem.ru>',
    'Восстановление пароля',
    min('torguem.ru', [
      p('Здравствуйте, qa_seller_ru!'),
      p('Кто-то (надеемся, вы) запросил смену пароля. Чтобы задать новый пароль, перейдите по ссылке:'),
      a('', 'Задать новый пароль', ruReset),
      p('Ссылка действительна 24 часа.'),
    ]),
    null,
    ruReset,
    { charset: 'koi8-r', headerMode: 'Q' },
  ),
  m(
    'ru-04-podtverdit-vkhod.eml',
    'link-approve',
    'Облако-Код <security@oblako-kod.ru>',
    'Это вы входите в аккаунт?',
    card(
      'oblako-kod.ru',
      [
        h('Подтвердите вход'),
        p('Попытка входа в аккаунт qa-team: Москва, IP 95.165.12.88, Chrome на macOS, 27.03.2026 в 11:40 (МСК).'),
        btn('Да, это я', ruApprove),
        a('', 'Нет, это не я', 'https://id.oblako-kod.ru/login/deny', ' - мы завершим все сеансы.'),
      ],
      ['ООО "Облако-Код", 420500, Республика Татарстан, г. Иннополис, ул. Университетская, д. 7'],
    ),
    null,
    ruApprove,
  ),
  m(
    'ru-05-kod-bukvy-cifry.eml',
    'otp-alnum',
    'Кодокуб <no-reply@kodokub.dev>',
    'Подтвердите адрес электронной почты',
    card(
      'kodokub.dev',
      [
        p('Вы зарегистрировались на Кодокуб (тариф "Команда", 5 мест, 30 дней бесплатно).'),
        p('Ваш код подтверждения:'),
        code('R8M-4QZ'),
        p('Регистр букв не важен. Код действует 1 час.'),
      ],
      ['Кодокуб · 630090, Новосибирск, Академгородок, ул. Николаева, 11'],
    ),
    'R8M-4QZ',
    null,
  ),
  m(
    'ru-06-punkt-vydachi.eml',
    'non-otp-code',
    'Торгуем <noreply@torguem.ru>',
    'Заказ 41882-0073 ждёт вас в пункте выдачи',
    card(
      'torguem.ru',
      [
        h('Заказ доставлен'),
        kv([
          ['Номер заказа', '41882-0073'],
          ['Пункт выдачи', 'г. Москва, ул. Профсоюзная, д. 56, пом. 3'],
          ['Код получения', '4821'],
          ['Хранится до', '14 апреля'],
        ]),
        p('Назовите код получения сотруднику пункта или покажите QR-код из приложения.'),
      ],
      ['ООО "Торгуем" · ИНН 7703412277'],
    ),
    null,
    null,
    { why: 'a pick-up code said at the counter' },
  ),
  m(
    'ru-07-schet-svyaz.eml',
    'numbers-no-code',
    'СеверТелеком <schet@severtelecom.ru>',
    'Счёт за март 2026 года',
    bank(
      'severtelecom.ru',
      [
        h('Счёт за услуги связи'),
        kv([
          ['Лицевой счёт', '770031128841'],
          ['Счёт №', '0326-7700311288'],
          ['Сумма к оплате', '1 150,00 руб.'],
          ['Оплатить до', '20.04.2026'],
        ]),
        p('Реквизиты: ИНН 7812014560, КПП 781201001, р/с 40702810900000012345, БИК 044030653.'),
      ],
      ['ПАО "СеверТелеком" · 191002, Санкт-Петербург, ул. Достоевского, д. 15 · ОГРН 1027809169585'],
    ),
    null,
    null,
    { charset: 'windows-1251' },
  ),
  m(
    'ru-08-vkhod-uvedomlenie.eml',
    'notice',
    'Облако-Код <security@oblako-kod.ru>',
    'Новый вход в аккаунт',
    min('oblako-kod.ru', [
      p('В ваш аккаунт выполнен вход: 02.04.2026 09:31 (МСК), Екатеринбург, Firefox на Windows.'),
      p('Если это были вы, ничего делать не нужно. Если нет, смените пароль в настройках безопасности.'),
    ]),
    null,
    null,
    { charset: 'koi8-r' },
  ),
  m(
    'ru-09-promokod-kursy.eml',
    'non-otp-code',
    'Кодокуб Академия <academy@kodokub.dev>',
    'Промокод на курс по автотестам',
    promo(
      'kodokub.dev',
      [
        h('Курс "Автотесты на Playwright"'),
        p('Старт потока 14 апреля, 8 недель, 24 практических задания. Для участников тарифа "Команда" скидка 30% по промокоду:'),
        code('QA30KUB'),
        btn('Записаться', 'https://kodokub.dev/academy/playwright'),
      ],
      ['Кодокуб · 630090, Новосибирск'],
    ),
    null,
    null,
  ),
  m(
    'ru-10-gosportal-podtverdit.eml',
    'link-verify',
    'Портал городских услуг <noreply@gorod-uslugi.example.ru>',
    'Подтверждение регистрации',
    mso(
      'gorod-uslugi.example.ru',
      [
        p('Уважаемый пользователь!'),
        p('Вы зарегистрировались на Портале городских услуг. Номер заявки: 8812731. Для завершения регистрации перейдите по ссылке:'),
        url('', ruVerify),
        p('Если вы не регистрировались, не переходите по ссылке. Справочная служба: 8 (495) 777-77-77.'),
      ],
      [],
    ),
    null,
    ruVerify,
    { charset: 'windows-1251' },
  ),
];

// ---- uk ----------------------------------------------------------------------------------------------
const ukVerify = `https://kabinet.posluhy-online.example.ua/email/pidtverdyty?t=${tok('uk-03', 36)}`;
const ukMagic = `https://app.zoshyt.ua/vkhid/${tok('uk-04', 40)}`;
const ukBoth = `https://my.kyivstrum.ua/email/confirm?token=${tok('uk-05', 32)}`;

const UK: Mail[] = [
  m(
    'uk-01-portal-kod.eml',
    'otp-service',
    'Портал послуг <noreply@posluhy-online.example.ua>',
    'Код для входу до кабінету',
    mso(
      'posluhy-online.example.ua',
      [
        p('Добрий день!'),
        p('Для входу до особистого кабінету введіть одноразовий код:'),
        code('385720'),
        p('Код дійсний 5 хвилин. Нікому його не повідомляйте.'),
        p('Служба підтримки: 0 800 500 110'),
      ],
      [],
    ),
    '385720',
    null,
    { charset: 'koi8-u' },
  ),
  m(
    'uk-02-bank-kartka-maskovana.eml',
    'otp-masked',
    'Банк Дніпро Плюс <info@dnipro-plus.example>',
    'Підтвердження оплати карткою',
    bank(
      'dnipro-plus.example',
      [
        h('Оплата в інтернеті'),
        p('Картка: 5375 41** **** 8812'),
        p('Сума: 1 480,00 грн · Магазин: KNYHARNIA-ONLINE.UA · 16.03.2026 20:11'),
        p('Ваш код підтвердження:'),
        code('903148'),
        p('Якщо ви не здійснювали цю оплату, зателефонуйте 3700.'),
      ],
      ['АТ "Банк Дніпро Плюс" · 49000, м. Дніпро, вул. Набережна Перемоги, 50 · Ліцензія НБУ № 192'],
    ),
    '903148',
    null,
    { charset: 'windows-1251' },
  ),
  m(
    'uk-03-portal-pidtverdyty.eml',
    'link-verify',
    'Портал послуг <noreply@posluhy-online.example.ua>',
    'Підтвердіть адресу електронної пошти',
    min('posluhy-online.example.ua', [
      p('Щоб отримувати повідомлення про стан ваших заяв, підтвердіть адресу пошти:'),
      a('', 'Підтвердити адресу', ukVerify),
      p('Заява № 2026-03-118874 (довідка про несудимість) прийнята в роботу.'),
    ]),
    null,
    ukVerify,
  ),
  m(
    'uk-04-shkola-posylannya-vkhid.eml',
    'link-magic',
    'Зошит <vkhid@zoshyt.ua>',
    'Посилання для входу в Зошит',
    card(
      'zoshyt.ua',
      [
        p('Вітаємо! Ви запросили вхід до електронного щоденника (ліцей № 142, 7-Б клас).'),
        btn('Увійти', ukMagic),
        small('Посилання одноразове і діє 20 хвилин.'),
      ],
      ['ТОВ "Зошит", 04053, м. Київ, вул. Січових Стрільців, 21'],
    ),
    null,
    ukMagic,
  ),
  m(
    'uk-05-operator-kod-i-posylannya.eml',
    'both',
    'Київструм <noreply@kyivstrum.ua>',
    'Підтвердіть e-mail для особового рахунку',
    card(
      'kyivstrum.ua',
      [
        p('Особовий рахунок № 2600841177 (м. Київ, вул. Саксаганського, 77, кв. 12).'),
        p('Щоб отримувати рахунки на цю адресу, натисніть кнопку або введіть код у мобільному застосунку:'),
        btn('Підтвердити e-mail', ukBoth),
        code('7720'),
      ],
      ['ТОВ "Київструм" · Контакт-центр 0 800 300 880'],
    ),
    '7720',
    ukBoth,
  ),
  m(
    'uk-06-poshta-ttn.eml',
    'non-otp-code',
    'Швидка пошта <info@shvydka-poshta.ua>',
    'Посилка 20450012345678 прибула у відділення',
    card(
      'shvydka-poshta.ua',
      [
        kv([
          ['ТТН', '20 4500 1234 5678'],
          ['Відділення', '№ 84, м. Львів, вул. Городоцька, 174'],
          ['Код для отримання', '5530'],
          ['Безкоштовне зберігання', 'до 12.04.2026'],
        ]),
        p('Назвіть код або покажіть його в застосунку оператору відділення.'),
      ],
      ['ТОВ "Швидка пошта" · 0 800 500 609'],
    ),
    null,
    null,
  ),
  m(
    'uk-07-komunalni-kvytantsiya.eml',
    'numbers-no-code',
    'ОСББ "Липова 7" <osbb.lypova7@ukr.example>',
    'Квитанція за березень 2026',
    plain(
      'ukr.example',
      [
        p('Шановні мешканці!'),
        p('Надсилаємо квитанцію за березень 2026 р. для квартири 12.'),
        pre(
          'Утримання будинку  12,40 грн/м2 x 54,3 м2 = 673,32 грн\nВивіз сміття        2 особи x 48,00     =  96,00 грн\nЛіфт                                     =  84,15 грн\nРазом до сплати                          = 853,47 грн',
        ),
        p('Реквізити: IBAN UA213223130000026007233566001, ЄДРПОУ 41882037.'),
        p('Голова правління ОСББ, тел. 067 123 45 67'),
      ],
      [],
    ),
    null,
    null,
    { charset: 'windows-1251', cte: 'quoted-printable' },
  ),
  m(
    'uk-08-zminy-parolya.eml',
    'notice',
    'Зошит <bezpeka@zoshyt.ua>',
    'Пароль змінено',
    min('zoshyt.ua', [
      p('Пароль до вашого облікового запису змінено 05.04.2026 о 18:22.'),
      p('Якщо це були не ви, зверніться до підтримки: support@zoshyt.ua.'),
    ]),
    null,
    null,
  ),
  m(
    'uk-09-konferentsiya-kvytok.eml',
    'non-otp-code',
    'QA Fest Kyiv <tickets@qafest.example.ua>',
    'Ваш квиток на QA Fest 2026',
    card(
      'qafest.example.ua',
      [
        h('До зустрічі на QA Fest!'),
        kv([
          ['Номер квитка', 'QAF26-0418-7731'],
          ['Тип', 'Standard, 2 дні'],
          ['Дата', '23-24 травня 2026'],
          ['Місце', 'Київ, МВЦ, Броварський пр-т, 15'],
        ]),
        p('На вході покажіть QR-код квитка. Промокод для колег: QAFEST-FRIENDS (-15%).'),
      ],
      ['QA Fest · Київ'],
    ),
    null,
    null,
  ),
];

export const EAST: Mail[] = [...PL, ...TR, ...RU, ...UK];
