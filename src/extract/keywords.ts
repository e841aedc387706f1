/**
 * Vocabulary for the OTP extractor: words that announce a code (in several
 * languages), qualifiers that turn "code" into something else (postal code,
 * promo code...), and words that announce a number that is NOT a code
 * (order, invoice, tracking, account, phone...).
 */

export interface Keyword {
  start: number;
  end: number;
  weight: number;
  /** A word that literally names a code (code, OTP, PIN, passcode, token...). */
  strong: boolean;
  /** The keyword was written with at least one lowercase letter. */
  hasLower: boolean;
  /** (the twelfth round) A code word after "never" in its clause ("We will never ask for your code"): it names no code sent. */
  never: boolean;
}

export interface Blocker {
  start: number;
  end: number;
  /** Soft blockers (account, card...) are ignored after a possessive ("your account"). */
  soft: boolean;
  /** A code word made into another kind of code ("Reference code", "Zoom passcode", "codice fornitore"): it labels the value after it. */
  otherCode?: boolean;
  /** A street word: the numbers after it on its line are the address's (house number, postcode), not only the first. */
  addressLine?: boolean;
}

const CODE_WORDS = new Set([
  'code', 'codes', 'codigo', 'código', 'códigos', 'codigos', 'codice', 'codici', 'kode', 'otp', 'totp',
  'passcode', 'passcodes', 'pincode', 'token', 'einmalpasswort', 'einmalkennwort', 'einmalcode',
  'clave', 'senha', 'tan', 'pin',
  // (the fourteenth round) a card payment's approval number ("Ihre Freigabenummer für diese Zahlung lautet: 73911508")
  'freigabenummer', 'freigabetan',
  // (the seventeenth round) a bank's TAN by the way it comes ("Ihre mobileTAN für diese Zahlung lautet 71946302", "smsTAN", "pushTAN")
  'mobiletan', 'mtan', 'm-tan', 'smstan', 'sms-tan', 'pushtan', 'push-tan', 'chiptan', 'phototan', 'photo-tan', 'apptan', 'app-tan',
  // pl, tr, ru, uk: "kod weryfikacyjny", "doğrulama kodunuz", "код подтверждения", "код підтвердження"
  'kod', 'kodu', 'kodem', 'kody', 'kodzie', 'kodunuz', 'kodunuzu', 'kodun', 'kodunu', 'koduyla', 'kodla',
  'код', 'кода', 'коду', 'кодом', 'коде', 'коды', 'коди',
  // he ("קוד אימות", with its clitics), ar ("رمز التحقق", "كود"), hi ("सत्यापन कोड", "ओटीपी"), vi ("mã xác thực")
  'קוד', 'הקוד', 'בקוד', 'לקוד', 'וקוד', 'שהקוד', 'رمز', 'الرمز', 'برمز', 'ورمز', 'رمزك', 'بالرمز',
  'كود', 'الكود', 'कोड', 'ओटीपी', 'mã',
]);
/** Case-sensitive short words that only count when written in capitals. */
const UPPER_ONLY = new Set(['pin', 'tan']);

/** Prefixes of German/Dutch/English compounds ending in "code" that are not one-time codes. */
const NEG_COMPOUND_PREFIX = [
  'post', 'zip', 'bar', 'qr', 'promo', 'promotion', 'rabatt', 'gutschein', 'aktions', 'korting', 'actie',
  'cadeau', 'voucher', 'coupon', 'source', 'quell', 'error', 'fehler', 'status', 'tracking', 'track',
  'geschenk', 'bonus', 'land', 'länder', 'kunden', 'artikel', 'produkt', 'farb', 'dress', 'sendungs',
  'empfehlungs', 'referral', 'gift', 'discount', 'shortcode', 'html', 'unicode', 'colour', 'color',
  'verzilver', 'einlöse', 'промо', 'штрих', 'qr-',
  // pick-up, locker, door and booking codes: "Abholcode", "afhaalcode", "Türcode", "Buchungscode"
  'abhol', 'afhaal', 'ophaal', 'paket', 'pakket', 'schließfach', 'tür', 'buchungs', 'reservierungs', 'einlass', 'deur',
  // (the sixth round) a courier's code: "Zustellcode", "Liefercode", "bezorgcode"
  'zustell', 'liefer', 'bezorg',
  // (the fourteenth round) a hand-over code, told to a courier or at a counter: "Übergabecode", "afleveringscode", "overdrachtscode"
  'übergabe', 'aflever', 'overdracht', 'overhandig', 'ausgabe', 'uitgifte',
  // (the sixteenth round) a meeting's, a video consultation's or an appointment's code, and a registry's: "Vergadercode",
  // "Termincode", "Einwahlcode", "Teilnehmercode", "Konferenzcode", "afspraakcode", "AGB-code"
  'vergader', 'termin', 'sprechstunden', 'konferenz', 'besprechungs', 'teilnehmer', 'einwahl', 'meeting', 'afspraak', 'consult', 'agb',
  'uzovi',
  // (the twenty-first round) a document's check code: "Prüfcode", "Kontrollcode" (a Dutch "controlecode" is a sign-in's, DigiD's)
  'prüf', 'kontroll',
];

/** A word immediately before "code" that makes it a non-OTP code. */
const NEG_BEFORE_CODE = new Set([
  'postal', 'zip', 'post', 'promo', 'promotional', 'promotion', 'discount', 'coupon', 'voucher', 'gift',
  'referral', 'invite', 'invitation', 'area', 'country', 'dialing', 'dialling', 'dial', 'qr', 'bar', 'source',
  'error', 'status', 'tracking', 'product', 'item', 'sku', 'swift', 'sort', 'tax', 'dress', 'colour',
  'color', 'html', 'css', 'rabatt', 'gutschein', 'aktions', 'geschenk', 'korting', 'kortings', 'actie',
  'cadeau', 'sale', 'bonus', 'booking', 'reservation', 'airport', 'fare', 'class', 'zoom', 'meeting',
  'shipping', 'sendungs', 'offer', 'deal', 'rebate', 'cupón', 'cupon', 'sconto', 'pnr', 'ticket', 'event',
  'order', 'member', 'customer', 'client', 'branch', 'bank', 'routing', 'tariff', 'vat',
  // the word before "kod/kodu/код/קוד/कोड" in pl, tr, ru, uk, he, hi ("posta kodu", "почтовый код", "पिन कोड")
  'posta', 'indirim', 'kupon', 'promosyon', 'hediye', 'referans', 'takip', 'rezervasyon', 'toplantı', 'davet',
  'ürün', 'kargo', 'sipariş', 'почтовый', 'промо', 'подарочный', 'купона', 'реферальный', 'пригласительный',
  'поштовий', 'подарунковий', 'промокод', 'पिन', 'प्रोमो', 'कूपन', 'रेफरल', 'डिस्काउंट', 'मीटिंग', 'उपहार',
  'gift-card', 'pickup', 'pick-up', 'locker', 'door', 'access', 'claim', 'redeem', 'redemption', 'example',
  // identifiers named with a code word: supplier, vendor, employee, store, reference ("supplier code", "kode pelanggan")
  'supplier', 'vendor', 'employee', 'store', 'partner', 'dealer', 'reference', 'ref',
  // (the sixth round) a store's or courier's code: "collection code", "delivery code", "teslimat kodu", "पिकअप कोड"
  'collection', 'delivery', 'teslimat', 'teslim', 'पिकअप', 'डिलीवरी',
  // (the fourteenth round) a hand-over code or PIN: "handover code", "drop-off PIN", "हैंडओवर कोड"
  'handover', 'hand-over', 'handoff', 'hand-off', 'drop-off', 'dropoff', 'courier', 'driver', 'rider', 'हैंडओवर', 'सुपुर्दगी',
  'müşteri', 'tedarikçi', 'bayi', 'şube', 'personel', 'ग्राहक', 'विक्रेता', 'आपूर्तिकर्ता', 'संदर्भ', 'कर्मचारी',
  // (the sixteenth round) an appointment's, a video consultation's or a conference's code, and a registry's ("Randevu kodu", "AGB-code",
  // "participant code", "NACE code", "अपॉइंटमेंट कोड")
  'randevu', 'appointment', 'consultation', 'conference', 'participant', 'attendee', 'host', 'moderator', 'video', 'agb', 'uzovi',
  // (the eighteenth round) a subscriber's, a subscription's or a student's number named with a code word: "subscriber code", "student code"
  'subscriber', 'subscription', 'student', 'pupil', 'abonnenten', 'abone', 'öğrenci', 'छात्र',
  'vektis', 'nace', 'naics', 'sic', 'icd', 'practice', 'provider', 'görüşme', 'अपॉइंटमेंट', 'परामर्श',
  // (the twenty-first round) a document's check code, a permit's or a ticket's ("check code", "kontrol kodu", "контрольный код")
  'check', 'kontrol', 'контрольный', 'контрольний', 'permit',
]);
/** Words right after "code"/"código"/"codice" that make it a non-OTP code. */
const NEG_AFTER_CODE = new Set([
  'postal', 'postale', 'promo', 'promotionnel', 'promocional', 'promozionale', 'sconto', 'réduction',
  'descuento', 'desconto', 'suivi', 'seguimiento', 'rastreamento', 'rastreio', 'tracciamento',
  'parrainage', 'cadeau', 'regalo', 'barras', 'conduct', 'conduite', 'conducta', 'postal:',
  'coupon', 'avantage', 'réduc', 'promoción', 'promoção', 'rabatt', 'iata', 'fiscale', 'fiscal',
  'destinatario', 'cliente', 'client', 'clienti', 'kunde', 'iban', 'bic', 'swift', 'ateco', 'ape', 'naf',
  'presente', 'rabais', 'billet', 'entrada', 'biglietto',
  // pl, tr, ru, uk, he, ar, vi, id: postal, discount, gift, pick-up, booking, meeting, referral, tracking codes
  'pocztowy', 'pocztowego', 'rabatowy', 'promocyjny', 'kuponu', 'podarunkowy', 'podarunkowej', 'odbioru',
  'rezerwacji', 'spotkania', 'zaproszenia', 'polecający', 'kreskowy', 'подразделения', 'скидки', 'купона',
  'сертификата', 'подарочного', 'приглашения', 'знижки', 'сертифіката', 'запрошення', 'קופון', 'הנחה', 'פרומו',
  'מתנה', 'הזמנה', 'פגישה', 'הפגישה', 'البريدي', 'الخصم', 'الترويجي', 'القسيمة', 'الهدية', 'بطاقة', 'الاجتماع',
  'الحجز', 'الإحالة', 'الدعوة', 'الشحن', 'التتبع', 'giảm', 'đơn', 'bưu', 'khuyến', 'vận', 'quà', 'số', 'giới',
  'đặt', 'phòng', 'cuộc', 'khách', 'nhân', 'vé', 'pos', 'booking', 'pemesanan', 'diskon', 'kupon', 'hadiah',
  'rapat', 'pelacakan', 'resi', 'referal', 'voucher', 'qr', 'города', 'страны', 'товара', 'міста', 'країни', 'الدولة',
  // (the sixteenth round) an appointment's, a (video) consultation's or a conference's code, and a registry's: "code du rendez-vous",
  // "código de la cita", "codice appuntamento", "kod wizyty", "код записи", "رمز الموعد", "קוד התור", "mã lịch hẹn", "kode janji temu"
  'rendez-vous', 'cita', 'appuntamento', 'wizyty', 'записи', 'запису', 'конференции', 'конференції', 'الموعد', 'الاستشارة', 'התור',
  'lịch', 'janji', 'konsultasi', 'consulta', 'consultation', 'téléconsultation', 'teleconsulta', 'videoconsulta', 'videoconsulto',
  'videochamada', 'videollamada', 'participante', 'participant', 'conférence', 'conferencia', 'conferência', 'conferenza', 'agb',
  'rpps', 'adeli', 'finess', 'cnes', 'cnae', 'nace',
  'المنتج', 'البلد', 'vale-presente', 'cartão-presente',
  // (the twelfth round) a referral code, given to a friend, never typed by the reader: "code parrain", "código de indicação",
  // "código de referido", "codice invito", "kod polecenia", "код приглашения" (above), "mã giới thiệu" (giới, above)
  'parrain', 'filleul', 'referido', 'referidos', 'indicação', 'indicacao', 'invito', 'amico', 'polecenia', 'poleceń', 'promocyjnego',
  'реферальный', 'реферальний', 'רפרל', 'המלצה', 'referral', 'rujukan', 'ajakan', 'undangan',
  // bodies of law: "Code civil", "Code de la consommation", "Código de Comercio", "Codice del Consumo"
  'civil', 'civile', 'pénal', 'penal', 'commerce', 'comercio', 'monétaire', 'assurances', 'consommation', 'mutualité',
  'travail', 'consumo', 'consumidor', 'defesa', 'deontológico', 'deontologico', 'ética', 'etica',
  // identifiers named with a code word: supplier, customer, member, employee, product, branch, reference, lookup
  // ("codice fornitore", "código de proveedor", "code fournisseur", "kod dostawcy", "код поставщика", "קוד ספק",
  // "رمز العميل", "mã nhà cung cấp", "mã tra cứu", "kode pelanggan", "codice univoco")
  'fornitore', 'fornitori', 'proveedor', 'fournisseur', 'fornecedor', 'leverancier', 'lieferant', 'dipendente', 'empleado',
  'employé', 'funcionário', 'socio', 'sócio', 'adhérent', 'associado', 'membro', 'miembro', 'membre', 'articolo', 'artículo',
  'article', 'artigo', 'prodotto', 'producto', 'produit', 'produto', 'filiale', 'sucursal', 'agence', 'agência', 'agencia',
  'negozio', 'tienda', 'magasin', 'loja', 'univoco', 'riferimento', 'referencia', 'référence', 'referência', 'pratica',
  'contratto', 'contrato', 'contrat', 'klienta', 'dostawcy', 'produktu', 'pracownika', 'oddziału', 'referencyjny',
  'клиента', 'поставщика', 'сотрудника', 'клієнта', 'постачальника', 'товару', 'співробітника', 'לקוח', 'הלקוח', 'ספק',
  'הספק', 'מוצר', 'המוצר', 'סניף', 'אסמכתא', 'العميل', 'المورد', 'الموظف', 'الفرع', 'المرجع', 'المرجعي', 'nhà', 'sản',
  'tra', 'tham', 'giao', 'ưu', 'pelanggan', 'pemasok', 'produk', 'cabang', 'anggota', 'referensi', 'karyawan',
  // (the sixth round) pick-up and delivery codes: "code de retrait", "código de recogida", "codice di ritiro", "код получения",
  // "رمز الاستلام", "קוד איסוף", "mã nhận hàng", "kode pengambilan", "código de entrega", "kod dostawy", "код доставки"
  'retrait', 'recogida', 'retirada', 'retiro', 'ritiro', 'получения', 'отримання', 'الاستلام', 'איסוף', 'nhận', 'pengambilan',
  'livraison', 'entrega', 'consegna', 'dostawy', 'doręczenia', 'доставки', 'доставлення', 'التوصيل', 'המשלוח', 'pengiriman',
  // (the fourteenth round) a hand-over code, told to a courier or at a counter: "رمز التسليم", "code de remise", "kod wydania",
  // "код вручения", "код выдачи", "код видачі", "קוד מסירה", "kode serah terima", "mã bàn giao"
  'التسليم', 'تسليم', 'للتسليم', 'remise', 'wydania', 'przekazania', 'вручения', 'выдачи', 'передачи', 'вручення',
  'видачі', 'передачі', 'מסירה', 'המסירה', 'serah', 'penyerahan', 'bàn',
  // (the eighteenth round) a subscriber's, a subscription's or a student's number named with a code word: "mã thuê bao", "code abonné",
  // "código de suscriptor", "código de assinante", "codice abbonato", "kod abonenta", "код абонента", "رمز المشترك", "קוד מנוי"
  'thuê', 'abonné', 'abonnée', 'abonnement', 'suscriptor', 'suscripción', 'abonado', 'assinante', 'assinatura', 'abbonato', 'abbonamento',
  'abonnee', 'abonenta', 'abonamentu', 'abone', 'aboneliği', 'абонента', 'подписки', 'підписки', 'المشترك', 'الاشتراك', 'מנוי', 'המנוי',
  'langganan', 'estudiante', 'étudiant', 'aluno', 'studente', 'studenta', 'студента', 'الطالب', 'תלמיד', 'סטודנט',
  // (the twenty-first round) a document's check code, a permit's or a ticket's: "codice di controllo", "code de contrôle", "código de
  // control", "código de controle", "kod kontrolny"
  'controllo', 'contrôle', 'control', 'controle', 'kontrolny', 'kontrolnego',
]);
const SKIP_AFTER_CODE = new Set(['de', 'di', 'of', 'du', 'da', 'do', 'del', 'la', 'le', 'el', 'des', 'della', 'dello']);

const MEDIUM_WORDS = new Set([
  'verification', 'verify', 'verifying', 'verified', 'verifizierung', 'verifizieren', 'vérification',
  'vérifier', 'verificación', 'verificacion', 'verificar', 'verificação', 'verificacao', 'verifica',
  'verificare', 'verificatie', 'verifiëren', 'verifieer', 'authentication', 'authentifizierung',
  'authentification', 'autenticación', 'autenticação', 'autenticazione', 'authenticatie', '2fa', 'mfa',
  'two-factor', 'zwei-faktor', 'otp', 'monouso', 'eenmalige', 'eenmalig',
  // pl, tr, ru, uk, he, ar, hi, id: verification / authentication / one-time
  'weryfikacyjny', 'weryfikacyjnego', 'weryfikacji', 'uwierzytelniania', 'jednorazowy', 'jednorazowe',
  'jednorazowego', 'doğrulama', 'kullanımlık', 'подтверждения', 'проверки', 'верификации', 'аутентификации',
  'одноразовый', 'одноразового', 'підтвердження', 'перевірки', 'верифікації', 'автентифікації', 'одноразовий',
  'אימות', 'האימות', 'לאימות', 'חד-פעמי', 'חד-פעמית', 'التحقق', 'للتحقق', 'التأكيد', 'सत्यापन', 'verifikasi',
  'autentikasi', 'otentikasi',
  // (the thirteenth round) a BLIK code, typed once within two minutes to approve a payment
  'blik',
]);
const SOFT_WORDS = new Set([
  'password', 'passwort', 'kennwort', 'wachtwoord', 'contraseña', 'contrasena', 'confirm', 'confirmation',
  'bestätigung', 'bestätigen', 'bestaetigung', 'confirmer', 'confirmación', 'confirmar', 'confirmação',
  'conferma', 'bevestiging', 'bevestigen', 'authenticate', 'einmal', 'security', 'sicherheit', 'sécurité',
  'seguridad', 'segurança', 'sicurezza', 'beveiliging', 'login', 'sign-in', 'signin', 'anmeldung',
  'anmelden', 'connexion', 'acceso', 'accesso', 'acesso', 'inloggen', 'access', 'zugang', 'one-time',
  'einmalig', 'einmaliger', 'einmaligen',
  'hasło', 'hasła', 'logowania', 'potwierdzenia', 'autoryzacji', 'şifre', 'şifreniz', 'şifrenizi', 'onay',
  'пароль', 'входа', 'вход', 'вхід', 'входу', 'סיסמה', 'סיסמת', 'כניסה', 'התחברות', 'المرور', 'الدخول',
  'पासवर्ड', 'पुष्टि', 'sandi', 'masuk', 'konfirmasi',
]);

