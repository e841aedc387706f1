// Dutch, Polish and Turkish: nine mails each.
import type { Mail } from '../held-out-3/types.js';
import { a, bank, btn, card, cells, code, fwd, h, hex, kv, m, min, mso, p, plain, pre, promo, quote, rows, sig, small, tok, url } from './mail.js';

const nlHuur = `https://huurdersportaal.vastgoedvandijk.nl/account/activeren/${tok('nl-act')}`;
const nlMagic = `https://mijn.huisartsenpraktijk-deleeuw.nl/inloggen/link?t=${tok('nl-magic', 36)}`;
const plReset = `https://ebok.pgnig-obrot.pl/haslo/reset?token=${tok('pl-reset')}`;
const plInvite = `https://grafik.kadromierz.pl/zaproszenie/${tok('pl-inv', 26)}/akceptuj`;
const trDogrula = `https://kiraci.apsiyon.com/e-posta/dogrula?k=${tok('tr-dog')}`;
const trOnay = `https://guvenlik.denizbankasi.com.tr/cihaz/onay/${hex('tr-onay', 24)}`;

export const WEST2: Mail[] = [
  // ---- Nederlands ----
  m(
    'nl-01-huurdersportaal.eml',
    'link-verify',
    'Vastgoed van Dijk <noreply@vastgoedvandijk.nl>',
    'Activeer je account op het huurdersportaal',
    card(
      'vastgoedvandijk.nl',
      [
        h('Welkom, Sanne'),
        p(
          'Je huurcontract voor Oudegracht 211-bis, 3511 NH Utrecht (contractnummer VD-2026-0093) is getekend. Activeer je account om reparatieverzoeken te melden en je betalingen te zien.',
        ),
        btn('Account activeren', nlHuur),
        p('Eerste huur (€ 1.185,00) en borg (€ 2.370,00) vóór 1 april op NL44 RABO 0123 4567 89 o.v.v. VD-2026-0093.'),
        small('Storing buiten kantoortijd: 030 233 44 90.'),
      ],
      ['Vastgoed van Dijk B.V. · KvK 30211874 · Maliebaan 40, 3581 CR Utrecht'],
    ),
    null,
    nlHuur,
  ),
  m(
    'nl-02-digid-sms.eml',
    'otp-service',
    'MijnOverheid <noreply@mijnoverheid.nl>',
    'Uw controlecode',
    min('mijnoverheid.nl', [
      p('Geachte heer/mevrouw,'),
      p('U wilt inloggen om uw aanslag gemeentelijke belastingen 2026 (aanslagnummer 2026.0441.8830) te bekijken. Vul deze controlecode in:'),
      p('K8 2M 4Q'),
      p('De code is 10 minuten geldig. Heeft u niet geprobeerd in te loggen? Bel 088 123 6555.'),
    ]),
    'K82M4Q',
    null,
    { why: 'a six-character letter-and-digit code shown in pairs; typed without the spaces' },
  ),
  m(
    'nl-03-sleutelkluis.eml',
    'non-otp-code',
    'Jeroen van Dijk <jeroen@vastgoedvandijk.nl>',
    'Sleutelkluis en alarmcode Oudegracht 211',
    mso('vastgoedvandijk.nl', [
      p('Hoi Sanne,'),
      p('Zaterdag kun je vanaf 10:00 uur de sleutels uit de sleutelkluis naast de voordeur halen. Code: 0 6 1 9. Doe je hem daarna weer op slot?'),
      p(
        'Het alarm in het trappenhuis zet je uit met 7734 + OFF binnen 30 seconden. De meterstanden heb ik genoteerd: stroom 18.224 kWh, gas 4.871 m³, water 221 m³.',
      ),
      sig(['Groet,', 'Jeroen van Dijk', '06 41 22 87 90']),
    ]),
    null,
    null,
  ),
  m(
    'nl-04-afspraak-huisarts.eml',
    'numbers-no-code',
    'Huisartsenpraktijk De Leeuw <assistente@huisartsenpraktijk-deleeuw.nl>',
    'Bevestiging afspraak 17 maart 08:50',
    card(
      'huisartsenpraktijk-deleeuw.nl',
      [
        h('Uw afspraak is bevestigd'),
        kv([
          ['Patiënt', 'mevr. F. Bakker (geb. 12-04-1961)'],
          ['Bij', 'dokter M. de Leeuw'],
          ['Wanneer', 'dinsdag 17 maart 2026, 08:50'],
          ['Duur', '10 minuten'],
          ['Afspraaknummer', '260317-0850-04'],
        ]),
        p('Kunt u niet komen? Zeg de afspraak uiterlijk 24 uur van tevoren af via 030 271 18 40 (keuze 2).'),
        small('Spoed: 030 271 18 41. Buiten kantoortijd: huisartsenpost 0900 450 1450.'),
      ],
      ['Huisartsenpraktijk De Leeuw · Biltstraat 98 · 3572 BH Utrecht · AGB 01-023456'],
    ),
    null,
    null,
  ),
  m(
    'nl-05-magische-link.eml',
    'link-magic',
    'Huisartsenpraktijk De Leeuw <noreply@huisartsenpraktijk-deleeuw.nl>',
    'Inloggen bij uw patiëntenportaal',
    plain('huisartsenpraktijk-deleeuw.nl', [
      p('Beste heer Visser,'),
      p('Met onderstaande link logt u in op het patiëntenportaal. De link werkt één keer en is 15 minuten geldig.'),
      p(nlMagic),
      p('Daarna kunt u herhaalrecepten aanvragen en uw uitslagen inzien.'),
      p('Met vriendelijke groet,\nPraktijkteam De Leeuw – 030 271 18 40'),
    ]),
    null,
    nlMagic,
    { charset: 'windows-1252', cte: 'quoted-printable' },
  ),
  m(
    'nl-06-ideal-bevestigen.eml',
    'otp-bank',
    'ING <noreply@mail.ing.nl>',
    'Bevestig je betaling met deze code',
    bank(
      'ing.nl',
      [
        h('Betaling bevestigen'),
        kv([
          ['Aan', 'Gemeente Utrecht – precariobelasting'],
          ['Bedrag', '€ 126,50'],
          ['Van rekening', 'NL•• INGB •••• ••61 07'],
          ['Kenmerk', '7104 4920 0012 8834'],
        ]),
        p('Voer deze bevestigingscode in: 83 05 47'),
        small('ING deelt nooit codes per telefoon.'),
      ],
      ['ING Bank N.V. · Bijlmerdreef 106 · Amsterdam'],
    ),
    '830547',
    null,
  ),
  m(
    'nl-07-energie-jaarnota.eml',
    'numbers-no-code',
    'Eneco <klantenservice@eneco.nl>',
    'Je jaarnota 2025 staat klaar',
    promo(
      'eneco.nl',
      [
        h('Jaarnota 2025 – Oudegracht 211'),
        kv([
          ['Klantnummer', '1002 8841 71'],
          ['EAN stroom', '871687400012345678'],
          ['Verbruik stroom', '2.611 kWh'],
          ['Verbruik gas', '1.044 m³'],
          ['Terug te ontvangen', '€ 143,88'],
        ]),
        p('Je nieuwe termijnbedrag vanaf april: € 118 per maand.'),
        btn('Bekijk je jaarnota', 'https://www.eneco.nl/mijn-eneco/nota/2025'),
      ],
      ['Eneco Consumenten B.V. · Marten Meesweg 5 · Rotterdam'],
      { tracked: true },
    ),
    null,
    null,
  ),
  m(
    'nl-08-doorgestuurd.eml',
    'notice',
    'Marieke Bos <marieke.bos@ziggo.nl>',
    'Re: Storing intercom Oudegracht 211',
    plain('ziggo.nl', [
      quote(
        'Dag Jeroen,\nDe monteur van Intercom Utrecht heeft ticket #IU-55120 aangemaakt, hij komt donderdag tussen 13 en 17 uur. De bel van 211-bis (knop 3) doet het nog niet, de deuropener wel.\nGroet, Marieke (211-A, 06 18 33 40 72)',
        ['Op 3 mrt. 2026 om 09:14 schreef Jeroen van Dijk:', 'Marieke, kun je de monteur binnenlaten? Code hoofddeur blijft 2580.'],
      ),
    ]),
    null,
    null,
  ),
  m(
    'nl-09-code-onderwerp.eml',
    'otp-subject',
    'Nmbrs <noreply@nmbrs.nl>',
    '632 918 – je inlogcode voor Nmbrs',
    min('nmbrs.nl', [p('Gebruik de code uit de onderwerpregel om in te loggen. Loonstroken maart: beschikbaar vanaf 25-03.')]),
    '632918',
    null,
  ),

  // ---- Polski ----
  m(
    'pl-01-kod-logowania.eml',
    'otp-service',
    'eKartoteka Najemcy <powiadomienia@ekartoteka.pl>',
    'Kod jednorazowy do logowania',
    card(
      'ekartoteka.pl',
      [
        h('Twój kod logowania'),
        p('Dzień dobry, Pani Agnieszko. Aby zalogować się do e-Kartoteki lokalu ul. Długa 17/4, wpisz poniższy kod:'),
        cells('519736'),
        p('Kod wygasa po 5 minutach. Saldo konta lokalu: 0,00 zł. Najbliższa zaliczka (czynsz + media) 1 284,60 zł do 10.04.2026.'),
        small('Numer konta indywidualnego: 44 1140 2004 0000 3402 7719 0218'),
      ],
      ['Zarządca Nieruchomości Długa Sp. z o.o. · NIP 583-31-22-904 · ul. Szeroka 2, 80-835 Gdańsk'],
    ),
    '519736',
    null,
    { charset: 'windows-1250' },
  ),
  m(
    'pl-02-blik.eml',
    'otp-bank',
    'mBank <kontakt@mbank.pl>',
    'Kod SMS do autoryzacji przelewu',
    bank(
      'mbank.pl',
      [
        h('Autoryzacja operacji'),
        p('Przelew nr 4 z 4 w paczce "Czynsze marzec"'),
        kv([
          ['Odbiorca', 'Wspólnota Mieszkaniowa Długa 17'],
          ['Rachunek', '...3402 7719 0218'],
          ['Kwota', '1 284,60 PLN'],
        ]),
        p('Kod autoryzacyjny: 40-71-93'),
        small('Nie podawaj kodu nikomu. Infolinia 801 300 800.'),
      ],
      ['mBank S.A. · ul. Prosta 18 · 00-850 Warszawa'],
    ),
    '407193',
    null,
    { charset: 'windows-1250' },
  ),
  m(
    'pl-03-reset-gaz.eml',
    'link-reset',
    'PGNiG eBOK <ebok@pgnig-obrot.pl>',
    'Zmiana hasła do eBOK',
    min('pgnig-obrot.pl', [
      p('Otrzymaliśmy prośbę o zmianę hasła do eBOK dla numeru klienta 3100 4422 81.'),
      a('', 'Ustaw nowe hasło', plReset),
      p('Link jest ważny 60 minut. Jeśli to nie Ty, zignoruj wiadomość.'),
    ]),
    null,
    plReset,
  ),
  m(
    'pl-04-zaproszenie-grafik.eml',
    'link-invite',
    'Kadromierz <no-reply@kadromierz.pl>',
    'Zaproszenie do grafiku: Przychodnia Zdrowie Oliwa',
    promo(
      'kadromierz.pl',
      [
        h('Dołącz do zespołu'),
        p('Kierownik Anna Wrona zaprasza Cię do grafiku pracy Przychodni Zdrowie Oliwa (rejestracja, 3 zmiany: 7:00–14:35, 11:25–19:00, soboty 8:00–13:00).'),
        btn('Akceptuj zaproszenie', plInvite),
      ],
      ['Kadromierz Sp. z o.o., ul. Rakowicka 7, Kraków'],
      { tracked: true },
    ),
    null,
    plInvite,
  ),
  m(
    'pl-05-domofon.eml',
    'non-otp-code',
    'Wspólnota Długa 17 <zarzad.dluga17@wp.pl>',
    'Nowe kody do domofonu i furtki',
    plain('wp.pl', [
      p('Szanowni Mieszkańcy,'),
      p(
        'od poniedziałku 16.03 obowiązują nowe kody: brama od ul. Długiej - 5830, furtka od podwórza - 1207*, pomieszczenie na rowery - klucz u gospodarza (lokal 1, tel. 601 223 447).',
      ),
      p('Prosimy nie udostępniać kodów kurierom - paczki zostawiajcie w paczkomacie GDA22M.'),
      p('Zarząd Wspólnoty Mieszkaniowej Długa 17\nNIP 583-29-17-004, konto 12 1020 1811 0000 0302 0441 8877'),
    ]),
    null,
    null,
    { charset: 'iso-8859-2', cte: '8bit' },
  ),
  m(
    'pl-06-przypomnienie-wizyta.eml',
    'numbers-no-code',
    'Przychodnia Zdrowie Oliwa <rejestracja@zdrowie-oliwa.pl>',
    'Przypomnienie o wizycie 18.03.2026 godz. 12:15',
    mso('zdrowie-oliwa.pl', [
      p('Szanowny Panie Tomaszu,'),
      p(
        'przypominamy o wizycie u lek. Piotra Nowaka (gabinet 14, II piętro) w dniu 18.03.2026 o godz. 12:15. Nr wizyty: W/2026/03/00812. Nr karty pacjenta: 00044128.',
      ),
      p('Prosimy o zabranie skierowania nr 2026/GD/114552 i wyników morfologii. Odwołanie wizyty: 58 552 18 00.'),
      sig(['Rejestracja', 'NZOZ Przychodnia Zdrowie Oliwa', 'ul. Opata Rybińskiego 5, 80-320 Gdańsk', 'REGON 190223811']),
    ]),
    null,
    null,
    { charset: 'windows-1250' },
  ),
  m(
    'pl-07-paczkomat.eml',
    'non-otp-code',
    'InPost <powiadomienia@inpost.pl>',
    'Paczka czeka w Paczkomacie GDA22M',
    card(
      'inpost.pl',
      [
        h('Twoja paczka jest już w Paczkomacie'),
        kv([
          ['Paczkomat', 'GDA22M, ul. Długa 20 (przy sklepie Żabka)'],
          ['Kod odbioru', '724 118'],
          ['Numer paczki', '6205 7240 0112 8837 4419 22'],
          ['Odbierz do', '09.03.2026 18:42'],
        ]),
        p('Zeskanuj kod QR w aplikacji lub wpisz numer telefonu i kod odbioru na ekranie Paczkomatu.'),
      ],
      ['InPost S.A. · ul. Pana Tadeusza 4 · 30-727 Kraków'],
    ),
    null,
    null,
  ),
  m(
    'pl-08-both-epuap.eml',
    'both',
    'e-Urząd Skarbowy <powiadomienia@podatki.gov.pl>',
    'Potwierdź adres e-mail w e-Urzędzie Skarbowym',
    card(
      'podatki.gov.pl',
      [
        h('Potwierdzenie adresu e-mail'),
        p('Dodano ten adres do konta w e-Urzędzie Skarbowym (dotyczy przychodów z najmu prywatnego, PIT-28). Kliknij przycisk lub przepisz kod w serwisie.'),
        btn('Potwierdzam adres', `https://www.podatki.gov.pl/e-urzad/potwierdz?kod=${tok('pl-eus', 22)}`),
        p('Kod potwierdzający: 2 8 6 0 4 1'),
        small('Termin złożenia PIT-28 za 2025: 2 marca 2026. Zapłacony ryczałt: 6 842 zł.'),
      ],
      ['Krajowa Administracja Skarbowa'],
    ),
    '286041',
    `https://www.podatki.gov.pl/e-urzad/potwierdz?kod=${tok('pl-eus', 22)}`,
  ),
  m(
    'pl-09-autoodpowiedz.eml',
    'notice',
    'Anna Wrona <a.wrona@zdrowie-oliwa.pl>',
    'Odpowiedź automatyczna: Grafik kwiecień',
    mso('zdrowie-oliwa.pl', [
      p('Dzień dobry,'),
      p(
        'jestem na urlopie do 20.03.2026. W sprawach grafiku proszę kontaktować się z rejestracją (wew. 101, tel. 58 552 18 00), w sprawach wynagrodzeń z biurem rachunkowym (58 340 11 22).',
      ),
      sig(['Anna Wrona', 'Kierownik Przychodni']),
    ]),
    null,
    null,
  ),

  // ---- Türkçe ----
  m(
    'tr-01-dogrula.eml',
    'link-verify',
    'Apsiyon <bilgi@apsiyon.com>',
    'E-posta adresinizi doğrulayın',
    card(
      'apsiyon.com',
      [
        h('Hoş geldiniz, Elif Hanım'),
        p(
          'Güneş Apartmanı (Moda Cad. No: 41, Kadıköy) yönetimi sizi B Blok Daire 7 sakini olarak ekledi. Aidat ve ortak gider ödemeleri için e-posta adresinizi doğrulayın.',
        ),
        btn('E-postamı doğrula', trDogrula),
        p('Mart aidatı: 1.450,00 TL · Son ödeme: 10.03.2026'),
      ],
      ['Apsiyon Yazılım A.Ş. · Mersis 0070 0112 3344 0015'],
    ),
    null,
    trDogrula,
    { charset: 'windows-1254' },
  ),
  m(
    'tr-02-edevlet-kod.eml',
    'otp-service',
    'e-Devlet Kapısı <bilgilendirme@turkiye.gov.tr>',
    'Tek kullanımlık doğrulama kodu',
    bank(
      'turkiye.gov.tr',
      [
        h('Doğrulama Kodu'),
        p('Kira geliri beyannamesi işleminize devam etmek için aşağıdaki tek kullanımlık kodu giriniz:'),
        code('7G3K9P'),
        p('Kod 180 saniye geçerlidir. T.C. Kimlik No: 1**********4'),
      ],
      ['T.C. Cumhurbaşkanlığı Dijital Dönüşüm Ofisi'],
    ),
    '7G3K9P',
    null,
    { charset: 'iso-8859-9' },
  ),
  m(
    'tr-03-kart-3d.eml',
    'otp-bank',
    'Deniz Bankası <bilgi@denizbankasi.com.tr>',
    '3D Secure şifreniz',
    bank(
      'denizbankasi.com.tr',
      [
        h('İnternet alışverişi onayı'),
        kv([
          ['İşyeri', 'IGDAS DOGALGAZ FATURA'],
          ['Tutar', '2.318,40 TL'],
          ['Kart', '4543 **** **** 0912'],
          ['Tarih', '05.03.2026 21:44'],
        ]),
        p('3D Secure şifreniz: 512 804 — Bu şifreyi kimseyle paylaşmayınız.'),
        small('Müşteri Hizmetleri 0850 222 0 800. MERSİS No: 0292 0084 4320 0054'),
      ],
      ['Deniz Bankası A.Ş.'],
    ),
    '512804',
    null,
  ),
  m(
    'tr-04-cihaz-onay.eml',
    'link-approve',
    'Deniz Bankası <guvenlik@denizbankasi.com.tr>',
    'Yeni cihaz girişi onayı',
    card(
      'denizbankasi.com.tr',
      [
        h('Bu siz misiniz?'),
        p('İnternet şubenize yeni bir cihazdan (Samsung Galaxy A54, İstanbul) giriş yapılmak isteniyor.'),
        btn('Evet, benim', trOnay),
        a(
          'Siz değilseniz ',
          'girişi reddedin',
          `https://guvenlik.denizbankasi.com.tr/cihaz/red/${hex('tr-onay', 24)}`,
          ' ve 0850 222 0 800 numarasını arayın.',
        ),
      ],
      ['Deniz Bankası A.Ş.'],
    ),
    null,
    trOnay,
  ),
  m(
    'tr-05-aidat-dekont.eml',
    'numbers-no-code',
    'Güneş Apartmanı Yönetimi <yonetim.gunesapt@gmail.com>',
    'Şubat 2026 gelir-gider tablosu',
    plain('gmail.com', [
      p('Sayın kat malikleri,'),
      pre(
        'Aidat tahsilatı (16 daire)   23.200,00 TL\nAsansör bakımı (Fatura 2026-118)  -3.400,00 TL\nElektrik ortak alan (Tes. No 4008821)  -2.116,75 TL\nKapıcı maaşı + SGK   -28.450,00 TL\nKasa bakiyesi   41.802,30 TL',
      ),
      p('Ödemeyen daireler: B-3, B-11. Hesap: TR12 0006 2000 4410 0006 2988 71.\nBahçe kapısı şifresi değişmedi (1923).'),
      p('Yönetici Hasan Kaya – 0532 441 18 20'),
    ]),
    null,
    null,
    { charset: 'windows-1254', cte: 'quoted-printable' },
  ),
  m(
    'tr-06-randevu.eml',
    'numbers-no-code',
    'Moda Aile Sağlığı Polikliniği <randevu@modapoliklinik.com.tr>',
    'Randevu hatırlatması – 12 Mart 14:20',
    card(
      'modapoliklinik.com.tr',
      [
        h('Randevunuz yaklaşıyor'),
        kv([
          ['Hasta', 'Mehmet Demir'],
          ['Bölüm', 'Dahiliye – Dr. Zeynep Arslan'],
          ['Tarih', '12.03.2026 Perşembe 14:20'],
          ['Randevu No', 'R-884120'],
          ['Protokol No', '2026/04417'],
        ]),
        p('Lütfen 15 dakika önce kimliğinizle birlikte gelin. İptal için 0216 330 44 55.'),
      ],
      ['Moda Poliklinik · Caferağa Mah. Moda Cad. No: 88 Kadıköy/İstanbul'],
    ),
    null,
    null,
  ),
  m(
    'tr-07-eski-kod.eml',
    'notice',
    'Papara <destek@papara.com>',
    'Kullanılmış kod uyarısı',
    min('papara.com', [
      p('Merhaba Elif,'),
      p(
        'Bugün 09:12’de gönderdiğimiz 448 190 kodu zaten kullanıldı ve hesabınıza giriş yapıldı (iPhone, Kadıköy). Bu işlemi siz yaptıysanız bir şey yapmanıza gerek yok.',
      ),
      p('Papara Elektronik Para A.Ş. · 0850 340 0 340'),
    ]),
    null,
    null,
    { why: 'a code already used; nothing left to type' },
  ),
  m(
    'tr-08-sifre-sifirla.eml',
    'link-reset',
    'Türk Telekom <bilgilendirme@turktelekom.com.tr>',
    'Online İşlemler şifre sıfırlama',
    mso('turktelekom.com.tr', [
      p('Sayın abonemiz,'),
      p('Hizmet numarası 5910 4477 82 (fiber internet, Moda Cad. No: 41 D:7) için şifre sıfırlama talebi aldık.'),
      a('', 'Şifremi sıfırla', `https://onlineislemler.turktelekom.com.tr/sifre/${tok('tr-sifre', 30)}`),
      p('Bağlantı 30 dakika geçerlidir.'),
    ]),
    null,
    `https://onlineislemler.turktelekom.com.tr/sifre/${tok('tr-sifre', 30)}`,
  ),
  m(
    'tr-09-kargo-kilit.eml',
    'non-otp-code',
    'Yurtiçi Kargo <bilgi@yurticikargo.com>',
    'Kargonuz akıllı dolapta',
    card(
      'yurticikargo.com',
      [
        h('Gönderiniz teslim alınmayı bekliyor'),
        kv([
          ['Dolap', 'Moda Migros önü – Kutu 12'],
          ['Teslim kodu', '360 914'],
          ['Gönderi No', '7014 2203 9981'],
          ['Son gün', '08.03.2026'],
        ]),
      ],
      ['Yurtiçi Kargo Servisi A.Ş.'],
    ),
    null,
    null,
  ),
];
