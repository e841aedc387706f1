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
}

export interface Blocker {
  start: number;
  end: number;
  /** Soft blockers (account, card...) are ignored after a possessive ("your account"). */
  soft: boolean;
}

const CODE_WORDS = new Set([
  'code', 'codes', 'codigo', 'código', 'códigos', 'codigos', 'codice', 'codici', 'kode', 'otp', 'totp',
  'passcode', 'passcodes', 'pincode', 'token', 'einmalpasswort', 'einmalkennwort', 'einmalcode',
  'clave', 'senha', 'tan', 'pin',
]);
/** Case-sensitive short words that only count when written in capitals. */
const UPPER_ONLY = new Set(['pin', 'tan']);

/** Prefixes of German/Dutch/English compounds ending in "code" that are not one-time codes. */
const NEG_COMPOUND_PREFIX = [
  'post', 'zip', 'bar', 'qr', 'promo', 'promotion', 'rabatt', 'gutschein', 'aktions', 'korting', 'actie',
  'cadeau', 'voucher', 'coupon', 'source', 'quell', 'error', 'fehler', 'status', 'tracking', 'track',
  'geschenk', 'bonus', 'land', 'länder', 'kunden', 'artikel', 'produkt', 'farb', 'dress', 'sendungs',
  'empfehlungs', 'referral', 'gift', 'discount', 'shortcode', 'html', 'unicode', 'colour', 'color',
];

/** A word immediately before "code" that makes it a non-OTP code. */
const NEG_BEFORE_CODE = new Set([
  'postal', 'zip', 'post', 'promo', 'promotional', 'promotion', 'discount', 'coupon', 'voucher', 'gift',
  'referral', 'invite', 'invitation', 'area', 'country', 'dialing', 'dialling', 'dial', 'qr', 'bar', 'source',
  'error', 'status', 'tracking', 'product', 'item', 'sku', 'swift', 'sort', 'tax', 'dress', 'colour',
  'color', 'html', 'css', 'rabatt', 'gutschein', 'aktions', 'geschenk', 'korting', 'kortings', 'actie',
  'cadeau', 'sale', 'bonus', 'booking', 'reservation', 'airport', 'fare', 'class', 'zoom', 'meeting',
  'shipping', 'sendungs', 'offer', 'deal', 'rebate', 'cupón', 'cupon', 'sconto', 'pnr', 'ticket', 'event',
  'order', 'member', 'customer', 'client', 'branch', 'bank', 'routing', 'tariff', 'vat', 'tax',
]);
/** Words right after "code"/"código"/"codice" that make it a non-OTP code. */
const NEG_AFTER_CODE = new Set([
  'postal', 'postale', 'promo', 'promotionnel', 'promocional', 'promozionale', 'sconto', 'réduction',
  'descuento', 'desconto', 'suivi', 'seguimiento', 'rastreamento', 'rastreio', 'tracciamento',
  'parrainage', 'cadeau', 'regalo', 'barras', 'conduct', 'conduite', 'conducta', 'postal:',
  'coupon', 'avantage', 'réduc', 'promoción', 'promoção', 'rabatt', 'iata', 'fiscale', 'fiscal',
  'destinatario', 'cliente', 'client', 'clienti', 'kunde', 'iban', 'bic', 'swift', 'ateco', 'ape', 'naf',
  'cadeau', 'regalo', 'presente', 'rabais', 'billet', 'entrada', 'biglietto',
]);
const SKIP_AFTER_CODE = new Set(['de', 'di', 'of', 'du', 'da', 'do', 'del']);