/** Words announcing a number that is not a verification code. */
const HARD_BLOCKERS = new Set([
  'order', 'orders', 'bestellung', 'bestellnummer', 'auftrag', 'auftragsnummer', 'commande', 'pedido',
  'ordine', 'bestelling', 'invoice', 'rechnung', 'rechnungsnummer', 'facture', 'factura', 'fattura',
  'factuur', 'receipt', 'quittung', 'beleg', 'reçu', 'recibo', 'ricevuta', 'tracking', 'track',
  'sendung', 'sendungsnummer', 'suivi', 'seguimiento', 'rastreamento', 'rastreio', 'tracciamento',
  'spedizione', 'zending', 'reference', 'ref', 'referenz', 'référence', 'referencia', 'referência',
  'riferimento', 'referentie', 'ticket', 'booking', 'reservation', 'buchung', 'buchungsnummer',
  'réservation', 'reserva', 'prenotazione', 'reservering', 'flight', 'flug', 'vol', 'vuelo', 'voo',
  'volo', 'vlucht',
  // (the eighth round) a train's number ("ट्रेन: 12951 मुंबई राजधानी", "Zug: ICE 578", "Поезд 016А"), as a flight's
  'train', 'zug', 'tren', 'trem', 'treno', 'trein', 'pociąg', 'pociągu', 'поезд', 'поезда', 'потяг', 'поїзд', 'قطار',
  'القطار', 'רכבת', 'הרכבת', 'ट्रेन', 'रेलगाड़ी', 'tàu', 'kereta',
  'transaction', 'transaktion', 'phone', 'tel', 'telephone', 'telefon', 'téléphone',
  'teléfono', 'telefone', 'telefono', 'telefoon', 'fax', 'call', 'dial',
  'zip', 'postal', 'plz', 'postleitzahl', 'postcode', 'suite', 'apt', 'street', 'id', 'iban', 'bic',
  'swift', 'visa', 'mastercard', 'amex', 'ending', 'endet', 'serial', 'sku', 'item', 'artikel',
  'article', 'artículo', 'articolo', 'model', 'modell', 'meeting', 'besprechung', 'réunion', 'reunión',
  'reunião', 'riunione', 'vergadering', 'room', 'gate', 'seat', 'parcel', 'package', 'paket', 'colis',
  'paquete', 'pacote', 'pacco', 'pakket', 'shipment', 'lieferung', 'livraison', 'envío', 'envio',
  'consegna', 'levering', 'vat', 'ust', 'tva', 'iva', 'btw', 'total', 'subtotal', 'summe', 'gesamt',
  'montant', 'importe', 'importo', 'bedrag', 'price', 'preis', 'prix', 'precio', 'preço', 'prezzo',
  'prijs', 'amount', 'qty', 'quantity', 'menge', 'points', 'punkte', 'miles', 'balance', 'saldo',
  'solde', 'policy', 'polizza', 'claim', 'contract', 'vertrag', 'contrat', 'contrato', 'contratto',
  'confirmation', 'bestätigungsnummer', 'kundennummer', 'mitgliedsnummer', 'versicherungsnummer',
  'steuernummer', 'vorgangsnummer', 'aktenzeichen', 'numéro', 'número', 'numero', 'nummer',
  'webinar', 'dial-in', 'pnr', 'ordernummer', 'factuurnummer', 'klantnummer', 'n°', 'nº', 'meter',
  'zähler', 'zählernummer', 'compteur', 'contador', 'contatore', 'meterstand', 'workspace', 'tenant',
  'organization', 'organisation', 'project', 'projekt', 'request', 'anfrage', 'demande', 'solicitud',
  'license', 'lizenz', 'licence', 'licencia', 'serie', 'imei', 'vin', 'ip', 'port', 'pr',
  'issue', 'commit', 'build', 'release', 'version', 'v', 'ver', 'rev', 'revision', 'passport',
  'reisepass', 'passeport', 'pasaporte', 'passaporte', 'passaporto', 'paspoort', 'ssn', 'sozialversicherungsnummer',
  // (the thirteenth round) a device's serial number beside its pairing code
  'seriennummer', 'serienr', 'seriennr',
  // (the eighteenth round) a subscriber's and a student's number ("Subscriber no. 2207714", "Matrikelnummer 30417", "matricola 30417",
  // "numer albumu", "номер абонента", "NIM", "NISN")
  'subscriber', 'abonnentennummer', 'matrikelnummer', 'matrikelnr', 'schülernummer', 'studentnummer', 'leerlingnummer', 'matricola',
  'matrícula', 'albumu', 'legitymacji', 'abonent', 'абонент', 'абонента', 'зачётки', 'зачетки', 'студенческого', 'студентського',
  'nim', 'nisn',
  // (the twenty-first round) a vehicle's plate and an insurance policy's or claim's number ("placa SQX-2B41", "targa", "Kennzeichen",
  // "plaque", "kenteken", "tablica", "plaka", "госномер", "номерний знак", "لوحة", "לוחית רישוי", "biển số", "plat nomor", "polis
  // 4418-2207", "klaim", "póliza", "apólice", "sinistro", "Schadennummer", "szkody", "hasar", "полис", "поліс", "بوليصة", "פוליסה")
  'placa', 'targa', 'kennzeichen', 'plaque', 'immatriculation', 'matrícula', 'kenteken', 'tablica', 'rejestracyjny', 'plaka', 'plakası',
  'plakalı', 'госномер', 'госномера', 'номерной', 'номерний', 'لوحة', 'לוחית', 'רישוי', 'plat', 'nopol', 'polis', 'klaim', 'póliza',
  'poliza', 'apólice', 'apolice', 'sinistro', 'sinistre', 'siniestro', 'schadennummer', 'schadensnummer', 'schadenummer', 'szkody',
  'poliçe', 'hasar', 'полис', 'полиса', 'поліс', 'поліса', 'بوليصة', 'البوليصة', 'المطالبة', 'פוליסה', 'הפוליסה', 'תביעה', 'पॉलिसी',
  // a vehicle named before its plate ("kendaraan B 4418 KKT", "veículo", "Fahrzeug", "véhicule", "vehículo", "veicolo", "voertuig",
  // "pojazd", "araç", "ТС", "транспортний", "المركبة", "רכב", "वाहन", "xe")
  'kendaraan', 'fahrzeug', 'véhicule', 'vehículo', 'veículo', 'veicolo', 'voertuig', 'pojazd', 'pojazdu', 'araç', 'aracın', 'автомобиль',
  'автомобиля', 'автомобіль', 'автомобіля', 'المركبة', 'السيارة', 'רכב', 'הרכב', 'वाहन',
  // the digits of a card or account ending ("tarjeta terminada en 2290", "sonu 9012 ile biten")
  'terminada', 'terminado', 'terminación', 'termina', 'terminano', 'final', 'finalizado', 'finalizada',
  'terminant', 'eindigend', 'eindigt', 'kończący', 'kończącej', 'kończącym', 'końcówka', 'biten', 'sonu',
  'заканчивающейся', 'оканчивающейся', 'окончанием', 'закінчується', 'المنتهية', 'المنتهي', 'بـ',
  'המסתיים', 'המסתיימת', 'đuôi', 'berakhiran', 'akhiran',
  // (the seventeenth round) the same said as a verb: "ICCID ends 8842", "endend auf", "kończy się na", "оканчивается на",
  // "заканчивается на", "finaliza en", "berakhir"
  'ends', 'endend', 'kończy', 'оканчивается', 'заканчивается', 'finaliza', 'finalizando', 'terminando',
  // street, postal and register words of addresses and footers (the number after them is no code)
  'rua', 'avenida', 'av', 'calle', 'carrera', 'viale', 'corso', 'piazza', 'ul', 'ulica', 'cad',
  'cadde', 'caddesi', 'sok', 'sokak', 'mah', 'mahallesi', 'ул', 'улица', 'пр', 'проспект', 'вул', 'вулиця',
  'шоссе', 'д', 'дом', 'кв', 'jl', 'jalan', 'đường', 'straße', 'strasse', 'laan', 'gracht', 'plein',
  // (the twelfth round) the ward and district of a Vietnamese address ("Phường Bến Nghé, Quận 1, TP.HCM 700000")
  'phường', 'quận', 'huyện',
  'cep', 'индекс', 'شارع', 'רחוב', 'מיקוד', 'localizador', 'icp', 'krs', 'nip', 'regon', 'kvk',
  'siret', 'siren', 'rcs', 'cnpj', 'cpf', 'cif', 'nif', 'hrb', 'hra', 'amtsgericht', 'mersis', 'vergi',
  'npwp', 'nib', 'gstin', 'cin', 'mst', 'инн', 'огрн', 'кпп', 'бик', 'єдрпоу', 'ттн', 'лицензия',
  'лицензии', 'ліцензія', 'licencja', 'lisans', 'licença', 'licenza', 'licentie', 'vergunning', 'zezwolenie',
  'izin', 'ترخيص', 'سجل', 'רישיון', 'लाइसेंस', 'giấy', 'agrément', 'permit', 'nmls', 'bafin-id', 'rea',
  'postfach', 'postbus', 'apartado', 'casilla', 'skrytka', 'postboks', 'صندوق',
  // orders, parcels, phones, amounts, numbers
  'zamówienie', 'zamówienia', 'faktura', 'faktury', 'przesyłka', 'przesyłki', 'kwota', 'numer', 'telefonu',
  'sipariş', 'siparişiniz', 'numaralı', 'fatura', 'kargo', 'takip', 'tutar', 'tutarındaki', 'toplam', 'заказ',
  'заказа', 'замовлення', 'трек-номер', 'сумма', 'сума', 'тел', 'телефон', 'телефона', 'факс', 'номер',
  'رقم', 'طلب', 'طلبك', 'الطلب', 'فاتورة', 'تتبع', 'التتبع', 'هاتف', 'الهاتف', 'المبلغ', 'بمبلغ', 'المجموع',
  'מספר', 'מעקב', 'טלפון', 'ऑर्डर', 'संख्या', 'ट्रैकिंग', 'नंबर', 'पता', 'पिन', 'आईडी', 'सं', 'đơn', 'số',
  'tổng', 'pesanan', 'nomor', 'tagihan', 'rekening',
  // (the tenth round) hotlines and call-centre lines, and the verbs that ask to call one ("call us on 0800 1234", "bel 0900-1234",
  // "ligue 4004 0001", "hubungi 1500 888", "gọi 1900 6035"): the number after them is the line's
  'hotline', 'hotlines', 'helpline', 'callcenter', 'call-center', 'call-centre', 'callcentre', 'infolinia', 'infolinii', 'infolinię',
  'servicenummer', 'servicetelefon', 'servicehotline', 'kundenhotline', 'ouvidoria', 'helpdesk', 'горячая', 'гаряча', 'гарячої',
  'хотлайн', 'הוטליין', 'מוקד', 'למוקד', 'हेल्पलाइन', 'टोल-फ्री', 'appelez', 'appeler', 'appelez-nous', 'llame', 'llámenos',
  'llámanos', 'llamar', 'ligue', 'ligue-nos', 'ligar', 'chiama', 'chiamare', 'chiamaci', 'chiami', 'bel', 'bellen', 'anrufen',
  'zadzwoń', 'zadzwonić', 'dzwoń', 'позвоните', 'звоните', 'зателефонуйте', 'телефонуйте', 'اتصل', 'اتصلوا', 'التواصل', 'התקשרו',
  'התקשר', 'חייגו', 'कॉल', 'gọi', 'hubungi', 'telepon',
]);
const SOFT_BLOCKERS = new Set([
  'account', 'konto', 'kontonummer', 'compte', 'cuenta', 'conta', 'conto', 'rekening', 'customer',
  'kunde', 'kunden', 'client', 'cliente', 'klant', 'member', 'membership', 'mitglied', 'card', 'karte',
  'carte', 'tarjeta', 'cartão', 'carta', 'kaart', 'user', 'benutzer', 'utilisateur', 'usuario',
  'utente', 'gebruiker', 'profile', 'profil',
  'rachunek', 'rachunku', 'karta', 'karty', 'kartą', 'hesap', 'hesabınız', 'kart', 'kartınız', 'kartınızla',
  'карта', 'карты', 'картой', 'картка', 'карткою', 'счёт', 'счет', 'счета', 'рахунок', 'рахунку',
  'بطاقتك', 'حساب', 'حسابك', 'כרטיס', 'חשבון', 'खाते', 'खाता', 'कार्ड', 'thẻ', 'khoản',
]);
const POSSESSIVES = new Set([
  'your', 'my', 'our', 'ihr', 'ihre', 'ihres', 'ihrem', 'ihren', 'dein', 'deine', 'deines', 'deinem', 'votre',
  'vos', 'ton', 'su', 'tu', 'sua', 'seu', 'tuo', 'tua', 'je', 'uw', 'new', 'neues', 'nouveau', 'nuevo',
]);
/** Phone-ish labels that only block when used as a label ("Mobile: ...", "Handy-Nr. ..."). */
const LABEL_BLOCKERS = new Set([
  'mobile', 'mobil', 'handy', 'cell', 'hotline', 'contact', 'infolinia', 'tổng', 'pelanggan', 'kundenservice',
  'kundendienst', 'service', 'atendimento', 'assistenza', 'klantenservice', 'obsługa', 'destek', 'hizmetleri',
  'поддержки', 'підтримки', 'cliente', 'clienti', 'customer', 'đài',
  // (the tenth round) "Central: 4004 0001", "SAC: 0800…", "Contacto: 900 …", "Klantenservice:", "Servizio clienti:", "Müşteri
  // hizmetleri:", "خدمة العملاء:", "מרכז שירות:", "ग्राहक सेवा:", "Layanan:", "Service client :"
  'central', 'sac', 'contacto', 'contato', 'kontakt', 'support', 'klantendienst', 'servizio', 'servicio', 'linha', 'линия', 'лінія',
  'العملاء', 'الاتصال', 'שירות', 'לקוחות', 'सेवा', 'layanan', 'kundencenter', 'servicecenter',
]);
/** Words after "confirmation" / "ID" that make them part of a code name rather than a label. */
const CONFIRMATION_CODE_FOLLOWERS = new Set(['code', 'codes', 'link']);

/** Words that reveal a promotion (promo codes are not OTPs); they veto any nearby candidate. */
export const PROMO_WORDS = new Set([
  'discount', 'off', 'coupon', 'voucher', 'promo', 'rabatt', 'gutschein', 'réduction', 'descuento',
  'desconto', 'sconto', 'korting', 'rabais', 'cupón', 'cupom', 'buono',
  // pl, tr, ru, uk, ar, he, hi, id (vi, th and CJK below: their words come in pairs or inside runs)
  'rabat', 'rabatu', 'rabatowy', 'zniżka', 'zniżki', 'zniżkę', 'kupon', 'kuponu', 'promocja', 'promocji', 'promocyjny',
  'indirim', 'indirimi', 'indirimli', 'скидка', 'скидку', 'скидки', 'скидкой', 'промокод', 'промокоду', 'купон',
  'знижка', 'знижку', 'знижки', 'خصم', 'الخصم', 'كوبون', 'الكوبون', 'قسيمة', 'القسيمة', 'تخفيض', 'הנחה', 'קופון',
  'छूट', 'कूपन', 'डिस्काउंट', 'diskon', 'potongan', 'cashback',
  // (the thirteenth round) cashback in the 21 languages ("₹150 कैशबैक", "кэшбэк 5%", "كاش باك", "קאשבק"; vi, th, CJK below)
  'cash-back', 'кэшбэк', 'кешбэк', 'кешбек', 'кэшбек', 'кешбеку', 'кешбеком', 'كاشباك', 'الكاشباك', 'קאשבק', 'קשבק', 'कैशबैक', 'कैश-बैक',
  // (the eighteenth round) a time given free with the code ("Nutze den Code NEU2026 für einen Monat gratis", "un mois offert", "free
  // for 3 months"): a promotion, even in a sign-up mail. Read as one only beside a month or a week (FREE_WORDS, freePeriodNear).
  'gratis', 'kostenlos', 'kostenlosen', 'gratuit', 'gratuite', 'offert', 'offerte', 'gratuito', 'gratuita', 'gratuitamente', 'bedava',
  'ücretsiz', 'бесплатно', 'бесплатный', 'безкоштовно', 'безкоштовний', 'مجانا', 'مجاناً', 'مجاني', 'חינם', 'मुफ्त', 'मुफ़्त', 'cuma-cuma', 'free',
]);
/**
 * (the eighteenth round) Free words: promotion words only with a month or a week within three words ("einen Monat gratis", "un mois
 * offert", "1 month free"; freePeriodNear). A free trial is not one: a sign-up's code mail names the trial it starts.
 */
