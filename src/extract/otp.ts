/**
 * One-time-code detection.
 *
 * 1. Find code candidates in the text (candidates.ts).
 * 2. Drop the vetoed ones (vetoes.ts): masked patterns, units and currencies
 *    around them, blocker words before them.
 * 3. Score each surviving candidate by its distance to code keywords before and
 *    after it, plus bonuses for shape, visual emphasis and standing alone on a
 *    line. The best candidate above THRESHOLD wins (earliest on ties).
 */
import { generateCandidates, tokenize, type Candidate, type Kind, type Token } from './candidates.js';
import { accessName, scanVocabulary, type Blocker, type Keyword, type Vocabulary } from './keywords.js';
import { blockedMask, blockedTokens, lowerBound, MASK_KINDS, mentionsAmount, neighbourReject } from './vetoes.js';

export interface OtpDoc {
  text: string;
  emphasis?: Array<[number, number]>;
}

export interface OtpResult {
  value: string;
  score: number;
  /** Offset of the code in the text searched. */
  start: number;
  /**
   * (the twenty-first round) No code word supports it, only cue words (verification, sign-in, password words): read by extract.ts
   * against the mail's verification link.
   */
  cueOnly: boolean;
}

/**
 * What findOtp() made of one candidate, kept only when a trace is asked for (explain()): the same
 * tests that decide, with the reasons in words. `text` is the text searched (offsets are into it).
 */
export interface CodeTrace {
  value: string;
  kind: Kind;
  start: number;
  end: number;
  text: string;
  /** Null when a veto dropped it before it was scored. */
  score: number | null;
  /** Scored at least THRESHOLD and vetoed by nothing. */
  accepted: boolean;
  reasons: string[];
}

/** The score a code candidate must reach. */
export const THRESHOLD = 3;
const BEFORE_WINDOW = 250;
const AFTER_WINDOW = 100;

// (the fifth round: "your" after the code word where a language puts it there, "Kode OTP Anda: 402918", "Kode OTP kamu
// adalah …", "Mã OTP của bạn là …") (the tenth round: a code in brackets after its code word, "인증번호 [502871]", "验证码【481526】",
// "code (482913)")
const TIGHT_GAP_RE =
  /^[\s:=()[\]【［（>*"'«»„“”.\-–—]{0,6}(?:(?:anda|kamu|của bạn|của quý khách|của quý vị)[\s:]{0,4})?(?:(?:is|are|was|ist|lautet|lauten|est|sont|es|son|é|è|è:|adalah|ialah|là|:)[\s:]{0,4})?$/i;

function proximity(distance: number, after: boolean): number {
  if (after) {
    if (distance <= 40) return 0.9;
    if (distance >= AFTER_WINDOW) return 0;
    return (0.9 * (AFTER_WINDOW - distance)) / (AFTER_WINDOW - 40);
  }
  if (distance <= 60) return 1;
  if (distance >= BEFORE_WINDOW) return 0;
  return 1 - (0.7 * (distance - 60)) / (BEFORE_WINDOW - 60);
}

const KIND_BONUS: Record<Kind, number> = {
  num: 0.5,
  split: 1,
  spaced: 0.5,
  prefixed: 1.5,
  alnum: 0.5,
  alnumPair: 1,
  letters: 0,
  lettersPair: 0,
  mixed: 0,
};

interface Context {
  score: number;
  /** The keywords that gave the best score before and after the candidate (-1: none), and those scores. */
  beforeIdx: number;
  afterIdx: number;
  beforeScore: number;
  afterScore: number;
  /** Distance to the nearest supporting keyword. */
  distance: number;
  /** A code word ("code", "OTP", "PIN"...) directly precedes the candidate ("code: X", "code is X"). */
  tightStrong: boolean;
  /** ...and that code word is not written in capitals (so the line is not an all-caps heading). */
  tightLower: boolean;
  /** A lower-case code word precedes the candidate within NEAR_STRONG characters. */
  nearStrongLower: boolean;
}

const NEAR_STRONG = 150;

/**
 * Keyword support for a candidate: the best keyword before it and the best
 * after it (within their windows); the stronger side counts fully, the other
 * by half ("Use 738 291 to verify your account").
 */
function keywordContext(text: string, c: Candidate, keywords: Keyword[], spent?: ReadonlySet<number>): Context {
  const best: Context = {
    score: 0,
    beforeIdx: -1,
    afterIdx: -1,
    beforeScore: 0,
    afterScore: 0,
    distance: Infinity,
    tightStrong: false,
    tightLower: false,
    nearStrongLower: false,
  };
  let bestBefore = 0;
  let bestAfter = 0;
  const k0 = lowerBound(keywords, c.start - BEFORE_WINDOW);
  for (let k = k0; k < keywords.length; k++) {
    const kw = keywords[k] as Keyword;
    if (kw.start > c.end + AFTER_WINDOW) break;
    if (spent?.has(k)) continue;
    let score = 0;
    let distance = 0;
    if (kw.end <= c.start) {
      distance = c.start - kw.end;
      score = kw.weight * proximity(distance, false);
      const tight = distance <= 24 && TIGHT_GAP_RE.test(text.slice(kw.end, c.start));
      // (the twelfth round) "We will never ask for your code": such a code word names no code, save one right after it.
      if (kw.never && !tight) continue;
      if (tight && kw.strong) {
        best.tightStrong = true;
        if (kw.hasLower) best.tightLower = true;
      }
      if (kw.strong && kw.hasLower && distance <= NEAR_STRONG) best.nearStrongLower = true;
      if (tight) score += kw.strong ? 1.5 : 0.5;
    } else if (kw.start >= c.end) {
      if (kw.never) continue;
      distance = kw.start - c.end;
      score = kw.weight * proximity(distance, true);
      if (distance <= 12) score += 0.5;
      if (score > bestAfter) {
        bestAfter = score;
        best.afterIdx = k;
      }
    } else {
      continue;
    }
    if (kw.end <= c.start && score > bestBefore) {
      bestBefore = score;
      best.beforeIdx = k;
    }
    if (score > 0 && distance < best.distance) best.distance = distance;
  }
  best.score = Math.max(bestBefore, bestAfter) + 0.5 * Math.min(bestBefore, bestAfter);
  best.beforeScore = bestBefore;
  best.afterScore = bestAfter;
  return best;
}

/**
 * (the seventeenth round) The code words of `c`'s support window all stand in other sentences than it: the nearest keyword before
 * it (spent or not) and the nearest after it are each behind a sentence end; and no verb of entering stands right before it
 * ("…, enter 826641 on the app screen").
 */
function supportElsewhere(text: string, c: Candidate, ctx: Context, keywords: Keyword[]): boolean {
  if (ctx.beforeIdx === -1 && ctx.afterIdx === -1) return false;
  const k = lowerBound(keywords, c.start);
  const before = k > 0 ? (keywords[k - 1] as Keyword) : undefined;
  if (before !== undefined && before.end <= c.start && c.start - before.end <= BEFORE_WINDOW && !sentenceBreak(text, before.end, c.start)) return false;
  let a = k;
  while (a < keywords.length && (keywords[a] as Keyword).start < c.end) a++;
  const after = keywords[a];
  if (after !== undefined && after.start - c.end <= AFTER_WINDOW && !sentenceBreak(text, c.end, after.start)) return false;
  return !ENTER_BEFORE_RE.test(text.slice(Math.max(0, c.start - 16), c.start).toLowerCase());
}
/** A verb of entering or typing right before a number, in the 21 languages' common forms. */
const ENTER_BEFORE_RE =
  /(?:enter|type|input|use|eingeben|gib|tippe|verwende|nutze|saisissez|saisir|entrez|utilisez|introduce|introduzca|introduza|digite|insira|usa|utiliza|inserisci|inserire|voer|gebruik|wpisz|użyj|girin|kullanın|введите|введіть|используйте|використайте|أدخل|استخدم|הזן|הזינו|השתמשו|दर्ज करें|nhập|dùng|masukkan|gunakan|入力|입력|输入|輸入|ใส่|กรอก)[\s:：]*$/;
/** A sentence ends in [from, to): a full stop, a question or exclamation mark before a space or a line's end, a CJK one, or a blank line. */
function sentenceBreak(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x3002 || ch === 0xff01 || ch === 0xff1f) return true;
    if (ch === 46 || ch === 33 || ch === 63) {
      const n = text.charCodeAt(i + 1);
      if (i + 1 >= text.length || n === 32 || n === 10 || n === 13 || n === 9) return true;
    } else if (ch === 10) {
      let j = i + 1;
      while (j < to && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9 || text.charCodeAt(j) === 13)) j++;
      if (j < to && text.charCodeAt(j) === 10) return true;
    }
  }
  return false;
}