const MEDIUM_WORDS = new Set([
  'verification', 'verify', 'verifying', 'verified', 'verifizierung', 'verifizieren', 'vérification',
  'vérifier', 'verificación', 'verificacion', 'verificar', 'verificação', 'verificacao', 'verifica',
  'verificare', 'verificatie', 'verifiëren', 'verifieer', 'authentication', 'authentifizierung',
  'authentification', 'autenticación', 'autenticação', 'autenticazione', 'authenticatie', '2fa', 'mfa',
  'two-factor', 'zwei-faktor', 'otp', 'monouso', 'eenmalige', 'eenmalig',
]);
const SOFT_WORDS = new Set([
  'password', 'passwort', 'kennwort', 'wachtwoord', 'contraseña', 'contrasena', 'confirm', 'confirmation',
  'bestätigung', 'bestätigen', 'bestaetigung', 'confirmer', 'confirmación', 'confirmar', 'confirmação',
  'conferma', 'bevestiging', 'bevestigen', 'authenticate', 'einmal', 'security', 'sicherheit', 'sécurité',
  'seguridad', 'segurança', 'sicurezza', 'beveiliging', 'login', 'sign-in', 'signin', 'anmeldung',
  'anmelden', 'connexion', 'acceso', 'accesso', 'acesso', 'inloggen', 'access', 'zugang', 'one-time',
  'einmalig', 'einmaliger', 'einmaligen',
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
  'volo', 'vlucht', 'transaction', 'transaktion', 'phone', 'tel', 'telephone', 'telefon', 'téléphone',
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
  'pedido', 'license', 'lizenz', 'licence', 'licencia', 'serie', 'imei', 'vin', 'ip', 'port', 'pr',
  'issue', 'commit', 'build', 'release', 'version', 'v', 'ver', 'rev', 'revision', 'passport',
  'reisepass', 'passeport', 'pasaporte', 'passaporte', 'passaporto', 'paspoort', 'ssn', 'sozialversicherungsnummer',
]);
const SOFT_BLOCKERS = new Set([
  'account', 'konto', 'kontonummer', 'compte', 'cuenta', 'conta', 'conto', 'rekening', 'customer',
  'kunde', 'kunden', 'client', 'cliente', 'klant', 'member', 'membership', 'mitglied', 'card', 'karte',
  'carte', 'tarjeta', 'cartão', 'carta', 'kaart', 'user', 'benutzer', 'utilisateur', 'usuario',
  'utente', 'gebruiker', 'profile', 'profil',
]);
const POSSESSIVES = new Set([
  'your', 'my', 'our', 'ihr', 'ihre', 'ihres', 'ihrem', 'ihren', 'dein', 'deine', 'deines', 'deinem', 'votre',
  'vos', 'ton', 'su', 'tu', 'sua', 'seu', 'tuo', 'tua', 'je', 'uw', 'new', 'neues', 'nouveau', 'nuevo',
]);
/** Phone-ish labels that only block when used as a label ("Mobile: ...", "Handy-Nr. ..."). */
const LABEL_BLOCKERS = new Set(['mobile', 'mobil', 'handy', 'cell', 'hotline', 'contact']);
/** Words after "confirmation" / "ID" that make them part of a code name rather than a label. */
const CONFIRMATION_CODE_FOLLOWERS = new Set(['code', 'codes', 'link']);

/** Words that reveal a promotion (promo codes are not OTPs); they veto any nearby candidate. */
export const PROMO_WORDS = new Set([
  'discount', 'off', 'coupon', 'voucher', 'promo', 'rabatt', 'gutschein', 'réduction', 'descuento',
  'desconto', 'sconto', 'korting', 'rabais', 'cupón', 'cupom', 'buono',
]);
/** Shopping words; they only veto alphanumeric candidates ("SAVE20 at checkout"). */
export const SHOP_WORDS = new Set([
  'checkout', 'sale', 'kasse', 'shop', 'save', 'savings', 'offer', 'deal', 'cart', 'warenkorb', 'panier',
  'carrito', 'carrinho', 'carrello', 'winkelwagen', 'shopping', 'einkauf',
]);

const CJK_STRONG = ['コード', 'パスコード', 'ワンタイムパスワード', '認証番号', '確認番号', '验证码', '驗證碼', '인증'];
const CJK_RE = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;