const FREE_WORDS = new Set([
  'gratis', 'kostenlos', 'kostenlosen', 'gratuit', 'gratuite', 'offert', 'offerte', 'gratuito', 'gratuita', 'gratuitamente', 'bedava',
  'ücretsiz', 'бесплатно', 'бесплатный', 'безкоштовно', 'безкоштовний', 'مجانا', 'مجاناً', 'مجاني', 'חינם', 'मुफ्त', 'मुफ़्त', 'cuma-cuma',
  'free',
]);
const PERIOD_WORDS = new Set([
  'month', 'months', 'monat', 'monate', 'monaten', 'mois', 'mes', 'meses', 'mês', 'mese', 'mesi', 'maand', 'maanden', 'miesiąc', 'miesiące',
  'ay', 'месяц', 'месяца', 'месяцев', 'місяць', 'місяці', 'شهر', 'شهرًا', 'شهرا', 'חודש', 'חודשים', 'महीना', 'महीने', 'tháng', 'bulan',
  'week', 'weeks', 'woche', 'wochen', 'semaine', 'semaines', 'semana', 'semanas', 'settimana', 'settimane',
]);
function freePeriodNear(words: readonly string[], i: number): boolean {
  for (let k = Math.max(0, i - 3); k <= i + 3 && k < words.length; k++) if (k !== i && PERIOD_WORDS.has(words[k] as string)) return true;
  return false;
}
/** Promotion words inside a run of CJK, Hangul or Thai text ("クーポン", "할인", "优惠", "ส่วนลด"). */
const CJK_PROMO = [
  'クーポン', '割引', '쿠폰', '할인', '优惠', '優惠', '折扣', '代金券', '满减', '滿減', 'ส่วนลด', 'คูปอง', 'โปรโมชั่น', 'โปรโมชัน',
  // (the thirteenth round) cashback: "キャッシュバック", "캐시백", "返现", "返現", "เงินคืน", "แคชแบ็ก"
  'キャッシュバック', 'ポイント還元', '캐시백', '返现', '返現', '返利', 'เงินคืน', 'แคชแบ็ก', 'แคชแบ็ค',
];
/** Shopping words; they only veto alphanumeric candidates ("SAVE20 at checkout"). */
export const SHOP_WORDS = new Set([
  'checkout', 'sale', 'kasse', 'shop', 'save', 'savings', 'offer', 'deal', 'cart', 'warenkorb', 'panier',
  'carrito', 'carrinho', 'carrello', 'winkelwagen', 'shopping', 'einkauf',
]);

const CJK_STRONG = [
  'コード', 'パスコード', 'ワンタイムパスワード', '認証番号', '確認番号', '验证码', '驗證碼', '인증', '코드', '校验码',
  '校驗碼', '动态码', '動態碼', '动态密码', '動態密碼', '确认码', '確認碼', '认证码', '認證碼', '一次性密码', '一次性密碼',
  '登录码', '登入碼', '验证代码', '驗證代碼', 'otp', 'รหัส',
  // (the seventh round) a bank's transaction or text-message password: "交易密碼：920174", "簡訊密碼", "短信密码", "动态口令"
  '交易密码', '交易密碼', '短信密码', '簡訊密碼', '短訊密碼', '动态口令', '動態口令',
  // (the thirteenth round) a device's pairing or binding code ("配對碼", "配对码", "绑定码"; "ペアリングコード" and "페어링 코드" end in コード, 코드)
  '配對碼', '配对码', '配對代碼', '配对代码', '绑定码', '綁定碼', '连接码', '連接碼', '连线码', '連線碼', '设备码', '裝置碼', '設備碼',
];
/** Medium cue words inside a run of CJK, Hangul or Thai text. */
const CJK_MEDIUM = [
  '認証', '確認', 'ワンタイム', '验证', '驗證', '校验', '校驗', '认证', '認證', '确认', 'ยืนยัน', '확인', '본인',
  // (the sixth round) "enter these digits" ("以下の数字を入力", "输入以下数字", "ตัวเลขนี้")
  'この数字', '以下の数字', '下記の数字', '以下数字', '下列数字', '以下數字', '下列數字', 'ตัวเลขนี้', 'ตัวเลขด้านล่าง',
];
/** Written right before a code word in the same run (or as the word before it), they make it another kind of code. */
const CJK_NEG_BEFORE = [
  'ギフト', 'クーポン', 'プロモーション', '割引', '紹介', '招待', 'qr', 'バー', '会議', 'ミーティング', '予約', '注文', '引換',
  '商品', '追跡', '郵便', 'セール', '쿠폰', '할인', '추천', '초대', '프로모션', '기프트', '선물', '회의', '예약', '주문', '우편',
  '优惠', '優惠', '兑换', '兌換', '礼品', '禮品', '禮物', '礼物', '邀请', '邀請', '会议', '會議', '推荐', '推薦', '取件',
  '取货', '取貨', '提货', '提貨', '邮政', '郵政', '折扣', '活动', '活動',
  // reference, customer, supplier, member, employee, store codes ("参照コード", "고객 코드", "参考码")
  '参照', '参考', '參考', '顧客', '取引先', '仕入先', '会員', '社員', '店舗', '참조', '고객', '거래처', '회원', '사원', '지점', '客户', '客戶',
  '供应商', '供應商', '会员', '會員', '员工', '員工', '门店', '門市', '隨機', '随机',
  // (the sixth round) pick-up and delivery codes ("受取コード", "픽업 코드", "수령 코드", "配送码")
  '受取', '受け取り', '픽업', '수령', '배송', '배달', '配達', '配送', '送货', '送貨', '派送',
];
/** Written right after Thai "รหัส" (code), they make it another kind of code: postal, reference, discount, product... */
const THAI_NEG_AFTER = [
  'ไปรษณีย', 'อ้างอิง', 'ส่วนลด', 'โปรโมชั่น', 'โปรโมชัน', 'คูปอง', 'สินค้า', 'พนักงาน', 'สมาชิก', 'การประชุม', 'ประชุม',
  'บัตรของขวัญ', 'ของขวัญ', 'บัตร', 'ประจําตัว', 'ติดตาม', 'พัสดุ', 'การจอง', 'จอง', 'สาขา', 'ลูกค้า', 'ผ่านการประชุม', 'ผ่านเข้าร่วม',
  'รับสินค้า', 'รับพัสดุ', 'จัดส่ง',
];
/** Labels of numbers that are no codes, at the end of a run (the number follows): endings, order, parcel, phone, postal, register. */
const CJK_BLOCKERS = [
  '末尾', '番号', '電話', '合計', '金額', '注文', '伝票', '尾号', '尾號', '末四码', '末四碼', '末四位', '订单', '訂單', '运单',
  '運單', '物流', '邮编', '郵遞區號', '客服', '热线', '熱線', '电话', '統一編號', '统一编号', '編號', '编号', '金额', 'icp',
  '备', '備', '許可', '끝자리', '주문번호', '운송장', '우편번호', '사업자등록번호', '고객센터', '금액', '번호',
  'หมายเลข', 'เลขที่', 'เลขพัสดุ', 'ลงท้ายด้วย', 'ลงท้าย', 'บัญชี', 'โทร', 'ถนน', 'ใบอนุญาต', 'ยอด', 'ภาษี',
  // e-invoices (Taiwan's 隨機碼, China's 发票代码), reference numbers and codes ("รหัสอ้างอิง", "参考号", "참조번호")
  // (the eighth round) a train's number: "列車 12951", "车次 G1234", "열차 번호" (번호 is one already), "รถไฟ 12951"
  '列車', '列车', '车次', '車次', '열차', 'รถไฟ',
  '隨機碼', '随机码', '發票', '发票', '號碼', '号码', '参考', '參考', '参照', '참조', 'อ้างอิง', '检查码', '檢查碼',
  // (the thirteenth round) a device's serial number beside its pairing code ("序號 DB-3300-1284", "シリアル", "시리얼", "หมายเลขเครื่อง")
  '序號', '序号', '序列号', '序列號', 'シリアル', '시리얼',
  // (the eighteenth round) a student's, a member's or a subscriber's number: "เลขประจำตัว 30417" (read by its last eight letters, and
  // as the text's normalising writes its "ำ"), "学号", "學號", "学籍番号", "학번", "会员号", "會員號", "用户号", "用戶號"
  'เลขประจำตัว', 'จำตัว', 'จําตัว', 'เลขสมาชิก', '学号', '學號', '学籍', '학번', '会员号', '會員號', '用户号', '用戶號',
  // (the tenth round) customer-service lines and hotlines: "お問い合わせ 0120-…", "フリーダイヤル", "상담 1588-…", "콜센터",
  // "대표번호", "服务热线 95555", "致电 400-…", "客服專線", "สายด่วน 1333", "คอลเซ็นเตอร์"
  'お問い合わせ', '問い合わせ', 'お問合せ', '問合せ', 'フリーダイヤル', 'ナビダイヤル', 'コールセンター', 'カスタマーセンター', 'サポートセンター',
  'サポートデスク', '窓口', '상담', '콜센터', '문의', '대표번호', '대표전화', '전화', '致电', '致電', '拨打', '撥打', '专线', '專線', '免付费',
  '免付費', '服务台', '服務台', 'สายด่วน', 'คอลเซ็นเตอร์', 'ติดต่อ', 'ศูนย์บริการ',
];
/** (the eighth round) A count of digits ("4桁") after "下" or "末尾" (the last ones): a card's ending, as "末四碼" is. */
const CARD_ENDING_DIGITS_RE = /^\d桁$/;
const CARD_ENDING_BEFORE_RE = /(?:下|末尾)$/;
/** (the thirteenth round) The same in CJK, Hangul and Thai runs: a key box, a door lock, an entrance, a gate, an alarm, a safe, a parking, Wi-Fi. */
const CJK_ACCESS = [
  'キーボックス', 'ダイヤル錠', 'オートロック', '玄関', '門扉', 'ゲート', '警報', '金庫', '駐車場', '宅配ボックス', 'ドア', 'ワイファイ',
  '키박스', '열쇠함', '도어락', '현관', '공동현관', '게이트', '경보', '금고', '주차장', '와이파이', '사물함', '钥匙盒', '鑰匙盒',
  '钥匙箱', '鑰匙箱', '密码锁', '密碼鎖', '门禁', '門禁', '大门', '大門', '门锁', '門鎖', '警报', '保险箱', '保險箱', '停车场', '停車場',
  '储物柜', '儲物櫃', '无线网', '無線網', '大楼', '大樓', '楼门', '樓門', 'ビル', '建物', '건물', 'ตู้กุญแจ', 'กล่องกุญแจ', 'ประตู', 'สัญญาณกันขโมย', 'ไวไฟ', 'ที่จอดรถ', 'ตู้เซฟ',
  // (the nineteenth round) a car park's barrier, a charging post, a fuel card
  '遮断機', '精算機', '給油カード', 'ガソリンカード', '차단기', '주유카드', '道闸', '道閘', '栏杆', '欄杆', '加油卡', '油卡', 'ไม้กั้น', 'บัตรน้ำมัน',
];
const CJK_ACCESS_RE = new RegExp(CJK_ACCESS.join('|'));
/** Words of mail whose codes are no one-time codes: meetings, bookings and rooms, lockers, gift cards, examples. */
const CJK_NON_OTP = [
  'ミーティング', '会議', '会议', '會議', '회의', 'ประชุม', 'ギフト', '礼品', '禮品', '禮物', '礼物', '선물', '기프트', 'ของขวัญ',
  '兑换', '兌換', '例えば', '例如', '示例', '예시', '예를', 'ตัวอย่าง', '取件', '取货', '予約', '预订', '預訂', '예약', 'การจอง',
  'ห้อง', '部屋', '房间', '房間', '객실', 'ロッカー', '储物柜',
  // (the sixth round) pick-up codes of a store or a parcel point, couriers and drivers, "such as"
  '取貨', '提貨', '提货', '取件', '受取番号', '受取コード', '受け取りコード', '受取用', '픽업', 'รับสินค้า', 'รับพัสดุ', '配達員', 'ドライバー',
  '배송기사', '기사님', '배달원', '快递员', '快遞員', '配送员', '配送員', '外卖员', '外送員', '骑手', '騎手', '司机', '司機', 'พนักงานส่ง',
  'คนส่ง', 'ไรเดอร์', 'เช่น', '比如', '例：',
  // (the twelfth round) a convenience store's pick-up or payment number, even under 認証番号 ("店頭端末で…入力してお受け取りください"),
  // and a referral or invitation code ("紹介コード", "招待コード", "추천인 코드", "推荐码", "邀请码", "รหัสแนะนำ")
  'コンビニ', '店頭端末', 'お受け取り', '受取期限', '편의점', '便利店', '便利商店', '超商', '紹介コード', '招待コード', '추천인',
  '推荐码', '推薦碼', '邀请码', '邀請碼', 'รหัสแนะนำ', 'รหัสเชิญ',
  // (the sixteenth round) video consultations and calls
  'オンライン診療', 'ビデオ通話', 'テレビ会議', '화상진료', '화상 진료', '비대면 진료', '화상회의', '视频问诊', '视频会诊', '视频会议', '線上看診', '視訊', 'วิดีโอคอล',
  // (the fourteenth round) hand-over codes told to a courier or at a counter: "受け渡しコード", "引き渡し", "인계", "交付码", "收货码", "取餐码"
  'カウンター', '카운터', '柜台', '櫃檯', '櫃台', 'เคาน์เตอร์', '受け渡し', '引き渡し', '引渡し', '인계', '인수 코드', '交付码', '交付碼', '交接码', '交接碼', '收货码', '收貨碼', '取餐码', '取餐碼', 'รหัสส่งมอบ', 'ส่งมอบ',
  ...CJK_ACCESS,
];
/**
 * (the thirteenth round) Access codes of a place: a key box or key safe, a door, a gate, a garage, an alarm panel, a keypad, an
 * intercom, a padlock, a safe and a Wi-Fi network, in the 21 languages (two-word names in ACCESS_PAIRS, CJK and Thai in CJK_ACCESS):
 * words of NON_OTP_WORDS, named apart for explain().
 */