/** Index of the first element of the sorted numeric array `arr` that is >= pos. */
function lowerBoundNum(arr: ArrayLike<number>, pos: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((arr[mid] as number) < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const EMPHASIS_SLACK = 24;

/** `starts` is the sorted list of emphasis range starts, `ranges` the ranges in the same order. */
function emphasised(c: Candidate, starts: number[], ranges: Array<[number, number]>): boolean {
  const len = c.end - c.start;
  for (let k = lowerBoundNum(starts, c.end - len - EMPHASIS_SLACK); k < ranges.length; k++) {
    const [s, e] = ranges[k] as [number, number];
    if (s > c.start) break;
    if (e >= c.end && e - s <= len + EMPHASIS_SLACK) return true;
  }
  return false;
}

/**
 * (the fourteenth round) The message's closing: the text after its last separator line (a signature's "--", a rule of four or more
 * dashes, underscores, equals signs or box-drawing lines) when that line stands in the last FOOTER_LINES lines and past FOOTER_FROM
 * of the text, and no quoted or forwarded message's header follows it. Infinity when there is none.
 */
const FOOTER_LINES = 12;
const FOOTER_FROM = 0.4;
const SEPARATOR_RE = /^[ \t]*(?:--|[-_=─━═]{4,})[ \t]*$/;
const SEPARATOR_START = '-_=─━═\t ';
function footerStart(text: string, newlines: number[]): number {
  const n = newlines.length;
  for (let k = n - 1; k >= 0 && k >= n - FOOTER_LINES; k--) {
    const ls = k > 0 ? (newlines[k - 1] as number) + 1 : 0;
    const le = newlines[k] as number;
    if (le - ls > 60 || le === ls || !SEPARATOR_START.includes(text[ls + (text.charCodeAt(ls) === 32 ? 1 : 0)] as string)) continue;
    if (!SEPARATOR_RE.test(text.slice(ls, le))) continue;
    if (ls < text.length * FOOTER_FROM) return Infinity;
    const nextEnd = k + 1 < n ? (newlines[k + 1] as number) : text.length;
    if (QUOTE_OPEN_RE.test(text.slice(le + 1, nextEnd))) return Infinity;
    return le;
  }
  return Infinity;
}

/**
 * (the twenty-second round) A closing's line that gives a phone or a company's register ("Tel. 218 440 227 · código 171529", "Inscrita
 * en la DGSFP con la clave M-0418", "Registered in England, no. …", "RCS Nanterre", "ИНН", "ח.פ.", "登録番号"): a code word on it names a
 * school's, an insurer's or a company's own key, so a number right after that word is no code sent to the reader. The words before
 * the number on its line, or null.
 */
const REGISTER_LINE_RE =
  /(?:^|[^\p{L}])(?:tel|tél|phone|fax|telefon|telefone|telefono|teléfono|tfno|tlf|тел|телефон|هاتف|טל|फ़ोन|फोन|điện thoại|đt|telp|โทร|cif|nif|nipc|vat|btw|kvk|rcs|siret|siren|hrb|hra|handelsregister|registered|registro|registre|inscrit[ao]?|inscrite|iscritt[ao]|krs|regon|nip|mersis|vergi|инн|огрн|кпп|єдрпоу|ח\.פ|gstin|mst|npwp)(?:$|[^\p{L}])|電話|전화|电话|登録番号|사업자등록|统一社会信用代码|統一編號/iu;
function registerLine(text: string, c: Candidate): string | null {
  const line = text.slice(text.lastIndexOf('\n', c.start - 1) + 1, c.start);
  const m = REGISTER_LINE_RE.exec(line);
  return m === null ? null : m[0].replace(/^[^\p{L}]+|[^\p{L}.]+$/gu, '');
}

/**
 * (the fourteenth round) "Enter the code below", "아래 인증번호를 입력하세요", "以下の認証コード", "введите код ниже": a code word that
 * announces the code below it, with the number alone on its line under it, names that number even when it reads as a year (2047).
 */
const BELOW_RE =
  /(?:^|[^\p{L}])(?:below|following|folgenden?|unten|ci-dessous|suivant|siguiente|a continuación|abaixo|seguinte|seguente|sotto|onderstaande|hieronder|poniższy|poniżej|aşağıdaki|ниже|следующий|нижче|наступний|أدناه|التالي|להלן|הבא|नीचे|निम्न|dưới đây|sau đây|berikut|di bawah)(?:$|[^\p{L}])|아래|다음|以下|下記|下面|下方|如下|ด้านล่าง|ต่อไปนี้/u;
const BELOW_REACH = 80;
function codeBelow(text: string, c: Candidate, ctx: Context): boolean {
  if (ctx.distance > BELOW_REACH || ctx.beforeIdx === -1) return false;
  // alone means nothing at all before it on its line ("© 2047" is a year)
  if (text.slice(text.lastIndexOf('\n', c.start - 1) + 1, c.start).trim() !== '') return false;
  return BELOW_RE.test(text.slice(Math.max(0, c.start - BELOW_REACH), c.start));
}

/** `newlines` holds the sorted offsets of every '\n' in `text`. */
function standalone(text: string, newlines: number[], c: Candidate): boolean {
  const k = lowerBoundNum(newlines, c.start);
  const ls = k > 0 ? (newlines[k - 1] as number) + 1 : 0;
  const le = k < newlines.length ? (newlines[k] as number) : text.length;
  if (le < c.end || le - ls > c.end - c.start + 4) return false;
  return text.slice(ls, c.start).trim().length <= 1 && text.slice(c.end, le).trim().length <= 1;
}

/**
 * (the twelfth round) Backup and recovery codes in the 21 languages ("backup codes", "recovery codes", "Backup-Codes",
 * "Wiederherstellungscodes", "codes de secours", "códigos de respaldo", "códigos de backup", "codici di backup", "herstelcodes",
 * "kody zapasowe", "yedek kodlar", "резервные коды", "резервні коди", "رموز احتياطية", "קודי גיבוי", "बैकअप कोड", "mã dự phòng",
 * "kode cadangan", "รหัสสำรอง", "バックアップコード", "백업 코드", "备用码", "備用驗證碼").
 */
const BACKUP_CODES_RE =
  /back-?up[- ]?(?:(?:verification|security|sign-in|login) )?(?:codes?|kod)|recovery[- ]codes?|wiederherstellungs-?codes?|notfall-?codes?|ersatz-?codes?|codes? de (?:secours|récupération|sauvegarde)|códigos? de (?:respaldo|recuperación|recuperação|backup|reserva|segurança reserva)|codici? di (?:backup|recupero|riserva)|back-?upcodes?|herstel-?codes?|reservecodes?|kod(?:y|ów)? (?:zapasow|odzyskiwania|awaryjn)|yedek (?:kod|giriş)|kurtarma kod|резервн(?:ые|ых|ий|ый|і|их) код|код(?:ы|и|ів|ов)? (?:восстановления|відновлення)|(?:رموز|الرموز|رمز) (?:احتياطي|الاحتياطي|الاسترداد|الاسترجاع)|קודי (?:גיבוי|שחזור)|(?:बैकअप|रिकवरी) कोड|mã (?:dự phòng|khôi phục)|kode (?:cadangan|pemulihan)|รหัส(?:สำรอง|กู้คืน)|バックアップ ?コード|バックアップ用|リカバリー ?コード|予備コード|(?:백업|복구) ?코드|备用(?:验证)?码|備用(?:驗證)?碼|(?:恢复|恢復|復原)码|(?:恢复|恢復|復原)碼/;
/** A list item's line: the number alone, after a numbering ("1.", "2)") or a bullet at most. */
const LIST_ITEM_HEAD_RE = /^\s*(?:\d{1,2}[.)]|[-•*·–])?\s*$/;

/**
 * (the twelfth round) Three or more numbers of six digits or more, each alone on its line (or after a list's numbering or bullet), in a
 * text that names backup or recovery codes: a list of codes kept for later. Returns them, or null (the words are read only then).
 */
function backupCodeList(text: string, newlines: number[], cands: Candidate[]): Set<Candidate> | null {
  let items: Set<Candidate> | null = null;
  for (const c of cands) {
    if (c.kind !== 'num' && c.kind !== 'split' && c.kind !== 'spaced') continue;
    // Alone on its line: the character after it ends the line or is a blank (read first: most numbers stand in a sentence).
    const after = text.charCodeAt(c.end);
    if (c.end < text.length && after !== 10 && after !== 13 && after !== 32 && after !== 9) continue;
    const k = lowerBoundNum(newlines, c.start);
    const ls = k > 0 ? (newlines[k - 1] as number) + 1 : 0;
    const le = k < newlines.length ? (newlines[k] as number) : text.length;
    if (le < c.end || le - ls > c.end - c.start + 8 || text.slice(c.end, le).trim().length > 0) continue;
    if (!LIST_ITEM_HEAD_RE.test(text.slice(ls, c.start))) continue;
    let digits = 0;
    for (let p = 0; p < c.value.length; p++) if (c.value.charCodeAt(p) >= 48 && c.value.charCodeAt(p) <= 57) digits++;
    if (digits < 6) continue;
    if (!items) items = new Set();
    items.add(c);
  }
  if (!items || items.size < 3 || !BACKUP_CODES_RE.test(text.toLowerCase())) return null;
  return items;
}

/** (the thirteenth round) The support a framed number gets ("Use 318552 to sign in"): a code word's. */
const FRAME_SUPPORT = 3;
const FRAME_KINDS: ReadonlySet<Kind> = new Set(['num', 'split', 'alnum', 'alnumPair', 'prefixed']);
/** The verbs of using or entering a code, as words (bounded by any script's letters where they are read) and as Thai and CJK marks. */
const USE_VERB_WORDS =
  'use|enter|type|input|paste|verwende|verwenden sie|nutze|nutzen sie|gib|geben sie|tippe|tippen sie|utilisez|utilise|saisissez|saisis|entrez|tapez|indiquez|usa|utiliza|utilice|introduce|introduzca|ingresa|ingrese|escribe|escriba|digite|insira|informe|introduza|utilizza|usi|utilizzi|inserisci|inserisca|digita|immetti|gebruik|voer|typ|vul|użyj|wpisz|wprowadź|podaj|используйте|введите|укажите|використайте|використовуйте|введіть|вкажіть|استخدم|أدخل|ادخل|استعمل|השתמשו|השתמש|הזינו|הזן|הקלידו|הקלד|dùng|sử dụng|nhập|gunakan|masukkan|ketik';
const USE_VERB_MARKS = 'ใช้|กรอก|ป้อน|ใส่|使用|输入|輸入|填写|填寫';
/** Verbs of using or entering a code, at the end of the text before the number (a code word or an article between allowed). */
const USE_BEFORE_RE = new RegExp(
  `(?:(?:^|[^\\p{L}])(?:${USE_VERB_WORDS})|${USE_VERB_MARKS})(?: (?:the|this|le|la|el|o|a|il|lo|de|den|die|das|het|kod|kodu|code|código|codice|mã|kode|קוד|الرمز|رمز))?(?: ?ב-?)?[\\s:"'«„“(\\[]*$`,
  'iu',
);
/** The sign-in or verification the number is for, at the start of the text after it. */
const PURPOSE_AFTER_RE =
  /^[\s"')\]»“”]*(?:,\s*)?(?:to (?:sign in|log in|login|verify|confirm|continue|complete|finish|activate|reset|approve|authenticate|access your)|as your (?:code|password|pin|one-time|verification|login|sign-in)|(?:ein,? )?(?:,\s*)?um (?:dich |sich |ihre |deine )?(?:anzumelden|einzuloggen|zu bestätigen|zu verifizieren|fortzufahren|abzuschließen)|zur (?:anmeldung|bestätigung|verifizierung)|zum (?:anmelden|einloggen|bestätigen)|pour (?:vous |te )?(?:connecter|identifier|confirmer|valider|vérifier|continuer|finaliser|activer|réinitialiser|accéder)|para (?:iniciar sesión|acceder|entrar|verificar|confirmar|continuar|completar|activar|restablecer|validar|acessar|fazer login|iniciar sessão|concluir|ativar|redefinir)|per (?:accedere|entrare|verificare|confermare|continuare|completare|attivare|reimpostare|autenticarti)|(?:in,? )?om (?:in te loggen|aan te melden|te bevestigen|te verifiëren|door te gaan|te activeren)|(?:aby|żeby|by) (?:się )?(?:zalogować|potwierdzić|zweryfikować|kontynuować|aktywować|dokończyć)|do (?:logowania|potwierdzenia|weryfikacji)|(?:чтобы|для) (?:войти|входа|подтвердить|подтверждения|продолжить|завершить|активировать|авторизации)|(?:щоб|для) (?:увійти|входу|підтвердити|підтвердження|продовжити|завершити|активувати|авторизації)|(?:من أجل )?(?:لتسجيل الدخول|للدخول|للتحقق|لتأكيد|لإتمام)|(?:כדי |על מנת )?(?:להתחבר|להיכנס|לאמת|לאשר|להמשיך|להשלים)|để (?:đăng nhập|xác minh|xác nhận|xác thực|tiếp tục|hoàn tất|kích hoạt)|เพื่อ(?:เข้าสู่ระบบ|ยืนยัน|ดำเนินการต่อ|เปิดใช้งาน)|untuk (?:masuk|login|verifikasi|memverifikasi|konfirmasi|mengonfirmasi|melanjutkan|menyelesaikan|mengaktifkan)|(?:以|来|來|进行|進行|完成)?(?:登录|登入|登錄|验证|驗證|确认|確認)|を(?:入力して|ご入力の上|使って)(?:ログイン|認証|確認|サインイン)|(?:를|을)? ?입력하(?:여|고|시면|세요)? ?(?:로그인|인증|확인))/iu;
/** The purpose before the number where the verb comes after it: Turkish, Hindi, Japanese, Korean. */
const PURPOSE_BEFORE_RE =
  /(?:(?:giriş yapmak|oturum açmak|doğrulamak|onaylamak|devam etmek) için(?: (?:şu|bu|aşağıdaki) kodu?)?|(?:साइन इन|लॉग इन|लॉगिन|सत्यापन|सत्यापित|पुष्टि)(?: करने)? के लिए|(?:ログイン|認証|確認|サインイン)(?:する)?(?:には|ために|の際は)|(?:로그인|인증|확인)(?:하려면|을 위해|하시려면))[、,\s:"'「]*$/iu;
const USE_AFTER_RE =
  /^["'」]?\s*(?:'?(?:[yn]?[ıiuü]|[yn]?[ıiuü]?) )?(?:kullanın|kullanınız|girin|giriniz|yazın)|^["'」]?\s*(?:का उपयोग करें|दर्ज करें|डालें)|^["'」]?\s*を?(?:入力|ご入力|使用)|^["'」]?\s*(?:를|을)? ?(?:입력|사용)/iu;
/** Characters read before and after a number for its frame. */
const FRAME_BEFORE = 40;
const FRAME_AFTER = 50;

function useFrame(text: string, c: Candidate): boolean {
  const after = text.slice(c.end, c.end + FRAME_AFTER);
  const before = text.slice(Math.max(0, c.start - FRAME_BEFORE), c.start);
  return (PURPOSE_AFTER_RE.test(after) && USE_BEFORE_RE.test(before)) || (USE_AFTER_RE.test(after) && PURPOSE_BEFORE_RE.test(before));
}

/** The words of a number's frame, for explain(). */
function frameWords(text: string, c: Candidate): string {
  const before = text.slice(Math.max(0, c.start - FRAME_BEFORE), c.start);
  const after = text.slice(c.end, c.end + FRAME_AFTER);
  const b = (USE_BEFORE_RE.exec(before) ?? PURPOSE_BEFORE_RE.exec(before))?.[0] ?? '';
  const a = (PURPOSE_AFTER_RE.exec(after) ?? USE_AFTER_RE.exec(after))?.[0] ?? '';
  return `${b.trim()} … ${a.trim()}`;
}

/** (the thirteenth round) A word in capitals and a number: the shape of a promotion's code ("HOLI150", "WELCOME100", "SPRING2025"). */
const VANITY_RE = /^[A-Z]{3,}\d{2,4}$/;

function promoNearby(c: Candidate, promos: number[]): boolean {
  const k = lowerBoundNum(promos, c.start - 60);
  const p = promos[k];
  return p !== undefined && p <= c.end + 60;
}

/**
 * (the seventeenth round) Every promotion word within 60 characters of `c` stands on another line and names its own code right
 * after it ("… ₹ 75 की छूट मिलेगी (कूपन FIRST75)।" above "SX7-4KP" alone on its line): the coupon is that value, not this one.
 */
function promosNameTheirOwn(text: string, c: Candidate, promos: number[]): boolean {
  // The lines of the promotion words near it, each with whether a promotion word on it names its own value.
  const lines = new Map<number, boolean>();
  for (let k = lowerBoundNum(promos, c.start - 60); k < promos.length && (promos[k] as number) <= c.end + 60; k++) {
    const at = promos[k] as number;
    const lineStart = text.lastIndexOf('\n', at) + 1;
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1) lineEnd = text.length;
    if (c.start >= lineStart && c.start <= lineEnd) return false;
    let e = at;
    while (e < lineEnd && /[\p{L}\p{M}]/u.test(text[e] as string)) e++;
    const own = /^[ :："“«(]{1,3}([A-Z0-9][A-Z0-9-]{3,15})(?![\p{L}\p{N}])/u.exec(text.slice(e, Math.min(lineEnd, e + 24)));
    const named = own !== null && /\d/.test(own[1] as string) && /[A-Z]/.test(own[1] as string);
    lines.set(lineStart, (lines.get(lineStart) ?? false) || named);
  }
  for (const named of lines.values()) if (!named) return false;
  return lines.size > 0;
}

/**
 * (the twentieth round) A number alone on its line, and every promotion word within 60 characters of it stands in another paragraph
 * (a blank line between) on a line that starts with a label naming its own code in capitals ("    2417\n\nBiaya konsultasi: Rp 75.000\nVoucher:
 * SEHATMARET (potongan …)"): the voucher is that code, and the number above is the one the mail sends.
 */
const OWN_PROMO_VALUE_RE = /^[\p{L}\p{M} ]{2,30}[:：][ \t]*[A-Z][A-Z0-9-]{3,15}(?![\p{L}\p{N}])/u;
function promosApart(text: string, c: Candidate, promos: number[]): boolean {
  for (let k = lowerBoundNum(promos, c.start - 60); k < promos.length && (promos[k] as number) <= c.end + 60; k++) {
    const at = promos[k] as number;
    const between = at < c.start ? text.slice(at, c.start) : text.slice(c.end, at);
    if (!/\n[ \t]*\n/.test(between)) return false;
    const lineStart = text.lastIndexOf('\n', at) + 1;
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1) lineEnd = text.length;
    if (!OWN_PROMO_VALUE_RE.test(text.slice(lineStart, lineEnd))) return false;
  }
  return true;
}

/**
 * (the tenth round) Customer-service and hotline numbers in the two groups a code in groups also has: Korean 15xx/16xx/18xx-xxxx,
 * Vietnamese 1900/1800 xxxx, Dutch 0800/0900-xxxx, Brazilian 3003/4004-xxxx, Indonesian 1500 xxx, the Gulf's 800 xxxx.
 */
const SERVICE_LINE_RE = /^(?:1[568]\d\d[ -]\d{4}|1900[ -]\d{4}|0[89]00[ -]\d{4}|[34]00\d[ -]\d{4}|1500[ -]\d{3}|800[ -]\d{4})$/;

const NON_OTP_BEFORE = 80;
const THAI_PASSWORD = 'รหัสผ่าน';
const NON_OTP_AFTER = 40;

/**
 * A word of a meeting, booking, room, locker, gift card or example within NON_OTP_BEFORE characters
 * before the candidate or NON_OTP_AFTER after it ("Meeting ID: … Passcode: 592017", "PIN de la reserva",
 * "codes look like 123456 (an example)"), unless a verification word stands between that word and the
 * candidate ("Your Zoom verification code is …"); a word after it counts on the candidate's line only.
 * Null when there is none.
 */
function nonOtpNear(text: string, c: Candidate, vocab: Vocabulary, giftSubject: boolean): { start: number; end: number } | null {
  for (const n of vocab.nonOtp) {
    if (n.start > c.end + NON_OTP_AFTER) break;
    // After the code only on its own line ("123456 (just an example)").
    if (n.start >= c.end) {
      if (!text.slice(c.end, n.start).includes('\n') && !deviceKeypad(text, n)) return n;
      continue;
    }
    if (n.end > c.start || c.start - n.end > NON_OTP_BEFORE) continue;
    if (
      !cueBetween(text, vocab, n.end, c.start) &&
      !bookingOtp(text, vocab, n, c.start) &&
      !deviceKeypad(text, n) &&
      !courierAppUser(text, n, c.start) &&
      !ownNumberThenCode(text, vocab, n, c.start)
    )
      return n;
  }
  // (the tenth round) A gift card's or voucher's words reach further: its PIN or claim code comes below the card's number, the
  // amount and the sender's message ("Eva stuurt je een cadeaubon van € 25,00 … Boncode: … Pincode: 4410").
  for (const g of vocab.gifts) {
    if (g.start >= c.end) {
      if (g.start <= c.end + NON_OTP_AFTER && !text.slice(c.end, g.start).includes('\n')) return g;
      break;
    }
    if (g.end > c.start || c.start - g.end > GIFT_BEFORE) continue;
    if (!cueBetween(text, vocab, g.end, c.start, true)) return g;
  }
  // A message whose subject names a gift card (and no code): every number of it is the card's, unless a verification word
  // stands before it.
  if (giftSubject && !cueBetween(text, vocab, 0, c.start, true)) return GIFT_SUBJECT;
  return null;
}

/**
 * (the sixteenth round) A device's keypad is no place's: "enter this code on the terminal keypad", "on the device keypad", a card
 * terminal's, a reader's or a TV's keypad asks for the code a device's activation sends (read only for a keypad word near a number).
 */
const KEYPADS = new Set(['keypad', 'tastenfeld', 'pinpad', 'pin-pad']);
const DEVICE_WORDS = new Set([
  'terminal',
  'terminals',
  'device',
  'device’s',
  "device's",
  'reader',
  'pos',
  'tv',
  'console',
  'phone',
  'printer',
  'router',
  'gerät',
  'geräts',
  'gerätes',
  'lesegeräts',
  'kartenterminal',
  'kartenterminals',
]);
const WORD_BEFORE_RE = /([\p{L}\p{N}'’-]+)[ \t]*$/u;
function deviceKeypad(text: string, n: { start: number; end: number }): boolean {
  if (!KEYPADS.has(text.slice(n.start, n.end).toLowerCase())) return false;
  const m = WORD_BEFORE_RE.exec(text.slice(Math.max(0, n.start - 24), n.start));
  return m !== null && DEVICE_WORDS.has((m[1] as string).toLowerCase());
}

/**
 * (the twenty-first round) A courier, a rider or a driver who signs in to their own app: "in der Kurierwerk Fahrer-App an(melden)",
 * "nell'app Sfreccia Rider … l'accesso", "w aplikacji Paczkobus Kurier … logowanie", "في تطبيق مندوب … لتسجيل الدخول", "在新设备上登录骑手App",
 * "지원하신 "1톤 택배 배송기사" … 인증번호". The courier's word names the app (an app's word joined to it, or quotation marks around a name)
 * and the code's sentences sign in or verify; a courier's word in a clause that hands the code over ("give this code to the courier",
 * "zeig dem Fahrer", "montrez ce code au livreur") keeps the veto. Read only for a courier's word near a number.
 */
const COURIER_RE =
  /courier|driver|rider|kurier|fahrer|zusteller|livreur|coursier|repartidor|entregador|corriere|fattorino|bezorger|koerier|kurye|kuryer|курьер|кур['’]єр|مندوب|שליח|कूरियर|डिलीवरी|kurir|pengemudi|shipper|ไรเดอร์|คนส่ง|พนักงานส่ง|配達員|ドライバー|배송기사|기사님|배달원|快递员|快遞員|配送员|配送員|外卖员|外送員|骑手|騎手|司机|司機/i;
const COURIER_APP_RE =
  /(?<![a-z])app(?:s|lication)?(?![a-z])|applikation|aplicaci[oó]n|aplicativo|aplicação|applicazione|aplikacj|aplikasi|uygulama|приложени|застосун|додатк|تطبيق|אפליקצי|ऐप|ứng dụng|แอป|アプリ|앱|应用|應用/iu;
const COURIER_SIGN_IN_RE =
  /log ?in|sign ?in|anmeld|anzumeld|meld(?:e|est|et|en) (?:dich|sich|euch) |einlogg|connexion|connecter|iniciar sesi[oó]n|acceso|accesso|acesso|inlog|in te loggen|logowani|zaloguj|giriş|oturum|войти|вход|увійти|входу|تسجيل الدخول|התחבר|כניסה|लॉग ?इन|đăng nhập|masuk|เข้าสู่ระบบ|ログイン|로그인|登录|登入|登錄|verif|인증|验证|驗證|認証|ยืนยัน/iu;
const COURIER_HANDOVER_RE =
  /\b(?:give|show|tell|hand)\b|\b(?:zeig|gib|nenn)|montrez|donnez|communiquez|mu[eé]str|d[ií]selo|dale |mostr[ea]|inform[ea] |comunica|laat .*zien|geef|noem|poka[żz]|podaj|göster|söyle|покаж|назов|назв[іи]|скаж|أظهر|اعرض|أعط|أخبر|הצג|תן ל|הראה|दिखा|बता|đưa cho|cho (?:tài xế|shipper)|tunjukkan|berikan|แสดง|บอก|見せ|伝え|보여|알려|出示|告诉|告訴|提供给|提供給/iu;
const COURIER_LINE = 60;
function courierAppUser(text: string, n: { start: number; end: number }, to: number): boolean {
  const w = text.slice(n.start, n.end);
  if (!COURIER_RE.test(w)) return false;
  let a = n.start;
  while (a > 0 && n.start - a < COURIER_LINE && text[a - 1] !== '\n') a--;
  const around = text.slice(a, Math.min(text.length, n.end + 12));
  const quoted = /["«„“「『]/.test(text.slice(a, n.start)) && /["»“”」』]/.test(text.slice(n.end, Math.min(text.length, n.end + 40)));
  if (!COURIER_APP_RE.test(around) && !quoted) return false;
  const clause = text.slice(sentenceStart(text, n.start), sentenceEnd(text, n.end));
  if (COURIER_HANDOVER_RE.test(clause)) return false;
  return COURIER_SIGN_IN_RE.test(text.slice(Math.max(0, n.start - 120), to));
}

/**
 * (the twenty-first round) The word labels a number of its own, then a verification code word names the candidate: "Omschrijving:
 * Factuur … tankpas 4417\nJe bevestigingscode is 6 0 3 1 8 2", "Fuel card 4417 … Your verification code: 603182". The fuel card's, the
 * room's or the locker's number stands between, on a line before the code word's, so that word is the candidate's, no code of the
 * word's kind (not read for a CJK or Thai run, whose lockers and pick-ups name their own numbers "認証番号").
 */
function ownNumberThenCode(text: string, vocab: Vocabulary, n: { start: number; end: number }, to: number): boolean {
  const ch = text.charCodeAt(n.start);
  if (ch >= 0x3000 || (ch >= 0xe00 && ch < 0xe80)) return false;
  for (let k = lowerBound(vocab.keywords, n.end); k < vocab.keywords.length; k++) {
    const kw = vocab.keywords[k] as Keyword;
    if (kw.start >= to) break;
    if (kw.strong && VERIFY_COMPOUND_RE.test(text.slice(kw.start, kw.end))) {
      const between = text.slice(n.end, kw.start);
      return DIGIT_BETWEEN_RE.test(between) && between.includes('\n');
    }
  }
  return false;
}
const DIGIT_BETWEEN_RE = /[^\p{L}\p{N}]\p{Nd}+(?![\p{L}])/u;

/** (the tenth round) Verification stems inside a code word: "verificatiecode", "Bestätigungscode", "OTP", "验证码", "認証コード", "인증번호". */
const VERIFY_COMPOUND_RE = /verif|bestätig|bestaetig|bevestig|authent|authentif|einmal|otp|验证|驗證|認証|인증|确认|確認|ยืนยัน/i;

/** (the eleventh round) Code words that say "one-time" themselves. */
const ONE_TIME_CODE_RE = /^(?:otp|totp|ओटीपी|einmal(?:code|passwort|kennwort))$/i;
/** (the eleventh round) Words of a booking or a reservation, whose own PIN is no one-time code but which a one-time code may confirm. */
const BOOKING_WORD_RE =
  /^(?:booking|reservation|reserva|reservierung|buchung|réservation|prenotazione|reservering|rezerwacj[aię]|rezervasyon|бронировани[ея]|حجز|الحجز|बुकिंग|reservasi|การจอง|予約|预订|預訂|예약)$/i;

/**
 * (the eleventh round) A booking's word, then a code word that itself says "one-time" before the candidate: "ट्रेन … की बुकिंग पूरी
 * करने के लिए यह OTP दर्ज करें: 615 004", "to complete your booking, enter this OTP": the code confirms the booking, it is sent to
 * this reader (a courier's or a meeting's code keeps its word: only bookings are confirmed so).
 */
function bookingOtp(text: string, vocab: Vocabulary, n: { start: number; end: number }, to: number): boolean {
  if (!BOOKING_WORD_RE.test(text.slice(n.start, n.end))) return false;
  for (let k = lowerBound(vocab.keywords, n.end); k < vocab.keywords.length; k++) {
    const kw = vocab.keywords[k] as Keyword;
    if (kw.start >= to) break;
    if (kw.strong && ONE_TIME_CODE_RE.test(text.slice(kw.start, kw.end))) return true;
  }
  return false;
}

/** (the tenth round) Characters before a candidate within which a gift card's word makes its number the card's. */
const GIFT_BEFORE = 250;
/** nonOtpNear()'s answer when the subject names a gift card. */
const GIFT_SUBJECT = { start: -1, end: -1 };

/**
 * A verification word (a cue of weight 2, not a code word) between `from` and `to`: "Your Zoom verification code is …". With
 * `compounds`, a code word compounded with one counts too ("verificatiecode", "Bestätigungscode", "验证码", "인증번호").
 */
function cueBetween(text: string, vocab: Vocabulary, from: number, to: number, compounds = false): boolean {
  for (let k = lowerBound(vocab.keywords, from); k < vocab.keywords.length; k++) {
    const kw = vocab.keywords[k] as Keyword;
    if (kw.start >= to) break;
    if (compounds && kw.strong && VERIFY_COMPOUND_RE.test(text.slice(kw.start, kw.end))) return true;
    // (the ninth round) Thai รหัสผ่าน (a password, weighed as a cue) is the meeting's password ("Meeting ID: … รหัสผ่าน: 909112"),
    // no verification word, as "Password" and "Passcode" are none in English.
    if (kw.weight === 2 && !kw.strong && !text.slice(kw.start, kw.end).includes(THAI_PASSWORD)) return true;
  }
  return false;
}

/**
 * (the sixth round) The code word that labels candidate `c`: the last code word ("PIN", "OTP", "code") before it on its line,
 * at most SPENT_REACH characters away; -1 when there is none.
 */
const SPENT_REACH = 40;
function labellingCodeWord(text: string, c: Candidate, keywords: Keyword[]): number {
  let found = -1;
  for (let k = lowerBound(keywords, c.start - SPENT_REACH); k < keywords.length; k++) {
    const kw = keywords[k] as Keyword;
    if (kw.end > c.start) break;
    if (kw.strong && !text.slice(kw.end, c.start).includes('\n')) found = k;
  }
  return found;
}

/** (the eleventh round) Some candidate of `cands` (sorted by start) starts in [from, to). */
function candidateBetween(cands: Candidate[], from: number, to: number): boolean {
  for (const c of cands) {
    if (c.start >= to) return false;
    if (c.start >= from) return true;
  }
  return false;
}

/**
 * (the eighth round) Quotation marks of the 21 languages' scripts: straight and curly double quotes, the low-9 „ of
 * German and Polish, guillemets, the corner brackets of Chinese and Japanese and the Hebrew gershayim.
 */
const QUOTE_MARKS = '"“”„«»‹›「」『』״';
const QUOTE_MARK_RE = new RegExp(`[${QUOTE_MARKS}]`);
/** (the twenty-second round) "HT-4K9M" (candidates.ts), and the verbs of entering or using a code that its line must hold. */
const PREFIX_PAIR_RE = /^[A-Z]{2}-[A-Z0-9]{4,6}$/;
// Also the verb-final languages' verbs, which stand before the code after a colon there ("kodu girin: HT-4K9M", "को दर्ज करें:").
const ENTER_LINE_RE = new RegExp(
  `(?:^|[^\\p{L}])(?:${USE_VERB_WORDS}|eingeben|girin|giriniz|yazın|kullanın|введи|दर्ज|डालें)(?:$|[^\\p{L}])|${USE_VERB_MARKS}|入力|입력`,
  'iu',
);

/** (the twenty-second round) A space, then another word of two or more capitals (any script's). */
const CAPITAL_WORD_AFTER_RE = /^[ \t]\p{Lu}{2,}(?![\p{Ll}])/u;

/** Marks that only close a quotation ("…", «…», 「…」): never the opening of a quoted example. */
const CLOSING_ONLY = '»›」』';
/** How far before a candidate the opening mark may stand, and how far after it the closing one, on its line. */
const QUOTE_BEFORE = 80;
const QUOTE_AFTER = 30;

/**
 * (the eighth round) A code quoted with its code word inside the quotation: "Your code is 123456", „Twój kod to 482913”,
 * 「驗證碼 583920」, «Ваш код 123456». Such a quotation repeats what a message says (a scam's text, an SMS's template, an
 * article's example); a mail that sends a code says it itself, and quotes at most the code ('code: "123456"', where the
 * mark opens after the code word). Returns the offset of the opening mark, or -1.
 */
function quotedExample(text: string, c: Candidate, keywords: Keyword[]): number {
  const q = quotesAround(text, c, QUOTE_BEFORE, QUOTE_AFTER + 1);
  if (q === null) return -1;
  const open = q[0];
  for (let k = lowerBound(keywords, open + 1); k < keywords.length; k++) {
    const kw = keywords[k] as Keyword;
    if (kw.end > c.start) break;
    if (kw.strong) return open;
  }
  return -1;
}

/**
 * (the eleventh round, read in the body since the twelfth) Fraud, scams, phishing and the people who commit them, in the 21
 * languages ("Fraud alert", "Fraudsters", "Betrug", "arnaque", "estafa", "golpe", "truffa", "oplichting", "oszustwo",
 * "dolandırıcılık", "мошенники", "шахраї", "احتيال", "הונאה", "धोखाधड़ी", "lừa đảo", "penipuan", "詐欺", "사기", "诈骗", "มิจฉาชีพ").
 */
export const SCAM_RE =
  /fraud|scam|phishing|betrug|betrüger|fraude|arnaque|escroc|escroquer|estafa|golpe|truffa|frode|oplicht|oszust|dolandırıcı|мошенни|шахра|احتيال|الاحتيال|المحتال|הונא|נוכל|धोखाधड़ी|ठगी|जालसाज|lừa đảo|penipu|詐欺|사기|诈骗|詐騙|防骗|防騙|反诈|反詐|骗子|騙子|มิจฉาชีพ|หลอกลวง/;
/** How far a quoted sentence may run either side of its number, on its line. */
const QUOTED_SENTENCE_REACH = 200;
const LETTER_RE = /\p{L}{2,}/gu;
/**
 * (the twelfth round) A number inside a quoted sentence ("Fraudsters send texts like: “HARBOURLINE: your verification code is
 * 204816. Reply with the code to cancel…”", «Назвіть код 4417, щоб скасувати підозрілий платіж»): the opening mark before it and
 * the closing one after it on its line, and words in the quotation besides the number (a quoted code alone, 'code: "123456"', is
 * no sentence). Read only in a mail that speaks of fraud or scams. Returns the opening mark's offset, or -1.
 */
function quotedSentence(text: string, c: Candidate): number {
  const q = quotesAround(text, c, QUOTED_SENTENCE_REACH, QUOTED_SENTENCE_REACH);
  if (q === null) return -1;
  const [open, close] = q;
  const words = (text.slice(open + 1, c.start).match(LETTER_RE)?.length ?? 0) + (text.slice(c.end, close).match(LETTER_RE)?.length ?? 0);
  return words >= 3 ? open : -1;
}

/**
 * The quotation marks around a candidate on its line: the first mark within `after` characters after it (looked for
 * first: fewer characters, and most candidates have none), then the nearest within `before` characters before it,
 * which must be able to open a quotation. [open, close] offsets, or null.
 */
function quotesAround(text: string, c: Candidate, before: number, after: number): [number, number] | null {
  let close = -1;
  const to = Math.min(text.length, c.end + after);
  for (let p = c.end; p < to; p++) {
    const ch = text.charCodeAt(p);
    if (ch === 10) return null;
    if (isQuoteMark(ch)) {
      close = p;
      break;
    }
  }
  if (close === -1) return null;
  for (let p = c.start - 1; p >= 0 && p >= c.start - before; p--) {
    const ch = text.charCodeAt(p);
    if (ch === 10) return null;
    if (isQuoteMark(ch)) return CLOSING_ONLY.includes(text[p] as string) ? null : [p, close];
  }
  return null;
}

function isQuoteMark(ch: number): boolean {
  return (ch === 34 || ch > 0xaa) && QUOTE_MARKS.includes(String.fromCharCode(ch));
}

/** True when the vocabulary of a text has a code keyword (used to lend the subject's context to the body). */
export function mentionsCode(vocab: Vocabulary): boolean {
  return vocab.keywords.some((k) => k.weight >= 2);
}

/**
 * Characters of a text searched for a code. A one-time code sits near the top
 * of its message; the bound keeps the work per message small whatever its size.
 */
export const OTP_SCAN_CHARS = 10_000;
/** Candidates scored, in document order. */
export const MAX_OTP_CANDIDATES = 200;

/** The first OTP_SCAN_CHARS of `text`, cut at a line break (or else a space) when there is one. */
export function scanWindow(text: string): string {
  if (text.length <= OTP_SCAN_CHARS) return text;
  const nl = text.lastIndexOf('\n', OTP_SCAN_CHARS);
  if (nl > OTP_SCAN_CHARS / 2) return text.slice(0, nl);
  const sp = text.lastIndexOf(' ', OTP_SCAN_CHARS);
  if (sp > OTP_SCAN_CHARS / 2) return text.slice(0, sp);
  return text.slice(0, OTP_SCAN_CHARS);
}

/**
 * (the fourteenth round) Where a reply's or a forward's own note ends: the first line that opens the quoted or forwarded message
 * (a line quoted with "> ", "-----Original Message-----", "---------- Forwarded message ---------", "---------- הודעה שהועברה
 * ----------", Outlook's rule of underscores, a header "From:", "De :", "Von:", "От:", "מאת:", "من:", "发件人：", "보낸 사람:", or
 * "On … wrote:", "Le … a écrit :", "Am … schrieb …:"). -1 when there is none, or when nothing stands above it.
 */
const QUOTE_OPEN_RE =
  /^[ \t]*(?:>|-{2,}[ \t]*\p{L}[^\n]*-{2,}[ \t]*$|_{8,}[ \t]*$|(?:from|de|von|da|van|od|kimden|от|від|من|מאת|प्रेषक|từ|dari|差出人|送信者|发件人|發件人|寄件者|보낸 ?사람|จาก)[ \t]*[:：]|[^\n]{0,160}(?:wrote|schrieb|a écrit|escribió|escreveu|ha scritto|schreef|napisał\(a\)|napisał|yazdı|написал\(а\)|написал|написала|написав|كتب|כתב|כתבה|ने लिखा|đã viết|menulis|のメッセージ|님이 작성|写道|寫道|เขียนว่า)[ \t]*:?[ \t]*$)/imu;
function noteEnd(text: string): number {
  const m = QUOTE_OPEN_RE.exec(text);
  if (m === null || text.slice(0, m.index).trim() === '') return -1;
  return m.index;
}

/**
 * (the nineteenth round) The writer's own note above a forwarded or quoted message says the code was not used: "Ik heb de code niet
 * gebruikt", "I didn't use the code", "Ich habe den Code nicht benutzt", "je n'ai pas utilisé le code", "no he usado el código", "não
 * usei o código", "non ho usato il codice", "nie użyłem kodu", "kodu kullanmadım", "я не использовал код", "я не використовував код",
 * "لم أستخدم الرمز", "לא השתמשתי בקוד", "कोड का उपयोग नहीं किया", "tôi chưa dùng mã", "saya tidak menggunakan kode", "ไม่ได้ใช้รหัส",
 * "コードは使っていません", "코드를 사용하지 않았", "我没有使用这个验证码": a code passed on to ask about it, no code for the reader.
 * The phrase that says so, or null.
 */
const UNUSED_NOTE_RE =
  /\b(?:did ?n[o'’]t|have ?n[o'’]t|has ?n[o'’]t|never) (?:use|used|enter|entered|type|typed)\b|\b(?:nicht|nie) (?:benutzt|verwendet|genutzt|eingegeben)|n['’]ai (?:pas|jamais) (?:utilisé|saisi|entré)|\bno (?:he|hemos) (?:usado|utilizado|introducido)|\bno (?:usé|utilicé|introduje)|\bnão (?:usei|utilizei|usamos|digitei|inseri)|\bnon (?:ho|abbiamo) (?:usato|utilizzato|inserito)|\bniet (?:gebruikt|ingevoerd|ingevuld)|\bnie (?:użył(?:em|am)|wpisał(?:em|am)|wpisywał(?:em|am))|kullanmadım|girmedim|(?:^|\s)не (?:использовал|использовала|вводил|вводила|використовував|використовувала|використав|використала|вводив)|لم (?:أستخدم|استخدم|أدخل|ادخل)|לא (?:השתמשתי|הזנתי|הקלדתי)|(?:उपयोग|इस्तेमाल|प्रयोग) नहीं किया|(?:chưa|không) (?:dùng|sử dụng|nhập)|(?:tidak|belum) (?:menggunakan|memakai|pakai|memasukkan)|ไม่ได้ใช้|(?:使って|使用して|入力して)いません|(?:使って|使用して|入力して)いない|(?:사용|입력)하지 않았|안 썼|(?:没有|沒有|未)(?:使用|输入|輸入)|没用过|沒用過/u;

/**
 * (the twentieth round) The writer's own note above a forwarded or quoted message says the code is not for them or asks what it is:
 * sent by mistake ("te reenvío esto por error, ignóralo"), not requested ("لم أطلب أي شيء"), not known ("I don't know what this
 * is"), a scam or a fault asked about ("Is something wrong with the portal?", "是詐騙嗎"), or someone else who signed them up
 * ("是您幫我註冊的嗎？", "did you register me?"), or "I keep getting these": a code passed on to ask about it, none for the reader.
 * A note that asks the reader to type or use the code ("can you enter it for me?", "gib ihn bitte ein", "請幫我輸入") keeps it.
 */
const NOT_MINE_NOTE_RE =
  /\bnot (?:for me|mine|meant for me)\b|\bby mistake\b|\bin error\b|\bignore (?:it|this|that)\b|\bwhat(?: i|['’])s this\b|\b(?:do ?n[o'’]t|no idea|not sure) (?:know )?what (?:this|it) is\b|\b(?:did ?n[o'’]t|never) (?:request|ask for|sign up|register)|\bis (?:something|anything) wrong\b|\bis (?:this|it) (?:a scam|spam|phishing|legit)|\bdid you (?:register|sign) me\b|\bkeep (?:getting|receiving) (?:these|this|them)\b|\bnicht für mich\b|\baus versehen\b|\bversehentlich\b|\birrtümlich\b|\bignorier (?:es|das)\b|\bwas ist das\b|\bweiß nicht,? was\b|\bnicht (?:angefordert|beantragt)\b|\bist das (?:betrug|spam|phishing|echt)\b|\bhast du mich (?:angemeldet|registriert)\b|\bbekomme (?:ständig|dauernd|immer wieder)\b|\bpas pour moi\b|\bpar erreur\b|\bignore[- ]le\b|\bqu['’]est-ce que c['’]est\b|\bje ne sais pas ce que\b|\b(?:rien|pas) demandé\b|\best-ce une arnaque\b|\bm['’](?:as|avez) inscrit\b|\bje reçois (?:sans arrêt|tout le temps)\b|\bno es para mí\b|\bpor error\b|\bign[oó]r(?:alo|elo|adlo)\b|\bqué es esto\b|\bno sé qué es\b|\bno (?:he|hemos) (?:pedido|solicitado)\b|\bno (?:pedí|solicité)\b|\bes una estafa\b|\bme (?:has registrado|registraste|ha registrado)\b|\bsigo recibiendo\b|\bnão é para mim\b|\bpor engano\b|\bo que é (?:isto|isso)\b|\bnão sei o que é\b|\bnão (?:pedi|solicitei)\b|\bé (?:golpe|fraude)\b|\bme (?:cadastrou|registou|registrou|inscreveu)\b|\bcontinuo (?:a receber|recebendo)\b|\bnon è per me\b|\bper errore\b|\bignoral[oa]\b|\b(?:che )?cos['’]è (?:questo|questa)\b|\bnon so cosa sia\b|\bnon (?:ho|abbiamo) (?:richiesto|chiesto)\b|\bè una truffa\b|\bmi (?:hai|avete) (?:registrat[oa]|iscritt[oa])\b|\bcontinuo a ricevere\b|\bniet voor mij\b|\bper (?:ongeluk|abuis)\b|\bnegeer (?:het|dit|maar)\b|\bwat is dit\b|\bweet niet wat\b|\bniet (?:aangevraagd|gevraagd)\b|\bis dit (?:oplichting|phishing|echt)\b|\bheb (?:jij|je|u) mij (?:aangemeld|geregistreerd|ingeschreven)\b|\bkrijg (?:steeds|telkens)\b|\bnie dla mnie\b|\bprzez pomyłkę\b|\bomyłkowo\b|\bzignoruj\b|\bco to jest\b|\bnie wiem,? co to\b|\bnie (?:prosił(?:em|am)|zamawiał(?:em|am))\b|\bczy to oszustwo\b|\b(?:zarejestrował|zapisał)(?:eś|aś|) mnie\b|\bciągle dostaję\b|bana ait değil|benim değil|yanlışlıkla|dikkate alma|ne olduğunu bilmiyorum|talep etmedim|istemedim|dolandırıcılık mı|beni (?:mi )?kaydett|sürekli (?:geliyor|alıyorum)|(?:^|\s)не для (?:меня|мене)|по ошибке|ошибочно|не обращай внимания|(?:^|\s)что это(?:\s|[?,.!]|$)|не знаю,? что это|не (?:запрашивал|запрашивала|просил|просила|заказывал)|это мошенни|(?:меня|мене) (?:зарегистрировал|зареєстрував)|постоянно приходят|помилково|випадково надіслав|не зважай|(?:^|\s)що це(?:\s|[?,.!]|$)|не знаю,? що це|не (?:запитував|запитувала|просив|просила|замовляв)|це шахра|постійно приходять|ليست لي|ليس لي|بالخطأ|عن طريق الخطأ|تجاهلها|تجاهله|لا أعرف ما|لا اعرف ما|لم أطلب|لم اطلب|هل هذا احتيال|هل سجلتني|من طرفكم|לא בשבילי|לא שלי|בטעות|תתעלם|לא יודע מה|לא יודעת מה|לא ביקשתי|זו הונאה|זה הונאה|רשמת אותי|רשמתם אותי|मेरे लिए नहीं|ग़?लती से|अनदेखा कर|पता नहीं (?:यह|ये) क्या|नहीं (?:मांगा|माँगा)|धोखाधड़ी है|मुझे रजिस्टर|không phải của tôi|gửi nhầm|bỏ qua (?:nhé|đi)|không biết (?:đây|cái này) là|không (?:hề )?yêu cầu|lừa đảo à|đăng ký (?:giúp|cho) (?:tôi|em|mình)|bukan untuk saya|bukan milik saya|salah kirim|tidak sengaja|abaikan saja|tidak tahu ini apa|(?:tidak|tak) (?:pernah )?meminta|penipuan\?|mendaftarkan saya|ไม่ใช่ของ(?:ฉัน|ผม)|ส่งผิด|ไม่ต้องสนใจ|นี่คืออะไร|ไม่ได้ขอ|หลอกลวง(?:หรือ|ไหม)|สมัครให้|私宛ではない|間違って(?:転送|送)|誤って(?:転送|送)|無視して|これは何|心当たりが(?:ない|ありません)|(?:頼んで|依頼して|リクエストして|申し込んで)いない|詐欺(?:です)?か|登録しました[か？?]|제 것이 아니|잘못 보냈|실수로|무시해|이게 뭔|뭔지 모르|요청하지 않았|사기인가|가입시켰|등록하셨나|不是我的|发错|發錯|误发|誤發|不小心|忽略|这是什么|這是什麼|不知道是什么|不知道是什麼|(?:没有|沒有|没|沒)(?:申请|申請|请求|要求)|诈骗吗|詐騙嗎|[帮幫]我(?:注册|註冊)|一直收到/u;
const ASK_TYPE_NOTE_RE =
  /\b(?:can|could|would) you (?:please )?(?:enter|type|use|put in|key in)\b|\bplease (?:enter|type|use|put in)\b|\bgib (?:ihn|es|den code) (?:bitte )?ein\b|\beingeben\b|\bsaisi(?:s|r|ssez)\b|\bintrod[uú]c(?:e|elo|irlo)\b|\bdigit(?:a|e|ar)\b|\binser(?:e|isci|ire|ir)\b|\bvul (?:hem|het|de code|deze) in\b|\bwpisz\b|\bgir(?:er misin|ebilir)|\bвведи|\bвведіть|أدخل|ادخل|הזן|תזין|תקליד|दर्ज कर|डाल द|\bnhập giúp|\bmasukkan\b|กรอก|入力して(?:ください|くれ|もらえ)|입력해 ?(?:줘|주세요)|[帮幫我]*(?:输入|輸入)一下|帮我输入|幫我輸入/u;
/**
 * (the twenty-first round) The writer's note says the code it passes on has already expired: "але вже точно прострочений", "it's
 * probably expired by now", "ist wohl schon abgelaufen", "déjà expiré", "ya caducó", "já expirou", "è già scaduto", "al verlopen",
 * "już wygasł", "süresi dolmuştur", "уже истёк", "انتهت صلاحيته", "כבר פג תוקפו", "समाप्त हो चुका", "đã hết hạn", "sudah kedaluwarsa",
 * "หมดอายุแล้ว", "もう期限切れ", "이미 만료", "已经过期": a code passed on too late, none for the reader.
 */
const EXPIRED_NOTE_RE =
  /\b(?:already|probably|surely|likely|must have|has|have|'s|is) (?:be(?:en)? )?expired\b|\bexpired (?:by now|already)\b|\b(?:schon|bereits|wohl|sicher) (?:längst )?abgelaufen\b|\bdéjà expiré|\b(?:ya|seguramente) (?:ha )?(?:caducado|caducó|expirado|expiró)|\bjá (?:expirou|expirado|caducou)|\b(?:già|ormai) scadut[oa]|\b(?:al|inmiddels|vast) verlopen\b|\bjuż (?:wygasł|nieważny|nieaktualny)|süresi (?:çoktan )?dol(?:du|muş)|(?:уже|наверное|точно) (?:истёк|истек|просрочен|недействителен)|(?:вже|певно|точно) (?:прострочен|минув|недійсн)|انتهت صلاحيت|כבר פג|(?:समाप्त|एक्सपायर) हो चुका|đã hết hạn|(?:sudah|pasti) (?:kedaluwarsa|kadaluarsa|kadaluwarsa)|หมดอายุไปแล้ว|หมดอายุแล้ว|もう期限切れ|既に期限切れ|이미 만료|벌써 만료|已经过期|已經過期|早就过期|早就過期/u;
/**
 * (the twenty-third round) The writer's own note above a forwarded or quoted message says the code was used already or will not work
 * for the reader: "I already used it", "it won't work for you", "ich habe ihn schon benutzt", "funktioniert nicht mehr", "je l'ai déjà
 * utilisé", "ne marchera pas", "ya lo usé", "no te va a servir", "já usei", "não vai funcionar", "l'ho già usato", "non funzionerà",
 * "al gebruikt", "werkt niet meer", "już go użyłem", "nie zadziała", "zaten kullandım", "işe yaramaz", "я уже использовал", "не
 * сработает", "вже використав", "не спрацює", "استخدمته بالفعل", "لن يعمل", "כבר השתמשתי", "לא יעבוד", "पहले ही इस्तेमाल कर लिया",
 * "काम नहीं करेगा", "đã dùng rồi", "không dùng được nữa", "sudah saya pakai", "tidak akan berfungsi", "ใช้ไปแล้ว", "もう使いました",
 * "使用済み", "이미 사용했", "已经用过了", "已經用過": a spent code passed on to show it, none for the reader. A note that names a new code
 * or asks the reader to type it keeps it.
 */
const USED_NOTE_RE =
  /\b(?:i|we)(?:['’]ve| have| had)? (?:already|just) (?:used|entered|typed)\b|\b(?:i|we)(?:['’]ve| have| had)? used (?:it|this|that|the code|them) (?:already|before)\b|\b(?:it|this|that|the code)(?:['’]s| is| was| has)(?: been)? already used\b|\b(?:won['’]t|will not|wouldn['’]t|would not) work (?:for you|anymore|any more|now)\b|\bno longer (?:works|valid|usable)\b|\b(?:schon|bereits) (?:benutzt|verwendet|genutzt|eingegeben|verbraucht)\b|\b(?:funktioniert|geht|klappt) (?:bei dir )?nicht mehr\b|\bwird (?:bei dir )?nicht (?:mehr )?(?:funktionieren|gehen|klappen)\b|\bnicht mehr gültig\b|\bdéjà (?:utilisé|servi|saisi|entré)|\bne (?:marchera|fonctionnera|servira) (?:pas|plus)\b|\bn['’]est plus valable\b|\bya (?:lo |la )?(?:usé|utilicé|introduje|he usado|hemos usado|fue usado|está usado|se usó)|\bya no (?:sirve|vale|funciona)\b|\bno te (?:va a |van a )?(?:servir|funcionar|servirá|funcionará)\b|\bjá (?:o |a )?(?:usei|utilizei|usámos|usamos|foi usado|foi utilizado|está usado)|\bjá não (?:serve|funciona|é válido)|\bnão (?:te )?(?:vai|irá) (?:funcionar|servir)\b|\b(?:l['’]ho|ho|l['’]abbiamo|abbiamo) già (?:usato|utilizzato|inserito)\b|\bgià (?:usato|utilizzato)\b|\bnon (?:ti )?(?:funzionerà|servirà)|\bnon è più valido\b|\b(?:al|reeds|allang) (?:gebruikt|ingevoerd|ingevuld)\b|\bwerkt niet meer\b|\bniet meer geldig\b|\bzal (?:bij jou )?niet (?:meer )?werken\b|\bjuż (?:go |ją |ten kod )?(?:użył(?:em|am)|wykorzystał(?:em|am)|wpisał(?:em|am))|\bjuż (?:został )?(?:użyty|wykorzystany)|\bjuż nie (?:działa|jest ważny)|\bnie (?:zadziała|będzie działać)|zaten kullan(?:dım|ıldı|ılmış|mıştım)|kullandım bile|artık (?:geçerli değil|çalışmaz|çalışmıyor)|işe yaramaz|çalışmayacak|(?:^|[^\p{L}])уже (?:использовал|использовала|использован|ввёл|ввел|ввела|применил)|(?:^|[^\p{L}])(?:уже|больше) не (?:действует|работает|подойдёт|подойдет|действителен)|(?:^|[^\p{L}])не (?:подойдёт|подойдет|сработает)(?:$|[^\p{L}])|(?:^|[^\p{L}])вже (?:використав|використала|використано|використаний|ввів|ввела)|(?:^|[^\p{L}])(?:вже|більше) не (?:дійсний|працює|підійде)|(?:^|[^\p{L}])не (?:спрацює|підійде)(?:$|[^\p{L}])|(?:استخدمته|استعملته|أدخلته) (?:بالفعل|مسبقا|مسبقًا|من قبل)|(?:سبق أن|سبق وأن|لقد) (?:استخدمته|استعملته|أدخلته)|لن (?:يعمل|يفيدك|ينفعك)|لم يعد صالحا|כבר (?:השתמשתי|השתמשנו|הזנתי|נוצל)|כבר לא (?:תקף|עובד)|לא (?:יעבוד|יעבור) לך|पहले ही (?:इस्तेमाल|उपयोग|प्रयोग) कर|(?:इस्तेमाल|उपयोग) (?:हो चुका|कर चुका|कर चुकी|कर लिया)|काम नहीं करेगा|(?:^|[^\p{L}])đã (?:dùng|sử dụng|nhập) (?:rồi|mã này rồi)|(?:dùng|sử dụng) (?:mất )?rồi|không (?:còn )?dùng được nữa|sẽ không (?:dùng được|hoạt động)|sudah (?:saya )?(?:pakai|gunakan|dipakai|digunakan|terpakai)\b|\b(?:tidak|tak) (?:akan )?(?:berfungsi|bisa dipakai|berlaku lagi)\b|ใช้ไปแล้ว|ใช้รหัสนี้แล้ว|ใช้ไม่ได้แล้ว|(?:もう|既に|すでに)(?:使い?まし|使った|使用し|入力し)|使用済み|もう使えな|もう使えません|이미 (?:사용했|썼|입력했|사용된|사용됨)|더 이상 (?:사용할 수 없|유효하지)|작동하지 않을|已经用过|已經用過|已用过|已用過|用过了|用過了|已经使用过|已經使用過|已经用掉|已經用掉|不能再用|没法再用|沒法再用/u;
/**
 * (the twenty-third round) A new code named: "new code", "the new one", "neuer Code", "nouveau code", "nuevo código", "新しいコード"…: before
 * a number, the code that replaces an earlier one; in a forwarder's note, the code it hands over.
 */
const NEW_CODE_PHRASE_RE =
  /\bnew (?:one|(?:\w+ )?(?:code|otp|pin|passcode))\b|\bneue[nrs]? (?:\p{L}*code|tan|pin)\b|\bnouveau code\b|\bnouveau (?:\p{L}+ )?code\b|\b(?:nuevo|novo) código\b|\bcódigo (?:nuevo|novo)\b|\bnuovo codice\b|\bnieuwe (?:\p{L}+)?code\b|\bnowy kod(?!\p{L})|\byeni (?:\p{L}+ )?kod|(?:^|[^\p{L}])(?:новый|новий) (?:\p{L}+ )?код|(?:الرمز|رمز) (?:\p{L}+ )?(?:الجديد|جديد)|קוד (?:\p{L}+ )?חדש|הקוד החדש|नया (?:\p{L}+ )?कोड|\bmã (?:\p{L}+ )?mới(?!\p{L})|\bkode (?:\p{L}+ )?baru\b|รหัส(?:\p{L}*)ใหม่|新しい(?:認証|確認|ワンタイム)?(?:コード|パスワード|番号)|새(?:로운)? (?:인증 ?)?(?:코드|번호)|新的?(?:验证码|驗證碼|动态码|動態碼)|新码|新碼/u;
/**
 * (the twenty-second round, a general step) The writer's note hands the code over to the reader: "here is the code", "use this
 * code", "for you", "hier ist der Code", "voici le code", "aquí tienes", "segue o código", "ecco il codice", "hierbij de code",
 * "oto kod", "işte kod", "вот код", "ось код", "إليك الرمز", "הנה הקוד", "यह रहा कोड", "đây là mã", "ini kodenya", "นี่คือรหัส",
 * "コードです", "코드 보내", "给你验证码", or names a new code (NEW_CODE_PHRASE_RE). A negation just before the phrase ("не используйте", "don't use it") hands nothing over.
 */
const HANDOVER_NOTE_RE =
  /\bhere(?:['’]s| is| are| it is| you go)\b|\b(?:use|try) (?:this|the|that|it|these)\b|\bfor you\b|\b(?:tests?|testing|staging|qa|teste|pruebas?|testu|testy)\b|(?:^|[^\p{L}])(?:тест|теста|тесту|тестов|тестування)(?:$|[^\p{L}])|测试|測試|テスト|테스트|ทดสอบ|\bkiểm thử(?!\p{L})|\bpengujian\b|\b(?:code|it|it['’]s|is) below\b|\b(?:can|could|would) (?:you|whoever|someone|somebody|anyone)\b|\b(?:finish|complete|put|key|type|enter) (?:it|this)\b|\bthis is for\b|\b(?:code )?unten\b|\b(?:kannst|könntest) du\b|\bci-dessous\b|\b(?:peux|pourrais)[- ]tu\b|\b(?:pouvez|pourriez)[- ]vous\b|\babajo\b|\b(?:puedes|podrías|podéis|puede usted)\b|\babaixo\b|\b(?:podes|pode|podia|consegue|consegues)\b|\bqui sotto\b|\b(?:puoi|potresti|potete)\b|\bhieronder\b|\b(?:kun|kan) (?:je|jij)\b|\bkunt u\b|\bponiżej\b|\b(?:możesz|mógłbyś|mogłabyś)(?!\p{L})|\başağıda\b|\b(?:girebilir|yapabilir|halledebilir) misin\b|(?:^|[^\p{L}])(?:ниже|нижче|введи|введите|введіть|можешь|можете|можеш|сможешь|зможеш)(?:$|[^\p{L}])|أدناه|هل يمكنك|למטה|תוכל|תוכלי|נוכל|नीचे|क्या आप|कर दो|कर देना|\bbên dưới\b|(?:^|[^\p{L}])ở dưới(?!\p{L})|\bgiúp (?:tôi|mình|em|anh|chị)(?!\p{L})|\bbạn có thể(?!\p{L})|\bdi bawah\b|\btolong\b|\bbisa (?:kamu|anda|kau)\b|ด้านล่าง|ช่วย|下記|以下|下に|お願い|してもらえ|してくれ|아래|부탁|해 ?줘|해 ?주세요|在下面|如下|下面|帮我|幫我|麻烦|麻煩|请帮|請幫|\byou(?:['’]ll| will)? need (?:this|it)\b|\b(?:sending|forwarding|passing) (?:you|it on|this on)\b|\bthis is (?:yours|the code)\b|\bhier (?:ist|sind|der|die|das|kommt)\b|\b(?:benutze?|verwende|nimm|probier)\b|\bfür (?:dich|sie|euch)\b|\bvoici\b|\bvoilà(?!\p{L})|\butilis(?:e|ez)\b|\bessa(?:ie|yez)\b|\bpour (?:toi|vous)\b|\baquí (?:tienes|tiene|está|va|os)\b|\bte (?:paso|mando|envío|reenvío)\b|\b(?:usa|use|usad|utiliza|utilice|utilize|prueba)\b|\bpara (?:ti|usted|você|vocês)(?!\p{L})|\baqui (?:está|vai|tens|tem)(?!\p{L})|\bsegue\b|\bte (?:passo|envio)\b|\becco\b|\b(?:usalo|usala|utilizza|prova)\b|\bper (?:te|voi)\b|\bti (?:giro|mando|inoltro)\b|\bhier is\b|\bhierbij\b|\bgebruik\b|\bvoor (?:jou|u|jullie)\b|\boto\b|\bużyj(?:cie)?\b|\bdla (?:ciebie|pana|pani|was)\b|\bprzesyłam (?:ci|panu|pani)\b|\bişte\b|\bbuyur\b|\bkullan(?:ın|abilirsin)?\b|\b(?:senin|sizin) için\b|(?:^|[^\p{L}])(?:вот|держи|держите|используй|используйте|воспользуйся|воспользуйтесь|ось|тримай|тримайте|використай|використайте|скористайся|скористайтеся)(?:$|[^\p{L}])|(?:^|[^\p{L}])для (?:тебя|вас|тебе)(?:$|[^\p{L}])|إليك|هذا هو الرمز|استخدم|لك الرمز|הנה|השתמש|תשתמש|בשבילך|(?:यह|ये) रहा|(?:इस्तेमाल|उपयोग) कर|आपके लिए|तुम्हारे लिए|(?:^|[^\p{L}])đây là(?!\p{L})|\b(?:dùng|sử dụng) (?:mã|cái này)|\bcho (?:bạn|anh|chị|em)(?!\p{L})|\bini kode|\bberikut\b|\b(?:pakai|gunakan)\b|\buntuk (?:kamu|anda|mu)\b|นี่คือ|นี่(?:รหัส|โค้ด)|ใช้(?:รหัส|โค้ด)นี้|สำหรับคุณ|こちらです|どうぞ|使って(?:ください|ね)|お送りします|送ります|여기 ?있|사용하세요|쓰세요|보내 ?드려요|보내드립니다|[给給](?:你|您)|用[这這]个|请用|請用/iu;
const NEGATION_BEFORE_RE =
  /(?:\bdo ?n[o'’]t|\bnot|\bnicht|\bne|\bno|\bnão|\bnon|\bniet|\bnie|(?:^|[^\p{L}])не|لا|אל|मत|đừng|jangan|อย่า|不要|别|別)[ \t]*\S*[ \t]*$/iu;
/** (speed) Compiled once: read with its lastIndex from the start of each note (the note is in lower case already). */
const HANDOVER_NOTE_G = new RegExp(`${HANDOVER_NOTE_RE.source}|${NEW_CODE_PHRASE_RE.source}`, 'gu');
function handsOver(head: string): boolean {
  const re = HANDOVER_NOTE_G;
  re.lastIndex = 0;
  for (let m = re.exec(head); m !== null; m = re.exec(head)) {
    if (!NEGATION_BEFORE_RE.test(head.slice(Math.max(0, m.index - 16), m.index))) return true;
  }
  return false;
}

/**
 * What the writer's note above a forwarded or quoted message says of the code it passes on (the nineteenth to twenty-first rounds):
 * not used, not theirs or asked about (unless the note asks the reader to type it), or already expired. Its veto's name and
 * explain()'s words for it, or null when the note says none of these.
 */
function forwardNote(text: string, note: number): { veto: string; says: string } | null {
  const head = text.slice(0, note).toLowerCase();
  const unused = UNUSED_NOTE_RE.exec(head);
  if (unused !== null) return { veto: 'a code the forwarder did not use', says: `the code was not used ("${unused[0]}"): a code passed on to ask about it` };
  // (the twenty-third round) Used already or will not work, unless the note names a new code or asks the reader to type it.
  const used = USED_NOTE_RE.exec(head);
  if (used !== null && !NEW_CODE_PHRASE_RE.test(head) && !ASK_TYPE_NOTE_RE.test(head))
    return {
      veto: 'a code the forwarder already used',
      says: `the code was used already or will not work ("${used[0].trim()}"): a spent code passed on to show it`,
    };
  const m = NOT_MINE_NOTE_RE.exec(head) ?? EXPIRED_NOTE_RE.exec(head);
  if (m === null || ASK_TYPE_NOTE_RE.test(head)) return null;
  const phrase = m[0].trim();
  return {
    veto: 'a code the forwarder says is not theirs',
    says: EXPIRED_NOTE_RE.test(phrase)
      ? `the code has already expired ("${phrase}"): a code passed on too late`
      : `the code is not theirs or asks what it is ("${phrase}"): a code passed on to ask about it`,
  };
}

/**
 * (the twenty-second round, a general step) A note that neither asks the reader to type the code nor hands it over passes on a code
 * for someone else or one already used: none for the reader. What explain() says of it, or null when the note hands the code over.
 * Read only for a quoted number that passed every other rule (the note's words are a long search).
 */
function silentNote(text: string, note: number): string | null {
  const head = text.slice(0, note).toLowerCase();
  if (ASK_TYPE_NOTE_RE.test(head) || handsOver(head)) return null;
  const first = text.slice(0, note).trim().split('\n', 1)[0] as string;
  return `nothing that hands the code over ("here is the code", "use this code") but only "${first.length > 60 ? `${first.slice(0, 60)}…` : first}": a code quoted for someone else or already used`;
}

/**
 * (the twentieth round) Digits spaced one by one alone on their line but for a gloss in parentheses after them ("4 1 9 5 3 8   (cuatro,
 * uno, nueve, …)", "7 2 0 4 (seven, two, zero, four)"): the line gives the code and spells it, as alone on its line.
 */
const GLOSS_AFTER_RE = /^[ \t]*[(（][^()（）\n]{1,120}[)）][ \t.]*(?:\n|$)/u;
function glossedLine(text: string, c: Candidate): boolean {
  const ls = text.lastIndexOf('\n', c.start - 1) + 1;
  return text.slice(ls, c.start).trim() === '' && GLOSS_AFTER_RE.test(text.slice(c.end, c.end + 130));
}

/**
 * (the twentieth round, a general step) A number that one space or dash, or the line break where a line wraps, joins to another group
 * of digits, on either side, is a piece of a larger number: "Bel 088 123\n6555" (a phone), "4 8 2057" (a code's own digits split
 * unevenly), "48210937\n1166 4820 9034 2271" (a list of backup codes). Digits glued to a date, a time, an amount or a word ("14:22",
 * "5.000,00", "5分钟") are no such group, a line after the number counts only when it holds nothing but groups of digits, and masks
 * ("9410-****", "*482913*" as emphasis) are the earlier rounds' to read.
 */
const PIECE_BEFORE_RE = /(?:^|[^\p{L}\p{N}.,:/])\p{Nd}+(?:[ -]| ?\n)$/u;
const PIECE_AFTER_RE = /^(?:[ -]\p{Nd}+(?=[ -]\p{Nd}|[ \t]*[.,;]?[ \t]*(?:\n|$))|\n[ \t]*\p{Nd}+(?:[ -]\p{Nd}+)*[ \t]*(?:\n|$))/u;
/** A digit (of any script: U+0030-0039, or past U+0660 where the others start) at `i` of `text`. */
function digitAt(text: string, i: number): boolean {
  const ch = text.charCodeAt(i);
  return (ch >= 48 && ch <= 57) || (ch >= 0x660 && DIGIT_CHAR_RE.test(text[i] as string));
}
const DIGIT_CHAR_RE = /\p{Nd}/u;
function fragmentOf(text: string, c: Candidate): string | null {
  // Cheap first: a space, a dash or a line break beside it, and a digit past it (most numbers have neither).
  const b = text.charCodeAt(c.start - 1);
  const b2 = b === 10 && text.charCodeAt(c.start - 2) === 32 ? c.start - 3 : c.start - 2;
  const a = text.charCodeAt(c.end);
  const nearBefore = (b === 32 || b === 45 || b === 10) && digitAt(text, b2);
  const nearAfter = (a === 32 || a === 45 || a === 10) && (digitAt(text, c.end + 1) || (a === 10 && /^[ \t]+\p{Nd}/u.test(text.slice(c.end + 1, c.end + 8))));
  if (!nearBefore && !nearAfter) return null;
  const before = nearBefore ? PIECE_BEFORE_RE.exec(text.slice(Math.max(0, c.start - 24), c.start)) : null;
  if (before !== null) return `${before[0].replace(/\s+/g, ' ').trim()} ${c.value}`;
  const after = nearAfter ? PIECE_AFTER_RE.exec(text.slice(c.end, c.end + 60)) : null;
  return after === null ? null : `${c.value} ${after[0].replace(/\s+/g, ' ').trim()}`;
}

/**
 * (the twentieth round) A code the mail asks to tell or show at a counter: a pharmacy's (an e-prescription's "Назвіть у аптеці номер
 * рецепта та код підтвердження: … 4418", "show this code at the pharmacy"), a post office's or a pick-up desk's. The counter's words
 * stand in the 160 characters before the number, with no sentence ended between; a number a sign-in sentence names after them is
 * no such code ("… at the pharmacy. Your sign-in code: 482913" ends the sentence first).
 */
const COUNTER_REACH = 160;
const COUNTER_RE =
  /\b(?:[Aa]t|[Tt]o) the (?:pharmacy|pharmacist|chemist|counter|pick-?up desk|post office)\b|\b(?:[Ii]n|[Bb]ei) der [Aa]potheke\b|\b(?:[Ii]n|[Bb]ei) [Ii]hrer [Aa]potheke\b|\b[Aa]m [Ss]chalter\b|\b(?:[àÀ]|[Aa]u|[Ee]n) (?:la )?(?:pharmacie|pharmacien|guichet|comptoir)\b|\b[Ee]n (?:la )?(?:farmacia|ventanilla|mostrador)\b|\b[Aa]l farmacéutico\b|\b[Nn]a farmácia\b|\b[Aa]o farmacêutico\b|\b[Nn]o balcão\b|\b[Ii]n farmacia\b|\b[Aa]l farmacista\b|\b[Aa]llo sportello\b|\b(?:[Bb]ij|[Ii]n) de apotheek\b|\b[Aa]an de balie\b|\b[Ww] aptece\b|\bfarmaceucie\b|\b[Ww] okienku\b|[Ee]czanede|eczacıya|[Gg]işede|(?:^|\s)[ВвУу] апте(?:ці|ке|ку)|фармацевту|провізору|(?:^|\s)[Нн]а кас[еі]|في الصيدلية|للصيدلي|عند الكاونتر|בבית המרקחת|לרוקח|בדלפק|फार्मेसी (?:पर|में)|केमिस्ट को|काउंटर पर|[Tt]ại (?:nhà thuốc|quầy)|[Cc]ho dược sĩ|[Dd]i apotek|[Kk]epada apoteker|[Dd]i loket|ที่ร้านขายยา|ที่เคาน์เตอร์|薬局で|薬剤師に|窓口で|약국에서|약사에게|창구에서|在(?:药店|藥局|藥房|药房|柜台|櫃檯|櫃台)|(?:向|给|給)(?:药剂师|藥劑師|药师|藥師)/u;
/** A full stop, a question or an exclamation mark (Latin or CJK) at `i`, and a blank after it. */
function sentenceEndsAt(text: string, i: number): boolean {
  const b = text.charCodeAt(i + 1);
  if (b !== 32 && b !== 10 && b !== 13 && b !== 9 && b !== 0xa0) return false;
  const m = text.charCodeAt(i);
  return m === 46 || m === 33 || m === 63 || m === 0x3002 || m === 0xff01 || m === 0xff1f;
}
/**
 * (the twenty-first round, speed) The nouns every COUNTER_RE phrase holds, as the phrase writes them ("pharmac", "potheke",
 * "chalter", "guichet", "farmac", "апте", "صيدلي", "מרקחת", "薬局", "약국", "药店"…): a text without any of them has no counter phrase.
 */
const COUNTER_WORD_RE =
  /pharmac|chemist|counter|desk|post office|potheke|chalter|guichet|comptoir|farmac|farmác|ventanilla|mostrador|balcão|sportello|apotheek|balie|aptece|okienku|czanede|eczacı|işede|апте|фармацевт|провізор|кас|صيدلي|الكاونتر|מרקחת|רוקח|בדלפק|फार्मेसी|केमिस्ट|काउंटर|nhà thuốc|quầy|dược sĩ|apotek|loket|ร้านขายยา|เคาน์เตอร์|薬局|薬剤師|窓口|약국|약사|창구|药店|藥局|藥房|药房|柜台|櫃檯|櫃台|药剂师|藥劑師|药师|藥師/;
function counterCode(text: string, c: Candidate): string | null {
  // Only the sentence the number ends: back to the last full stop, question or exclamation mark before a blank (a cheap walk, most
  // sentences are short), at most COUNTER_REACH characters.
  const limit = Math.max(0, c.start - COUNTER_REACH);
  let from = c.start;
  while (from > limit && !(from >= 2 && sentenceEndsAt(text, from - 2))) from--;
  // (no lower-casing: the words' first letters are read in either case, the rest as a sentence writes them)
  const m = COUNTER_RE.exec(text.slice(from, c.start));
  return m === null ? null : m[0].trim();
}

/**
 * (the twenty-first round) A standing PIN: a PIN word, the code word before the number, right before it (within PIN_NEAR characters), and in the
 * STANDING_REACH characters before it a device's default or factory PIN ("enter the default pairing PIN on the
 * handheld: 0000", "Standard-PIN", "code PIN par défaut", "PIN predeterminado", "PIN padrão", "PIN predefinito", "standaard
 * pincode", "domyślny PIN", "varsayılan PIN", "PIN по умолчанию", "PIN за замовчуванням", "الرقم السري الافتراضي", "ברירת מחדל",
 * "डिफ़ॉल्ट पिन", "mã PIN mặc định", "PIN bawaan", "PIN ค่าเริ่มต้น", "初期PIN", "기본 PIN", "默认PIN", "預設PIN") or a PIN someone set or
 * changed for the reader ("Your manager has set a new PIN", "Ihre PIN wurde geändert", "votre code PIN a été modifié", "tu PIN ha
 * sido cambiado", "o seu PIN foi alterado", "il PIN è stato modificato", "je pincode is gewijzigd", "PIN został zmieniony", "PIN'iniz
 * değiştirildi", "PIN был изменён", "PIN було змінено", "تم تغيير الرقم السري", "הקוד שונה", "पिन बदल दिया गया", "đã được thay đổi",
 * "PIN telah diubah", "ถูกเปลี่ยน", "変更されました", "변경되었습니다", "已更改"). A one-time or temporary PIN is none of these.
 */
const PIN_BEFORE_RE = /(?:^|[^\p{L}])(?:pin|pin-code|pincode|pin-kod|pin kodu|пин|пін|पिन)(?![\p{L}])|暗証番号|PIN码|PIN碼|รหัส ?PIN/iu;
const STANDING_PIN_RE =
  /(?:^|[^\p{L}])(?:default|factory|standard-pin|werkseitig|voreingestellt|par défaut|d['’]usine|predeterminad[oa]|por defecto|de fábrica|padrão|predefinit[oa]|di fabbrica|standaard|fabrieks\p{L}*|domyśln\p{L}*|fabryczn\p{L}*|varsayılan|по умолчанию|заводск\p{L}*|за замовчуванням|заводськ\p{L}*|الافتراضي|ברירת ה?מחדל|डिफ़ॉल्ट|डिफॉल्ट|mặc định|bawaan|has set (?:a |your )?new|(?:has|have) been (?:changed|reset)|was (?:changed|reset)|wurde (?:geändert|zurückgesetzt)|a été (?:modifié|changé|réinitialisé)|ha sido (?:cambiad|modificad)\p{L}*|foi (?:alterad|redefinid)\p{L}*|è stato (?:modificat|cambiat)\p{L}*|is (?:gewijzigd|gereset)|został\p{L}* zmienion\p{L}*|değiştirildi|был\p{L}* изменен\p{L}*|был\p{L}* изменён\p{L}*|було змінено|تم تغيير|שונה|बदल दिया गया|đã được thay đổi|telah diubah)(?![\p{L}])|ค่าเริ่มต้น|ถูกเปลี่ยน|デフォルト|初期設定|初期PIN|기본 ?PIN|기본값|已更改|已變更|默认|預設|出厂|出廠|変更されました|변경되었/iu;
const ONE_TIME_PIN_RE =
  /one-time|one time|temporary|einmal|temporär|vorläufig|provisoire|temporal|provisóri|temporane|tijdelijk|jednorazow|tymczasow|geçici|tek kullan|одноразов|временн|тимчасов|مؤقت|لمرة واحدة|זמני|חד[- ]פעמי|अस्थायी|एक बार|tạm thời|một lần|sementara|sekali|ชั่วคราว|ครั้งเดียว|一時|ワンタイム|임시|일회용|临时|臨時|一次性|otp/iu;
const PIN_NEAR = 40;
const STANDING_REACH = 200;
function standingPin(text: string, c: Candidate, keywords: readonly Keyword[], beforeIdx: number): string | null {
  // The PIN word is the code word that supports the number from before it, or follows it ("code PIN par défaut : 0000"): read from
  // that code word on (a cheap test, most numbers have no code word within PIN_NEAR characters, or another).
  if (beforeIdx === -1) return null;
  const kw = keywords[beforeIdx] as Keyword;
  if (c.start - kw.end > PIN_NEAR || !PIN_BEFORE_RE.test(text.slice(kw.start, c.start))) return null;
  const before = text.slice(Math.max(0, c.start - STANDING_REACH), c.start);
  const m = STANDING_PIN_RE.exec(before);
  if (m === null || ONE_TIME_PIN_RE.test(before)) return null;
  return m[0].trim();
}

/**
 * (the fourteenth round) A fixed code: one the text says is "always" the same ("le code à saisir est toujours 000000", "the
 * code is always 1234", "der Code lautet immer …"): a colleague passing on a test environment's stub, no code sent for
 * this sign-in. A code of one repeated digit is not rejected for its shape: "Your code is 000000" is what a test
 * environment's own mail says, and what a test must read (docs/extract.md, "After the fourteenth round").
 */
const ALWAYS_BEFORE_RE =
  /(?:^|[^\p{L}])(?:always|immer|toujours|siempre|sempre|altijd|zawsze|her zaman|hep|всегда|завжди|دائما|دائمًا|دائماً|תמיד|हमेशा|luôn luôn|luôn|selalu|senantiasa)[^\p{L}\n]{0,3}$|(?:常に|いつも|항상|언제나|总是|總是|始终|始終|一律|เสมอ)(?:是|为|為|は)?[^\p{L}\n]{0,3}$/u;
const ALWAYS_REACH = 30;
const AS_BEFORE_RE = /(?:^|[^\p{L}])(?:as|like|wie|comme|como|come|zoals|jak|как|як|كما|כמו|जैसे|như|seperti)[ \t]*,?[ \t]*$/iu;
function fixedCode(text: string, c: Candidate): string | null {
  const before = text.slice(Math.max(0, c.start - ALWAYS_REACH), c.start);
  const m = ALWAYS_BEFORE_RE.exec(before);
  // "como siempre", "as always", "wie immer": a manner of speaking, no fixed code
  if (m === null || AS_BEFORE_RE.test(before.slice(0, m.index + 1))) return null;
  return `"${m[0].trim()}" before it`;
}

/**
 * (the fifteenth round) A number that is one segment of a larger identifier: three or more groups of letters or digits joined by
 * "-", "/", "_" or "." ("2026-CS-0418", "AB/2026/0418", "RCM-260318-4471", "INC_2026_0418"): a roll, case, ticket, order,
 * student or policy number, no code. (Two groups are left alone: "G-482913" and "FB-48213" are codes as some senders print them.)
 */
const ID_JOINERS = '-/_.';
const ID_CHAR_RE = /[\p{L}\p{N}]/u;
function identifierOf(text: string, c: Candidate): string | null {
  let s = c.start;
  let e = c.end;
  let groups = 1;
  while (s >= 2 && ID_JOINERS.includes(text[s - 1] as string) && ID_CHAR_RE.test(text[s - 2] as string)) {
    s -= 2;
    while (s > 0 && ID_CHAR_RE.test(text[s - 1] as string)) s--;
    groups++;
  }
  while (e + 1 < text.length && ID_JOINERS.includes(text[e] as string) && ID_CHAR_RE.test(text[e + 1] as string)) {
    e += 2;
    while (e < text.length && ID_CHAR_RE.test(text[e] as string)) e++;
    groups++;
  }
  return groups >= 3 ? text.slice(s, e) : null;
}

/**
 * (the fifteenth round) A catalogue's, a programme's, a course's or a product's code given in parentheses after its name:
 * "Grado en Biotecnología (código 2071)", "Informatik (Kennziffer 2071)", "Data Science (code 2071)", "(kod 2071)", "(コード 2071)":
 * a bare code word opens the parentheses and the number closes them. A verification word inside ("(verification code 482913)")
 * leaves it a code.
 */
const PAREN_CODE_RE = /[\p{L}\p{N}][ \t]*[(（][ \t]*([\p{L}][\p{L}\p{M} .'-]{0,24}?)[ \t]*(?:[:：#№]|n[º°o]\.?)?[ \t]*$/u;
function parenCode(text: string, c: Candidate): string | null {
  const close = text[c.end] === ' ' ? text[c.end + 1] : text[c.end];
  if (close !== ')' && close !== '）') return null;
  const m = PAREN_CODE_RE.exec(text.slice(Math.max(0, c.start - 40), c.start));
  if (m === null || VERIFY_COMPOUND_RE.test(m[1] as string)) return null;
  return `(${(m[1] as string).trim()} ${c.value})`;
}

/** What the caller knows of the message beyond the part findOtp() reads (the subject, the other part). */
export interface FindOtpOptions {
  /** The subject names a code: an emphasised or lone number needs less support from the body's words. */
  contextHint?: boolean;
  /** scanVocabulary(doc.text), already computed by the caller. */
  vocab?: Vocabulary;
  /** Every candidate is recorded here with what decided it (explain()); the decision is the same with or without it. */
  trace?: CodeTrace[];
  /** (the tenth round) The subject names a gift card or voucher: its words reach further into the body. */
  giftSubject?: boolean;
  /** (the eleventh round) The subject warns of fraud: the body's numbers are examples unless a code word names one. */
  scamSubject?: boolean;
  /** (the fourteenth round) The subject answers or forwards a mail: the writer's own note above the quoted one gives no code. */
  thread?: boolean;
  /** (the fifteenth round) Filled with the values of this part's candidates, for the other part to be read against. */
  values?: Set<string>;
  /** (the fifteenth round) Reading the HTML part: the values the text part held and gave no code. */
  textRejected?: ReadonlySet<string>;
}

/** Finds the most plausible one-time code in `doc`, or null. */
export function findOtp(doc: OtpDoc, opts: FindOtpOptions = {}): OtpResult | null {
  const { contextHint = false, trace, giftSubject = false, scamSubject = false, thread = false, values, textRejected } = opts;
  let { vocab } = opts;
  if (!doc.text) return null;
  const text = scanWindow(doc.text);
  const toks = tokenize(text);
  // Stable sort: candidates that start at the same offset keep their generation order.
  const cands = generateCandidates(text, toks)
    .sort((a, b) => a.start - b.start)
    .slice(0, MAX_OTP_CANDIDATES);
  if (cands.length === 0) return null;
  // (the fifteenth round) This part's numbers, for the other part to be read against (extract.ts).
  if (values) for (const c of cands) values.add(c.value);
  if (!vocab || text !== doc.text) vocab = scanVocabulary(text);
  const vetoed = blockedTokens(text, toks, vocab.blockers, vocab.keywords);
  const ranges = [...(doc.emphasis ?? [])].sort((a, b) => a[0] - b[0]);
  const starts = ranges.map((r) => r[0]);
  // (the eighth round) Only a text with a quotation mark can quote an example code.
  const quotes = QUOTE_MARK_RE.test(text);
  // (the twelfth round) Whether the text speaks of fraud or scams: read once, and only for a number in a quoted sentence.
  let scamText: boolean | undefined;
  const newlines: number[] = [];
  for (let p = text.indexOf('\n'); p !== -1; p = text.indexOf('\n', p + 1)) newlines.push(p);
  // Candidates passing every test but the pattern mask, which is only computed when there are any.
  const passed: Array<{ c: Candidate; score: number; t: CodeTrace | undefined; ctx: Context; hinted: boolean }> = [];
  // (the sixth round) Code words whose own number is no one-time code ("PIN: 8802" of a booking, "OTP … to the driver: 5521"):
  // they name that number, so they vouch for no other number of the message (a postcode 150 characters on).
  const spent = new Map<number, Candidate>();
  // Values some rule marked as no code here (an order number, a masked ending, a meeting's passcode): the same
  // digits elsewhere in the text are that too ("Passcode: 604118" … "*604118#"), so they are never the code.
  // (What the rule found is only put in words for a trace: extract() needs the values alone.)
  const notCodes = new Map<string, string>();
  const veto = (c: Candidate, what: string): void => {
    if (!notCodes.has(c.value)) notCodes.set(c.value, what);
  };
  const drop = (c: Candidate, reason: string, score: number | null = null, why: string[] = []): void => {
    trace?.push({ value: c.value, kind: c.kind, start: c.start, end: c.end, text, score, accepted: false, reasons: [...why, reason] });
  };

  // (the twelfth round) A list of backup or recovery codes: its numbers are none of them the code of this sign-in.
  const backupList = backupCodeList(text, newlines, cands);
  // (the fourteenth round) A reply's or a forward's own note, above the message it quotes: a colleague's words (a ticket, a
  // version, a test environment's code), no code a service sent. Only read when the subject answers or forwards.
  const note = thread ? noteEnd(text) : -1;
  // (the nineteenth to twenty-first rounds) The note says the code below was not used, is not the writer's, is asked about or has
  // expired: passed on, none for the reader.
  const passedOn = note > 0 ? forwardNote(text, note) : null;
  // (the twenty-second round) What silentNote() says of the note, read when a quoted number first passes every other rule.
  let silent: string | null | undefined;
  // (the fourteenth round) The message's closing: what follows its last rule or signature line (a footer's address and register),
  // found when a supported number first needs it.
  let foot: number | undefined;
  // (the twenty-first round, speed) Whether the text names a counter's, a pharmacy's or a desk's noun at all: read once, when a
  // number first reaches the counter rule, so that a text with none runs no counter search for each of its numbers.
  let counterWords: boolean | undefined;

  for (const c of cands) {
    if (backupList?.has(c)) {
      veto(c, trace ? 'a list of backup codes' : '');
      if (trace)
        drop(
          c,
          'rejected: one of a list of backup or recovery codes ("backup codes", "kody zapasowe", "備用碼"): codes kept for later, none of them this sign-in\'s code',
        );
      continue;
    }
    if (c.start < note) {
      // (no veto: the note may repeat the code the forwarded message carries)
      if (trace)
        drop(
          c,
          `rejected: the subject answers or forwards a mail and this stands in the writer's own note above the message it quotes ("${text.slice(note, Math.min(text.indexOf('\n', note) === -1 ? text.length : text.indexOf('\n', note), note + 50)).trim()}"): a colleague's words, ticket or version, no code a service sent`,
        );
      continue;
    }
    if (passedOn !== null) {
      veto(c, trace ? passedOn.veto : '');
      if (trace) drop(c, `rejected: the writer's own note above the message it forwards or quotes says ${passedOn.says}, none for the reader`);
      continue;
    }
    let blocker: Blocker | undefined;
    if (vetoed.size > 0) {
      for (let k = lowerBound(toks, c.start); k < toks.length && (toks[k] as Token).start < c.end; k++) {
        blocker = vetoed.get((toks[k] as Token).start);
        if (blocker) break;
      }
    }
    if (blocker) {
      veto(c, trace ? `it follows "${text.slice(blocker.start, blocker.end)}"` : '');
      // (the eleventh round) A code word whose first number after it is a hotline's, a phone's or an order's ("任何索要验证码的都是骗子。…
      // 请拨打反诈专线96110") names that number: it vouches for no other (the ninth round read it so when a nearby example word
      // rejected the number; the tenth round's hotline labels reject it first).
      if (!blocker.soft && !blocker.otherCode && !blocker.addressLine) {
        const label = labellingCodeWord(text, c, vocab.keywords);
        if (label !== -1 && !spent.has(label) && !candidateBetween(cands, (vocab.keywords[label] as Keyword).end, c.start)) spent.set(label, c);
      }
      if (trace)
        drop(
          c,
          blocker.otherCode
            ? `rejected: it follows "${text.slice(blocker.start, blocker.end)}", a code word made into another kind of code (meeting, promo, postal, reference, customer...): that code, no one-time code`
            : blocker.addressLine
              ? `rejected: it stands on the address line that "${text.slice(blocker.start, blocker.end)}" starts (a street): a house number or postcode, no code`
              : `rejected: it follows "${text.slice(blocker.start, blocker.end)}", a label of numbers that are not codes (order, invoice, phone, account...)`,
        );
      continue;
    }
    const neighbour = neighbourReject(text, c);
    if (neighbour !== null) {
      veto(c, neighbour);
      if (trace) drop(c, `rejected: ${neighbour}`);
      continue;
    }
    const ctx = keywordContext(text, c, vocab.keywords);
    const emph = emphasised(c, starts, ranges);
    const alone = standalone(text, newlines, c);
    let kwScore = ctx.score;
    const hinted = kwScore < 2 && contextHint && (emph || alone);
    if (hinted) kwScore = 2;
    // (the thirteenth round) "Use 318552 to sign in", "Gib 318552 ein, um dich anzumelden", "ログインするには 318552 を入力": a verb of using
    // or entering right before the number and the sign-in or verification it is for right after it (in Turkish, Hindi, Japanese
    // and Korean the purpose before and the verb after) name it the code to type, with no code word.
    const framed = kwScore < FRAME_SUPPORT && FRAME_KINDS.has(c.kind) && useFrame(text, c);
    if (framed) kwScore = FRAME_SUPPORT;
    const why = trace ? supportReasons(text, c, ctx, vocab, hinted) : NO_REASONS;
    if (trace && framed)
      why.push(
        `a verb of using or entering and the sign-in or verification it is for frame it ("${frameWords(text, c)}"): the code to type (support ${FRAME_SUPPORT})`,
      );
    if (kwScore <= 0) {
      if (trace) drop(c, 'rejected: no code word near it (250 characters before, 100 after)', null, why);
      continue;
    }

    // (the eleventh round) A mail warning of scams quotes codes as examples ("It's six digits, like 123456", "例如“请把收到的6位数字
    // 123456报给我”"): under a subject naming fraud or scams, only a number a code word names right before it is the reader's code.
    if (scamSubject && !ctx.tightStrong) {
      veto(c, trace ? 'a scam warning' : '');
      if (trace)
        drop(
          c,
          'rejected: the subject warns of fraud or scams and no code word stands right before this number: an example of what scammers ask for, no code sent to this reader',
          null,
          why,
        );
      continue;
    }
    const digitsOnly = c.kind === 'num';
    if (digitsOnly && c.value.length === 4 && /^(?:19|20)\d\d$/.test(c.value) && !ctx.tightStrong && !(alone && codeBelow(text, c, ctx))) {
      if (trace) drop(c, 'rejected: looks like a year, and no code word stands right before it ("code: 2024")', null, why);
      continue;
    }
    if (digitsOnly && c.value.length <= 5 && ctx.distance > 100 && !emph && !alone && !framed) {
      if (trace)
        drop(c, `rejected: a short number ${chars(Math.round(ctx.distance))} from the nearest code word, neither emphasised nor alone on its line`, null, why);
      continue;
    }
    // (the tenth round) The shapes of customer-service lines (1588-0000, 0800-1234, 4004 0001, 1500 888, 800 4444): a number so
    // shaped is a hotline's unless a code word stands right before it ("인증번호: 1588 3201").
    if (c.kind === 'split' && !ctx.tightStrong && SERVICE_LINE_RE.test(text.slice(c.start, c.end))) {
      veto(c, trace ? 'shaped like a customer-service line' : '');
      if (trace)
        drop(
          c,
          'rejected: shaped like a customer-service or hotline number (1588-xxxx, 1900 xxxx, 0800-xxxx, 4004-xxxx, 1500 xxx, 800 xxxx) with no code word right before it',
          null,
          why,
        );
      continue;
    }
    const explicit = ctx.tightStrong && ctx.tightLower;
    if ((c.kind === 'letters' || c.kind === 'mixed') && !explicit) {
      if (trace) drop(c, 'rejected: a code of letters only or of mixed case counts only right after a code word written in lower case ("code: X")', null, why);
      continue;
    }
    // (the twenty-second round) A word in capitals that runs on into more words in capitals on its line ("şifre … BEYKOZ GENÇLİK SPOR
    // KULÜBÜ"): a name written in capitals (a club's, an account holder's, a merchant's), no code of letters.
    if (c.kind === 'letters' && CAPITAL_WORD_AFTER_RE.test(text.slice(c.end, c.end + 24))) {
      veto(c, trace ? 'a name in capitals' : '');
      if (trace)
        drop(
          c,
          `rejected: more words in capitals follow it on its line ("${text.slice(c.start, Math.min(text.length, c.end + 24)).split('\n', 1)[0]}…"): a name written in capitals, no code`,
          null,
          why,
        );
      continue;
    }
    // "Your confirmation code is below:\n\nZXH-QCS" counts as an explicit code context too.
    if (c.kind === 'lettersPair' && !explicit && !(ctx.nearStrongLower && (emph || alone))) {
      if (trace) drop(c, 'rejected: groups of letters count only right after a lower-case code word, or near one and emphasised or alone on a line', null, why);
      continue;
    }
    // (the twenty-second round) A prefix of two capitals and a group of letters and digits ("HT-4K9M") counts only where its line asks
    // to enter or use it: a booking's, a room's or a member's reference otherwise ("رمز التأكيد: SH-4K7Q" of a hotel booking).
    if (c.kind === 'alnumPair' && PREFIX_PAIR_RE.test(c.value) && !ENTER_LINE_RE.test(text.slice(text.lastIndexOf('\n', c.start - 1) + 1, c.start))) {
      if (trace)
        drop(
          c,
          'rejected: a prefix of two capitals and a group of letters and digits (HT-4K9M) counts only where its line asks to enter or use it ("Enter this code…: HT-4K9M"): a booking\'s or a member\'s reference otherwise',
          null,
          why,
        );
      continue;
    }
    // (the sixteenth round) Two groups of uneven length ("2247 91", "K7-29QX") away from their code word, and a letter prefix and a
    // number with no code word near it ("RH-551902" beside "customer account"): shapes read in one call, for the three kinds only.
    const shaped = c.kind === 'split' || c.kind === 'alnumPair' || c.kind === 'prefixed' ? shapeReject(text, c, ctx, alone, vocab.keywords) : null;
    if (shaped !== null) {
      if (shaped === PREFIXED_ID) veto(c, trace ? 'an identifier with a letter prefix' : '');
      if (trace) drop(c, shaped, null, why);
      continue;
    }
    const alnum = c.kind !== 'num' && c.kind !== 'split' && c.kind !== 'spaced' && c.kind !== 'prefixed';
    if (promoNearby(c, vocab.promos)) {
      if (!(alone && alnum && promosNameTheirOwn(text, c, vocab.promos)) && !(alone && c.kind === 'num' && promosApart(text, c, vocab.promos))) {
        if (trace) drop(c, 'rejected: a promotion word (discount, coupon, voucher...) within 60 characters', null, why);
        continue;
      }
      if (trace) why.push('a promotion word near it names its own code on another line ("coupon FIRST75"): that value is the coupon, not this one');
    }
    if (alnum && promoNearby(c, vocab.shops)) {
      if (!(ctx.tightStrong && verificationCodeBefore(text, c))) {
        if (trace) drop(c, 'rejected: a letters-and-digits value within 60 characters of a shopping word (sale, checkout, save...)', null, why);
        continue;
      }
      if (trace) why.push('a shopping word is near, but a verification code word names it right before ("verification code is X"): the page it is typed on');
    }
    // (the thirteenth round) A promotion's code is a word and a number ("HOLI150", "SPRING25", "WELCOME100") with the amount or the
    // percentage it earns in its sentence ("कोड HOLI150 का उपयोग करें … ₹150 कैशबैक", "SUMMER2025: 20 % de remise").
    if (c.kind === 'alnum' && VANITY_RE.test(c.value) && mentionsAmount(text.slice(sentenceStart(text, c.start), sentenceEnd(text, c.end)))) {
      veto(c, trace ? "a promotion's code" : '');
      if (trace)
        drop(
          c,
          "rejected: a word and a number (HOLI150, SPRING25) with an amount or a percentage in its sentence: a promotion's code, no one-time code",
          null,
          why,
        );
      continue;
    }
    const nonOtp = nonOtpNear(text, c, vocab, giftSubject);
    if (nonOtp) {
      const label = labellingCodeWord(text, c, vocab.keywords);
      if (label !== -1 && !spent.has(label)) spent.set(label, c);
      const near = nonOtp === GIFT_SUBJECT ? 'the subject names a gift card or voucher' : `"${text.slice(nonOtp.start, nonOtp.end)}" near it`;
      veto(c, trace ? near : '');
      if (trace)
        drop(
          c,
          nonOtp === GIFT_SUBJECT
            ? "rejected: the subject names a gift card, voucher or prepaid card, and no verification word stands before this number: the card's PIN or code, no one-time code"
            : accessName(text.slice(nonOtp.start, nonOtp.end))
              ? `rejected: ${near}: the code of a place's access (a key box, a door, a gate, an alarm, a safe or a Wi-Fi network), no one-time code`
              : `rejected: ${near}: a meeting, booking, room, locker, gift-card, example or receipt's authorisation code, no one-time code`,
          null,
          why,
        );
      continue;
    }
    const quoted = quotes ? quotedExample(text, c, vocab.keywords) : -1;
    if (quoted !== -1) {
      veto(c, trace ? 'quoted with its code word' : '');
      if (trace)
        drop(
          c,
          `rejected: it stands inside a quotation with its code word (${text.slice(quoted, Math.min(c.end + 2, quoted + 60))}…): a quoted example of what such a message says, no code sent to this reader`,
          null,
          why,
        );
      continue;
    }
    // (the twelfth round) A mail that speaks of fraud or scams (its subject or its text) and quotes a sentence holding the number:
    // what scammers write or say, told as a warning ("Fraudsters send texts like: “…your verification code is 204816…”"), even
    // with a code word right before it in the quotation. Read only for a number between quotation marks.
    if (quotes && quotedSentence(text, c) !== -1 && (scamSubject || (scamText ??= SCAM_RE.test(text.toLowerCase())))) {
      veto(c, trace ? 'a scam warning' : '');
      if (trace)
        drop(
          c,
          'rejected: the mail warns of fraud or scams and quotes this number inside a sentence: what scammers write or ask for, no code sent to this reader',
          null,
          why,
        );
      continue;
    }
    if (c.kind === 'spaced' && !(ctx.distance <= 80 || emph)) {
      if (trace) drop(c, 'rejected: digits spaced one by one count only within 80 characters of a code word or emphasised', null, why);
      continue;
    }

    const score = kwScore + KIND_BONUS[c.kind] + (emph ? 1.5 : 0) + (alone ? 1 : 0);
    if (trace) {
      if (KIND_BONUS[c.kind] > 0) why.push(`shape: ${KIND_NAMES[c.kind]} (+${KIND_BONUS[c.kind]})`);
      if (emph) why.push('emphasised in the HTML: bold, heading, large or letter-spaced (+1.5)');
      if (alone) why.push('alone on its line (+1)');
    }
    if (score < THRESHOLD) {
      if (trace) drop(c, `rejected: score ${round(score)} is below the threshold ${THRESHOLD}`, score, why);
      continue;
    }
    // (the fourteenth round) A fixed code, read on a number that passed every other rule.
    const fixed = fixedCode(text, c);
    if (fixed !== null) {
      veto(c, trace ? 'a fixed code' : '');
      if (trace)
        drop(
          c,
          `rejected: a fixed code (${fixed}): a test environment's stub or a placeholder, the same for everyone, no code sent for this sign-in`,
          score,
          why,
        );
      continue;
    }
    // (the sixteenth round) One part of a code whose other part comes apart ("Erster Teil des Aktivierungscodes", "the second half
    // comes by post"): no code to type by itself.
    const half = partOfCode(text, c);
    if (half !== null) {
      veto(c, trace ? 'one part of a code' : '');
      if (trace)
        drop(
          c,
          `rejected: one part of a code whose other part comes apart ("${half}"): by post, in a letter or another message; no code to type by itself`,
          score,
          why,
        );
      continue;
    }
    // (the fifteenth round) One segment of a larger identifier, or a catalogue's code in parentheses after its name.
    const part = identifierOf(text, c) ?? parenCode(text, c);
    if (part !== null) {
      veto(c, trace ? `a part of "${part}"` : '');
      if (trace)
        drop(
          c,
          part.startsWith('(')
            ? `rejected: a code in parentheses after a name ("${part}"): a programme's, course's, catalogue's or product's code, no one-time code`
            : `rejected: one group of a larger identifier ("${part}"): a roll, case, ticket, order or policy number, no code`,
          score,
          why,
        );
      continue;
    }
    // (the fifteenth round) The text and the HTML part are one message: a number the text part holds and gave no code (a footer's
    // postcode after its rule line, a train's number below the threshold) is not made one by the HTML's layout, unless it stands
    // alone on its line or right after a code word in small letters there, as the closing's exception reads.
    if (textRejected?.has(c.value) && !alone && !(ctx.tightStrong && ctx.tightLower)) {
      veto(c, trace ? 'the text part gives it no code' : '');
      if (trace)
        drop(
          c,
          "rejected: the text part of this mail holds this number and gives it no code (see its reasons there: a closing's address, another kind of code, too little support…): the HTML part's layout does not make it one",
          score,
          why,
        );
      continue;
    }
    // (the fourteenth round) The closing's numbers: a footer's address, register or phone, unless the number stands alone on its line
    // or right after a code word in small letters ("code: 482913" under a last rule).
    // (the twenty-second round) Not even then when its line gives a phone or a company's register: that code word names the sender's key.
    // (speed: the line's words first, a short regex search; the closing is then found once)
    let register = !alone && ctx.tightStrong && ctx.tightLower ? registerLine(text, c) : null;
    if (register !== null && c.start <= (foot ??= footerStart(text, newlines))) register = null;
    if (register !== null) {
      veto(c, trace ? "a register's key in the closing" : '');
      if (trace)
        drop(
          c,
          `rejected: it stands in the message's closing on a line that gives a phone or a company's register ("${register}"): its code word names the sender's own key (a school's, an insurer's or a company's register), no code sent to the reader`,
          score,
          why,
        );
      continue;
    }
    if (!alone && !(ctx.tightStrong && ctx.tightLower) && c.start > (foot ??= footerStart(text, newlines))) {
      veto(c, trace ? "the message's closing" : '');
      if (trace)
        drop(
          c,
          `rejected: it stands in the message's closing, after its last rule or signature line ("${text.slice(foot, text.indexOf('\n', foot + 1) === -1 ? text.length : text.indexOf('\n', foot + 1)).trim()}"): a footer's address, register or phone, no code`,
          score,
          why,
        );
      continue;
    }
    // (the twentieth round, a general step) A piece of a larger number: a phone's, a card's, an id's or a list's other groups beside it.
    const piece = fragmentOf(text, c);
    if (piece !== null) {
      if (trace)
        drop(
          c,
          `rejected: one space, dash or line break joins it to more digits ("${piece}"): a piece of a larger number (a phone, a card, an id number, a list of codes), no code of its own`,
          score,
          why,
        );
      continue;
    }
    // (the twentieth round) A code told at a pharmacy's, a post office's or a desk's counter (an e-prescription's code), not typed.
    const counter = (counterWords ??= COUNTER_WORD_RE.test(text)) ? counterCode(text, c) : null;
    if (counter !== null) {
      veto(c, trace ? 'a code told at a counter' : '');
      if (trace)
        drop(
          c,
          `rejected: the mail asks to tell or show it at a counter ("${counter}"): a prescription's or a pick-up's code said to a pharmacist or a clerk, no one-time code typed into a form`,
          score,
          why,
        );
      continue;
    }
    // (the twenty-first round) A device's default PIN in a setup guide, or a standing PIN a notice says was changed or set.
    const standing = standingPin(text, c, vocab.keywords, ctx.beforeIdx);
    if (standing !== null) {
      veto(c, trace ? 'a standing PIN' : '');
      if (trace)
        drop(
          c,
          `rejected: a PIN the mail calls a device's default or says was changed or set for the reader ("${standing}"): a printer's, a headset's, a router's or a time clock's standing PIN, no one-time code`,
          score,
          why,
        );
      continue;
    }
    // (the seventeenth round) A general step, read on a number that passed every other rule: one whose code words all stand in other
    // sentences, neither alone on its line, emphasised, framed nor named right after a code word, is what its own sentence names
    // (an ending, an address, an old code, a hotline, an example), not the code the other sentence gives.
    if (
      !hinted &&
      !framed &&
      !emph &&
      !alone &&
      !ctx.tightStrong &&
      !(c.kind === 'spaced' && glossedLine(text, c)) &&
      supportElsewhere(text, c, ctx, vocab.keywords) &&
      !(FRAME_KINDS.has(c.kind) && useFrame(text, c))
    ) {
      if (trace)
        drop(
          c,
          'rejected: every code word near it stands in another sentence, and nothing singles it out (alone on its line, emphasised, right after a code word, a verb of entering before it): no code its own sentence names',
          score,
          why,
        );
      continue;
    }
    // (the twenty-second round, a general step) In a reply or a forward, a quoted number that passed every other rule counts only when
    // the writer's note hands it over or asks the reader to type it.
    if (note > 0 && (silent ??= silentNote(text, note)) !== null) {
      veto(c, trace ? 'a code the forwarder does not hand over' : '');
      if (trace) drop(c, `rejected: the writer's own note above the message it forwards or quotes says ${silent}, none for the reader`, score, why);
      continue;
    }
    let t: CodeTrace | undefined;
    if (trace) {
      t = { value: c.value, kind: c.kind, start: c.start, end: c.end, text, score, accepted: true, reasons: why };
      trace.push(t);
    }
    passed.push({ c, score, t, ctx, hinted });
  }
  if (passed.length === 0) return null;
  if (spent.size > 0) {
    // A candidate that leant on a spent code word is scored again without it (the threshold still applies).
    for (let k = passed.length - 1; k >= 0; k--) {
      const p = passed[k] as (typeof passed)[number];
      if (!spent.has(p.ctx.beforeIdx) && !spent.has(p.ctx.afterIdx)) continue;
      const word = spent.get(spent.has(p.ctx.beforeIdx) ? p.ctx.beforeIdx : p.ctx.afterIdx) as Candidate;
      const kwIdx = spent.has(p.ctx.beforeIdx) ? p.ctx.beforeIdx : p.ctx.afterIdx;
      const kw = vocab.keywords[kwIdx] as Keyword;
      const again = keywordContext(text, p.c, vocab.keywords, new Set(spent.keys()));
      const before = p.hinted ? 2 : p.ctx.score;
      const after = p.hinted ? Math.max(2, again.score) : again.score;
      const score = after <= 0 ? 0 : p.score - before + after;
      const reason = `"${text.slice(kw.start, kw.end)}" labels "${word.value}", which is no one-time code: it does not vouch for this number (score ${round(p.score)} -> ${round(score)})`;
      if (score < THRESHOLD) {
        veto(p.c, trace ? `"${text.slice(kw.start, kw.end)}" labels another number` : '');
        if (p.t) {
          p.t.accepted = false;
          p.t.score = score;
          p.t.reasons.push(`rejected: ${reason}, below the threshold ${THRESHOLD}`);
        }
        passed.splice(k, 1);
      } else {
        p.score = score;
        if (p.t) {
          p.t.score = score;
          p.t.reasons.push(reason);
        }
      }
    }
    if (passed.length === 0) return null;
  }

  // (the seventeenth round) The code a mail names as the previous or old one, or the one a new code replaces ("O código anterior
  // (118 204) já não é válido", "your previous code 482913", "replaces 482913"), is no code to type, whatever else the mail says.
  for (let k = passed.length - 1; k >= 0; k--) {
    const p = passed[k] as (typeof passed)[number];
    const old = previousCodeBefore(text, p.c, vocab.keywords, passed.length > 1);
    if (old === null) continue;
    veto(p.c, trace ? `"${old}"` : '');
    if (p.t) {
      p.t.accepted = false;
      p.t.reasons.push(`rejected: the mail names it the previous or old code, or the one a new code replaces ("${old}"): no code to type`);
    }
    passed.splice(k, 1);
  }
  if (passed.length === 0) return null;

  if (vocab.ended.length > 0) {
    // (the eleventh round) A code the mail says has expired, was used, cancelled or replaced is no code to type: the number in the
    // sentence that says so ("The code 4821 you requested at 08:12 expired before it was used", "Срок действия кода 5912 … истёк"),
    // and every number once the mail says so of the code it names ("der Code ist damit verbraucht"), unless a new code is named.
    for (let k = passed.length - 1; k >= 0; k--) {
      const p = passed[k] as (typeof passed)[number];
      const said = endedOf(text, p.c, vocab);
      if (said === null) continue;
      veto(p.c, trace ? `"${text.slice(said.start, said.end)}"` : '');
      if (p.t) {
        p.t.accepted = false;
        p.t.reasons.push(
          `rejected: the mail says the code has expired, was used, cancelled or replaced ("${text.slice(said.start, said.end)}"${said.sameSentence ? ', in the sentence of this number' : ', of the code it names'}): no code to type`,
        );
      }
      passed.splice(k, 1);
    }
    if (passed.length === 0) return null;
    // (the twenty-third round) A code the mail replaces: where a later number is named the new code ("Use this new code to log in:
    // 266 071"), an earlier one whose sentence or the next says it ended ("We just sent you a code (519 240) … It has been cancelled")
    // is the cancelled one, even when the ended words name no code.
    if (passed.length > 1) {
      const newer = passed.findIndex((p, k) => k > 0 && NEW_CODE_PHRASE_RE.test(text.slice(Math.max(0, p.c.start - 120), p.c.start).toLowerCase()));
      for (let k = newer - 1; k >= 0; k--) {
        const p = passed[k] as (typeof passed)[number];
        const said = replacedOf(text, p.c, (passed[newer] as (typeof passed)[number]).c, vocab);
        if (said === null) continue;
        veto(p.c, trace ? `"${said}"` : '');
        if (p.t) {
          p.t.accepted = false;
          p.t.reasons.push(`rejected: the mail says it ended ("${said}") and names a later number the new code: the code it replaces, no code to type`);
        }
        passed.splice(k, 1);
      }
    }
  }

  const mask = blockedMask(text);
  const masks = passed.map(({ c }) => maskedKind(mask, c.start, c.end));
  passed.forEach(({ c }, k) => {
    if (masks[k] !== 0) veto(c, trace ? `it is part of what looks like ${MASK_KINDS[masks[k] as number]}` : '');
  });
  // (the tenth round) When a candidate stands right after its code word ("code: 482913", "인증번호 [502871]"), that is the number the
  // message names its code: one that does not (a hotline, a card's digits, a postcode further on) is never chosen over it.
  let named: Candidate | null = null;
  for (const [k, { c, ctx }] of passed.entries()) {
    if (ctx.tightStrong && masks[k] === 0 && !notCodes.has(c.value)) {
      named = c;
      break;
    }
  }
  let best: OtpResult | null = null;
  let bestStart = Infinity;
  for (const [k, { c, score, t, ctx }] of passed.entries()) {
    const masked = masks[k] as number;
    if (masked !== 0) {
      if (t) {
        t.accepted = false;
        t.reasons.push(`rejected: it is part of what looks like ${MASK_KINDS[masked]}`);
      }
      continue;
    }
    const elsewhere = notCodes.get(c.value);
    if (elsewhere !== undefined) {
      if (t) {
        t.accepted = false;
        t.reasons.push(`rejected: the same value is no code elsewhere in this text (there, ${elsewhere}), so not here either`);
      }
      continue;
    }
    if (named !== null && !ctx.tightStrong && named.value !== c.value) {
      if (t) {
        t.accepted = false;
        t.reasons.push(`rejected: "${named.value}" stands right after its code word and this number does not: the message names that one its code`);
      }
      continue;
    }
    if (best === null || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && c.start < bestStart)) {
      best = { value: c.value, score, start: c.start, cueOnly: !strongAt(vocab.keywords, ctx.beforeIdx) && !strongAt(vocab.keywords, ctx.afterIdx) };
      bestStart = c.start;
    }
  }
  return best;
}

const UNEVEN = 'rejected: two groups of uneven length (2247 91, K7-29QX) count only right after a code word, or near one and alone on its line';
const PREFIXED_ID =
  "rejected: a letter prefix and a number (RH-551902) with no code word near it: a customer account's, a booking's or a member's identifier, no code";
/**
 * (the sixteenth round) Two groups of uneven length count only right after their code word ("Kode verifikasi: 2247 91" too), or near
 * a lower-case one and alone on their line; a letter prefix and a number only with a code word near it (not a sign-in word alone).
 */
function shapeReject(text: string, c: Candidate, ctx: Context, alone: boolean, keywords: Keyword[]): string | null {
  if (c.kind === 'prefixed') return codeWordNear(ctx, keywords) ? null : PREFIXED_ID;
  if (c.kind === 'alnumPair' && unevenTriple(c.value)) return alone && ctx.nearStrongLower ? null : UNEVEN_TRIPLE;
  if (!unevenGroups(text, c) || ctx.tightStrong || (alone && ctx.nearStrongLower) || labelledBy(text, c, ctx, keywords)) return null;
  return UNEVEN;
}

const UNEVEN_TRIPLE =
  'rejected: three groups of uneven length (JS-8K4Q-27) count only alone on their line near a code word written in lower case: a serial, a part or a booking number otherwise';
/** (the nineteenth round) "JS-8K4Q-27": three groups joined by dashes, one of two characters, not all of two. */
function unevenTriple(value: string): boolean {
  const a = value.indexOf('-');
  const b = value.indexOf('-', a + 1);
  if (a === -1 || b === -1 || value.indexOf('-', b + 1) !== -1) return false;
  const l1 = a;
  const l2 = b - a - 1;
  const l3 = value.length - b - 1;
  return (l1 === 2 || l2 === 2 || l3 === 2) && !(l1 === 2 && l2 === 2 && l3 === 2);
}

/** (the sixteenth round) "2247 91", "22 4791", "K7-29QX": two groups, one of two characters. */
function unevenGroups(text: string, c: Candidate): boolean {
  const span = c.end - c.start;
  if (span !== 7 && span !== 8) return false;
  const s = text.slice(c.start, c.end);
  const gap = s.search(/[ -]/);
  return gap !== -1 && s.indexOf(s[gap] as string, gap + 1) === -1 && (gap === 2 || span - gap - 1 === 2);
}

/** (the sixteenth round) "Kode verifikasi: 2247 91": a code word starts the label the candidate follows on its line, a colon between. */
const LABEL_REACH = 24;
function labelledBy(text: string, c: Candidate, ctx: Context, keywords: Keyword[]): boolean {
  const k = ctx.beforeIdx === -1 ? undefined : keywords[ctx.beforeIdx];
  if (!k?.strong || c.start - k.end > LINE_LABEL_REACH) return false;
  const between = text.slice(k.end, c.start);
  if (between.includes('\n') || !/[:：][ \t]*$/.test(between)) return false;
  // (the twenty-second round) Further on, a lower-case code word whose line ends with the code after a colon: "Enter this code in the
  // "Update details" page:  HT-4K9M" (the sentence of the code word gives the code as its last word).
  return c.start - k.end <= LABEL_REACH || (k.hasLower && LINE_END_RE.test(text.slice(c.end, c.end + 8)));
}
const LINE_LABEL_REACH = 60;
const LINE_END_RE = /^[ \t.]*(?:\n|$)/;

/** (the sixteenth round) A code word (weight 3: "code", "PIN", "OTP") is what supports the candidate, before or after it. */
function codeWordNear(ctx: Context, keywords: Keyword[]): boolean {
  const b = ctx.beforeIdx === -1 ? undefined : keywords[ctx.beforeIdx];
  const a = ctx.afterIdx === -1 ? undefined : keywords[ctx.afterIdx];
  return (b?.strong ?? false) || (a?.strong ?? false);
}

/**
 * (the sixteenth round) Words saying a code comes in parts, the other part apart ("first part of the activation code", "the second
 * half comes by post", "Erster Teil", "zweiten Teil", "première partie", "primera parte", "prima parte", "eerste deel", "pierwsza
 * część", "ilk kısım", "первая часть", "перша частина", "الجزء الأول", "החלק הראשון", "पहला भाग", "phần đầu", "bagian pertama",
 * "前半", "앞부분", "前半部分", "ส่วนแรก"), within PART_REACH characters before the code or on its line.
 */
const PART_RE =
  /\b(?:first|second|other|remaining) (?:part|half)\b|\b(?:erste[nrs]?|zweite[nrs]?|andere[nr]?) (?:teil|hälfte)|\b(?:premi[eè]re|seconde|deuxième|autre) (?:partie|moitié)|\b(?:primera|segunda|otra) (?:parte|mitad)|\b(?:primeira|segunda|outra) (?:parte|metade)|\b(?:prima|seconda|altra) (?:parte|metà)|\b(?:eerste|tweede|andere) (?:deel|helft)|\b(?:pierwsz[aą]|drug[aą]) (?:część|połow[aę])|\b(?:ilk|ikinci|diğer) (?:kısm|yarı)|(?:перв|втор)(?:ая|ую) (?:часть|половин)|(?:перш|друг)(?:а|у) (?:частин|половин)|الجزء (?:الأول|الثاني)|النصف (?:الأول|الثاني)|החלק (?:הראשון|השני)|(?:पहला|दूसरा|पहले|दूसरे) (?:भाग|हिस्सा|हिस्से)|phần (?:đầu|thứ hai|còn lại)|bagian (?:pertama|kedua)|(?:前半|後半)(?:部分|の)|(?:앞|뒷)(?:부분|자리)|(?:前|后|後)半部分|ส่วน(?:แรก|ที่สอง)/;
const PART_REACH = 80;
function partOfCode(text: string, c: Candidate): string | null {
  let end = text.indexOf('\n', c.end);
  if (end === -1 || end > c.end + PART_REACH) end = Math.min(text.length, c.end + PART_REACH);
  // (lower-cased first: a case-sensitive pattern is the faster one)
  const m = PART_RE.exec(text.slice(Math.max(0, c.start - PART_REACH), end).toLowerCase());
  return m ? m[0] : null;
}

/** (the twenty-first round) The keyword at `k` is a code word (false for -1, none). */
function strongAt(keywords: readonly Keyword[], k: number): boolean {
  return k !== -1 && (keywords[k] as Keyword).strong;
}

/** (the eleventh round) A sentence ends at a line break, or at a full stop, a question or an exclamation mark before a space or a CJK stop. */
function sentenceStart(text: string, pos: number): number {
  for (let p = pos - 1; p >= 0; p--) {
    const ch = text[p] as string;
    if (ch === '\n' || ch === '。' || ch === '！' || ch === '？') return p + 1;
    if ((ch === '.' || ch === '!' || ch === '?') && /\s/.test(text[p + 1] ?? ' ')) return p + 1;
  }
  return 0;
}
function sentenceEnd(text: string, pos: number): number {
  for (let p = pos; p < text.length; p++) {
    const ch = text[p] as string;
    if (ch === '\n' || ch === '。' || ch === '！' || ch === '？') return p;
    if ((ch === '.' || ch === '!' || ch === '?') && /\s/.test(text[p + 1] ?? ' ')) return p;
  }
  return text.length;
}

/**
 * (the eighteenth round) The one code to use now, after the mail said an earlier one ended: "use only the code below", "nur den
 * folgenden Code", "uniquement le code ci-dessous", "solo el código de abajo", "apenas o código abaixo", "solo il codice qui sotto",
 * "alleen de code hieronder", "tylko kodu poniżej", "yalnızca aşağıdaki kodu", "только код ниже", "лише код нижче", "فقط الرمز أدناه",
 * "רק בקוד שלמטה", "केवल नीचे दिया कोड", "chỉ dùng mã dưới đây", "hanya kode di bawah", "下記のコードのみ", "아래 코드만", "仅使用下面的验证码".
 */
const ONLY_CODE_RE =
  /(?:^|[^\p{L}])(?:only (?:the |this )?(?:code|one) below|only (?:the |this )?(?:latest|newest|most recent|following) code|nur (?:noch )?(?:den|diesen) (?:folgenden |neuesten |unten stehenden )?code|(?:uniquement|seulement|seul) (?:le )?code (?:ci-dessous|suivant)|(?:solo|solamente|únicamente) (?:el )?código (?:de abajo|siguiente|a continuación)|(?:apenas|somente|só) o código (?:abaixo|seguinte)|(?:solo|soltanto|solamente) il codice (?:qui sotto|seguente|sotto)|alleen (?:de )?(?:code hieronder|onderstaande code|volgende code)|tylko (?:kod(?:u)? poniżej|poniższ(?:y|ego) kod(?:u)?)|yalnızca aşağıdaki kod|(?:только|лишь) код ниже|лише код нижче|فقط الرمز|רק (?:ב|את )?הקוד|केवल नीचे|chỉ (?:dùng |sử dụng )?mã (?:dưới|bên dưới)|hanya kode (?:di bawah|berikut))|下記のコードのみ|以下のコードのみ|아래 코드만|仅使用下面|僅使用下面|只使用下面/u;

/** (the eleventh round) "new code", "neuer Code", "nouveau code", "nuevo código", "новый код", "رمز جديد", "קוד חדש", "mã mới", "新的验证码"… */
const NEW_CODE_RE =
  /(?:^|[^\p{L}])(?:new|neue[nrs]?|nouveaux?|nouvelle|nuev[oa]|nov[oa]|nuov[oa]|nieuwe|now(?:y|ego|ą)|yeni|нов(?:ый|ого|ую|ий|ая)|جديد|الجديد|חדש|החדש|नया|नई|mới|baru)(?:$|[^\p{L}])|新|새로운|새 |ใหม่/u;

/**
 * (the twenty-third round) What the mail says ended of the code `c` that a later number `newer` replaces: an ended word in `c`'s sentence
 * or the next (on the same paragraph, before `newer`). Its words, or null.
 */
function replacedOf(text: string, c: Candidate, newer: Candidate, vocab: Vocabulary): string | null {
  const from = sentenceStart(text, c.start);
  const to = Math.min(sentenceEnd(text, sentenceEnd(text, c.end) + 1), newer.start);
  for (const e of vocab.ended) {
    if (e.start < from || e.end > to) continue;
    if (text.slice(c.end, e.start).includes('\n\n')) continue;
    return text.slice(e.start, e.end);
  }
  return null;
}

/**
 * (the eleventh round) What the mail says ended of the code `c`: an ended word in its sentence, or one with a code word before it in
 * its own sentence (within 80 characters), anywhere in the text. Null when there is none, or when a new code is named on the
 * candidate's line before it ("Dein neuer Code: 482913").
 */
function endedOf(text: string, c: Candidate, vocab: Vocabulary): { start: number; end: number; sameSentence: boolean } | null {
  const from = sentenceStart(text, c.start);
  const to = sentenceEnd(text, c.end);
  let found: { start: number; end: number; sameSentence: boolean } | null = null;
  for (const e of vocab.ended) {
    if (e.start >= from && e.end <= to) {
      found = { ...e, sameSentence: true };
      break;
    }
    const s = sentenceStart(text, e.start);
    for (let k = lowerBound(vocab.keywords, Math.max(s, e.start - 80)); k < vocab.keywords.length; k++) {
      const kw = vocab.keywords[k] as Keyword;
      if (kw.end > e.start) break;
      if (kw.strong) {
        found = { ...e, sameSentence: false };
        break;
      }
    }
    if (found) break;
  }
  if (found === null) return null;
  // (the seventeenth round) An ended word said of the previous or old code ("Der vorherige Code ist nicht mehr gültig") ends that
  // code only: a number outside its sentence is not ended by it.
  if (!found.sameSentence && PREVIOUS_CODE_RE.test(text.slice(sentenceStart(text, found.start), found.end).toLowerCase())) return null;
  // Before the number, on its line or since the words that ended the other code.
  let from2 = c.start;
  while (from2 > 0 && text[from2 - 1] !== '\n') from2--;
  if (found.end <= c.start) from2 = Math.min(from2, Math.max(found.end, c.start - 300));
  const before = text.slice(from2, c.start).toLowerCase();
  return NEW_CODE_RE.test(before) || ONLY_CODE_RE.test(before) ? null : found;
}

/**
 * (the seventeenth round) The previous, old or replaced code, in the 21 languages: "previous code", "old code", "earlier code",
 * "vorheriger/alter Code", "ancien code", "code précédent", "código anterior/antiguo", "codice precedente", "vorige/oude code",
 * "poprzedni/stary kod", "önceki/eski kod", "предыдущий/старый код", "попередній/старий код", "الرمز السابق", "הקוד הקודם/הישן",
 * "पिछला/पुराना कोड", "mã cũ/trước", "kode sebelumnya/lama", "以前の/前のコード", "이전 코드", "之前的/旧的验证码", "รหัสเดิม/ก่อนหน้า";
 * "replaces", "ersetzt", "remplace", "reemplaza", "substitui", "sostituisce", "vervangt", "zastępuje", "yerine", "заменяет",
 * "замінює", "يحل محل", "מחליף", "की जगह", "thay thế", "menggantikan", "代替", "取代", "替换", "대체", "แทน".
 */
const PREVIOUS_CODE_RE =
  /(?:previous|old|earlier|former|prior)(?: \w+)? (?:code|otp|pin|passcode)|(?:vorherige[nrs]?|alte[nrs]?|frühere[nrs]?) (?:\p{L}*code|tan|pin)|ancien(?:ne)? code|code (?:précédent|antérieur)|(?:código|clave|senha|codice|code|kode|mã)(?: \p{L}+)? (?:anterior|antiguo|viejo|antigo|precedente|vecchio|sebelumnya|lama|cũ|trước đó)(?:$|[^\p{L}])|(?:vorige|oude|poprzedni|stary|önceki|eski|предыдущий|прежний|старый|попередній|старий) (?:\p{L}+ )?(?:code|kod|kodu|kodunuz|код)|(?:الرمز|الكود|رمز) (?:السابق|القديم)|הקוד (?:הקודם|הישן)|(?:पिछला|पुराना|पिछले|पुराने) (?:कोड|ओटीपी|otp)|(?:以前|前回|前)の(?:コード|認証|確認)|이전 (?:코드|인증)|(?:之前|以前|原来|原來|旧|舊)的?(?:验证码|驗證碼|代码|代碼|码|碼)|รหัส(?:เดิม|ก่อนหน้า|เก่า)/u;
/** (the seventeenth round) A word that says the value after it is replaced by the code: "replaces 482913", "ersetzt 482913". */
const REPLACES_RE =
  /(?:^|[^\p{L}])(?:replaces|replacing|ersetzt|remplace|reemplaza|sustituye|substitui|sostituisce|vervangt|zastępuje|заменяет|замінює|يحل محل|מחליף|thay thế|menggantikan|代替|取代|替换|替換|대체|แทน)(?:$|[^\p{L}])|yerine|की जगह/u;

/**
 * (the seventeenth round) The previous-code or replaced words in the 60 characters before `c` within its clause (no sentence end
 * between), or null: the number the mail names as the old code.
 */
function previousCodeBefore(text: string, c: Candidate, keywords: Keyword[], another: boolean): string | null {
  let from = c.start;
  while (from > 0 && c.start - from < 60 && !CLAUSE_STOPS.includes(text[from - 1] as string)) from--;
  // Every previous-code phrase holds a code word: read only where one stands in the clause before the number. A replacing word
  // needs no code word ("It replaces 482913"), but then the mail names another code: read only when another number passed.
  const k = lowerBound(keywords, from);
  const codeWord = k < keywords.length && (keywords[k] as Keyword).start < c.start;
  if (!codeWord && !another) return null;
  const before = text.slice(from, c.start).toLowerCase();
  const m = (codeWord ? PREVIOUS_CODE_RE.exec(before) : null) ?? (another ? REPLACES_RE.exec(before) : null);
  return m === null ? null : m[0].trim();
}
const CLAUSE_STOPS = '.!?;。！？\n:：';

/**
 * (the seventeenth round) A verification code word right before a letters-and-digits value ("Your RoamSIM verification code is
 * 4TK9QZ. Type it on the checkout page"): a shopping word near it speaks of the page it is typed on, not of a coupon.
 */
const VERIFICATION_WORD_RE =
  /verif|one-time|otp|log-?in code|sign-?in code|security code|confirmation code|bestätigungs|sicherheitscode|anmeldecode|vérification|verificación|verificação|verifica|verificatie|weryfikac|doğrulama|подтвержд|провероч|підтвердж|перевір|التحقق|אימות|सत्यापन|xác (?:minh|thực)|verifikasi|認証|確認コード|인증|验证|驗證|ยืนยัน/;
function verificationCodeBefore(text: string, c: Candidate): boolean {
  let from = c.start;
  while (from > 0 && c.start - from < 40 && text[from - 1] !== '\n') from--;
  return VERIFICATION_WORD_RE.test(text.slice(from, c.start).toLowerCase());
}

/** The first non-zero mark of `mask` in [start, end), or 0. */
function maskedKind(mask: Uint8Array, start: number, end: number): number {
  for (let i = start; i < end; i++) if (mask[i] !== 0) return mask[i] as number;
  return 0;
}

/** Shared by every candidate scored without a trace: never written to (every push is under `if (trace)`). */
const NO_REASONS: string[] = [];
const NO_NEGATED: Vocabulary['negated'] = [];

const KIND_NAMES: Record<Kind, string> = {
  num: 'a number',
  split: 'a number in groups',
  spaced: 'digits spaced one by one',
  prefixed: 'a prefixed code (G-123456)',
  alnum: 'capitals and digits',
  alnumPair: 'groups of capitals and digits',
  letters: 'capitals only',
  lettersPair: 'groups of capitals',
  mixed: 'mixed case with digits',
};

function chars(n: number): string {
  return n === 1 ? '1 character' : `${n} characters`;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The keyword support of a candidate in words (only computed for explain()). */
function supportReasons(text: string, c: Candidate, ctx: Context, vocab: Vocabulary, hinted: boolean): string[] {
  const out: string[] = [];
  const word = (k: number) => {
    const kw = vocab.keywords[k] as Keyword;
    // (the twenty-third round) "access code" is a code word only where the mail gives its code a life of minutes.
    const access = kw.strong && /^access[ \t]$/i.test(text.slice(Math.max(0, kw.start - 7), kw.start));
    return `${kw.strong ? 'code word' : 'cue word'} "${text.slice(access ? kw.start - 7 : kw.start, kw.end)}"${access ? " (an access code the mail says expires in minutes: a sign-in's one-time code, no door's)" : ''}`;
  };
  const halfBefore = ctx.beforeIdx !== -1 && ctx.afterIdx !== -1 && ctx.beforeScore < ctx.afterScore;
  if (ctx.beforeIdx !== -1) {
    const kw = vocab.keywords[ctx.beforeIdx] as Keyword;
    const half = halfBefore ? ', counted half' : '';
    out.push(`${word(ctx.beforeIdx)} ${chars(c.start - kw.end)} before (+${round(halfBefore ? ctx.beforeScore / 2 : ctx.beforeScore)}${half})`);
  }
  if (ctx.afterIdx !== -1) {
    const kw = vocab.keywords[ctx.afterIdx] as Keyword;
    const half = !halfBefore && ctx.beforeIdx !== -1 ? ', counted half' : '';
    out.push(`${word(ctx.afterIdx)} ${chars(kw.start - c.end)} after (+${round(half ? ctx.afterScore / 2 : ctx.afterScore)}${half})`);
  }
  if (hinted) out.push('the subject names a code and this one stands out (emphasised or alone on its line): support raised to 2');
  // Only where the support is weak: there it may be why the candidate was dropped.
  for (const n of ctx.score < THRESHOLD ? vocab.negated : NO_NEGATED) {
    if (n.end < c.start - BEFORE_WINDOW || n.start > c.end + AFTER_WINDOW) continue;
    out.push(`"${text.slice(n.start, n.end).replace(/\s+/g, ' ')}" names another kind of code (meeting, promo, postal...): not counted as a code word`);
  }
  // (the twelfth round) Code words after "never" ("We will never ask for your code"), where the support is weak.
  if (ctx.score < THRESHOLD) {
    for (const kw of vocab.keywords) {
      if (!kw.never || kw.end < c.start - BEFORE_WINDOW || kw.start > c.end + AFTER_WINDOW) continue;
      out.push(
        `code word "${text.slice(kw.start, kw.end)}" follows "never" in its clause ("we will never ask for your code"): it names no code sent, not counted`,
      );
    }
  }
  return out;
}