export interface Vocabulary {
  keywords: Keyword[];
  blockers: Blocker[];
  promos: number[];
  shops: number[];
  /** Code words that name another kind of code ("postal code", "Zoom passcode", "promo code"): no keyword. */
  negated: Array<{ start: number; end: number }>;
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
/** Words tested by name below. */
const SPECIAL_WORDS = new Set(['time', 'unique', 'uso', 'único', 'unico', 'passe', 'no', 'nr', 'nro', 'num']);
/** Flags that can make a word a keyword, a blocker, a promo or a shop word by itself (not only as context). */
const SELF_RELEVANT =
  IN_PROMO | IN_SHOP | IN_CODE | IN_MEDIUM | IN_SOFT | IN_HARD_BLOCKER | IN_SOFT_BLOCKER | IN_LABEL_BLOCKER | IN_SPECIAL;

const FLAGS: ReadonlyMap<string, number> = (() => {
  const m = new Map<string, number>();
  const lists: Array<[ReadonlySet<string>, number]> = [
    [PROMO_WORDS, IN_PROMO], [SHOP_WORDS, IN_SHOP], [CODE_WORDS, IN_CODE], [UPPER_ONLY, IN_UPPER_ONLY],
    [NEG_BEFORE_CODE, IN_NEG_BEFORE], [NEG_AFTER_CODE, IN_NEG_AFTER], [SKIP_AFTER_CODE, IN_SKIP_AFTER],
    [MEDIUM_WORDS, IN_MEDIUM], [SOFT_WORDS, IN_SOFT], [HARD_BLOCKERS, IN_HARD_BLOCKER],
    [SOFT_BLOCKERS, IN_SOFT_BLOCKER], [POSSESSIVES, IN_POSSESSIVE], [LABEL_BLOCKERS, IN_LABEL_BLOCKER],
    [CONFIRMATION_CODE_FOLLOWERS, IN_CONFIRMATION_FOLLOWER], [SPECIAL_WORDS, IN_SPECIAL],
  ];
  for (const [set, flag] of lists) for (const w of set) m.set(w, (m.get(w) ?? 0) | flag);
  return m;
})();

const WORD_RE = /\d?[\p{L}\p{M}]+(?:[-'’][\p{L}\p{M}]+)?[°º]?/gu;
/** WORD_RE restricted to ASCII text, where it finds exactly the same words (faster). */
const ASCII_WORD_RE = /\d?[A-Za-z]+(?:[-'][A-Za-z]+)?/g;
const NON_ASCII_RE = /[^\x00-\x7f]/;

function flagsOf(w: string): number {
  return FLAGS.get(w) ?? 0;
}

/** Scans `text` once and classifies its words. */
export function scanVocabulary(text: string): Vocabulary {
  const words: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const flags: number[] = [];
  const wordRe = NON_ASCII_RE.test(text) ? WORD_RE : ASCII_WORD_RE;
  wordRe.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = wordRe.exec(text)) !== null) {
    const lower = m[0].toLowerCase();
    const w = lower.includes('’') ? lower.replace(/’/g, "'") : lower;
    words.push(w);
    starts.push(m.index);
    ends.push(m.index + m[0].length);
    flags.push(flagsOf(w));
  }
  const nWords = words.length;
  const cjkText = CJK_RE.test(text);
  const keywords: Keyword[] = [];
  const blockers: Blocker[] = [];
  const promos: number[] = [];
  const shops: number[] = [];
  const negatedWords: Array<{ start: number; end: number }> = [];

  for (let i = 0; i < nWords; i++) {
    const w = words[i] as string;
    const wf = flags[i] as number;
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
    const dash = w.lastIndexOf('-');
    const last = dash === -1 ? w : w.slice(dash + 1);
    const lastF = dash === -1 ? wf : flagsOf(last);

    if (wf & IN_PROMO) promos.push(start);
    else if (wf & IN_SHOP) shops.push(start);

    let weight = 0;
    let strong = false;
    if (cjkText && CJK_RE.test(w)) {
      if (CJK_STRONG.some((k) => w.includes(k))) {
        weight = 3;
        strong = true;
      } else if (w.includes('認証') || w.includes('確認') || w.includes('ワンタイム')) {
        weight = 2;
      }
    } else if (lastF & IN_CODE || (last.length > 4 && (last.endsWith('code') || last.endsWith('codes')))) {
      const upperOnly = (lastF & IN_UPPER_ONLY) !== 0 && dash === -1;
      const negated =
        isNegCompound(last) ||
        (dash !== -1 && (flagsOf(w.slice(w.lastIndexOf('-', dash - 1) + 1, dash)) & IN_NEG_BEFORE) !== 0) ||
        (dash === -1 && (prevF & IN_NEG_BEFORE) !== 0) ||
        (nextF & IN_NEG_AFTER) !== 0 ||
        ((nextF & IN_SKIP_AFTER) !== 0 && (next2F & IN_NEG_AFTER) !== 0);
      if (!negated && (!upperOnly || isUpper(text.slice(start, end)))) {
        weight = 3;
        strong = true;
      } else if (negated) {
        // The code word with the word that turned it into another kind of code (for explain()).
        const byPrev = dash === -1 && (prevF & IN_NEG_BEFORE) !== 0;
        const byNext2 = (nextF & IN_NEG_AFTER) === 0 && (nextF & IN_SKIP_AFTER) !== 0 && (next2F & IN_NEG_AFTER) !== 0;
        const byNext = (nextF & IN_NEG_AFTER) !== 0;
        negatedWords.push({
          start: byPrev ? (starts[i - 1] as number) : start,
          end: byNext2 ? (ends[i + 2] as number) : byNext ? (ends[i + 1] as number) : end,
        });
      }
    } else if (wf & IN_MEDIUM || (w.startsWith('einmal') && w.length > 7)) {
      weight = 2;
    } else if (w === 'time' && prev === 'one') {
      weight = 2;
    } else if ((w === 'unique' && prev === 'usage') || ((w === 'uso' || w === 'único' || w === 'unico') && (prev === 'solo' || prev === 'uso'))) {
      weight = 2;
    } else if (w === 'passe' && prev === 'de') {
      weight = 1.5;
    } else if (wf & IN_SOFT) {
      weight = 1.5;
    }
    if (weight > 0) keywords.push({ start, end, weight, strong, hasLower: !isUpper(text.slice(start, end)) });

    // Blockers: order/invoice/phone/... numbers. "confirmation code" is a code, though.
    const followChar = text[end] ?? '';
    const next1 = text.charCodeAt(end + 1);
    const digitFollows = followChar === ' ' && next1 >= 48 && next1 <= 57;
    if ((w === 'no' || w === 'nr' || w === 'nro' || w === 'num') && (followChar === '.' || followChar === ':' || digitFollows)) {
      blockers.push({ start, end, soft: false });
    } else if (wf & IN_LABEL_BLOCKER && (followChar === ':' || nextW === 'number' || nextW === 'nr' || nextW === 'no' || nextW === 'nummer')) {
      blockers.push({ start, end, soft: false });
    } else if (wf & IN_HARD_BLOCKER || lastF & IN_HARD_BLOCKER) {
      // "Confirmation number" blocks, "confirmation code" is a code; other keywords never block.
      const namesCode = (nextF & IN_CONFIRMATION_FOLLOWER) !== 0;
      if (w === 'confirmation' ? !namesCode : weight === 0 && !(w === 'id' && namesCode)) {
        blockers.push({ start, end, soft: false });
      }
    } else if (wf & IN_SOFT_BLOCKER && !(prevF & IN_POSSESSIVE)) {
      blockers.push({ start, end, soft: true });
    }
  }
  return { keywords, blockers, promos, shops, negated: negatedWords };
}

function isUpper(raw: string): boolean {
  return raw === raw.toUpperCase();
}