const ACCESS_WORDS_LIST = [
  'keybox', 'lockbox', 'keysafe', 'key-box', 'key-safe', 'lock-box', 'keypad', 'intercom', 'buzzer', 'garage', 'padlock', 'alarm',
  'wifi', 'wi-fi', 'wlan', 'ssid', 'hotspot', 'schlüsselkasten', 'schlüsselbox', 'schlüsseltresor', 'schlüsselsafe', 'schlüsselkästchen',
  'schlüsselkassette', 'alarmanlage', 'garagentor', 'hoftor', 'haustür', 'eingangstür', 'wohnungstür', 'gegensprechanlage', 'tiefgarage',
  'tastenfeld', 'zahlenschloss', 'türschloss', 'vorhängeschloss', 'digicode', 'portail', 'interphone', 'alarme', 'cadenas', 'coffre-fort',
  'porte', 'cajetín', 'cajetin', 'portón', 'alarma', 'candado', 'portero', 'puerta', 'portão', 'cadeado', 'interfone', 'cofre',
  'portachiavi', 'cancello', 'portone', 'allarme', 'lucchetto', 'cassaforte', 'citofono', 'sleutelkastje', 'sleutelkast', 'sleutelkluis',
  'sleutelbox', 'sleuteldoos', 'poort', 'hangslot', 'deur', 'voordeur', 'brama', 'bramy', 'bramę', 'furtka', 'furtki', 'domofon',
  'domofonu', 'kłódka', 'kłódki', 'drzwi', 'sejf', 'sejfu', 'alarmu', 'kapı', 'kapının', 'kapıyı', 'otopark', 'diafon', 'ключница',
  'ключницы', 'ключнице', 'сейф', 'сейфа', 'домофон', 'домофона', 'ворота', 'калитка', 'калитки', 'сигнализация', 'сигнализации',
  'дверь', 'двери', 'подъезд', 'подъезда', 'шлагбаум', 'ключниця', 'ключниці', 'брама', 'хвіртка', 'хвіртки', 'сигналізація',
  'сигналізації', 'двері', 'під’їзд', "під'їзд", 'خزنة', 'الخزنة', 'البوابة', 'الباب', 'الإنذار', 'الواي', 'כספת', 'הכספת', 'קודן',
  'הקודן', 'דלת', 'הדלת', 'אזעקה', 'האזעקה', 'אינטרקום', 'חניון', 'चाबी', 'गेट', 'दरवाज़े', 'दरवाजे', 'दरवाज़ा', 'दरवाजा',
  'अलार्म', 'वाई-फाई', 'वाईफाई', 'két', 'brankas', 'pintu', 'gembok',
  // (the seventeenth round) a building's or a co-working space's door ("Tu código de acceso al edificio sigue siendo 2207#",
  // "Zugangscode fürs Gebäude", "code d'accès à l'immeuble", "código de acesso ao prédio", "codice del palazzo", "toegangscode van het
  // gebouw", "kod do budynku", "bina giriş kodu", "код от подъезда/здания", "код до будівлі", "رمز دخول المبنى", "קוד הכניסה לבניין",
  // "इमारत", "mã vào tòa nhà", "kode akses gedung")
  'edificio', 'gebäude', 'gebäudes', 'bâtiment', 'immeuble', "l'immeuble", "d'immeuble", "l'édifice", 'prédio', 'edifício', 'palazzo', 'gebouw', 'budynek', 'budynku',
  'bina', 'binaya', 'binanın', 'здание', 'здания', 'будівля', 'будівлі', 'المبنى', 'للمبنى', 'הבניין', 'לבניין', 'בניין', 'इमारत',
  'gedung', 'coworking', 'co-working', 'cowork',
  // (the nineteenth round) a code typed at a car park's barrier, gate or pillar, a charging post, a fuel or fleet card's terminal
  // ("رمز بوابة المواقف: 5827", "toets dan de toegangscode 7294 in bij de zuil", "Le code de la carte carburant … est bien le 4471",
  // "PIN der Tankkarte", "código de la tarjeta de combustible", "kod karty paliwowej", "yakıt kartı şifresi", "ПИН топливной карты",
  // "קוד כרטיס הדלק", "ईंधन कार्ड", "thẻ xăng", "kartu BBM"), in the 21 languages (CJK and Thai in CJK_ACCESS)
  'barrier', 'car-park', 'carpark', 'fuel', 'fleet', 'fuelcard', 'parkhaus', 'schranke', 'tankkarte', 'flottenkarte', 'ladesäule',
  'barrière', 'borne', 'carburant', 'barrera', 'combustible', 'cancela', 'combustível', 'sbarra', 'colonnina', 'carburante',
  'slagboom', 'zuil', 'laadpaal', 'parkeergarage', 'tankpas', 'tankkaart', 'szlaban', 'szlabanu', 'paliwowa', 'paliwowej', 'flotowa',
  'flotowej', 'bariyer', 'bariyere', 'yakıt', 'шлагбаума', 'топливная', 'топливной', 'топливную', 'паливна', 'паливної', 'паливну',
  'المواقف', 'مواقف', 'للمواقف', 'الوقود', 'للوقود', 'מחסום', 'המחסום', 'בחניון', 'החניון', 'לחניון', 'דלק', 'הדלק', 'बैरियर',
  'पार्किंग', 'ईंधन', 'xăng', 'barie', 'palang', 'parkir', 'bbm',

];
const ACCESS_WORDS: ReadonlySet<string> = new Set(ACCESS_WORDS_LIST);
const NON_OTP_WORDS = new Set([
  'meeting', 'meetings', 'zoom', 'webex', 'webinar', 'besprechung', 'konferenz', 'réunion', 'reunión', 'reunião',
  'riunione', 'vergadering', 'spotkanie', 'spotkania', 'toplantı', 'toplantıya', 'встреча', 'встречи',
  'конференция', 'конференции', 'зустріч', 'зустрічі', 'конференції', 'اجتماع', 'الاجتماع', 'פגישה', 'פגישת',
  'לפגישת', 'לפגישה', 'הפגישה', 'मीटिंग', 'बैठक', 'họp', 'rapat', 'check-in', 'self-check-in', 'checkin', 'hotel',
  'locker', 'lockers', 'schließfach', 'paczkomat', 'paczkomacie', 'paczkomatu', 'tür', 'door', 'chambre',
  'habitación', 'quarto', 'kamer', 'pokój', 'pokoju', 'oda', 'odası', 'кімнати', 'الغرفة', 'חדר', 'कमरे', 'कमरा',
  'phòng', 'kamar', 'pintu',
  // (the eighteenth round) a room with its Hebrew clitics ("קוד הכניסה לחדר האשפה", the bin room's door code)
  'לחדר', 'בחדר', 'החדר', 'לחדרי', 'gift', 'gift-card', 'giftcard', 'geschenk', 'geschenkkarte', 'cadeau', 'cadeaukaart',
  'regalo', 'podarunkowa', 'podarunkowy', 'hediye', 'подарочный', 'подарочного', 'подарочная', 'подарунковий',
  'сертификат', 'сертификата', 'هدية', 'الهدية', 'מתנה', 'उपहार', 'quà', 'hadiah', 'redeem', 'einlösen', 'verzilver',
  'verzilveren', 'self-check', 'rezeption', 'réception', 'recepción', 'canjear', 'resgatar', 'riscatta', 'example', 'beispiel', 'exemple', 'ejemplo', 'exemplo', 'esempio',
  // (the sixteenth round) a video consultation's or a telehealth visit's access code ("Zur Videosprechstunde: Zugangscode …")
  'videosprechstunde', 'videosprechstunden', 'online-sprechstunde', 'videotermin', 'videoconsult', 'videoconsultatie', 'beeldbellen',
  'téléconsultation', 'teleconsultation', 'visioconférence', 'teleconsulta', 'videoconsulta', 'videollamada', 'videochamada',
  'teleconsulto', 'videoconsulto', 'videochiamata', 'telehealth', 'telemedicine', 'videocall', 'video-call', 'wideokonsultacja',
  'wideokonsultacji', 'teleporada', 'teleporady', 'görüntülü', 'видеоконсультация', 'видеоконсультации', 'телемедицина',
  'відеоконсультація', 'відеоконсультації', 'الفيديو', 'וידאו', 'वीडियो', 'telekonsultasi', 'telemedis',
  'voorbeeld', 'przykład', 'przykładowo', 'örnek', 'örneğin', 'пример', 'например', 'приклад', 'наприклад', 'مثال',
  'مثلا', 'לדוגמה', 'דוגמה', 'उदाहरण', 'dụ', 'contoh', 'misalnya', 'reserva', 'reservierung', 'réservation',
  'prenotazione', 'reservering', 'rezerwacja', 'rezerwacji', 'rezervasyon', 'бронирование', 'бронирования', 'حجز',
  'الحجز', 'बुकिंग', 'reservasi', 'odbioru', 'odbiór',
  // (the sixth round) a courier's code, told to the driver at the door ("डिलीवरी एजेंट को बताएँ", "show it to the driver")
  'courier', 'driver', 'kurier', 'fahrer', 'fahrerin', 'zusteller', 'zustellerin', 'paketbote', 'livreur', 'livreuse', 'coursier',
  'repartidor', 'repartidora', 'entregador', 'entregadora', 'corriere', 'fattorino', 'bezorger', 'koerier', 'kurierowi', 'kuriera',
  'kurye', 'kuryeye', 'kuryer', 'курьер', 'курьеру', 'курьера', "кур'єр", "кур'єру", "кур'єра", 'مندوب', 'لمندوب', 'المندوب', 'للمندوب',
  'שליח', 'לשליח', 'השליח', 'डिलीवरी', 'कूरियर', 'shipper', 'kurir', 'pengemudi',
  // (the fourteenth round) a code shown at a counter or told to a rider ("show this code at the counter", "am Schalter", "au guichet",
  // "en el mostrador", "no balcão", "allo sportello", "bij de balie", "przy okienku", "gişede", "на стойке", "на стійці", "عند الكاونتر",
  // "בדלפק", "काउंटर पर", "tại quầy", "di loket")
  'counter', 'rider', 'schalter', 'guichet', 'mostrador', 'balcão', 'balcao', 'sportello', 'balie', 'okienku', 'okienko', 'gişe',
  'gişede', 'стойке', 'стійці', 'الكاونتر', 'الشباك', 'דלפק', 'בדלפק', 'काउंटर', 'quầy', 'loket',
  // (the sixth round) examples: "for instance" in the languages that say it in one word, and a company register's code in a
  // footer ("Entidad inscrita en el Banco de España con el código 0238", "Registro Mercantil", "eingetragen im Handelsregister")
  'למשל', 'כגון', 'המחשה', 'المثال', 'उदाहरणार्थ', 'przykładu',
  'inscrita', 'inscrito', 'inscrite', 'iscritta', 'iscritto', 'mercantil', 'handelsregister', 'eingetragen', 'ingeschreven', 'registergericht',
  ...ACCESS_WORDS_LIST,
]);
/**
 * (the thirteenth round) Access names of two or three words, by their first word: "key box", "key safe", "lock box", "front door",
 * "boîte à clés", "caja de llaves", "caixa de chaves", "cassetta delle chiavi", "skrytka na klucze", "anahtar kutusu",
 * "صندوق المفاتيح", "hộp khóa", "kotak kunci", "báo động", "cửa chính" (the second or the third word, a small word between).
 */
const ACCESS_PAIRS: Record<string, ReadonlySet<string>> = {
  key: new Set(['box', 'safe', 'lockbox', 'cabinet', 'code', 'pad']),
  lock: new Set(['box']),
  front: new Set(['door', 'gate']),
  // (the seventeenth round) "building code", "building access code", "entry code", "entrance code", "tòa nhà"
  building: new Set(['code', 'access', 'door', 'entry', 'entrance', 'pin']),
  entry: new Set(['code', 'pin']),
  entrance: new Set(['code', 'pin']),
  tòa: new Set(['nhà']),
  gate: new Set(['code']),
  door: new Set(['code']),
  boîte: new Set(['clés', 'clefs', 'clé', 'clef']),
  boite: new Set(['clés', 'clefs', 'clé', 'clef']),
  caja: new Set(['llaves', 'fuerte']),
  caixa: new Set(['chaves']),
  cassetta: new Set(['chiavi']),
  skrytka: new Set(['klucze', 'kluczy']),
  skrytce: new Set(['klucze', 'kluczy']),
  skrytki: new Set(['klucze', 'kluczy']),
  anahtar: new Set(['kutusu', 'kutusunda', 'kutusunun', 'kasası', 'kasasında']),
  صندوق: new Set(['المفاتيح']),
  واي: new Set(['فاي']),
  hộp: new Set(['khóa', 'chìa']),
  báo: new Set(['động']),
  cửa: new Set(['chính', 'ra', 'nhà', 'phòng']),
  kotak: new Set(['kunci']),
};
/**
 * (the tenth round) Gift cards, vouchers, prepaid and top-up cards and store credit, in the 21 languages: the PIN, claim or
 * activation code such a mail prints is the card's, never a one-time code ("cadeaubon … Pincode: 4410", "Gutschein-PIN",
 * "carte cadeau", "tarjeta regalo", "vale-presente", "buono regalo", "karta podarunkowa", "hediye kartı", "подарочная карта",
 * "подарунковий сертифікат", "بطاقة هدايا", "כרטיס מתנה", "गिफ्ट कार्ड", "thẻ quà tặng", "kartu hadiah").
 */
const GIFT_WORDS = new Set([
  'gift', 'gifts', 'giftcard', 'giftcards', 'gift-card', 'gift-cards', 'e-gift', 'egift', 'voucher', 'vouchers', 'prepaid', 'top-up',
  'topup', 'recharge', 'gutschein', 'gutscheine', 'gutscheinkarte', 'geschenkkarte', 'geschenkgutschein', 'wertgutschein',
  'guthabenkarte', 'prepaidkarte', 'aufladekarte', 'cadeau', 'carte-cadeau', 'chèque-cadeau', 'bon-cadeau', 'e-carte', 'prépayée',
  'regalo', 'tarjeta-regalo', 'recarga', 'prepago', 'vale-presente', 'cartão-presente', 'pré-pago', 'ricarica', 'prepagata',
  'carta-regalo', 'cadeaubon', 'cadeaubonnen', 'cadeaukaart', 'cadeaukaarten', 'waardebon', 'tegoedbon', 'opwaardeerkaart',
  'beltegoed', 'podarunkowa', 'podarunkowy', 'podarunkowej', 'podarunkową', 'podarunkowego', 'prezentowa', 'prezentowy',
  'doładowanie', 'doładowania', 'hediye', 'hediyeniz', 'kontör', 'подарочная', 'подарочный', 'подарочной', 'подарочную',
  'подарочного', 'сертификат', 'сертификата', 'подарунковий', 'подарункова', 'подарункову', 'подарункового', 'сертифікат',
  'сертифіката', 'هدية', 'الهدية', 'هدايا', 'الهدايا', 'מתנה', 'שובר', 'השובר', 'שוברים', 'גיפט', 'गिफ्ट', 'उपहार', 'वाउचर',
  'रिचार्ज', 'quà', 'cào', 'hadiah',
  // (the eleventh round) shopping vouchers and the words the tenth round's list missed: "Einkaufsgutschein", "Gutschein-Code", "bon
  // d'achat", "vale-compras", "buono acquisto", "bon podarunkowy", "hediye çeki", "ваучер", "תלוש", "גיפט קארד", "phiếu mua hàng"
  'einkaufsgutschein', 'gutscheincode', 'gutschein-code', 'gutscheinkarten', 'geschenkgutscheine', 'warengutschein', 'e-voucher',
  'vale-compras', 'vale-compra', 'vale-oferta', 'cartão-oferta', 'bono-regalo', 'cheque-regalo', 'buono-regalo', 'giftcode', 'ваучер',
  'ваучера', 'ваучером', 'ваучері', 'תלוש', 'תלושים', 'התלוש', 'גיפטקארד', 'çeki', 'çekiniz', 'kartu-hadiah',
]);
/**
 * (the eleventh round) Voucher words that are one only before their second word: Hebrew "תו קנייה", "תו שי" (a shopping or gift
 * voucher; תו alone is a note or a character), "phiếu mua hàng", "phiếu quà tặng", "bon d'achat", "chèque cadeau".
 */
const GIFT_PAIRS: Record<string, ReadonlySet<string>> = {
  תו: new Set(['קנייה', 'קניה', 'שי', 'הקנייה', 'מתנה']),
  phiếu: new Set(['mua', 'quà']),
  bon: new Set(["d'achat", 'cadeau', 'kdo']),
  bons: new Set(["d'achat", 'cadeau', 'kdo']),
  chèque: new Set(["d'achat", 'cadeau', 'kdo']),
  chèques: new Set(["d'achat", 'cadeau', 'kdo']),
};
/** (the tenth round) The same inside a run of CJK, Hangul or Thai text. */
const CJK_GIFT = [
  'ギフト', '商品券', 'プリペイド', '기프트', '상품권', '기프티콘', '선불', '礼品卡', '禮品卡', '礼物卡', '禮物卡', '礼券', '禮券', '购物卡', '購物卡',
  '充值卡', '储值卡', '儲值卡', 'บัตรของขวัญ', 'บัตรกำนัล', 'บัตรเติมเงิน',
  // (the eleventh round) "ギフト券" (ギフト), "図書カード", "クオカード", "购物券", "提货券", "消费券", "禮物券", "모바일 상품권" (상품권)
  '図書カード', 'クオカード', '購物券', '购物券', '提货券', '提貨券', '消费券', '消費券', '礼物券', '禮物券', 'บัตรแทนเงินสด',
];
const CJK_RE = /[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
// The lists above as one search each (literal alternations: one pass over the run, not one per entry).
const alternation = (list: string[], flags = '') => new RegExp(list.join('|'), flags);
const CJK_STRONG_RE = alternation(CJK_STRONG, 'g');
/** (the seventh round) Code words of CJK_STRONG that count only at the end of their run, right before the number. */
const RUN_END_CJK = new Set(['交易密码', '交易密碼', '短信密码', '簡訊密碼', '短訊密碼', '动态口令', '動態口令']);
const RUN_END_TAIL = new Set(['', '為', '为', '是', '：', ':']);
const CJK_MEDIUM_RE = alternation(CJK_MEDIUM);
const CJK_BLOCKERS_RE = alternation(CJK_BLOCKERS);
const CJK_NON_OTP_RE = alternation(CJK_NON_OTP);
const CJK_PROMO_RE = alternation(CJK_PROMO);
const CJK_GIFT_RE = alternation(CJK_GIFT);

/** A code word inside a run of CJK, Hangul or Thai text: weight and strength, 0 when there is none or it names another kind of code. */
/** The check code (校验码) of a Chinese e-invoice: in a text about an invoice (发票), no one-time code. */
const INVOICE_CHECK_CODES = new Set(['校验码', '校驗碼']);
const CJK_INVOICE_RE = /发票|發票/;

function cjkKeyword(w: string, prev: string, invoice = false): { weight: number; strong: boolean; negated: boolean } {
  let medium = false;
  let negated = false;
  CJK_STRONG_RE.lastIndex = 0;
  for (let m = CJK_STRONG_RE.exec(w); m !== null; m = CJK_STRONG_RE.exec(w)) {
    // Every occurrence, overlapping ones too ("コード" inside "パスコード").
    CJK_STRONG_RE.lastIndex = m.index + 1;
    const k = m[0];
    const at = m.index;
    const before = w.slice(Math.max(0, at - 8), at);
    // (an e-invoice's check code is no cue either: "校验" alone is one)
    if (invoice && INVOICE_CHECK_CODES.has(k)) return { weight: 0, strong: false, negated: true };
    if (CJK_NEG_BEFORE.some((n) => before.includes(n) || (at === 0 && prev.endsWith(n)))) {
      negated = true;
      continue;
    }
    // (the seventh round) A bank's transaction or text-message password labels the number right after it only ("交易密碼：920174",
    // "短信密码为 920174"): "交易密碼已變更", "动态口令卡序列号" tell of the password or the token card, not of a code sent.
    if (RUN_END_CJK.has(k) && !RUN_END_TAIL.has(w.slice(at + k.length))) continue;
    if (k === 'รหัส') {
      const rest = w.slice(at + k.length);
      if (THAI_NEG_AFTER.some((n) => rest.startsWith(n))) {
        negated = true;
        continue;
      }
      // รหัสผ่าน is a password; a one-time one (ใช้ครั้งเดียว, OTP) is a code.
      if (rest.startsWith('ผ่าน') && !w.includes('ครั้งเดียว') && !w.includes('otp')) {
        medium = true;
        continue;
      }
    }
    return { weight: 3, strong: true, negated: false };
  }
  if (medium || CJK_MEDIUM_RE.test(w)) return { weight: 2, strong: false, negated };
  return { weight: 0, strong: false, negated };
}


export interface Vocabulary {
  keywords: Keyword[];
  blockers: Blocker[];
  promos: number[];
  shops: number[];
  /** Code words that name another kind of code ("postal code", "Zoom passcode", "promo code"): no keyword. */
  negated: Array<{ start: number; end: number }>;
  /** Words of mail whose codes are no one-time codes (meeting, booking, room, locker, gift card, example). */
  nonOtp: Array<{ start: number; end: number }>;
  /** (the tenth round) Words of a gift card, voucher, prepaid or top-up card, whose PIN and codes are no one-time codes. */
  gifts: Array<{ start: number; end: number }>;
  /** (the eleventh round) Words saying a code has expired, was used, cancelled or replaced ("abgelaufen", "已失效"), read as such. */
  ended: Array<{ start: number; end: number }>;
}

function isNegCompound(w: string): boolean {
  if (!w.endsWith('code') && !w.endsWith('codes')) return false;
  const stem = w.endsWith('codes') ? w.slice(0, -5) : w.slice(0, -4);
  if (stem.length === 0) return false;
  const s = stem.endsWith('-') ? stem.slice(0, -1) : stem;
  return NEG_COMPOUND_PREFIX.some((p) => s === p || s === `${p}s` || s.endsWith(p));
}

// Membership of a word in the lists above, as bit flags: one map lookup per word.
const IN_PROMO = 1;
const IN_SHOP = 2;
const IN_CODE = 4;
const IN_UPPER_ONLY = 8;
const IN_NEG_BEFORE = 16;
const IN_NEG_AFTER = 32;
const IN_SKIP_AFTER = 64;
const IN_MEDIUM = 128;
const IN_SOFT = 256;
const IN_HARD_BLOCKER = 512;
const IN_SOFT_BLOCKER = 1024;
const IN_POSSESSIVE = 2048;
const IN_LABEL_BLOCKER = 4096;
const IN_CONFIRMATION_FOLLOWER = 8192;
const IN_SPECIAL = 16384;
const IN_NON_OTP = 32768;
const IN_PASSWORD = 65536;
const IN_ONE_TIME = 131072;
const IN_EXAMPLE = 262144;
const IN_RECEIPT = 1 << 19;
const IN_AUTH_BEFORE = 1 << 20;
const IN_AUTH_AFTER = 1 << 21;
const IN_RECORD = 1 << 22;
const IN_RECORD_NUMBER = 1 << 23;
const IN_EXAMPLE_ABBREV = 1 << 24;
const IN_DIGITS = 1 << 25;
const IN_GIFT = 1 << 26;
const IN_GIFT_PAIR = 1 << 27;
const IN_ENDED = 1 << 28;
const IN_NEVER = 1 << 29;
const IN_ACCESS_PAIR = 1 << 30;
/**
 * The words that make a code word a card payment's authorisation or approval code ("Auth code", "Approval code",
 * "code d'autorisation", "código de autorización", "kod autoryzacji", "код авторизации", "provizyon kodu"): on a
 * receipt it is printed for the record and nobody types it. A bank also asks for a code "to authorise" a payment
 * ("Codice di autorizzazione" of a 3-D Secure mail), so these words only count beside a receipt's words (RECEIPT_WORDS).
 */
const AUTH_BEFORE_CODE = new Set([
  'auth', 'authorization', 'authorisation', 'approval', 'appr', 'aut', 'provizyon', 'onay', 'प्राधिकरण', 'अनुमोदन', 'chuẩn', 'phê', 'otorisasi',
  'persetujuan', 'genehmigungs',
]);
const AUTH_AFTER_CODE = new Set([
  "d'autorisation", "d'approbation", 'autorisation', 'autorización', 'autorizacion', 'aprobación', 'aprobacion', 'autorização', 'autorizacao',
  'aprovação', 'autorizzazione', 'approvazione', 'autoryzacji', 'autoryzacyjny', 'zatwierdzenia', 'авторизации', 'авторизації', 'одобрения',
  'التفويض', 'الموافقة', 'التصريح', 'האישור', 'אישור', 'chuẩn', 'phê', 'otorisasi', 'persetujuan',
]);
/** Compounds of an authorisation code ("Autorisierungscode", "Genehmigungscode", "autorisatiecode"). */
const AUTH_COMPOUND_RE = /^(?:autorisierungs|genehmigungs|autorisatie|autorisations|godkendelses)-?codes?$/;
/** Words of a receipt or a payment already made: beside them, an authorisation code is the card network's, printed for the record. */
const RECEIPT_WORDS = new Set([
  'receipt', 'receipts', 'paid', 'terminal', 'quittung', 'kassenbon', 'kaufbeleg', 'beleg', 'zahlungsbeleg', 'bezahlt', 'reçu', 'ticket',
  'payé', 'payée', 'recibo', 'comprobante', 'comprovante', 'pagado', 'pagada', 'ricevuta', 'scontrino', 'pagato', 'pagata', 'kassabon',
  'bon', 'betaald', 'paragon', 'potwierdzenie', 'zapłacono', 'opłacono', 'fiş', 'fişi', 'dekont', 'makbuz', 'ödendi', 'чек', 'квитанция',
  'квитанція', 'оплачено', 'сплачено', 'إيصال', 'الإيصال', 'קבלה', 'הקבלה', 'שולם', 'रसीद', 'biên', 'struk', 'kuitansi', 'dibayar',
]);
/** Labels of a booking's or a reservation's record: the PIN or code printed beside them manages the booking ("Confirmation number: … PIN code: …"). */
const RECORD_WORDS = new Set([
  'booking', 'bookings', 'reservation', 'reservations', 'itinerary', 'confirmation', 'confirmación', 'confirmação', 'conferma',
  'potwierdzenia', 'подтверждения', 'підтвердження', 'التأكيد', 'אישור', 'onay', 'bestätigungsnummer', 'buchungsnummer',
  'reservierungsnummer', 'bevestigingsnummer', 'reserveringsnummer', 'boekingsnummer', 'boeking', 'localizador',
]);
/** Number words on either side of a confirmation word make it a record's label ("numéro de confirmation", "onay numarası"). */
const RECORD_NUMBER_WORDS = new Set([
  'number', 'no', 'nr', 'reference', 'ref', 'id', 'numéro', 'número', 'numero', 'nummer', 'numer', 'номер', 'رقم', 'מספר', 'nomor', 'numarası',
  'numarasi', 'संख्या', 'नंबर',
]);
/** Booking words label a record when such a word or a colon follows ("Booking reference:", "Reservation: R-4821"). */
function recordLabel(w: string, words: string[], flags: number[], i: number, text: string, end: number): boolean {
  const nextF = i + 1 < flags.length ? (flags[i + 1] as number) : 0;
  const prevF = i > 0 ? (flags[i - 1] as number) : 0;
  const prev2F = i > 1 ? (flags[i - 2] as number) : 0;
  const after = text.slice(end, end + 2).trimStart()[0];
  if (w.endsWith('nummer') || w === 'localizador') return true;
  if (w.startsWith('book') || w.startsWith('reserv') || w === 'itinerary' || w === 'boeking') {
    return (nextF & IN_RECORD_NUMBER) !== 0 || after === ':' || after === '#';
  }
  // A confirmation word before "number" ("Confirmation number", "onay numarası", "Confirmation #") or after it
  // ("numéro de confirmation", "número de confirmación", "מספר אישור"); never "confirmation code".
  return (
    (nextF & IN_RECORD_NUMBER) !== 0 ||
    after === '#' ||
    (prevF & IN_RECORD_NUMBER) !== 0 ||
    ((prev2F & IN_RECORD_NUMBER) !== 0 && (prevF & IN_SKIP_AFTER) !== 0 && words[i - 1] !== undefined)
  );
}

/** Vietnamese promotion words come in pairs: "ưu đãi", "khuyến mãi" ("khuyến cáo" is a warning), "giảm giá", "giảm 50.000đ". */
function vietnamesePromo(w: string, prev: string, next: string, text: string, end: number): boolean {
  if (w === 'đãi') return prev === 'ưu';
  // (the thirteenth round) cashback: "hoàn tiền" (Vietnamese), "uang kembali" (Indonesian)
  if (w === 'tiền') return prev === 'hoàn';
  if (w === 'kembali') return prev === 'uang';
  if (w === 'mãi' || w === 'mại') return prev === 'khuyến';
  if (w === 'giảm') return next === 'giá' || /^ ?\d/.test(text.slice(end, end + 2));
  return false;
}

/** A word of a receipt within RECEIPT_REACH words of word `i`. */
const RECEIPT_REACH = 60;
function receiptNear(flags: number[], i: number): boolean {
  for (let k = Math.max(0, i - RECEIPT_REACH); k <= Math.min(flags.length - 1, i + RECEIPT_REACH); k++) {
    if (((flags[k] as number) & IN_RECEIPT) !== 0) return true;
  }
  return false;
}
/**
 * (the fifteenth round) A Turkish bank's 3-D Secure mail names its one-time password after the approval or the 3-D Secure it is
 * for: "onay şifreniz", "onay şifresi", "3D Secure şifreniz", "3D şifreniz" (only before a password word of
 * Turkish: "secure password" of an English mail is a password to choose).
 */
const TURKISH_CARD_PASSWORD_BEFORE = new Set(['onay', 'secure', '3d']);
function turkishCardPassword(w: string, prev: string, before: string): boolean {
  // (the twenty-second round) and after the transaction it is for: "EFT işlemi için şifreniz: 206471", "işlem için şifreniz"
  return w.startsWith('şifre') && (TURKISH_CARD_PASSWORD_BEFORE.has(prev) || (prev === 'için' && before.startsWith('işlem')));
}

/**
 * (the twenty-second round) A Russian, Ukrainian or Polish bank names the one-time password of a payment after the signing or
 * confirming it is for: "Пароль для подписи: 47193028", "пароль для подтверждения операции", "пароль підтвердження", "пароль для
 * підпису", "hasło do autoryzacji", "hasło do podpisu". A password word right before such a word (or before "для", "do" and it).
 */
const SIGNING_AFTER = new Set(['подписи', 'подписания', 'подтверждения', 'підпису', 'підписання', 'підтвердження', 'podpisu', 'podpisania', 'autoryzacji', 'potwierdzenia']);
function signingPassword(words: string[], i: number): boolean {
  const w = words[i] as string;
  if (w !== 'пароль' && w !== 'пароля' && w !== 'hasło') return false;
  const next = words[i + 1] ?? '';
  return SIGNING_AFTER.has(next) || ((next === 'для' || next === 'do') && SIGNING_AFTER.has(words[i + 2] ?? ''));
}

/** Password words that name a one-time code when "one-time" stands next to them ("одноразовый пароль", "tek kullanımlık şifre"). */
const PASSWORD_WORDS = new Set([
  'password', 'пароль', 'пароля', 'hasło', 'şifre', 'şifreniz', 'şifrenizi', 'şifresi', 'סיסמה', 'סיסמת', 'पासवर्ड', 'wachtwoord',
  'kennwort', 'passwort', 'contraseña', 'senha', 'parola', 'sandi', 'khẩu', 'المرور', 'السر', 'סיסמא', 'הסיסמה', 'הסיסמא',
]);
/** Words within ONE_TIME_REACH words of a password word that make it a one-time password ("mot de passe à usage unique"). */
const ONE_TIME_WORDS = new Set([
  'monouso', 'eenmalig', 'eenmalige', 'einmalig', 'einmaliges', 'einmaligen', 'único', 'unico', 'única', 'lần', 'sekali',
  'لمرة', 'الواحدة', 'jednorázové', 'dinamis', 'החד-פעמית', 'החד-פעמי',
  'одноразовый', 'одноразового', 'одноразовий', 'jednorazowe', 'jednorazowy', 'jednorazowego', 'kullanımlık',
  'one-time', 'חד-פעמית', 'חד-פעמי', 'वन-टाइम',
  // (the twenty-second round) Turkish in capitals loses its dotless ı when lower-cased: "TEK KULLANIMLIK ŞİFRE"
  'kullanimlik',
  // (the fifth round) Hebrew writes "one-time" as two words as often as hyphenated: "הסיסמה החד פעמית שלך"
  'פעמית', 'פעמי',
  // (the sixteenth round) Hindi writes "one time password" in two words as often as hyphenated: "आपका वन टाइम पासवर्ड 573019 है"
  'टाइम',
]);
/** Words tested by name below. */
const SPECIAL_WORDS = new Set(['time', 'unique', 'uso', 'único', 'unico', 'passe', 'no', 'nr', 'nro', 'num', 'box', 'ب', 'ד', 'đãi', 'mãi', 'mại', 'giảm', 'tiền', 'kembali']);
/** The second word of "look(s) like" and "such as", which introduce an example (tested before the early skip: common words). */
const EXAMPLE_WORDS = new Set(['like', 'as', 'à', 'a', 'com', 'wie', 'als', 'jak', 'как', 'як', 'כך', 'zoals', 'вроде', 'типа', 'наподобие', 'כמו',
  // (the ninth round) the words for "like" that also mean "as" or "how": read only in the tight construction (TIGHT_LIKE_BEFORE/AFTER)
  'مثل', 'como', 'come', 'comme', 'như', 'seperti', 'gibi', 'जैसा', 'जैसे']);
/**
 * (the ninth round) "a code like 839201" where "like" also means "as" or "how": the code word, then the like-word, then the number,
 * each one space apart and nothing else between ("رمزاً مثل 839201", "un código como 123456", "einen Code wie 123456", "kod jak
 * 123456", "mã như 123456", "kode seperti 123456"). "Ihr Code wie folgt: 123456", "código, como siempre, 123456" keep their code.
 */
const TIGHT_LIKE_BEFORE: Record<string, ReadonlySet<string>> = {
  مثل: new Set(['رمز', 'رمزا', 'رمزاً', 'رمزًا', 'كود', 'كودا', 'كوداً', 'كودًا', 'رموز', 'رقم', 'رقماً', 'رقمًا']),
  como: new Set(['código', 'códigos', 'codigo', 'codigos']),
  come: new Set(['codice', 'codici']),
  comme: new Set(['code', 'codes']),
  wie: new Set(['code', 'codes']),
  jak: new Set(['kod', 'kody', 'kodu', 'kodów']),
  như: new Set(['mã']),
  seperti: new Set(['kode', 'otp']),
};
/** (the ninth round) The same where "like" follows the number: "839201 gibi bir kod", "839201 जैसा कोड" (the code word after it). */
const TIGHT_LIKE_AFTER: Record<string, ReadonlySet<string>> = {
  gibi: new Set(['kod', 'kodu', 'kodlar', 'şifre']),
  जैसा: new Set(['कोड', 'ओटीपी', 'otp']),
  जैसे: new Set(['कोड', 'ओटीपी', 'otp']),
};
const SPACE_DIGIT_RE = /^ ?\d/;
const DIGIT_SPACE_RE = /\d ?$/;
/**
 * The word before each of them that makes the pair introduce an example: "looks like", "such as", "ressemble à",
 * "se parece a", "parece com", "assomiglia a", "sieht aus wie", "ziet eruit als", "wygląda jak", "выглядит как", "виглядає як".
 */
const EXAMPLE_FIRST: Record<string, ReadonlySet<string>> = {
  // (the fifth round) "a text like", "a message like", "something like": a newsletter quoting what a code looks like
  like: new Set(['look', 'looks', 'text', 'texts', 'message', 'messages', 'sms', 'email', 'emails', 'e-mail', 'something', 'codes',
    // (the seventh round) "we'll email you a code like 123456": a code word right before "like" names the kind, not this code
    'code', 'number', 'numbers', 'pin', 'pins', 'otp', 'otps', 'passcode', 'passcodes',
    // (the eleventh round) "It's six digits, like 123456"
    'digits', 'digit', 'characters']),
  as: new Set(['such']),
  à: new Set(['ressemble', 'ressemblent']),
  a: new Set(['parece', 'parecen', 'assomiglia', 'assomigliano', 'somiglia']),
  com: new Set(['parece', 'parecem']),
  wie: new Set(['aus']),
  als: new Set(['eruit']),
  jak: new Set(['wygląda', 'wyglądają']),
  как: new Set(['выглядит', 'выглядят']),
  як: new Set(['виглядає', 'виглядають']),
  // (the sixth round) Hebrew "will look like this", "looks like this": "קוד אימות אמיתי ייראה כך: 123456"
  כך: new Set(['ייראה', 'יראה', 'נראה', 'תיראה', 'נראית', 'ייראו', 'נראים']),
  // (the seventh round) "een code zoals 123456", "код вроде 123456", "קוד כמו 123456": the same in the languages where "like"
  // after a code word has no other sense ("como", "come", "comme", "wie", "jak", "như", "seperti" also mean "as", "how")
  zoals: new Set(['code', 'codes', 'bericht', 'sms', 'iets']),
  вроде: new Set(['код', 'кода', 'коды', 'кодов', 'сообщение', 'смс']),
  типа: new Set(['код', 'кода', 'коды', 'кодов']),
  наподобие: new Set(['код', 'кода', 'коды']),
  כמו: new Set(['קוד', 'קודים', 'הודעה']),
};
/**
 * (the sixth round) The abbreviations of "for example" before a quoted code, each ending in its full stop (or colon): "np. 246 810",
 * "e.g. 123456", "z. B.", "bijv.", "bv.", "p. ej.", "par ex.", "ex.:", "ad es.", "напр.", "örn.", "mis.", "VD:". The key is the
 * abbreviation's last word; the value, the word that must come before it ('' for none).
 */
const EXAMPLE_ABBREV: ReadonlyMap<string, ReadonlySet<string> | null> = new Map<string, ReadonlySet<string> | null>([
  ['np', null],
  ['bijv', null],
  ['bv', null],
  ['bspw', null],
  ['zb', null],
  ['напр', null],
  ['örn', null],
  ['mis', null],
  ['vd', null],
  ['ex', null],
  ['eg', null],
  ['g', new Set(['e'])],
  ['b', new Set(['z'])],
  ['ej', new Set(['p'])],
  ['es', new Set(['ad', 'per'])],
]);
/**
 * (the sixth round) Words for the digits of a code, which name it when a determiner stands beside them: "Vul deze cijfers in",
 * "enter the following digits", "Geben Sie diese Ziffern ein", "saisissez ces chiffres", "introduce estos dígitos",
 * "inserisci queste cifre", "wpisz te cyfry", "bu rakamları girin", "введите эти цифры", "أدخل هذه الأرقام", "masukkan angka berikut".
 */
const DIGIT_WORDS = new Set([
  'digits', 'cijfers', 'ziffern', 'chiffres', 'dígitos', 'digitos', 'cifre', 'cyfry', 'rakamları', 'rakamlar', 'цифры', 'цифри',
  'الأرقام', 'ספרות', 'הספרות', 'अंक', 'angka', '숫자', '숫자를',
]);
const DIGIT_DETERMINERS_BEFORE = new Set([
  'these', 'following', 'below', 'diese', 'folgenden', 'folgende', 'untenstehenden', 'ces', 'suivants', 'estos', 'siguientes', 'estes',
  'seguintes', 'queste', 'seguenti', 'deze', 'volgende', 'onderstaande', 'te', 'poniższe', 'następujące', 'bu', 'aşağıdaki', 'эти',
  'следующие', 'ці', 'наступні', 'هذه', 'इन', 'ये', 'निम्न', '이', '아래', '다음',
]);
const DIGIT_DETERMINERS_AFTER = new Set(['ini', 'berikut', 'האלה', 'הבאות', 'التالية']);
/**
 * The words that make a code word another kind of code and whose codes come with other secrets beside
 * them (a gift card's claim code and PIN, a meeting's ID and passcode, a locker's pick-up code): such a
 * negated code word also marks the nearby candidates as no one-time code (nonOtp), as the words of
 * NON_OTP_WORDS do.
 */
const NON_OTP_NEGATORS = new Set([
  'claim', 'redeem', 'redemption', 'gift', 'gift-card', 'pickup', 'pick-up', 'locker', 'door', 'booking', 'reservation',
  'meeting', 'zoom', 'ticket', 'event', 'example', 'cadeau', 'regalo', 'presente', 'odbioru', 'rezerwacji', 'spotkania',
  'hediye', 'rezervasyon', 'toplantı', 'подарочный', 'подарочного', 'подарунковий', 'הפגישה', 'פגישה', 'מתנה',
  'الاجتماع', 'الحجز', 'الهدية', 'quà', 'phòng', 'cuộc', 'đặt', 'pemesanan', 'hadiah', 'rapat', 'मीटिंग', 'उपहार',
  'abhol', 'afhaal', 'ophaal', 'geschenk', 'schließfach', 'tür', 'buchungs', 'reservierungs', 'einlass', 'deur', 'paket', 'pakket',
  // gift cards and vouchers come with a PIN or a password beside their code
  'gutschein', 'voucher', 'giftcard', 'cadeaukaart', 'cadeaubon', 'vale-presente', 'cartão-presente', 'tarjeta-regalo',
  // (the sixth round) a pick-up point's or a courier's code comes with the parcel's numbers beside it
  'collection', 'delivery', 'teslimat', 'teslim', 'पिकअप', 'डिलीवरी', 'retrait', 'recogida', 'retirada', 'retiro', 'ritiro',
  'получения', 'отримання', 'الاستلام', 'איסוף', 'nhận', 'pengambilan', 'livraison', 'entrega', 'consegna', 'dostawy',
  'doręczenia', 'доставки', 'доставлення', 'التوصيل', 'המשלוח', 'pengiriman',
  // (the fourteenth round) hand-over codes
  'handover', 'hand-over', 'handoff', 'drop-off', 'übergabe', 'aflever', 'overdracht', 'التسليم', 'تسليم', 'remise', 'wydania',
  'вручения', 'выдачи', 'видачі', 'מסירה', 'המסירה', 'serah',
  // (the sixteenth round) meetings, video consultations and appointments
  'vergader', 'termin', 'sprechstunden', 'konferenz', 'einwahl', 'teilnehmer', 'consult', 'afspraak', 'randevu', 'appointment',
  'consultation', 'rendez-vous', 'cita', 'appuntamento', 'wizyty', 'записи', 'запису', 'الموعد', 'התור', 'lịch', 'janji', 'participant',
  'conference', 'video',
]);
/** The negators that end the stem of a compound ("Abholcode", "Geschenkcode", "Türcode"). */
const NON_OTP_STEMS = [...NON_OTP_NEGATORS].filter((n) => n.length > 2 && /^\p{Ll}+$/u.test(n));
/** Flags that can make a word a keyword, a blocker, a promo or a shop word by itself (not only as context). */
const SELF_RELEVANT =
  IN_PROMO | IN_SHOP | IN_CODE | IN_MEDIUM | IN_SOFT | IN_HARD_BLOCKER | IN_SOFT_BLOCKER | IN_LABEL_BLOCKER | IN_SPECIAL | IN_NON_OTP | IN_PASSWORD | IN_RECORD | IN_DIGITS | IN_GIFT;

/**
 * (the eleventh round) The last word of what a mail says of a code that can no longer be typed: expired, used already, cancelled,
 * invalidated or replaced, in the 21 languages. Each is read with the words before it (ENDED_PHRASE_RE): a past or ended state,
 * never the validity notice of a code sent ("expires in 10 minutes", "gültig bis", "有效期", "berlaku 5 menit").
 */
const ENDED_WORDS = new Set([
  'expired', 'used', 'invalidated', 'revoked', 'superseded', 'deactivated', 'valid', 'invalid', 'cancelled', 'canceled', 'replaced',
  'abgelaufen', 'verbraucht', 'verfallen', 'gültig', 'ungültig', 'verwendet', 'benutzt', 'genutzt', 'eingelöst', 'entwertet', 'ersetzt',
  'expiré', 'expirée', 'périmé', 'périmée', 'utilisé', 'utilisée', 'valide', 'valable', 'annulé', 'annulée', 'invalidé', 'invalidée',
  'remplacé', 'remplacée', 'expirado', 'expiró', 'caducado', 'caducó', 'utilizado', 'usado', 'válido', 'anulado', 'cancelado',
  'invalidado', 'reemplazado', 'sustituido', 'expirou', 'substituído', 'scaduto', 'scaduta', 'utilizzato', 'usato', 'valido',
  'annullato', 'invalidato', 'sostituito', 'disattivato', 'verlopen', 'gebruikt', 'geldig', 'ongeldig', 'vervangen', 'wygasł',
  'wygasła', 'wygasło', 'ważność', 'użyty', 'wykorzystany', 'unieważniony', 'anulowany', 'nieważny', 'doldu', 'dolmuştur', 'dolmuş',
  'geçmiştir', 'kullanıldı', 'kullanılmıştır', 'kullanılmış', 'edildi', 'edilmiştir', 'geçersiz', 'истёк', 'истек', 'истекло',
  'истёкший', 'использован', 'действителен', 'недействителен', 'аннулирован', 'отменён', 'отменен', 'заменён', 'заменен', 'минув',
  'сплив', 'закінчився', 'використано', 'використаний', 'дійсний', 'недійсний', 'анульовано', 'скасовано', 'صلاحية', 'الصلاحية',
  'استخدام', 'استخدامه', 'صالحا', 'صالحًا', 'صالح', 'إلغاء', 'תוקפו', 'תוקף', 'התוקף', 'נוצל', 'שומש', 'בוטל', 'תקף',
  'בתוקף', 'गया', 'चुका', 'चुकी', 'गई', 'अमान्य', 'hạn', 'lực', 'dụng', 'lệ', 'hủy', 'kedaluwarsa', 'kadaluarsa', 'kadaluwarsa',
  'digunakan', 'dipakai', 'dibatalkan', 'lagi',
  // (the twelfth round) "can no longer be used", "a bien été saisi", "kullanılamaz", "להשתמש", a payment completed with the code
  'entered', 'completed', 'saisi', 'saisie', 'eingegeben', 'abgeschlossen', 'concluído', 'concluída', 'efetuado', 'efetuada',
  'completado', 'completada', 'completato', 'completata', 'kullanılamaz', 'להשתמש',
  // (the eighteenth round) a code the reader already confirmed, quoted in the notice that follows ("You confirmed the code 771 046
  // on 2 Feb", "Vous avez confirmé le code", "Confirmaste el código", "Você confirmou o código", "Hai confermato il codice")
  'confirmed', 'confirmé', 'confirmaste', 'confirmó', 'confirmou', 'confermato',
]);
/**
 * The common ENDED_WORDS words that are an ended state only after one word ("no longer valid", "already used", "bereits verwendet",
 * "tidak berlaku lagi"): the word before them is looked up before ENDED_PHRASE_RE reads them (the same answer, fewer reads).
 */
const ENDED_PREV: Record<string, ReadonlySet<string>> = {
  used: new Set(['already', 'been', 'was', 'be']),
  valid: new Set(['longer']),
  gültig: new Set(['mehr']),
  verwendet: new Set(['bereits', 'schon', 'mehr']),
  benutzt: new Set(['bereits', 'schon', 'mehr']),
  genutzt: new Set(['bereits', 'schon']),
  eingelöst: new Set(['bereits', 'schon']),
  utilisé: new Set(['déjà', 'été', 'être']),
  utilisée: new Set(['déjà', 'été', 'être']),
  valide: new Set(['plus']),
  valable: new Set(['plus']),
  utilizado: new Set(['sido', 'ya', 'já', 'foi', 'ser']),
  usado: new Set(['sido', 'ya', 'já', 'foi', 'ser']),
  válido: new Set(['es', 'ser', 'mais', 'é', 'está']),
  utilizzato: new Set(['già', 'stato', 'essere']),
  usato: new Set(['già', 'stato', 'essere']),
  valido: new Set(['più']),
  gebruikt: new Set(['al', 'reeds', 'worden', 'meer']),
  geldig: new Set(['meer']),
  lagi: new Set(['berlaku', 'digunakan', 'dipakai']),
  dụng: new Set(['sử']),
  lệ: new Set(['hợp']),
  lực: new Set(['hiệu']),
  hạn: new Set(['hết']),
  hủy: new Set(['bị']),
  // (the twelfth round)
  entered: new Set(['was', 'been', 'were', 'successfully']),
  completed: new Set(['was', 'been', 'successfully']),
  eingegeben: new Set(['wurde', 'wurden', 'bereits', 'erfolgreich']),
  abgeschlossen: new Set(['wurde', 'wurden', 'bereits', 'erfolgreich']),
  saisi: new Set(['été']),
  saisie: new Set(['été']),
  concluído: new Set(['foi']),
  concluída: new Set(['foi']),
  efetuado: new Set(['foi']),
  efetuada: new Set(['foi']),
  completado: new Set(['sido', 'fue']),
  completada: new Set(['sido', 'fue']),
  completato: new Set(['stato']),
  completata: new Set(['stata']),
  kullanılamaz: new Set(['artık']),
  // (the eighteenth round)
  confirmed: new Set(['you', 'already', 'successfully']),
  confirmé: new Set(['avez', 'déjà']),
  confirmó: new Set(['ya', 'usted']),
  confirmou: new Set(['você', 'já']),
  confermato: new Set(['hai', 'già']),
};
/** Each ENDED_WORDS word with the words that make it an ended state, read at the end of the 40 characters that end with it. */
const ENDED_PHRASE_RE = new RegExp(
  `(?:${[
    // en
    'expired', '(?:already|been|was) used', 'invalidated', 'revoked', 'superseded', '(?:been|was) deactivated', 'no longer valid',
    '(?:is|now) invalid', '(?:been|was) cancell?ed', '(?:been|was) replaced',
    // (the twelfth round) the other word orders and tenses of the same states: "can no longer be used", "was entered", "was completed"
    'no longer be used', '(?:was|been|were) (?:successfully )?entered', '(?:was|been) (?:successfully )?completed',
    // (the eighteenth round) a code the reader confirmed already: "You confirmed the code", "vous avez confirmé", "ya confirmaste"
    '(?:you|already|successfully) confirmed', '(?:avez|déjà) confirmé', 'confirmaste', '(?:ya|usted) confirmó', '(?:você|já) confirmou',
    '(?:hai|già) confermato',
    // de
    'abgelaufen', 'verbraucht', '(?:ist|sind|bereits|schon) verfallen', 'nicht mehr gültig', '(?:ist|jetzt|nun) ungültig',
    '(?:bereits|schon) (?:verwendet|benutzt|genutzt|eingelöst)', 'entwertet', 'wurde[^.!?\\n]{0,20} ersetzt',
    'nicht mehr (?:verwendet|benutzt)', '(?:wurde|wurden)(?: bereits| erfolgreich)? (?:eingegeben|abgeschlossen)',
    // fr
    'expirée?', 'périmée?', 'déjà utilisée?', 'plus (?:valide|valable)', 'été (?:annulée?|invalidée?|remplacée?)',
    '(?:déjà|a|ont) été utilisée?', 'plus être utilisée?', '(?:bien )?été saisie?',
    // es, pt
    'expirado', 'expiró', 'caducado', 'caducó', '(?:sido|ya|já|foi) (?:utilizado|usado)', 'no es válido', 'dejó de ser válido',
    '(?:sido|foi) (?:anulado|cancelado|invalidado|reemplazado|sustituido|substituído)', 'expirou', 'não é mais válido',
    // (the seventeenth round) "O código anterior (118 204) já não é válido", "não está válido"
    '(?:já )?não (?:é|está) válido',
    'deixou de ser válido',
    'ya no puede ser (?:utilizado|usado)', 'mais ser (?:utilizado|usado)', 'foi (?:concluíd[oa]|efetuad[oa])', '(?:fue|sido) completad[oa]',
    // it
    'scadut[oa]', 'già (?:utilizzato|usato)', 'più valido', 'stato (?:annullato|invalidato|sostituito|disattivato)',
    '(?:già|è|stato) stato (?:utilizzato|usato)', 'più essere (?:utilizzato|usato)', 'stat[oa] completat[oa]',
    // nl
    'verlopen', '(?:al|reeds) gebruikt', 'niet meer geldig', 'ongeldig', '(?:is|zijn|werd) vervangen', 'niet meer (?:worden )?gebruikt',
    // pl
    'wygas[łl][aoy]?', 'stracił ważność', '(?:został|została|zostało)(?: już)? (?:użyty|wykorzystany|unieważniony|anulowany)', 'już nieważny',
    // tr
    'süresi (?:doldu|dolmuştur|dolmuş|geçmiştir)', '(?:zaten|önce|daha önce) kullanıldı', 'kullanılmıştır', 'kullanılmış',
    'iptal (?:edildi|edilmiştir)', 'geçersiz', 'artık kullanılamaz',
    // ru, uk
    'истёк', 'истек', 'истекло', 'истёкший', '(?:уже|был|было) использован', 'больше не может быть использован', 'больше не действителен', 'недействителен', 'аннулирован',
    'отменён', 'отменен', 'заменён', 'заменен', 'минув', 'сплив', 'закінчився', '(?:вже|було) використано', 'використаний', 'більше не дійсний',
    'недійсний', 'анульовано', 'скасовано',
    // ar
    'يعد (?:من الممكن |بالإمكان )?استخدامه?', '(?:انتهت|منتهي|منتهية) (?:ال)?صلاحية', 'منتهي الصلاحية', 'منتهية الصلاحية', 'تم استخدامه?', 'يعد صالحًا?', 'يعد صالحا', 'غير صالح', 'تم إلغاء',
    // he
    '(?:לא ניתן|אי אפשר) (?:עוד |יותר )להשתמש', 'פג(?:ה)? (?:ה)?תוקפו?', 'פג תוקף', '(?:כבר )?נוצל', '(?:כבר )?שומש', 'בוטל', '(?:אינו|לא) תקף', '(?:אינו|לא) בתוקף',
    // hi
    '(?:समाप्त|एक्सपायर|इस्तेमाल|उपयोग|रद्द) (?:हो|किया जा) (?:गया|चुका|चुकी|गई)', 'अमान्य',
    // vi
    'đã hết hạn', 'hết hiệu lực', 'không còn hiệu lực', 'đã (?:được )?sử dụng', 'không còn hợp lệ', 'đã bị hủy',
    // id
    '(?:telah|sudah) (?:kedaluwarsa|kadaluarsa|kadaluwarsa|digunakan|dipakai|dibatalkan)', 'tidak berlaku lagi',
    'tidak (?:dapat|bisa) (?:digunakan|dipakai) lagi',
    // ko (the word before a run: "이미 사용된" is read from the run, CJK_ENDED_RE)
  ].join('|')})$`,
);
/** The same inside a run of CJK, Hangul or Thai text. */
const CJK_ENDED_RE =
  /期限切れ|有効期限が切れ(?:ました|ています)|使用済み|既に使用|すでに使用|無効にな|無効化|만료되었|만료됐|만료된|사용된|사용되었|무효화|유효하지 않|취소되었|已过期|已經過期|已经过期|已過期|已失效|已经失效|已經失效|已被使用|已使用|已经使用|已經使用|已作废|已作廢|已经作废|已經作廢|作废了|作廢了|已被替换|已被取代|不再有效|หมดอายุแล้ว|ถูกใช้แล้ว|ใช้ไปแล้ว|ใช้งานแล้ว|ถูกยกเลิก|ไม่สามารถใช้ได้อีก|使用できなくなりま|利用できなくなりま|已无法使用|已無法使用/;
/**
 * A condition or a time before the ended word in its clause makes it a notice of what will happen ("if your code has expired",
 * "Nach 10 Minuten ist der Code nicht mehr gültig", "once used", "если код истёк"), and a time after it too ("no longer valid
 * after 10 minutes").
 */
const ENDED_CONDITION_RE =
  /(?:^|[^\p{L}])(?:if|once|when|after|unless|wenn|falls|sobald|nachdem|nach|si|cuando|una vez|se|quando|dopo|als|zodra|indien|jeśli|jeżeli|gdy|po|eğer|если|когда|после|через|якщо|коли|після|إذا|اذا|عند|بعد|אם|כאשר|לאחר|אחרי|अगर|यदि|जब|बाद|nếu|khi|sau|jika|apabila|bila|setelah|ถ้า|หาก|เมื่อ|หลัง|如果|若|もし|場合|경우|후)(?:$|[^\p{L}])|\d ?(?:min|minutes?|minuten|minutos|minuti|minut|minuty|dakika|минут|хвилин|دقائق|דקות|मिनट|phút|menit|分|분|นาที|hours?|stunden?|heures?|horas?|ore|uur|godzin|saat|час|годин|ساعة|שעות|घंटे|giờ|jam|時間|시간|小时|小時|ชั่วโมง)(?:$|[^\p{L}])/u;
/** The same inside a run of CJK, Hangul or Thai text ("如果验证码已过期", "期限切れの場合", "만료된 경우"). */
const CJK_CONDITION_RE = /如果|若是|若您|もし|場合|경우|ถ้า|หาก|เมื่อ|หลังจาก|之后|之後|以后|以後|後に/;
const CLAUSE_END_RE = /[.!?;。！？\n]/;
const PAREN_DURATION_RE = /[(（][^()（）\n]{0,16}\d[^()（）\n]{0,16}[)）]/gu;

function endedPhrase(text: string, start: number, end: number, cjkWord: boolean): boolean {
  const lower = text.slice(Math.max(0, start - 40), end).toLowerCase();
  if (!cjkWord && !ENDED_PHRASE_RE.test(lower)) return false;
  // The clause before it, back to the last sentence end (at most 80 characters), and 24 characters after it.
  let from = start;
  while (from > 0 && start - from < 80 && !CLAUSE_END_RE.test(text[from - 1] as string)) from--;
  let to = end;
  while (to < text.length && to - end < 24 && !CLAUSE_END_RE.test(text[to] as string)) to++;
  let clause = `${text.slice(from, start)} ${text.slice(end, to)}`.toLowerCase();
  // (the twenty-first round) A duration in parentheses names the validity that ran out ("유효 시간(3분)이 지나 만료되었습니다", "the
  // code (valid 10 minutes) has expired"), no time after which it will: read without it.
  if (clause.includes('(')) clause = clause.replace(PAREN_DURATION_RE, ' ');
  return !ENDED_CONDITION_RE.test(clause) && !(cjkWord && CJK_CONDITION_RE.test(`${clause} ${text.slice(start, end)}`));
}

/**
 * (the twelfth round) "Never" in the 21 languages, a word read in the clause before a code word: "We will never ask for your
 * code", "Wir fragen niemals nach Ihrem Code", "ne … jamais votre code", "nunca te pediremos el código", "non ti chiederemo
 * mai il codice", "nooit", "nigdy", "asla", "hiçbir zaman", "никогда", "ніколи", "لن نطلب منك أبداً رمز التحقق", "לעולם", "אף
 * פעם", "कभी", "không bao giờ", "tidak pernah"; in a CJK, Hangul or Thai run "決して", "절대", "绝不", "从不", "ไม่เคย".
 */
const NEVER_WORDS = new Set([
  'never', 'niemals', 'nie', 'jamais', 'nunca', 'mai', 'nooit', 'nigdy', 'asla', 'никогда', 'ніколи', 'أبدا', 'أبداً', 'أبدًا',
  'לעולם', 'कभी', 'zaman', 'פעם', 'giờ', 'pernah',
]);
/** The NEVER_WORDS words that say "never" only after their word before ("hiçbir zaman", "אף פעם", "bao giờ", "tidak pernah"). */
const NEVER_PREV: Record<string, ReadonlySet<string>> = {
  zaman: new Set(['hiçbir']),
  פעם: new Set(['אף']),
  giờ: new Set(['bao']),
  pernah: new Set(['tidak', 'jangan']),
};
/** (the thirteenth round) Letters only Polish writes among the 21 languages. */
const POLISH_RE = /[ąęłńśźżĄĘŁŃŚŹŻ]/;
/**
 * (the thirteenth round) "Do not share the code" in the 21 languages, the wording of evidence.ts's list that a receipt never
 * prints: beside it, an authorisation code word names a code the reader is to type.
 */
const NO_SHARE_RE =
  /(?:do not|don't|never) (?:share|give|tell|forward|disclose)|nicht weiter|niemals weiter|ne (?:le )?partagez|ne communiquez|no (?:lo )?compartas|nunca compartas|não compartilhe|non (?:condividere|comunicare|rivelare)|deel deze|nie (?:udostępniaj|przekazuj|podawaj)|nikomu|paylaşmayın|kimseyle|jangan (?:bagikan|berikan)|не сообщайте|никому не|не передавайте|не повідомляйте|нікому не|אל תשתפ|אל תמסר|لا تشارك|साझा न|không chia sẻ|không cung cấp|อย่าแชร์|ห้ามแชร์|อย่าบอก|共有しない|教えない|不要分享|不要泄露|请勿|請勿|공유하지|알려주지/i;
/**
 * (the twenty-third round) The mail gives its code a life of minutes ("It expires in 15 minutes", "valid for 10 minutes", "expires
 * after 5 mins"): an "access code" that expires so is a sign-in's one-time code, as "Zugangscode", "code d'accès", "código de acceso",
 * "kod dostępu" and "код доступа" read already with such a validity. A building's, a key safe's or a meeting's access code is valid
 * for a stay, a day or a meeting, not minutes.
 */
const MINUTES_LIFE_RE = /\b(?:expires?|expiring|valid|good) (?:in|for|after|within) (?:the next )?\d{1,2} ?(?:minutes?|mins?)\b/i;
const CJK_NEVER_RE = /決して|절대|绝不|絕不|从不|從不|决不|永远不会|永遠不會|ไม่เคย|ไม่มีวัน/;
const FLAGS: ReadonlyMap<string, number> = (() => {
  const m = new Map<string, number>();
  const lists: Array<[ReadonlySet<string>, number]> = [
    [PROMO_WORDS, IN_PROMO], [SHOP_WORDS, IN_SHOP], [CODE_WORDS, IN_CODE], [UPPER_ONLY, IN_UPPER_ONLY],
    [NEG_BEFORE_CODE, IN_NEG_BEFORE], [NEG_AFTER_CODE, IN_NEG_AFTER], [SKIP_AFTER_CODE, IN_SKIP_AFTER],
    [MEDIUM_WORDS, IN_MEDIUM], [SOFT_WORDS, IN_SOFT], [HARD_BLOCKERS, IN_HARD_BLOCKER],
    [SOFT_BLOCKERS, IN_SOFT_BLOCKER], [POSSESSIVES, IN_POSSESSIVE], [LABEL_BLOCKERS, IN_LABEL_BLOCKER],
    [CONFIRMATION_CODE_FOLLOWERS, IN_CONFIRMATION_FOLLOWER], [SPECIAL_WORDS, IN_SPECIAL], [NON_OTP_WORDS, IN_NON_OTP],
    [PASSWORD_WORDS, IN_PASSWORD], [ONE_TIME_WORDS, IN_ONE_TIME], [EXAMPLE_WORDS, IN_EXAMPLE], [RECEIPT_WORDS, IN_RECEIPT],
    [AUTH_BEFORE_CODE, IN_AUTH_BEFORE], [AUTH_AFTER_CODE, IN_AUTH_AFTER], [RECORD_WORDS, IN_RECORD], [RECORD_NUMBER_WORDS, IN_RECORD_NUMBER],
    [new Set(EXAMPLE_ABBREV.keys()), IN_EXAMPLE_ABBREV], [DIGIT_WORDS, IN_DIGITS], [GIFT_WORDS, IN_GIFT],
    [new Set(Object.keys(GIFT_PAIRS)), IN_GIFT_PAIR], [ENDED_WORDS, IN_ENDED], [NEVER_WORDS, IN_NEVER], [new Set(Object.keys(ACCESS_PAIRS)), IN_ACCESS_PAIR],
  ];
  for (const [set, flag] of lists) for (const w of set) m.set(w, (m.get(w) ?? 0) | flag);
  return m;
})();

const WORD_CHAR_BEFORE_RE = /[\p{L}\p{N}]/u;
/** (the tenth round) Nothing but spaces (no line break, no number) between two words. */
const BLANK_GAP_RE = /^[ \t]*$/;
/**
 * (the twentieth round) A number stands between the word before a code word and the code word ("Ref. 331 842 027\n\nCódigo de
 * autorização: 2 4 8 1 6 0"): that word labels its own number, and does not make the code word after it another kind of code.
 */
const DIGIT_RE = /\p{Nd}/u;
function labelledBetween(text: string, from: number, to: number): boolean {
  return DIGIT_RE.test(text.slice(from, to));
}

/** A run of letters and marks (\p{L}, \p{M}, astral ones too), read where lettersEnd() puts it. */
const LETTERS_AT_RE = /[\p{L}\p{M}]+/uy;

/**
 * Where the run of letters and marks starting at `i` of `s` ends (`i` when there is none): ASCII letters read one
 * character at a time, any other character by the pattern.
 */
function lettersEnd(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    const lower = c | 32;
    if (lower >= 97 && lower <= 122) i++;
    else if (c < 128) break;
    else {
      LETTERS_AT_RE.lastIndex = i;
      if (!LETTERS_AT_RE.test(s)) break;
      i = LETTERS_AT_RE.lastIndex;
    }
  }
  return i;
}

/**
 * Where the word starting at `i` of `s` ends, or -1 when none starts there. A word is what
 * /\d?[\p{L}\p{M}]+(?:[-'’][\p{L}\p{M}]+)?[°º]?/u matches: an optional digit, letters and marks, once a hyphen or an
 * apostrophe and more of them, and a degree or ordinal sign ("2fa", "e-mail", "l'accès", "n°"). Read in place (a
 * regular expression's search from word to word costs more than the word's characters do).
 */
function wordEnd(s: string, i: number): number {
  const c = s.charCodeAt(i);
  const from = c >= 48 && c <= 57 ? i + 1 : i;
  let end = lettersEnd(s, from);
  if (end === from) return -1;
  const sep = s.charCodeAt(end);
  if (sep === 45 /* - */ || sep === 39 /* ' */ || sep === 0x2019 /* ’ */) {
    const more = lettersEnd(s, end + 1);
    if (more > end + 1) end = more;
  }
  const sign = s.charCodeAt(end);
  return sign === 0xb0 /* ° */ || sign === 0xba /* º */ ? end + 1 : end;
}

/** `text` in lower case with typographic apostrophes as "'", or null when that changes its length. */
function lowerWords(text: string): string | null {
  const lower = text.toLowerCase();
  if (lower.length !== text.length) return null;
  return lower.includes('’') ? lower.replace(/’/g, "'") : lower;
}

function flagsOf(w: string): number {
  return FLAGS.get(w) ?? 0;
}

/**
 * (the thirteenth round) A word of a place's access (a key box, a door, a gate, an alarm, a safe, Wi-Fi), in any of the three lists:
 * for explain() to name it.
 */
export function accessName(s: string): boolean {
  const w = s.toLowerCase();
  return ACCESS_WORDS.has(w) || CJK_ACCESS_RE.test(w) || (/\s/.test(w) && ACCESS_PAIRS[w.split(/\s/)[0] as string] !== undefined);
}

/** Scans `text` once and classifies its words. */
export function scanVocabulary(text: string): Vocabulary {
  const words: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const flags: number[] = [];
  // The words are read from the text lowered once where lowering maps it character for character (no "İ", which
  // lowers to two characters, and no capital sigma, whose lower case depends on the letters after it): the same
  // words, at the same offsets, as lowering each word.
  const lowered = text.includes('İ') || text.includes('Σ') ? null : lowerWords(text);
  const source = lowered ?? text;
  for (let start = 0; start < source.length; ) {
    const end = wordEnd(source, start);
    if (end === -1) {
      start++;
      continue;
    }
    let w = source.slice(start, end);
    if (lowered === null) {
      const lower = w.toLowerCase();
      w = lower.includes('’') ? lower.replace(/’/g, "'") : lower;
    }
    words.push(w);
    starts.push(start);
    ends.push(end);
    flags.push(flagsOf(w));
    start = end;
  }
  const nWords = words.length;
  const cjkText = CJK_RE.test(text);
  const invoiceText = cjkText && CJK_INVOICE_RE.test(text);
  // (the eleventh round) Only a CJK or Thai text that holds an ended phrase has its runs read for one.
  const cjkEnded = cjkText && CJK_ENDED_RE.test(text);
  const keywords: Keyword[] = [];
  const blockers: Blocker[] = [];
  const promos: number[] = [];
  const shops: number[] = [];
  const negatedWords: Array<{ start: number; end: number }> = [];
  const nonOtp: Array<{ start: number; end: number }> = [];
  const gifts: Array<{ start: number; end: number }> = [];
  const ended: Array<{ start: number; end: number }> = [];
  // (the twelfth round) Where the last "never" word of the text so far starts, or -1.
  let lastNever = -1;
  // (the thirteenth round) Whether the text tells not to share a code (read once, only beside a receipt's authorisation code word).
  let noShare: boolean | undefined;
  // (the twenty-third round) Whether the mail gives its code a life of minutes: read once, for an "access code".
  let minutesLife: boolean | undefined;
  // (the thirteenth round) Polish "nie" is "not", German "nie" "never": read as "never" only in a text with no Polish letter.
  let polish: boolean | undefined;

  for (let i = 0; i < nWords; i++) {
    const w = words[i] as string;
    const wf = flags[i] as number;
    if (wf & IN_EXAMPLE) {
      // "Codes look like 123456", "codes such as 482 913": an example, no code sent for one sign-in.
      const before = i > 0 ? (words[i - 1] as string) : '';
      if (EXAMPLE_FIRST[w]?.has(before)) {
        nonOtp.push({ start: starts[i - 1] as number, end: ends[i] as number });
      } else if (
        TIGHT_LIKE_BEFORE[w]?.has(before) &&
        (starts[i] as number) - (ends[i - 1] as number) === 1 &&
        SPACE_DIGIT_RE.test(text.slice(ends[i] as number, (ends[i] as number) + 2))
      ) {
        // (the ninth round) "رمزاً مثل 839201", "un código como 123456": the code word names the kind of number the example is.
        nonOtp.push({ start: starts[i - 1] as number, end: ends[i] as number });
      } else if (TIGHT_LIKE_AFTER[w] !== undefined && DIGIT_SPACE_RE.test(text.slice(Math.max(0, (starts[i] as number) - 2), starts[i] as number))) {
        // (the ninth round) "839201 gibi bir kod", "839201 जैसा कोड": the code word right after (Turkish "bir" between).
        const k = words[i + 1] === 'bir' ? i + 2 : i + 1;
        if (k < nWords && TIGHT_LIKE_AFTER[w].has(words[k] as string) && (starts[k] as number) - (ends[k - 1] as number) === 1)
          nonOtp.push({ start: starts[i] as number, end: ends[k] as number });
      }
      continue;
    }
    if (wf & IN_EXAMPLE_ABBREV) {
      // (the sixth round) "np. 246 810", "e.g. 123456", "z. B. 123456": an abbreviation of "for example" quotes an example code.
      const first = EXAMPLE_ABBREV.get(w);
      const stop = text[ends[i] as number];
      const before = i > 0 ? (words[i - 1] as string) : '';
      if ((stop === '.' || stop === ':') && (first === null || first?.has(before))) {
        nonOtp.push({ start: first ? (starts[i - 1] as number) : (starts[i] as number), end: (ends[i] as number) + 1 });
      }
      if (!(wf & SELF_RELEVANT)) continue;
    }
    // (the twelfth round) "never", before a code word of its clause
    if (wf & IN_NEVER && NEVER_PREV[w]?.has(i > 0 ? (words[i - 1] as string) : '') !== false && (w !== 'nie' || !(polish ??= POLISH_RE.test(text))))
      lastNever = starts[i] as number;
    // (the thirteenth round) an access name of two or three words ("key box", "boîte à clés", "anahtar kutusu", "hộp khóa")
    if (wf & IN_ACCESS_PAIR) {
      const pair = ACCESS_PAIRS[w];
      const k = pair?.has(words[i + 1] as string) ? i + 1 : pair?.has(words[i + 2] as string) ? i + 2 : -1;
      if (k !== -1) nonOtp.push({ start: starts[i] as number, end: ends[k] as number });
    }
    if (wf & (IN_GIFT_PAIR | IN_ENDED)) {
      // (the eleventh round) "תו קנייה", "bon d'achat": a voucher named by two words. "expired", "bereits verwendet", "истёк": a code
      // the mail says can no longer be typed (read with the words before it). Tested here, before the early skip: common words.
      if (wf & IN_GIFT_PAIR && GIFT_PAIRS[w]?.has(words[i + 1] as string)) gifts.push({ start: starts[i] as number, end: ends[i + 1] as number });
      if (wf & IN_ENDED && ENDED_PREV[w]?.has(i > 0 ? (words[i - 1] as string) : '') !== false && endedPhrase(text, starts[i] as number, ends[i] as number, false))
        ended.push({ start: starts[i] as number, end: ends[i] as number });
    }
    // Most words play no part by themselves (the tests below would all fail): skip them early.
    if (
      (wf & SELF_RELEVANT) === 0 &&
      !w.includes('-') &&
      !(cjkText && CJK_RE.test(w)) &&
      !(w.length > 4 && (w.endsWith('code') || w.endsWith('codes'))) &&
      !w.startsWith('einmal')
    ) {
      continue;
    }
    const start = starts[i] as number;
    const end = ends[i] as number;
    const prev = i > 0 ? (words[i - 1] as string) : '';
    const prevF = i > 0 ? (flags[i - 1] as number) : 0;
    const nextW = i + 1 < nWords ? (words[i + 1] as string) : '';
    const nextF = i + 1 < nWords ? (flags[i + 1] as number) : 0;
    const next2F = i + 2 < nWords ? (flags[i + 2] as number) : 0;
    const next3F = i + 3 < nWords ? (flags[i + 3] as number) : 0;
    const dash = w.lastIndexOf('-');
    const last = dash === -1 ? w : w.slice(dash + 1);
    const lastF = dash === -1 ? wf : flagsOf(last);

    const cjkWord = cjkText && CJK_RE.test(w);
    if ((wf & IN_PROMO && !(FREE_WORDS.has(w) && !freePeriodNear(words, i))) || (cjkWord && CJK_PROMO_RE.test(w)) || (wf & IN_SPECIAL && vietnamesePromo(w, prev, nextW, text, end))) promos.push(start);
    else if (wf & IN_SHOP) shops.push(start);
    // (the eighth round) "YODOBASHI.EXAMPLE", "shop.example": a part of a host name is no word of the mail.
    const hostPart = text[start - 1] === '.' && WORD_CHAR_BEFORE_RE.test(text[start - 2] ?? '');
    if (
      !hostPart &&
      ((wf & IN_NON_OTP && !(REGISTERED_WORDS.has(w) && !entityBefore(words, i)) && !capitalName(text, start, end, w) && !roomPayment(words, i)) ||
      // (the fifth round) "Webinar-ID: … Toegangscode: 3317", "Meeting-ID", "Zoom-Link": the first part names the meeting
      (dash !== -1 && (flagsOf(w.slice(0, w.indexOf('-'))) & IN_NON_OTP) !== 0) ||
      (cjkWord && CJK_NON_OTP_RE.test(w) && !(CJK_ROOM_RENT_RE.test(w) && !CJK_NON_OTP_RE.test(w.replace(CJK_ROOM_RENT_ALL_RE, '')))) ||
      (wf & IN_RECORD && recordLabel(w, words, flags, i, text, end)))
    ) {
      nonOtp.push({ start, end });
    }
    // (the tenth round) a gift card, voucher, prepaid or top-up card: its PIN and claim code are read further from the word
    if (!hostPart && (wf & IN_GIFT || (cjkWord && CJK_GIFT_RE.test(w)))) gifts.push({ start, end });
    // (the eleventh round) a code the mail says has expired, was used or was cancelled, inside a CJK or Thai run ("已失效")
    if (cjkEnded && cjkWord && CJK_ENDED_RE.test(w) && endedPhrase(text, start, end, true)) ended.push({ start, end });

    let weight = 0;
    let strong = false;
    if (cjkWord) {
      const nv = CJK_NEVER_RE.exec(w);
      if (nv) lastNever = start + nv.index;
      const k = cjkKeyword(w, prev, invoiceText);
      weight = k.weight;
      strong = k.strong;
      // "รหัสอ้างอิง: KQ7P", "クーポンコード ABC123": a code word made into another kind labels the value after it.
      if (k.negated && weight === 0) blockers.push({ start, end, soft: false, otherCode: true });
      // "カード末尾", "订单号", "우편번호" ... label the number after them (not in a code word: "認証番号", "인증 번호").
      // (the tenth round) The code word before counts only right before it ("인증 번호"), not across the code ("인증번호 [502871]
      // 고객센터 1588-0000": the hotline's label is no part of the code word).
      const codeWordJoined = i > 0 && BLANK_GAP_RE.test(text.slice(ends[i - 1] as number, start)) && cjkKeyword(prev, '').strong;
      if (!strong && !(prevF & IN_CODE) && CJK_BLOCKERS_RE.test(w.slice(-8)) && !codeWordJoined) {
        blockers.push({ start, end, soft: false });
      } else if (CARD_ENDING_DIGITS_RE.test(w) && CARD_ENDING_BEFORE_RE.test(prev)) {
        // (the eighth round) "下4桁 8842", "末尾4桁：8842": the last four digits of a card, named by their count.
        blockers.push({ start: starts[i - 1] as number, end, soft: false });
      }
    } else if (wf & IN_PASSWORD && (oneTimeNear(flags, i) || (prevF & IN_MEDIUM) !== 0 || turkishCardPassword(w, prev, i > 1 ? (words[i - 2] as string) : '') || signingPassword(words, i))) {
      // (the eighth round) A verification word right before the password word names a one-time password too:
      // "doğrulama şifreniz" (the Turkish 3-D Secure mail), "verification password", "סיסמת אימות" puts it after (not read).
      weight = 3;
      strong = true;
    } else if (NAME_QUOTES.includes(text[end] ?? ' ') && (lastF & IN_CODE || last.endsWith('code')) && quotedName(text, start, end, dash !== -1)) {
      // (the fourteenth round) "ООО "Облако-Код"", «Код-Сервис», „Secure-Code": a company's name in quotation marks, no code word
    } else if (lastF & IN_CODE || (last.length > 4 && (last.endsWith('code') || last.endsWith('codes')))) {
      const upperOnly = (lastF & IN_UPPER_ONLY) !== 0 && dash === -1;
      // "Auth code 082134" on a receipt: the card network's authorisation code, printed for the record.
      const authBefore = dash === -1 && (prevF & IN_AUTH_BEFORE) !== 0;
      // (the thirteenth round) ...unless the mail tells not to share the code ("Nie przekazuj kodu nikomu"): a receipt prints its
      // authorisation code for the record and never says so, a bank that asks to confirm a card payment with it does.
      const receiptAuth =
        (authBefore ||
          (nextF & IN_AUTH_AFTER) !== 0 ||
          ((nextF & IN_SKIP_AFTER) !== 0 && (next2F & IN_AUTH_AFTER) !== 0) ||
          AUTH_COMPOUND_RE.test(last)) &&
        receiptNear(flags, i) &&
        !(noShare ??= NO_SHARE_RE.test(text));
      const negated =
        receiptAuth ||
        isNegCompound(last) ||
        (dash !== -1 && (flagsOf(w.slice(w.lastIndexOf('-', dash - 1) + 1, dash)) & IN_NEG_BEFORE) !== 0) ||
        (dash === -1 &&
          (prevF & IN_NEG_BEFORE) !== 0 &&
          !labelledBetween(text, ends[i - 1] as number, start) &&
          !(prev === 'access' && (i < 2 || ((flags[i - 2] as number) & IN_NEG_BEFORE) === 0) && (minutesLife ??= MINUTES_LIFE_RE.test(text)))) ||
        (nextF & IN_NEG_AFTER) !== 0 ||
        ((nextF & IN_SKIP_AFTER) !== 0 && (next2F & IN_NEG_AFTER) !== 0) ||
        // "Code de la mutualité", "Código de Defesa do Consumidor": a body of law, two small words on.
        ((nextF & IN_SKIP_AFTER) !== 0 && (next2F & IN_SKIP_AFTER) !== 0 && (next3F & IN_NEG_AFTER) !== 0);
      if (!negated && (!upperOnly || isUpper(text.slice(start, end)))) {
        weight = 3;
        strong = true;
      } else if (negated) {
        // The code word with the word that turned it into another kind of code (for explain()).
        const byPrev = dash === -1 && (prevF & IN_NEG_BEFORE) !== 0 && !labelledBetween(text, ends[i - 1] as number, start);
        const byNext2 = (nextF & IN_NEG_AFTER) === 0 && (nextF & IN_SKIP_AFTER) !== 0 && (next2F & IN_NEG_AFTER) !== 0;
        const byNext = (nextF & IN_NEG_AFTER) !== 0;
        const span = {
          start: byPrev ? (starts[i - 1] as number) : start,
          end: byNext2 ? (ends[i + 2] as number) : byNext ? (ends[i + 1] as number) : end,
        };
        if (authBefore) span.start = starts[i - 1] as number;
        negatedWords.push(span);
        const by = byPrev ? prev : byNext ? nextW : byNext2 ? (words[i + 2] as string) : '';
        const stem = last.replace(/-?codes?$/, '');
        if (receiptAuth || NON_OTP_NEGATORS.has(by) || (by === '' && NON_OTP_STEMS.some((n) => stem.endsWith(n)))) nonOtp.push(span);
        // The value right after it is that other kind of code ("Reference code: KQ7P", "codice fornitore 004821").
        blockers.push({ start: span.start, end: span.end, soft: false, otherCode: true });
      }
    } else if (wf & IN_MEDIUM || (w.startsWith('einmal') && w.length > 7)) {
      weight = 2;
    } else if (w === 'time' && prev === 'one') {
      weight = 2;
    } else if ((w === 'unique' && prev === 'usage') || ((w === 'uso' || w === 'único' || w === 'unico') && (prev === 'solo' || prev === 'uso'))) {
      weight = 2;
    } else if (w === 'passe' && prev === 'de') {
      // "mot de passe à usage unique", "mot de passe unique": a one-time password names a code.
      // ("unique" only here: an English password that "must be unique" is no one-time password)
      weight = oneTimeNear(flags, i) || wordNear(words, i, 'unique') ? 3 : 1.5;
      strong = weight === 3;
    } else if (wf & IN_DIGITS && (DIGIT_DETERMINERS_BEFORE.has(prev) || DIGIT_DETERMINERS_AFTER.has(nextW))) {
      // (the sixth round) "Vul deze cijfers in op het scherm": the digits the reader is asked to enter name a code.
      weight = 2;
    } else if (wf & IN_SOFT) {
      weight = 1.5;
    }
    if (weight > 0) {
      keywords.push({ start, end, weight, strong, hasLower: !isUpper(text.slice(start, end)), never: strong && neverBefore(text, lastNever, start) });
    }

    // Blockers: order/invoice/phone/... numbers. "confirmation code" is a code, though.
    const followChar = text[end] ?? '';
    const next1 = text.charCodeAt(end + 1);
    const digitFollows = followChar === ' ' && next1 >= 48 && next1 <= 57;
    if ((w === 'no' || w === 'nr' || w === 'nro' || w === 'num') && (followChar === '.' || followChar === ':' || digitFollows)) {
      blockers.push({ start, end, soft: false });
    } else if ((w === 'box' && (prev === 'po' || prev === 'o' || prev === 'post' || prev === 'pob')) || (w === 'ب' && prev === 'ص') || (w === 'ד' && prev === 'ת')) {
      // A post-office box ("PO Box 98021", "P.O. Box", Arabic "ص.ب", Hebrew "ת.ד."): its number is no code.
      blockers.push({ start, end, soft: false });
    } else if (wf & IN_LABEL_BLOCKER && (followChar === ':' || nextW === 'number' || nextW === 'nr' || nextW === 'no' || nextW === 'nummer')) {
      blockers.push({ start, end, soft: false });
    } else if (NUMBER_WORDS.has(w) && verifyVerbBefore(words, flags, i)) {
      // "…the code on the site to confirm your number: 7391": the number confirmed is the phone's, the digits are the code.
    } else if (wf & IN_HARD_BLOCKER || lastF & IN_HARD_BLOCKER) {
      // "Confirmation number" blocks, "confirmation code" is a code; other keywords never block.
      // ("code de confirmation : 518204" names the code too: the code word comes first in French.)
      const namesCode = (nextF & IN_CONFIRMATION_FOLLOWER) !== 0 || (i > 1 && (prevF & IN_SKIP_AFTER) !== 0 && ((flags[i - 2] as number) & IN_CODE) !== 0);
      // (the twenty-second round) French "reçu" is a receipt and "received": "le code reçu : 86 41 07", "le code que vous avez reçu"
      // name the code the reader received, no receipt's number.
      const received = w === 'reçu' && ((prevF & IN_CODE) !== 0 || RECEIVED_AUX.has(prev));
      if (!received && (w === 'confirmation' ? !namesCode : weight === 0 && !(w === 'id' && namesCode))) {
        blockers.push(STREET_WORDS.has(w) ? { start, end, soft: false, addressLine: true } : { start, end, soft: false });
      }
    } else if (wf & IN_SOFT_BLOCKER && !(prevF & IN_POSSESSIVE)) {
      blockers.push({ start, end, soft: true });
    }
  }
  return { keywords, blockers, promos, shops, negated: negatedWords, nonOtp, gifts, ended };
}

/** (the twenty-second round) Auxiliaries before a French participle "reçu" ("vous avez reçu", "tu as reçu", "a été reçu"). */
const RECEIVED_AUX = new Set(['avez', 'as', 'a', 'été', 'ai', 'avons']);

/** (the fourteenth round) Legal forms of a company that its quoted name follows: ООО "…", ТОВ «…», АО "…", LLC "…". */
const LEGAL_FORM_BEFORE_RE = /(?:^|[^\p{L}])(?:ООО|ОАО|ЗАО|ПАО|АО|ИП|ТОВ|ПАТ|ПрАТ|ФОП|ТОО|LLC|Ltd|GmbH|S\.A\.|SA|SRL|Sp\. z o\.o\.|A\.Ş\.|PT|CV|şirketi|شركة|חברת)[ \t]*$/u;
const NAME_QUOTES = '"“”„«»「」『』\'';
/**
 * (the fourteenth round) A code word inside quotation marks that name a company: a capitalised compound ("Облако-Код",
 * "Secure-Code"), or a name right after a legal form (ООО «Код»). The quotation closes right after the word.
 */
function quotedName(text: string, start: number, end: number, compound: boolean): boolean {
  if (!NAME_QUOTES.includes(text[end] ?? '')) return false;
  let open = start - 1;
  while (open >= 0 && start - open < 40 && !NAME_QUOTES.includes(text[open] as string) && text[open] !== '\n') open--;
  if (open < 0 || !NAME_QUOTES.includes(text[open] as string)) return false;
  const name = text.slice(open + 1, end);
  if (!/^\p{Lu}/u.test(name)) return false;
  return compound ? /\p{Lu}[^-]*-\p{Lu}/u.test(name) || LEGAL_FORM_BEFORE_RE.test(text.slice(Math.max(0, open - 12), open)) : LEGAL_FORM_BEFORE_RE.test(text.slice(Math.max(0, open - 12), open));
}

const NEVER_REACH = 50;

/** A "never" word at `at` (or -1) stands in the clause before a code word at `start`, within NEVER_REACH characters. */
function neverBefore(text: string, at: number, start: number): boolean {
  if (at === -1 || at > start || start - at > NEVER_REACH) return false;
  for (let p = at; p < start; p++) if (clauseEnd(text.charCodeAt(p))) return false;
  return true;
}

/** . ! ? ; and a line's end, and the full stops of CJK text. */
function clauseEnd(ch: number): boolean {
  return ch === 46 || ch === 33 || ch === 63 || ch === 59 || ch === 10 || ch === 0x3002 || ch === 0xff01 || ch === 0xff1f;
}

/**
 * Street words of the blockers above (the fifth round): a footer's address runs on after them to the end of its line,
 * with the house number, the city and its postcode ("רחוב הרצל 40, תל אביב 6578901", "ul. Marszałkowska 142, 00-061
 * Warszawa", "Jl. Sudirman No. 5, Jakarta 10220").
 */
const STREET_WORDS = new Set([
  'street', 'rua', 'avenida', 'calle', 'carrera', 'viale', 'corso', 'piazza', 'ul', 'ulica', 'cad', 'cadde', 'caddesi', 'sok',
  'sokak', 'mah', 'mahallesi', 'ул', 'улица', 'проспект', 'вул', 'вулиця', 'шоссе', 'jl', 'jalan', 'đường', 'straße', 'strasse',
  'laan', 'gracht', 'plein', 'شارع', 'רחוב', 'phường', 'quận', 'huyện',
]);

/** Words for "number" and "phone" that label the number after them, unless they are what a verification confirms. */
const NUMBER_WORDS = new Set([
  'number', 'nummer', 'numéro', 'número', 'numer', 'numero', 'nomor', 'номер', 'номера', 'رقم', 'מספר', 'नंबर',
  // and the phone whose number a code confirms ("verify your phone number: 5093", "Telefon bestätigen")
  'phone', 'telephone', 'telefon', 'téléphone', 'teléfono', 'telefone', 'telefono', 'telefoon', 'телефон', 'телефона', 'هاتف', 'الهاتف', 'טלפון',
]);
/** (the twelfth round) "example" words, the ones a merchant's or a fixture's name may hold in capitals. */
const EXAMPLE_NAME_WORDS = new Set(['example', 'beispiel', 'exemple', 'ejemplo', 'exemplo', 'esempio', 'voorbeeld', 'przykład', 'örnek', 'пример', 'приклад']);
const CAPITAL_WORD_BEFORE_RE = /\p{Lu}{2,}[ \t]+$/u;
/**
 * (the twelfth round) "ONLINE SHOP EXAMPLE": an example word in capitals after another word in capitals is part of a name (a
 * merchant's on a card statement), not "for example".
 */
function capitalName(text: string, start: number, end: number, w: string): boolean {
  if (!EXAMPLE_NAME_WORDS.has(w)) return false;
  const orig = text.slice(start, end);
  return orig === orig.toUpperCase() && orig !== orig.toLowerCase() && CAPITAL_WORD_BEFORE_RE.test(text.slice(Math.max(0, start - 40), start));
}

/**
 * (the sixth round) "Registered" words count as a company register's only after the company they describe ("Entidad inscrita
 * en el Banco de España con el código 0238", "Gesellschaft eingetragen beim Amtsgericht"): a reader who "signed up" ("Ya estás
 * inscrito", "Sie haben sich eingetragen", "Je bent ingeschreven") may well be sent a code.
 */
/**
 * (the seventeenth round) A room named as what a payment is for: its rent or its deposit ("concepto «Fianza habitación»", "room
 * rent", "loyer de la chambre", "aluguel do quarto", "affitto camera", "kamerhuur" is one word, "czynsz za pokój", "oda kirası",
 * "оренда кімнати", "إيجار الغرفة", "שכר דירה חדר", "कमरे का किराया", "tiền thuê phòng", "sewa kamar"): the transfer's purpose, no
 * room whose code the mail gives. Read only for a room word (ROOM_WORDS), two words either side.
 */
const ROOM_WORDS = new Set(['chambre', 'habitación', 'quarto', 'kamer', 'pokój', 'pokoju', 'oda', 'odası', 'кімнати', 'الغرفة', 'חדר', 'कमरे', 'कमरा', 'phòng', 'kamar', 'לחדר', 'בחדר', 'החדר']);
const RENT_WORDS = new Set([
  'rent', 'rental', 'deposit', 'miete', 'kaution', 'loyer', 'caution', 'alquiler', 'fianza', 'depósito', 'renta', 'aluguel', 'aluguer',
  'renda', 'caução', 'affitto', 'caparra', 'deposito', 'huur', 'borg', 'czynsz', 'kaucja', 'kaucji', 'kira', 'kirası', 'depozito',
  'depozitosu', 'аренда', 'аренды', 'залог', 'оренда', 'оренди', 'застава', 'إيجار', 'ايجار', 'שכר', 'שכירות', 'פיקדון', 'किराया',
  'किराए', 'thuê', 'cọc', 'sewa',
]);
function roomPayment(words: readonly string[], i: number): boolean {
  if (!ROOM_WORDS.has(words[i] as string)) return false;
  if (roomOfScreen(words, i)) return true;
  for (let k = Math.max(0, i - 2); k <= i + 2 && k < words.length; k++) if (k !== i && RENT_WORDS.has(words[k] as string)) return true;
  return false;
}
/**
 * (the eighteenth round) A room named as where a TV, a box or a console stands ("na Smart TV do quarto", "the TV in the bedroom",
 * "la télé de la chambre", "הטלוויזיה בחדר של איתי"): the device a pairing code is typed on, no room whose code the mail gives. Two
 * words either side.
 */
const SCREEN_WORDS = new Set([
  'tv', 'television', 'télé', 'téléviseur', 'televisor', 'televisão', 'televisore', 'fernseher', 'televisie', 'telewizor', 'telewizora',
  'televizyon', 'телевизор', 'телевизора', 'телевізор', 'телевізора', 'التلفاز', 'التلفزيون', 'טלוויזיה', 'הטלוויזיה', 'टीवी', 'tivi',
  'console', 'konsole', 'konsola', 'box', 'décodeur', 'decoder',
]);
function roomOfScreen(words: readonly string[], i: number): boolean {
  for (let k = Math.max(0, i - 2); k <= i + 2 && k < words.length; k++) if (k !== i && SCREEN_WORDS.has(words[k] as string)) return true;
  return false;
}
/** (the seventeenth round) The same in a CJK or Thai run: "ค่าเช่าห้อง" (room rent), "房租", "房费", "家賃", "部屋代", "월세", "방세". */
const CJK_ROOM_RENT_RE = /ค่าเช่าห้อง|ค่าห้อง|房租|房费|房費|家賃|部屋代|월세|방세/;
const CJK_ROOM_RENT_ALL_RE = new RegExp(CJK_ROOM_RENT_RE.source, 'g');

const REGISTERED_WORDS = new Set(['inscrita', 'inscrito', 'inscrite', 'iscritta', 'iscritto', 'eingetragen', 'ingeschreven']);
const ENTITY_WORDS = new Set([
  'entidad', 'sociedad', 'empresa', 'entidade', 'sociedade', 'société', 'entreprise', 'società', 'impresa', 'banca', 'banco', 'banque',
  'gesellschaft', 'gmbh', 'ag', 'firma', 'unternehmen', 'bedrijf', 'vennootschap', 'nv', 'bv', 'sa', 'sl', 'srl', 'spa', 'sas', 'sarl',
]);

function entityBefore(words: string[], i: number): boolean {
  for (let k = Math.max(0, i - 3); k < i; k++) if (ENTITY_WORDS.has(words[k] as string)) return true;
  return false;
}

/** Verbs of verifying and confirming (beside the words of MEDIUM_WORDS): "to confirm your number", "підтвердити номер". */
const VERIFY_VERBS = new Set([
  'verify', 'confirm', 'bestätigen', 'verifizieren', 'vérifier', 'confirmer', 'confirmar', 'verificar', 'confermare', 'verificare',
  'bevestigen', 'verifiëren', 'potwierdzić', 'potwierdź', 'zweryfikować', 'doğrulamak', 'doğrulayın', 'onaylamak', 'подтвердить',
  'подтвердите', 'підтвердити', 'підтвердіть', 'לאמת', 'לאשר', 'لتأكيد', 'تأكيد', 'لتفعيل', 'verifikasi', 'konfirmasi', 'memverifikasi',
]);

/** A verb of verifying stands within the three words before word `i` ("confirm your phone number"). */
function verifyVerbBefore(words: string[], flags: number[], i: number): boolean {
  for (let k = Math.max(0, i - 3); k < i; k++) {
    if (VERIFY_VERBS.has(words[k] as string) || ((flags[k] as number) & IN_MEDIUM) !== 0) return true;
  }
  return false;
}

/** Words on either side of a password word that may carry its "one-time" ("одноразовый пароль", "mot de passe à usage unique"). */
const ONE_TIME_REACH = 3;

function oneTimeNear(flags: number[], i: number): boolean {
  for (let k = Math.max(0, i - ONE_TIME_REACH); k <= Math.min(flags.length - 1, i + ONE_TIME_REACH); k++) {
    if (k !== i && ((flags[k] as number) & IN_ONE_TIME) !== 0) return true;
  }
  return false;
}

function wordNear(words: string[], i: number, word: string): boolean {
  for (let k = Math.max(0, i - ONE_TIME_REACH); k <= Math.min(words.length - 1, i + ONE_TIME_REACH); k++) if (words[k] === word) return true;
  return false;
}

function isUpper(raw: string): boolean {
  return raw === raw.toUpperCase();
}

