/**
 * Verification-link selection: every link gets a score from its URL (path and
 * query words, token-like parameters) and from its label (anchor text in HTML,
 * the words before the URL in plain text). Links that are unsubscribe,
 * tracking-pixel, image, social, legal/help or app-store links are rejected
 * outright. The best link scoring at least LINK_THRESHOLD wins.
 */
import { findUrls } from './text.js';

// Labels and the text around links are NFKC-normalised (cleanInline), so every pattern below is written
// in that form: Thai sara am (U+0E33) as nikhahit and sara aa ("คําเชิญ"), no full-width forms.

export interface LinkCandidate {
  url: string;
  label: string;
  /** The text on the link's line before it (HTML; a text part's label already is that). */
  before?: string;
  /** The text right after the link, to the end of its line or of the next non-empty one. */
  after?: string;
  /** Where the link sits in the text it was found in (the URL in a text part, the label in HTML). */
  start?: number;
  end?: number;
}

/** What pickLink() made of one link, kept only when a trace is asked for (explain()). */
export interface LinkTrace {
  url: string;
  label: string;
  start?: number;
  end?: number;
  /** Null when a rule rejected the link outright. */
  score: number | null;
  /** Scored at least LINK_THRESHOLD. */
  accepted: boolean;
  chosen: boolean;
  reasons: string[];
}

/** The score a link must reach. */
export const LINK_THRESHOLD = 4;

const SOCIAL_HOSTS = new Set([
  'twitter.com',
  'x.com',
  'facebook.com',
  'fb.com',
  'fb.me',
  'linkedin.com',
  'instagram.com',
  'youtube.com',
  'youtu.be',
  'tiktok.com',
  'pinterest.com',
  'reddit.com',
  'threads.net',
  'mastodon.social',
  'discord.gg',
  'discord.com',
  't.me',
  'wa.me',
  'snapchat.com',
  'vimeo.com',
  'medium.com',
  'bsky.app',
  'xing.com',
  'apps.apple.com',
  'itunes.apple.com',
  'play.google.com',
]);

/**
 * An unsubscribe, preferences, legal, help or similar page. (the twenty-third round) A sharing page ("/share") that goes on to accept
 * or join ("/share/accept/…", "/share/join/…", "/share/invite/…") is an invitation's action, not a page that shares the mail.
 */
const REJECT_URL_RE =
  /unsub|opt[-_]?out|optout|\/preferences|email[-_]?pref|manage[-_]?(?:subscription|email|notification)|subscription[-_]?(?:center|centre|settings|preferences)|email[-_]?settings|notification[-_]?settings|abmeld|abbestell|d[ée]sinscri|d[ée]sabonn|darse[-_]de[-_]baja|\/baja|descadastr|disiscri|cancellazione|afmeld|uitschrijv|\/privacy|privacy[-_]policy|\/terms|\/legal|\/tos\b|\/help\b|\/help\/|helpcenter|help[-_]center|\/support\b|\/support\/|\/faq|\/contact|\/about|\/impressum|\/imprint|\/datenschutz|\/agb\b|\/cookie|\/careers|\/jobs\b|\/press\b|\/blog\b|webversion|view[-_]?in[-_]?browser|\/view[-_]?online|\/browser[-_]?view|\/share\b(?![/_-](?:accept|join|invit))|\/forward\b/;
const PIXEL_RE =
  /(?:^|\/)(?:open|opened|pixel|beacon|wf\/open|track\/open)(?:\.gif|\.png|\/|$)|\/(?:open|pixel|beacon)\.(?:gif|png|php|aspx)|[?&](?:open|pixel)=/;
const IMAGE_RE = /\.(?:png|jpe?g|gif|webp|svg|ico|bmp|tiff?)$/;

/** Labels that disqualify a link whatever else it says. */
const REJECT_LABEL_RE =
  /unsubscribe|opt[- ]?out|manage (?:your )?(?:preferences|subscription|email|notification)|email preferences|update (?:your )?preferences|\babmelden|abbestellen|d[ée]sinscri|d[ée]sabonn|darse de baja|cancelar (?:la )?suscripci|descadastr|cancelar inscri|disiscriv|annulla l'iscrizione|\bafmelden|uitschrijven|view (?:it |this email )?(?:in|on) (?:your |a )?(?:browser|web)|view online|im browser (?:anzeigen|ansehen|öffnen)|online ansehen|version en ligne|ver en el navegador|^(?:twitter|x|facebook|linkedin|instagram|youtube|github|tiktok|pinterest)$|app store|google play/;
/** Labels of legal/help links; ignored when the label also asks to verify/confirm/reset. */
const SOFT_REJECT_LABEL_RE =
  /privacy|datenschutz|confidentialit|privacidad|privacidade|\bterms\b|nutzungsbedingungen|\bagb\b|conditions g[ée]n[ée]rales|t[ée]rminos|termos|termini|voorwaarden|help ?cent(?:er|re)|hilfe|\baide\b|ayuda|ajuda|aiuto|\bhelp\b|\bsupport\b|\bfaq\b|contact us|kontakt|\bcontact\b/;

const STRONG_URL_RE =
  /verif|confirm|activat|magic|reset|validat|recover|passwordless|set[-_]?password|new[-_]?password|change[-_]?password|bestaetig|bestätig|verifizier|aktivier|confirmer|activer|verificar|confirmar|activar|ativar|conferma|attiva|bevestig|activeer|verifieer|email[-_]?link|one[-_]?click|double[-_]?opt|login-actions\/action-token|potwierdz|weryfik|aktywuj|aktywac|aktywow|activac|ativac|aktivas|aktivac|aktivir|nowe[-_]?haslo|zmiana[-_]?hasla|odzyskiw|dogrula|podtver|pidtverd|xac-nhan|xac-minh|xac-thuc|kich-hoat|verifikasi|konfirmasi|aktifkan|approv|goedkeur|genehmig|aprobar|aprovar|valider|validar|convalida|dat-lai|atur[-_]?ulang|setel[-_]?ulang|sbros|sifirla|zresetuj|restablec|redefin|reimposta|herstel|zuruecksetz|reinitialis|réinitialis|recuper[a-z]*[-_/]?(?:password|contrasena|contrase%c3%b1a|senha|passwort|acces|cuenta|conta)|(?:password|contrasena|senha)[-_/]?recuper/;
const WEAK_URL_RE =
  /login|log[-_]in|signin|sign[-_]in|sign_in|\/auth|auth\/|oauth|\/sso|session|callback|password|passwort|invite|invitation|accept|onboard|welcome|access|connexion|anmeld|entrar|acceder|accedi|inlog|wachtwoord|mot[-_]de[-_]passe|contrasena|senha|haslo|sifre|parol|mat[-_]khau|kata[-_]sandi|kennwort/;
const NEGATIVE_URL_RE =
  /\/orders?\b|\/order[-_]|bestellung|commande|pedido|ordine|invoice|receipt|rechnung|facture|factura|tracking|\/track\b|\/track\/|shipment|sendung|delivery|\/cart|\/checkout|\/product|\/shop\b|\/deals|\/sale\b|\/news\b|\/article|\/events?\b|\/calendar|\/meeting|\/webinar/;
/** Query parameters that carry a secret: a strong sign of a one-shot link. */
const TOKEN_PARAM_RE =
  /[?&#](?:token|t|code|key|k|sig|signature|otp|hash|h|ticket|nonce|jwt|auth|oobcode|confirmation_token|reset_password_token|reset_token|verification_token|activation_key|activation_code|magic|magic_token|login_token|id_token|access_token|jeton|cle|clé|chave|clave|codigo|código|codice|schluessel|schlüssel|sleutel|klucz|anahtar|kunci|kod|kode|ma|ma_xac_thuc|maxacthuc)=([^&#]{8,})/i;
/** Click-tracking redirect parameters: opaque, but not by themselves a secret. */
const REDIRECT_PARAM_RE = /[?&#](?:upn|qs|u|e|lt|s|link|url|redirect|r|d|data)=([^&#]{16,})/i;
const LONG_SEGMENT_RE = /[A-Za-z0-9_\-.~%]{20,}/;

const STRONG_LABEL_RE =
  /verif|confirm|activat|reset (?:your |my )?password|reset password|new password|set (?:a |up |your )?(?:new )?password|choose (?:a )?(?:new )?password|change (?:your )?password|magic link|complete (?:your )?(?:registration|sign[- ]?up)|validate|bestätig|verifizier|aktivier|zurücksetzen|neues passwort|passwort festlegen|passwort ändern|konto freischalten|confirmer|vérifi|activer|réinitialiser|nouveau mot de passe|valider|confirmar|activar|ativar|restablecer|redefinir|nueva contraseña|nova senha|restaurar|conferma|attiva|verifica|reimposta|nuova password|bevestig|verifieer|activeer|opnieuw instellen|nieuw wachtwoord|認証|確認|有効化|再設定/;
// (the eighth round) the infinitives of a purpose: "um dich anzumelden", "einzuloggen", "om in te loggen", "aan te melden"
const SIGNIN_LABEL_RE =
  /sign ?in|sign-in|log ?in|log-in|log on|login|anmelden|einloggen|anzumelden|einzuloggen|in te loggen|aan te melden|jetzt anmelden|se connecter|me connecter|vous connecter|connecte-toi|connexion|iniciar sesi[oó]n|inici(?:ar|e) (?:a )?sessão|início de sessão|oturum aç|entrar|acceder|accedi|accedere|inloggen|aanmelden|ログイン|zaloguj|giriş yap|войти|увійти|تسجيل الدخول|התחבר|लॉग इन|đăng nhập|เข้าสู่ระบบ|로그인|登录|登入|\bmasuk\b|लॉगिन|サインイン|登錄/;
/** Verify, confirm, activate, reset in the languages STRONG_LABEL_RE does not cover, and the stock labels of identity servers. */
const NATIVE_ACTION_LABEL_RE =
  /potwierdź|potwierdz|zweryfikuj|zweryfikować|weryfikacj|aktywuj|aktywować|aktywacj|aktywowania|zresetuj|zresetować|resetowania hasła|ustaw nowe hasło|ustawić nowe hasło|zmienić hasło|activación|activa tu|ativação|ative sua|aktivasi|aktivasyon|активац|активуват|активаці|doğrula|onayla|etkinleştir|aktifleştir|sıfırla|подтверд|активир|сбросить|сброса|новый пароль|підтверд|активув|скинути|скидання|новий пароль|تأكيد|تحقق|التحقق|تفعيل|إعادة تعيين|אימות|אמתו|לאמת|אישור|הפעלת|הפעל את|איפוס|सत्यापित|सत्यापन|पुष्टि|सक्रिय|रीसेट|xác nhận|xác minh|xác thực|kích hoạt|đặt lại|ยืนยัน|เปิดใช้งาน|รีเซ็ต|verifikasi|konfirmasi|mengonfirmasi|aktifkan|atur ulang|setel ulang|本登録|登録を完了|アクティベート|인증|활성화|재설정|验证|驗證|确认|激活|啟用|启用|重置|重設|重设|reset credentials|anmeldeinformationen|zugangsdaten|credenciales|credenziali|credenciais|danych logowania|учетных данных|account update|update (?:your )?account|registrierung abzuschließen|registrierung abschließen|terminer (?:votre|ton) inscription|completar (?:tu|el|su) registro|concluir (?:o |seu )?cadastro|completare la registrazione|registratie (?:te )?voltooien|passwort (?:neu )?(?:setzen|vergeben)|neues passwort|zurückzusetzen|(?:passwort|kennwort) (?:jetzt |neu )?(?:zu )?(?:ändern|setzen|vergeben|festlegen)|neues kennwort|nouveau mot de passe|changer (?:de |votre |mon )?mot de passe|cambiar (?:tu |la |mi )?contraseña|crear (?:una )?nueva contraseña|criar (?:uma )?nova senha|alterar (?:a |sua |minha )?senha|cambia(?:re)? (?:la )?password|nuova password|wachtwoord (?:wijzigen|instellen)|zmień hasło|zmiana hasła|nowe hasło|şifre(?:ni|nizi|mi)? (?:değiştir|yenile|belirle)|yeni şifre|сменить пароль|изменить пароль|новый пароль|задать (?:новый )?пароль|восстановить пароль|восстановлени[ея] пароля|змінити пароль|відновити пароль|новий пароль|створити (?:новий )?пароль|تغيير كلمة المرور|كلمة مرور جديدة|استعادة كلمة المرور|שינוי סיסמה|סיסמה חדשה|שחזור סיסמה|पासवर्ड बदलें|नया पासवर्ड|đổi mật khẩu|mật khẩu mới|khôi phục mật khẩu|ตั้งรหัสผ่านใหม่|เปลี่ยนรหัสผ่าน|รหัสผ่านใหม่|ubah kata sandi|kata sandi baru|ganti kata sandi|パスワードを(?:変更|再設定|設定)|新しいパスワード|비밀번호 (?:변경|재설정|설정)|새 비밀번호|修改密码|更改密码|设置新密码|新密码|修改密碼|更改密碼|設定新密碼|新密碼|이메일(?: 주소)? 확인|メールアドレス(?:の|を)?確認/;
/**
 * (the twelfth round) Unlocking an account finishes what an unlock mail asks ("Unlock your account", "Konto entsperren",
 * "Débloquer", "Desbloquear", "sbloccare", "ontgrendelen", "odblokuj", "kilidini aç", "разблокировать", "розблокувати", "فك
 * القفل", "שחרור נעילה", "अनलॉक", "mở khóa", "buka kunci", "ปลดล็อก", "ロック解除", "잠금 해제", "解锁", "解鎖"): read in the label only.
 */
const UNLOCK_LABEL_RE =
  /unlock (?:your |my |the )?account|entsperren|débloquer|déverrouiller|desbloquear|sblocca|ontgrendel|deblokkeer|odblokuj|odblokować|kilidini aç|kilidi aç|разблокир|розблокув|إلغاء (?:قفل|حظر)|فك (?:قفل|حظر)|שחרור (?:ה)?נעילה|בטל(?:ו)? (?:את )?הנעילה|अनलॉक|mở khóa|buka (?:kunci|blokir)|ปลดล็อก|ロック(?:を)?解除|잠금 ?해제|解锁|解鎖|解除锁定|解除鎖定/;
/**
 * (the twelfth round) URL words of unlocking and of a new password in the path ("/account/unlock", "/compte/debloquer",
 * "/konto/passwort/neu/…", "nouveau-mot-de-passe"), read after STRONG_URL_RE and WEAK_URL_RE: only in a URL with a word of
 * a lock or a password (UNLOCK_URL_GATE_RE).
 */
const UNLOCK_URL_GATE_RE = /lock|blo[qk]|sperr|verrou|sblocc|grendel|mo-khoa|kunci|pass|wort|wachtwoord|contrasena|senha|sifre|parol|khau|sandi/;
const UNLOCK_URL_RE =
  /unlock|entsperr|debloqu|déverrouill|deverrouill|desbloque|sblocc|ontgrendel|deblokk|odblok|razblok|rozblok|mo-khoa|buka-kunci|passwort\/neu|neues?[-_]passwort|kennwort\/neu|mot-de-passe\/nouveau|nouveau[-_]mot[-_]de[-_]passe|nueva[-_]contrasena|nova[-_]senha|nuova[-_]password|nieuw[-_]wachtwoord|wachtwoord\/nieuw|yeni[-_]sifre|novyj[-_]parol|novyi[-_]parol|mat-khau-moi|kata-sandi-baru/;
/** Accepting an invitation (to a team, workspace, project) finishes what such a mail asks. */
const INVITE_ACCEPT_RE =
  /\baccept\b|accept invitation|annehmen|akzeptieren|accepter|aceptar|aceitar|accetta|accepteren|akceptuj|zaakceptuj|kabul et|принять|прийняти|قبول|קבלת ההזמנה|קבל את ההזמנה|קבל(?:י|ו)? (?:את )?ה?הזמנה|לקבלת ההזמנה|स्वीकार करें|chấp nhận|ยอมรับ|terima undangan|\bterima\b(?! kasih)|\baccepteer\b|承諾|受け入れ|承認|招待を受け|수락|接受|รับคําเชิญ|ตอบรับ|przyjmij|przyjmuję|davet(?:i|iyi) kabul|kabul ediyorum/;
/** Where an accept label leads to an invitation (not "accept cookies" or "accept the new terms"). */
const INVITE_URL_RE = /invit|accept|join|team|workspace|member|convite|einladung|uitnodiging|zaproszen|davet|collaborat/;
/** Joining is the action of an invitation only where the URL or the label names the invitation ("Dołącz do zespołu" → /zaproszenie/…). */
const JOIN_RE =
  /\bjoin\b|beitreten|rejoindre|unirte|unirse|únete|participar da equipe|entrar na equipe|unisciti|lid worden|deelnemen|dołącz|katıl|присоединиться|приєднатися|انضم|הצטרף|הצטרפו|शामिल हों|tham gia|เข้าร่วม|bergabung|参加する|참여하기|가입하기|加入|(?:\bjoining\b|beitritt|adhésion|unión al|adesão|adesione|deelname|dołączenie|katılım|присоединение|приєднання|الانضمام|انضمام|הצטרפות|הצטרפי|शामिल होना|gabung|参加|참여|참가)/;
const INVITE_ONLY_URL_RE =
  /invit|convite|einladung|uitnodiging|zaproszen|davet|приглаш|priglash|zaproshen|запрош|undangan|loi-moi|yaoqing|chodae|shoutai|hazmana|daawa/;
/** A join label that is a meeting's or an event's ("Join the meeting", "Join webinar"), never an invitation's accept. */
const MEETING_LABEL_RE =
  /meeting|webinar|call|reunión|réunion|besprechung|riunione|vergadering|spotkani|toplantı|встреч|зустріч|اجتماع|פגישה|मीटिंग|cuộc họp|ประชุม|rapat|会議|회의|会议|會議|live|stream|event/;
/** A label that names the invitation it accepts ("Terima undangan", "Chấp nhận lời mời"). */
const INVITE_WORD_RE =
  /invit|einladung|uitnodiging|zaproszeni|davet|приглашени|запрошен|دعوة|הזמנה|आमंत्रण|निमंत्रण|lời mời|คําเชิญ|undangan|招待|초대|邀请|邀請|convite|zaproszeni|приглашени/;
/** Declining is no action to take for the user of a test. */
const DECLINE_RE =
  /decline|ablehnen|refuser|rechazar|recusar|rifiuta|weigeren|odrzuć|reddet|отклонить|відхилити|رفض|דחייה|דחיית|דחה את|דחו את|अस्वीकार|từ chối|ปฏิเสธ|tolak|辞退|거절|拒绝|婉拒|拒絕/;
/**
 * (the seventh round) Viewing or opening the invitation: "View invitation", "Einladung ansehen", "Voir l'invitation", "招待を表示",
 * "초대 보기", "查看邀请"; the action of an invitation mail when the URL names the invitation (INVITE_ONLY_URL_RE).
 */
const VIEW_INVITE_RE =
  /(?:view|see|open|review) (?:the |this |your |my )?invitation|einladung (?:ansehen|anzeigen|öffnen)|voir l'invitation|afficher l'invitation|ver (?:la )?invitación|ver (?:o )?convite|visualizza(?:re)? l'invito|vedi l'invito|uitnodiging (?:bekijken|openen)|bekijk (?:de )?uitnodiging|zobacz zaproszenie|wyświetl zaproszenie|daveti (?:görüntüle|gör|aç)|посмотреть приглашение|открыть приглашение|переглянути запрошення|відкрити запрошення|عرض الدعوة|فتح الدعوة|(?:הצג|צפה ב|צפייה ב|פתח )(?:את )?ההזמנה|आमंत्रण देखें|निमंत्रण देखें|xem lời mời|ดูคําเชิญ|lihat undangan|招待を(?:表示|確認|見る)|초대(?:장)? (?:보기|확인)|查看邀请|查看邀請/;
/**
 * (the seventh round) Stock mails of frameworks and servers, recognised by the shape of their action URL whatever the
 * language of the mail: WordPress's set-password link, Devise's (Rails, GitLab, Mastodon) invitation, confirmation, reset and
 * unlock tokens, Firebase's action handler, Supabase's verify endpoint, Discourse's activation, reset and e-mail login, Gitea's
 * activation and recovery, GitLab's invite, Django's reset and Laravel's reset-password; (the fifteenth round) Moodle's
 * forgot_password.php?token= and confirm.php?data= (its password reset and its sign-up confirmation).
 */
const FRAMEWORK_URL_RE =
  /\/wp-login\.php\?(?:[^#]*&)?action=(?:rp|resetpass)&(?:[^#]*&)?key=[^&#]{8,}|\/invitation\/accept\?(?:[^#]*&)?invitation_token=[^&#]{8,}|[?&](?:confirmation_token|reset_password_token|unlock_token)=[^&#]{8,}|\/__\/auth\/action\?(?=[^#]*mode=(?:resetpassword|verifyemail|signin|recoveremail|verifyandchangeemail))(?=[^#]*oobcode=[^&#]{8,})|\/auth\/v1\/verify\?(?=[^#]*token=[^&#]{8,})(?=[^#]*type=)|\/u\/(?:activate-account|password-reset)\/[^/?#]{16,}|\/session\/email-login\/[^/?#]{16,}|\/user\/(?:activate|recover_account)\?code=[^&#]{16,}|\/-\/invites\/[^/?#]{16,}|\/reset\/[a-z0-9_-]{1,40}\/[a-z0-9]{1,13}-[a-z0-9]{20,}\/?$|\/reset-password\/[a-z0-9]{32,}(?:\?|$)|\/login\/forgot_password\.php\?(?:[^#]*&)?token=[^&#]{16,}|\/login\/confirm\.php\?(?:[^#]*&)?data=[^&#]{16,}/;
/** The name of the stock mail a FRAMEWORK_URL_RE match comes from, for explain(). */
function frameworkName(pq: string): string {
  if (pq.includes('wp-login.php')) return 'WordPress';
  if (pq.includes('/__/auth/action')) return 'Firebase';
  if (pq.includes('/auth/v1/verify')) return 'Supabase';
  if (/\/u\/(?:activate-account|password-reset)\/|\/session\/email-login\//.test(pq)) return 'Discourse';
  if (pq.includes('/user/activate') || pq.includes('/user/recover_account')) return 'Gitea';
  if (pq.includes('/-/invites/')) return 'GitLab';
  if (/_token=/.test(pq)) return 'Devise (Rails, GitLab, Mastodon)';
  if (pq.includes('/reset-password/')) return 'Laravel';
  if (pq.includes('/login/forgot_password.php') || pq.includes('/login/confirm.php')) return 'Moodle';
  return 'Django';
}
/**
 * (the seventh round) The message tells of a document, spreadsheet, file or folder shared with the reader ("X shared a document
 * with you", "has invited you to edit the following spreadsheet", "hat ein Dokument mit dir geteilt", "a partagé un document
 * avec vous", "与您共享了文档"): its "Open" button is what the mail asks to do.
 */
const SHARED_DOC_RE =
  /shared (?:a |an |the |\d+ )?(?:document|spreadsheet|file|folder|presentation|doc|sheet|item)s? with you|(?:document|spreadsheet|file|folder|presentation)s? shared with you|invited you to (?:edit|view|comment on|collaborate on) (?:the following |a |an |this )?(?:document|spreadsheet|file|folder|presentation|doc|sheet)|(?:dokument|tabelle|datei|ordner|präsentation) (?:mit (?:dir|ihnen) )?geteilt|mit (?:dir|ihnen) (?:ein(?:e|en)? )?(?:dokument|tabelle|datei|ordner|präsentation) geteilt|a partagé (?:un |une |le |la )?(?:document|feuille|fichier|dossier|présentation)|(?:document|fichier|dossier) partagé avec vous|ha compartido (?:un |una |el |la )?(?:documento|hoja|archivo|carpeta|presentación)|compartilhou (?:um |uma |o |a )?(?:documento|planilha|arquivo|pasta|apresentação)|ha condiviso (?:un |una |il |la )?(?:documento|foglio|file|cartella|presentazione)|heeft (?:een |het )?(?:document|spreadsheet|bestand|map|presentatie) (?:met (?:je|jou|u) )?gedeeld|udostępnił(?:a)? (?:ci |tobie |panu |pani )?(?:dokument|arkusz|plik|folder|prezentację)|(?:belge|tablo|dosya|klasör|sunu)(?:yı|yu|yü|yi)? (?:sizinle|seninle) paylaştı|(?:sizinle|seninle) (?:bir )?(?:belge|tablo|dosya|klasör|sunu) paylaştı|(?:открыл|предоставил)(?:а)? (?:вам )?доступ к (?:документу|таблице|файлу|папке|презентации)|поделил(?:ся|ась) (?:с вами )?(?:документом|таблицей|файлом|папкой)|(?:надав|відкрив)(?:ла)? (?:вам )?доступ до (?:документа|таблиці|файлу|папки)|поділив(?:ся|лася) (?:з вами )?(?:документом|таблицею|файлом)|شارك(?:ت)? (?:معك )?(?:مستند|جدول|ملف|مجلد)|(?:שיתף|שיתפה) (?:איתך |אתך )?(?:מסמך|גיליון|קובץ|תיקייה)|(?:दस्तावेज़|दस्तावेज|स्प्रेडशीट|फ़ाइल|फाइल|फ़ोल्डर) साझा|đã chia sẻ (?:một )?(?:tài liệu|bảng tính|tệp|thư mục)|แชร์(?:เอกสาร|สเปรดชีต|ไฟล์|โฟลเดอร์)|membagikan (?:sebuah )?(?:dokumen|spreadsheet|file|folder|berkas)|(?:ドキュメント|スプレッドシート|ファイル|フォルダ|資料)を共有しました|(?:문서|스프레드시트|파일|폴더)(?:를|을) 공유했습니다|共享了(?:文档|表格|文件|文件夹)|分享了(?:文档|文件|表格)|共用了?(?:文件|試算表|檔案|資料夾)|(?:文件|試算表|檔案|資料夾)已與您共用/;
/** How far into the subject and text the words of a shared document are looked for. */
const SHARED_DOC_HEAD = 400;
/** An "Open" button's label, in each language ("Open", "Open document", "Öffnen", "Ouvrir", "Abrir", "開く", "열기", "打开"). */
const OPEN_LABEL_RE =
  /^(?:open(?: (?:the |this )?(?:document|spreadsheet|file|folder|presentation|doc|sheet|in [\p{L} ]{1,20}))?|(?:dokument |tabelle |datei |ordner )?öffnen|ouvrir(?: le (?:document|fichier|dossier))?|abrir(?: (?:el |o )?(?:documento|archivo|arquivo|planilha))?|apri(?: (?:il )?(?:documento|file))?|openen|(?:document |bestand )?openen|otwórz(?: (?:dokument|plik))?|aç|(?:belgeyi|dosyayı) aç|открыть(?: (?:документ|файл|таблицу))?|відкрити(?: (?:документ|файл|таблицю))?|فتح(?: (?:المستند|الملف))?|פתח(?: (?:את )?(?:המסמך|הקובץ))?|פתיחה|खोलें|(?:दस्तावेज़ )?खोलें|mở(?: (?:tài liệu|tệp))?|เปิด(?:เอกสาร|ไฟล์)?|buka(?: (?:dokumen|file))?|開く|(?:ドキュメント|ファイル)を開く|열기|(?:문서|파일) 열기|打开(?:文档|文件)?|開啟(?:文件|檔案)?)$/u;
/** The URL of a shared document: a document, sheet, file or folder path with a long identifier. */
const DOC_URL_RE = /\/(?:document|documents|spreadsheets?|presentation|presentations|drawings|forms|files?|folders?|docs?|sheets?|slides|drive|d|s|f)\//;
/**
 * (the seventh round) A generic "click here" whose purpose follows the link: "คลิก ที่นี่ [url] เพื่อตั้งรหัสผ่านใหม่", "Click here
 * <url> to reset your password", "hier klicken … um dein Passwort zurückzusetzen". The clause after the link, up to its full stop,
 * starts with (or, in Turkish, Hindi, Japanese, Korean, Chinese, ends with) a purpose word.
 */
const HERE_LABEL_RE =
  /^(?:click|tap|press|klicke?n?|klicken sie|cliquez|clique|haz clic|pulsa|clica|clicca|klik|tıkla|нажмите|натисніть|انقر|اضغط|לחצו|לחץ|क्लिक करें|nhấn|bấm|คลิก|ketuk)?(?: (?:on )?)?(?:here|hier|ici|aquí|aqui|qui|tutaj|buraya|здесь|сюда|тут|هنا|כאן|यहाँ|यहां|tại đây|vào đây|ที่นี่|di sini|disini)?$|^(?:click|klik|คลิก|nhấn|bấm|tıkla|нажмите|натисніть|انقر|לחצו|क्लिक करें) ?(?:the |on )?(?:link|button|ลิงก์|liên kết|bağlantıya|ссылку|посилання|الرابط|הקישור|लिंक)?$/;
const PURPOSE_RE =
  /^(?:to |in order to |um |pour |afin de |para |per |om |aby |żeby |чтобы |щоб |ل|כדי |để |เพื่อ|untuk |agar )|(?:için|के लिए|ために|ためには|하려면|위해|以便|以)(?:[\s,，、]|$)/;
/** (the thirteenth round) A sign-in page's URL with a token parameter in a message that asks to sign in and says its link is one-time. */
function magicLink(f: UrlFacts, words: LinkWords | undefined): boolean {
  return f.tokenParam && words !== undefined && SIGNIN_URL_RE.test(f.pq) && words.oneTime() && words.signIn();
}

/** (the thirteenth round) A join label to a join or invitation URL with a secret, in a message that tells of an invitation. */
function invitedJoin(label: string, f: UrlFacts, words: LinkWords | undefined): boolean {
  return (
    words !== undefined &&
    JOIN_RE.test(label) &&
    !MEETING_LABEL_RE.test(label) &&
    // (the nineteenth round) or behind a click tracker, whose path hides the join URL ("Dołącz do serwera" → click.e.…/ls/click?upn=…)
    ((JOIN_URL_RE.test(f.pq) && urlSecret(f)) || f.tracker) &&
    words.invited()
  );
}

/**
 * (the twentieth round) A payment's, a transfer's or a purchase's authorisation button: "Authorise", "Autorizza", "Autorizar",
 * "Autoriser", "Freigeben", "Autoriseren", "Autoryzuj", "Авторизовать", "Авторизувати", "تفويض", "אשר תשלום", "अधिकृत करें", "Xác nhận
 * giao dịch"…, read only for a link whose path names an authorisation ("/autorizza/…", "/authorize/…", "/freigabe/…") and carries a secret:
 * the action of the mail that asks to approve the payment (an OAuth page's "/oauth/authorize?client_id=…" carries no secret of its own).
 */
const AUTHORIZE_LABEL_RE =
  /^(?:authori[sz]e|autorizza|autorizar|autoriser|freigeben|autoriseren|autoryzuj|onayla|авторизовать|авторизувати|подтвердить|підтвердити|تفويض|אשר|अधिकृत|xác nhận|otorisasi|อนุมัติ|承認|승인|授权|授權)(?=$|[\s!.])|(?:authori[sz]e|approve) (?:the |this )?(?:payment|transfer|transaction|purchase)|(?:zahlung|überweisung) freigeben|autoriser (?:le |ce )?(?:paiement|virement)|autorizar (?:el |la |o |a )?(?:pago|transferencia|pagamento|transferência)|autorizza (?:il |la )?(?:pagamento|bonifico)|(?:betaling|overboeking) autoriseren|autoryzuj (?:płatność|przelew)|ödemeyi onayla|подтвердить (?:платёж|платеж|перевод)|підтвердити (?:платіж|переказ)|تأكيد (?:الدفع|التحويل)|אשר (?:את )?(?:התשלום|ההעברה)|भुगतान अधिकृत|xác nhận (?:giao dịch|thanh toán)|otorisasi (?:pembayaran|transaksi)|อนุมัติ(?:การชำระเงิน|รายการ)|(?:支払い|決済|振込)を承認|결제 승인|이체 승인|授权(?:付款|支付|转账)|授權(?:付款|支付|轉帳)/;
const AUTHORIZE_URL_RE =
  /\/(?:authori[sz]e|authori[sz]ation|autorizza|autorizzazione|autorizar|autorizacao|autoriser|autorisation|freigabe|freigeben|autoriseren|autoryzacja|autoryzuj|onay)(?:[/?#-]|$)/;
function authorizePayment(label: string, f: UrlFacts): boolean {
  return AUTHORIZE_LABEL_RE.test(label) && AUTHORIZE_URL_RE.test(f.pq) && !/[?&]client_id=/.test(f.pq) && urlSecret(f);
}

/**
 * (the nineteenth round) An e-signature request's button: "Review document", "Review and sign", "Sign now", "Dokument prüfen",
 * "Signer le document", "Revisar y firmar", "Revisar e assinar", "Rivedi e firma", "Bekijken en ondertekenen", "Przejrzyj i podpisz",
 * "İncele ve imzala", "Просмотреть и подписать", "Переглянути та підписати", "مراجعة وتوقيع", "צפייה וחתימה", "देखें और हस्ताक्षर करें",
 * "Xem và ký", "Tinjau dan tandatangani", "ตรวจสอบและลงนาม", "確認して署名", "검토 및 서명", "查看并签署", "檢視並簽署": the action of a mail
 * that invites the reader to sign, read only for a link whose URL hides its path (a click tracker) or carries a secret.
 */
const SIGN_DOC_LABEL_RE =
  /review (?:the |this |your )?document|review (?:and|&) sign|(?:^|\s)sign (?:the |this )?document|^sign now|view (?:and|&) sign|dokument (?:prüfen|ansehen|unterschreiben|unterzeichnen)|(?:prüfen|ansehen) (?:und|&) (?:unterschreiben|unterzeichnen)|(?:consulter|signer) (?:le|ce) document|(?:consulter|vérifier) et signer|(?:revisar|firmar) (?:el )?documento|revisar y firmar|(?:revisar|assinar) (?:o )?documento|revisar e assinar|(?:rivedi|firma) (?:il )?documento|rivedi e firma|document (?:bekijken|ondertekenen)|bekijken en ondertekenen|(?:przejrzyj|podpisz) dokument|przejrzyj i podpisz|belgeyi (?:incele|imzala)|incele ve imzala|(?:просмотреть|подписать) документ|просмотреть и подписать|(?:переглянути|підписати) документ|переглянути (?:та|і) підписати|(?:مراجعة|توقيع) المستند|مراجعة وتوقيع|צפייה וחתימה|צפה וחתום|לצפייה ולחתימה|חתימה על המסמך|(?:दस्तावेज़|दस्तावेज) (?:देखें|पर हस्ताक्षर)|देखें और हस्ताक्षर|xem và ký|ký tài liệu|(?:tinjau|tandatangani) dokumen|tinjau dan tandatangani|ตรวจสอบและลงนาม|ลงนามเอกสาร|確認して署名|文書を確認|書類を確認して署名|검토 및 서명|문서 검토|서명하기|查看并签署|签署文件|檢視並簽署|簽署文件|查看並簽署/;
function signDocument(label: string, f: UrlFacts): boolean {
  return (f.tracker || urlSecret(f)) && SIGN_DOC_LABEL_RE.test(label);
}

/**
 * (the nineteenth round) A short email-verification path with a secret in its query ("https://zipp.example/v/email?c=DAOsIdRl…"),
 * in a message that asks to verify or confirm (its subject or the start of its text).
 */
const SHORT_VERIFY_URL_RE = /^\/v\/(?:email|e-mail|mail|verify|confirm)\/?\?[a-z_]{1,12}=[a-z0-9_-]{16,}(?:&|$)/;

/** A join label that accepts an invitation: the URL or the label names the invitation, and no meeting or event is joined. */
function inviteJoin(label: string, pq: string): boolean {
  return JOIN_RE.test(label) && !MEETING_LABEL_RE.test(label) && (INVITE_ONLY_URL_RE.test(pq) || INVITE_WORD_RE.test(label));
}

/** "Your login link", "lien de connexion": a one-time sign-in link, when the URL carries a secret. */
const MAGIC_LABEL_RE =
  /(?:log ?in|sign[- ]?in|login|one[- ]time) link|lien de connexion|enlace de (?:acceso|inicio de sesi[oó]n)|link (?:de|para) (?:acesso|login|entrar)|anmelde-?link|login-link|link di accesso|inloglink|link do logowania|giriş bağlantısı|ссылка для входа|посилання для входу|رابط تسجيل الدخول|קישור (?:ל)?התחברות|लॉगिन लिंक|liên kết đăng nhập|ลิงก์เข้าสู่ระบบ|tautan masuk|ログインリンク|로그인 링크|登录链接|登入連結/;
/**
 * Recovering a password or an account ("Recuperar contraseña", "Wachtwoord herstellen", "Восстановить доступ", "Lấy lại
 * mật khẩu"): the action of a reset mail when the URL carries a secret; without one it is a generic "forgot?" page.
 */
const RECOVER_LABEL_RE =
  /recover (?:your |my )?(?:password|account)|définir (?:mon |votre |un )?(?:nouveau )?mot de passe|choisir (?:mon |votre |un )?(?:nouveau )?mot de passe|récupérer (?:mon |votre )?(?:mot de passe|compte)|recuperar (?:tu |mi |su |a |sua |minha )?(?:contraseña|senha|cuenta|conta)|restablecer (?:tu |mi |la )?contraseña|establecer (?:tu |su |una |la )?(?:nueva )?contraseña|definir (?:a |sua |uma )?(?:nova )?senha|(?:definir|redefinir|recuperar|repor|criar) (?:a |sua |uma )?(?:nova )?palavra-passe|impostare (?:la |una )?(?:nuova )?password|restaurar (?:tu |la |a )?(?:contraseña|senha)|recupera(?:re)? (?:la |il tuo |la tua )?(?:password|account)|imposta (?:una )?(?:nuova )?password|wachtwoord (?:herstellen|resetten|opnieuw instellen)|herstel (?:je |uw )?wachtwoord|passwort (?:wiederherstellen|zurücksetzen)|zugang wiederherstellen|odzyskaj (?:hasło|dostęp|konto)|odzyskiwanie hasła|ustaw hasło|şifre(?:mi|ni|nizi)? (?:sıfırla|kurtar|oluştur)|восстановить (?:доступ|пароль|аккаунт)|придумать (?:новый )?пароль|установить (?:новый )?пароль|відновити (?:доступ|пароль)|встановити (?:новий )?пароль|lấy lại mật khẩu|tạo mật khẩu mới|khôi phục (?:mật khẩu|tài khoản)|pulihkan (?:kata sandi|akun)|atur kata sandi|שחזור (?:סיסמה|חשבון)|איפוס סיסמה|استعادة (?:كلمة المرور|الحساب)|पासवर्ड (?:रीसेट|पुनर्प्राप्त)|กู้คืนรหัสผ่าน|パスワードの再設定|パスワードをリセット|비밀번호 찾기|找回密码|找回密碼|重置密码|重設密碼/;
/**
 * Words of the message that make a sign-in button a one-time sign-in link: the link expires, is valid for a while or
 * once, or is named a magic or sign-in link ("Der Link ist 15 Minuten gültig", "Ссылка действует 15 минут", "Liên kết
 * có hiệu lực trong 15 phút", "ce lien expire"). A link word within 60 characters before a validity word, or after it.
 */
const LINK_WORD =
  'link|lien|enlace|collegamento|koppeling|odnośnik|bağlantı|ссылк|посилан|קישור|הקישור|رابط|الرابط|लिंक|liên kết|ลิงก์|tautan|リンク|링크|链接|連結|鏈接|' +
  // (the sixteenth round) the button that carries the link: "Pulsa el botón … Solo funciona una vez", "Gebruik deze knop; hij werkt één keer"
  'button|botón|botão|bouton|schaltfläche|knopf|knop|pulsante|przycisk|düğme|buton|кнопк|כפתור|الزر|زر|बटन|nút|tombol|ボタン|버튼|按钮|按鈕|ปุ่ม';
const VALID_WORD =
  'expir|valid|valable|gültig|läuft|verfällt|caduc|vence|scade|geldig|verloopt|ważn|wygas|geçerli|действ|истек|истеч|дійсн|діє|спливає|בתוקף|יפוג|صالح|ينتهي|تنتهي|मान्य|समाप्त|hiệu lực|hết hạn|ใช้ได้|หมดอายุ|berlaku|kedaluwarsa|有効|有效|期限|유효|만료|only once|one time|une seule fois|una sola vez|uma única vez|una sola volta|één keer|jednorazow|tek kullanımlık|одноразов|один раз|одного разу|חד פעמי|مرة واحدة|một lần|ครั้งเดียว|sekali|一度|一次|한 번';
const ONE_TIME_LINK_RE = new RegExp(
  `(?:${LINK_WORD})[^.!?。\n]{0,60}?(?:${VALID_WORD})|(?:${VALID_WORD})[^.!?。\n]{0,40}?(?:${LINK_WORD})|magic link|magischer link|lien magique|enlace mágico|link mágico|link magico|magische link|magiczny link|sihirli bağlantı|волшебная ссылка|${MAGIC_SOURCE()}`,
  'i',
);
function MAGIC_SOURCE(): string {
  return (
    '(?:log ?in|sign[- ]?in|login|one[- ]time) link|lien de connexion|ссылк[аиу] для входа|войти по ссылке|посилання для входу|liên kết đăng nhập|anmelde-?link|login-link|' +
    // (the sixteenth round) a link named for signing in, in the subject or the body: "Tu enlace para entrar", "link per accedere"
    'link (?:to|for) (?:sign(?:ing)? in|log(?:ging)? in)|enlace (?:para|de) (?:entrar|acceder|acceso|iniciar sesi[oó]n|inicio de sesi[oó]n)|link (?:para|de) (?:entrar|acesso|acessar|login)|lien pour (?:vous )?connecter|link (?:per|di) accesso|link per accedere|link zum anmelden|inloglink|link do logowania|giriş bağlantısı|رابط تسجيل الدخول|קישור (?:ל)?התחברות|लॉगिन लिंक|ลิงก์เข้าสู่ระบบ|tautan masuk|link masuk|ログインリンク|로그인 링크|登录链接|登入連結'
  );
}

/**
 * The names of a one-time sign-in link (the fifth round): a message that calls its link a login link ("Votre lien de
 * connexion", "Ссылка для входа", "Liên kết đăng nhập của bạn") sends one link to sign in with.
 */
const LOGIN_LINK_NAME_RE = new RegExp(
  `${MAGIC_LABEL_RE.source}|magic link|magischer link|lien magique|enlace mágico|link mágico|link magico|magische link|magiczny link|sihirli bağlantı|волшебная ссылка|ссылк[аиу] для входа|войти по ссылке|вход по ссылке`,
);
/**
 * (the thirteenth round) The message tells of an invitation ("X invited you", "hat dich eingeladen", "vous a invité", "te ha invitado",
 * "convidou você", "ti ha invitato", "heeft je uitgenodigd", "zaprosił", "davet etti", "пригласил", "запросив", "دعاك", "הזמין אותך",
 * "आमंत्रित किया", "đã mời bạn", "mengundang", "เชิญคุณ", "招待しました", "초대했습니다", "邀请您", "邀請您"), or names it.
 */
const INVITED_RE =
  /invited you|invites you|invitation|eingeladen|einladung|vous a invité|t'a invité|invitation|te ha invitado|le ha invitado|invitación|convidou|convite|ti ha invitato|invito|uitgenodigd|uitnodiging|zaprosi[łl]|zaproszeni|davet et|davet|пригласил|приглашени|запросив|запрошен|دعاك|دعوة|الدعوة|הזמין|הזמינה|הזמנה|ההזמנה|आमंत्रित|आमंत्रण|निमंत्रण|đã mời|lời mời|mengundang|undangan|เชิญ|คําเชิญ|招待|초대|邀请|邀請/;
/** (the thirteenth round) A join or invitation path in a URL ("/join/<token>", "/invite/…", "/teams/join…"). */
const JOIN_URL_RE = /join|invit|convite|einladung|uitnodiging|zaprosz|davet/;
/** Sign-in words in a URL: a sign-in page's ("/auth/link/…", "/connexion/jeton/…", "/login/magic/…"). */
const SIGNIN_URL_RE = /login|log[-_]in|signin|sign[-_]in|\/auth\b|\/auth\/|connexion|anmeld|\/entrar|acceder|accedi|inlog|\/masuk|giris|\/vhod|dang-nhap|magic/;

/**
 * The words of a message that the sign-in rules read (its subject and the start of the text searched for links), in
 * lower case: lowered and searched only when a rule asks, once per message.
 */
export class LinkWords {
  private lower: string | undefined;
  private oneTimeV: boolean | undefined;
  private namedV: string | null | undefined;
  private sharedV: boolean | undefined;
  private invitedV: boolean | undefined;
  private signInV: boolean | undefined;
  private subscribeV: boolean | undefined;
  private verifyV: boolean | undefined;
  constructor(private readonly source: () => string) {}
  /** (the thirteenth round) The message tells of an invitation or names one. */
  invited(): boolean {
    this.invitedV ??= INVITED_RE.test(this.lowered());
    return this.invitedV;
  }
  /** (the thirteenth round) The message asks to sign in (its subject or the start of its text). */
  signIn(): boolean {
    this.signInV ??= SIGNIN_LABEL_RE.test(this.lowered());
    return this.signInV;
  }
  private lowered(): string {
    this.lower ??= this.source().toLowerCase();
    return this.lower;
  }
  /** The message says its sign-in link is a one-time one: it expires, is valid once, or is named a login or magic link. */
  oneTime(): boolean {
    this.oneTimeV ??= ONE_TIME_LINK_RE.test(this.lowered());
    return this.oneTimeV;
  }
  /**
   * (the seventh round) The message tells of a document shared with the reader ("X shared a document with you"), in its subject
   * or its first lines (SHARED_DOC_HEAD characters): a footer's "you received this because X shared a file with you" under a
   * comment notification is no share to open.
   */
  sharedDoc(): boolean {
    this.sharedV ??= SHARED_DOC_RE.test(this.lowered().slice(0, SHARED_DOC_HEAD));
    return this.sharedV;
  }
  /** (the nineteenth round) The message asks to verify, confirm, activate or reset (its subject or the start of its text). */
  asksVerify(): boolean {
    this.verifyV ??= STRONG_LABEL_RE.test(this.lowered());
    return this.verifyV;
  }
  /** (the seventeenth round) The message asks to confirm a subscription: a double opt-in. */
  confirmsSubscription(): boolean {
    this.subscribeV ??= CONFIRM_SUBSCRIPTION_RE.test(this.lowered());
    return this.subscribeV;
  }
  /** The words that name the message's link a login link ("lien de connexion", "ссылка для входа"), or null. */
  namedLogin(): string | null {
    if (this.namedV === undefined) this.namedV = LOGIN_LINK_NAME_RE.exec(this.lowered())?.[0] ?? null;
    return this.namedV;
  }
}

/**
 * (the seventeenth round) A double opt-in's button says yes to the subscription: "Yes, subscribe me", "Sí, quiero suscribirme",
 * "Ja, ich möchte mich anmelden", "Oui, je m'abonne", "Sim, quero subscrever", "Sì, voglio iscrivermi", "Ja, ik wil me inschrijven",
 * "Tak, chcę subskrybować", "Evet, abone olmak istiyorum", "Да, подписаться", "Так, підписатися", "نعم، اشترك", "כן, להירשם",
 * "हाँ, सदस्यता लें", "Có, đăng ký", "Ya, berlangganan", "はい、登録します", "네, 구독할게요", "是，订阅".
 */
const YES_SUBSCRIBE_RE =
  /^(?:yes|ja|oui|sí|si|sim|tak|evet|да|так|ya|có|نعم|כן|हाँ|हां|はい|네|是)[,!、，،]? ?.{0,30}(?:subscri|abonn|suscrib|subscrev|inscrev|assinar|iscriv|anmeld|aanmeld|inschrijv|subskryb|zapisz|abone|подпис|підпис|اشترك|اشتراك|להירשם|הרשמה|सदस्यता|đăng ký|berlangganan|登録|구독|订阅|訂閱)/;
/** (the seventeenth round) A message that asks to confirm a subscription (its subject or the start of its text). */
const CONFIRM_SUBSCRIPTION_RE =
  /confirm (?:your |the )?(?:subscription|sign-?up)|confirma (?:tu|su) (?:suscripción|suscripcion|alta)|confirm[ae] (?:a |sua |a sua )?(?:subscrição|assinatura|inscrição)|confirmez (?:votre|ton) (?:abonnement|inscription)|conferma (?:la tua |la )?iscrizione|(?:anmeldung|abonnement|newsletter-anmeldung) bestätigen|bestätige (?:deine|ihre) anmeldung|bevestig (?:je|uw) (?:inschrijving|aanmelding)|potwierdź (?:subskrypcję|zapis)|aboneliğ(?:ini|inizi) onayla|подтвердите подписку|підтвердіть підписку|تأكيد الاشتراك|אשר(?:ו)? את ההרשמה|सदस्यता की पुष्टि|xác nhận đăng ký|konfirmasi langganan|登録を確認|구독 확인|确认订阅|確認訂閱/;

/** A path segment of 12 or more letters and digits, both: a token in the path ("/login/link/9c2e71b0f4a84d2d"). */
const OPAQUE_SEGMENT_RE = /\/(?=[A-Za-z0-9_-]{0,80}\d)(?=[A-Za-z0-9_-]{0,80}[A-Za-z])[A-Za-z0-9_-]{12,}(?:\/|$)/;
/** (the fifth round) A shorter path segment that mixes capitals, small letters and digits: a random token ("/auth/link/td_9Qw2xRk"). */
const MIXED_SEGMENT_RE = /\/(?=[A-Za-z0-9_-]{0,80}\d)(?=[A-Za-z0-9_-]{0,80}[a-z])(?=[A-Za-z0-9_-]{0,80}[A-Z])[A-Za-z0-9_-]{8,}(?:\/|$)/;

/** A generic "click the (following) link" in the words before a URL, in each language. */
const CLICK_LINK_RE =
  /click|klick|cliqu|haz clic|pulsa|clique|clicca|klik|tıkla|нажм|натисн|انقر|اضغط|לחצ|क्लिक|nhấn|bấm|คลิก|クリック|클릭|点击|點擊|\blink\b|enlace|\blien\b|\blink\b|collegamento|odnośnik|bağlantı|ссылк|посилан|رابط|קישור|लिंक|liên kết|ลิงก์|tautan|リンク|링크|链接|連結/;

/** "Yes, it was me": approving a sign-in or a device. */
const APPROVE_RE =
  /it was me|that was me|this was me|yes,? (?:it|this|that) was me|yes,? (?:it'?s|this is|that'?s) me|\bapprove\b|das war ich|c'était moi|c'est moi|fui yo|fui eu|sono io|ero io|dit was ik|was ik|to ja|bendim|это я|это был я|це я|هذا أنا|كنت أنا|זה אני|यह मैं|là tôi|ฉันเอง|ini saya|私です|본인입니다|본인이 맞|是我|dit ben ik|ik ben het|das bin ich|ich war es|ich war das|sí,? soy yo|soy yo|sim,? sou eu|sou eu|evet,? benim|это был(?:а)? я|так,? це я|نعم،? أنا|כן,? זה אני|हाँ,? यह मैं|vâng,? là tôi|đúng là tôi|ใช่,? ฉันเอง|ya,? ini saya|ya,? saya|はい、私です|本人です|네,? 본인|제가 맞(?:습니다|아요)|네,? 맞습니다|네,? 저(?:입니다|예요)|본인 맞(?:습니다|아요)|是我本人|是本人|approve (?:this |the |new )?(?:device|sign[- ]?in|login)|(?:gerät|anmeldung) (?:genehmigen|freigeben|bestätigen)|approuver (?:l['’]appareil|la connexion|cet appareil)|aprobar (?:el |este )?(?:dispositivo|acceso|inicio de sesi[oó]n)|aprovar (?:o |este )?(?:dispositivo|acesso|login|início de sessão)|approva (?:il |questo )?(?:dispositivo|accesso)|(?:apparaat|inlog(?:poging)?) goedkeuren|zatwierdź (?:urządzenie|logowanie)|cihazı onayla|(?:одобрить|подтвердить) устройство|(?:схвалити|підтвердити) пристрій|الموافقة على (?:الجهاز|تسجيل الدخول)|אשר(?:ו)? (?:את )?המכשיר|אישור המכשיר|डिवाइस (?:को )?(?:स्वीकृत|मंज़ूरी|मंजूरी)|phê duyệt (?:thiết bị|đăng nhập)|setujui (?:perangkat|login|masuk)|อนุมัติ(?:อุปกรณ์|การเข้าสู่ระบบ)|(?:デバイス|端末|ログイン)を承認|기기 승인|로그인 승인|批准(?:设备|登录)|核准(?:裝置|設備|登入)/;
/** "No, it wasn't me" and "secure my account": the way out of an approval or sign-in alert, not its action. */
const DENY_RE =
  /^(?:no|nein|non|nee|nie|hayır|нет|ні|لا|לא|नहीं|không|ไม่|bukan|いいえ|아니요|不是|否|não)(?=$|[\s,.!、，:])|not me|wasn'?t me|nicht ich|pas moi|no fui|não fui|non sono|niet ik|nie ja|ben değilim|не я|не ви|لست أنا|לא אני|मैं नहीं|không phải|ไม่ใช่|bukan saya|ではありません|아닙니다|不是我|secure (?:my |your )?account|konto sichern|sécuriser|proteger (?:mi|minha) (?:cuenta|conta)|proteggi|beveilig|(?<!de)blokkeer|zabezpiecz|koru|защит|захист|تأمين|אבטח|सुरक्षित|bảo vệ|รักษาความปลอดภัย|amankan|保護|保护|보호|(?<!ent)sperren|(?<!dé|de)bloquer|\block (?:my |your )?account/;
/** A generic "forgot your password?" link (in the label or just before it). */
const FORGOT_RE =
  /forgot|forgotten|vergessen|oublié|olvidaste|olvidó|esqueceu|esqueci|dimenticat|vergeten|nie pamiętasz|zapomniał|unuttun|забыли|забули|نسيت|שכחת|भूल गए|quên|ลืม|lupa|忘れ|잊으셨|잊어버|忘记|忘記/;
/**
 * (the twelfth round) "Change your password" in the 21 languages: with no secret in its URL, the settings page a notice advises.
 */
const DIGIT_RE = /\d/;
const CHANGE_PASSWORD_RE = changePasswordRe();
/**
 * (the fourteenth round) The settings page's "change … password" with whatever words stand between the verb and the password
 * ("Passwort jetzt ändern", "change the password of your account", "modifier dès maintenant votre mot de passe", "смените,
 * пожалуйста, пароль"): at most three words, each of them short of a sentence's end.
 */
function changePasswordRe(): RegExp {
  const g = '(?:[^\\s.!?]+ ){0,3}';
  return new RegExp(
    [
      `(?:change|update) ${g}password`,
      `(?:passwort|kennwort) ${g}ändern`,
      `(?:ändern|ändere|ändert) ${g}(?:passwort|kennwort)`,
      `(?:changer|modifier|changez|modifiez) ${g}mot de passe`,
      `(?:cambiar|cambia|modificar) ${g}contraseña`,
      `(?:alterar|altere|mudar|mude|trocar|troque) ${g}(?:senha|palavra-passe)`,
      `(?:cambia|cambiare|modifica|modificare) ${g}password`,
      `wachtwoord ${g}wijzigen`,
      `(?:wijzig|verander) ${g}wachtwoord`,
      `(?:zmień|zmienić) ${g}hasło`,
      'zmiana hasła',
      `şifre(?:ni|nizi)? ${g}değiştir`,
      `(?:сменить|смените|изменить|измените) ${g}пароль`,
      `(?:змінити|змініть) ${g}пароль`,
      `تغيير ${g}كلمة (?:المرور|السر)`,
      'שינוי סיסמה',
      `שנ(?:ה|ו) ${g}(?:את )?(?:ה)?סיסמה`,
      `पासवर्ड ${g}बदलें`,
      `(?:đổi|thay đổi) ${g}mật khẩu`,
      'เปลี่ยนรหัสผ่าน',
      `(?:ubah|ganti) ${g}kata sandi`,
      'パスワード(?:を)?(?:今すぐ)?変更',
      `비밀번호 ${g}변경`,
      '(?:修改|更改|變更|变更)(?:您的)?密[码碼]',
    ].join('|'),
  );
}
/** "If this wasn't you" before a link, in the languages DISCLAIMER_LABEL_RE does not cover. */
const NATIVE_DISCLAIMER_RE =
  /n'étiez pas vous|n'était pas vous|no fuiste tú|no has sido tú|não foi você|non sei stato tu|non eri tu|was jij dit niet|to nie ty|siz değilseniz|были не вы|не вы(?![а-яё])|були не ви|لم تكن أنت|לא אתם|לא אתה|आप नहीं थे|không phải bạn|ไม่ใช่คุณ|bukan anda|bukan kamu|心当たりがない|心当たりのない|心当たりが無い|身に覚えのない|身に覚えがない|覚えのない|본인이 아닌|不是您本人|若非您本人|非本人|如果不是您|如果這不是您|如果这不是您|본인이 아니라면|본인이 아닐 경우|nie rozpoznajesz|warst du das nicht|das warst nicht du|ce n'était pas toi|ce n'est pas toi|não foi tu|sen değilsen|это были не вы|это был не ты|не ти(?![а-яіїєґ])|tanımıyorsan|не узнаёте|не узнаете|не впізнаєте|لا تتعرف|לא מזהה|לא מזהים|नहीं पहचान|không nhận ra|ไม่รู้จัก|tidak mengenali|인식하지 못|알지 못하는|不认识|不認識/;
/**
 * A link that undoes instead of finishing: removing one's address from an account someone else made, unlinking,
 * cancelling the request, reporting it ("you can click here to remove your email address from that account").
 * Read in the label and in the words right after the link; a label that asks to verify, confirm, reset… keeps its score.
 */
const UNDO_RE =
  /remove (?:your|my|this) (?:e-?mail|address|account)|unlink|disconnect (?:your|this|my)|cancel (?:this|the|your) (?:request|registration|sign[- ]?up|change)|report (?:this|it)\b|adresse (?:zu )?(?:entfernen|löschen)|verknüpfung aufheben|supprimer votre adresse|retirer votre adresse|dissocier|annuler (?:cette|la) demande|eliminar tu (?:dirección|correo)|quitar tu (?:dirección|correo)|desvincular|cancelar (?:esta|la) solicitud|remover (?:o )?(?:seu )?(?:e-mail|endereço)|cancelar (?:esta|a) solicitação|rimuovere il tuo indirizzo|rimuovi il tuo indirizzo|scollega|annulla (?:questa|la) richiesta|e-mailadres verwijderen|verwijder je e-mailadres|ontkoppel|usuń (?:swój |twój )?adres|usunąć (?:swój |twój )?adres|odłącz|adresinizi kaldır|bağlantıyı kaldır|удалить (?:свой |ваш )?адрес|отвязать|видалити (?:свою |вашу )?адресу|відв'язати|إزالة بريدك|إزالة عنوان|להסיר את כתובת|הסר את כתובת|पता हटा|xóa địa chỉ|gỡ địa chỉ|ลบที่อยู่อีเมล|hapus alamat|menghapus alamat|メールアドレスを削除|登録を取り消|이메일 주소를 (?:삭제|제거)|移除您的|删除您的电子邮件|刪除您的電子郵件|解除关联|解除關聯|解除绑定|解除綁定/;
/** URL words of the same: cancelling, "not me", reporting, unlinking. */
const UNDO_URL_RE = /cancel|abbrech|annul|anuluj|iptal|otmen|\/huy\b|not[-_]?me\b|notme|wasnt[-_]?me|not[-_]?you\b|\/report|unlink|\/remove|disavow/;
/** A sentence after the link that refers back to it ("Open the link above to confirm …"). */
const BACKREF_RE =
  /above|oben|obigen|ci-dessus|arriba|acima|sopra|hierboven|powyższy|powyżej|yukarıdaki|выше|вище|أعلاه|למעלה|ऊपर|ở trên|ด้านบน|di atas|上記|上の|위 링크|위의 링크|上面|上方/;
/** Click-tracking redirects (the path is the tracker's, not the destination's). */
const TRACKER_RE =
  /(?:^|\.)(?:list-manage\.com|sendgrid\.net|mlsend\.com|pstmrk\.it|mandrillapp\.com|hubspotlinks\.com|customeriomail\.com|sparkpostmail\.com|rs6\.net|mcsv\.net|klclick\.com)$/;
const TRACKER_PATH_RE = /^\/(?:ls|track|wf)\/click$|^\/c\/[A-Za-z0-9_-]{40,}$/;
const NEGATIVE_LABEL_RE =
  /\border(?:s|ed)?\b(?! to)|bestellung|commande|pedido|ordine|bestelling|注文|订单|訂單|주문|заказ|zamówieni|sipariş|ऑर्डर|đơn hàng|คําสั่งซื้อ|pesanan|收货|收貨|\btrack|sendung|suivi|invoice|rechnung|receipt|\bshop\b|\bbuy\b|kaufen|acheter|comprar|acquista|read more|weiterlesen|lire la suite|leer más|ler mais|leggi|lees meer|download|\bwatch\b|register now|rsvp|\bjoin\b|calendar|add to|\bevents?\b|webinar|配送|配達|荷物|お届け|追跡|快递|快遞|物流|包裹|배송|택배|การจัดส่ง|พัสดุ|доставк|посылк|посилк|відправленн|kargo|przesyłk|gönderi|livraison|lieferung|zending|spedizione|\bdelivery|shipment|\bparcel|\bpackage/;
/** (the sixteenth round) Labels of a promotion: a discount, a coupon, a voucher or an offer, in the 21 languages. */
const PROMO_LABEL_RE =
  /discount|desconto|descuento|rabatt|réduction|sconto|korting|zniżk|indirim|скидк|знижк|خصم|הנחה|छूट|giảm giá|diskon|\bcoupon|cupom|cupón|kupon|voucher|gutschein|\boffer\b|angebot|\boffre\b|\boferta\b|offerta|aanbieding|\bpromo|cashback|割引|クーポン|할인|쿠폰|优惠|折扣|優惠|ส่วนลด/;
/** Past participles describe a state ("Your account is confirmed"), not an action to take. */
const DONE_RE =
  /(?<!\p{L})(?:confirmed|verified|activated|validated|bestätigt|verifiziert|aktiviert|confirmée?s?|vérifiée?s?|activée?s?|confirmad[oa]s?|verificad[oa]s?|activad[oa]s?|ativad[oa]s?|confermat[oa]|verificat[oa]|attivat[oa]|bevestigd|geverifieerd|geactiveerd)(?!\p{L})/gu;

/** "If you didn't request this, ..." introduces a fallback/help link, not the action itself. */
const DISCLAIMER_LABEL_RE =
  /didn'?t|did not|not you|wasn'?t you|was not you|(?:don'?t|do not|doesn'?t|does not) recogni[sz]e|nicht angefordert|nicht sie|nicht erkennen|erkennen sie [^.?!]{0,40}nicht|pas demand|pas vous|ne reconnaissez pas|no solicit|no fuiste|no reconoc|não solicit|não foi voc|não reconhec|non hai richiesto|non sei stato|non riconosc|niet aangevraagd|niet door jou|niet herken/;
/**
 * (the sixteenth round) "If this was you, there's nothing to do. If not, reset your password": the doubt written as "if not", in the
 * 21 languages' ways ("falls nicht", "si ce n'est pas le cas", "si no", "se não", "zo niet", "jeśli nie", "değilse", "если нет", "якщо
 * ні", "אם לא", "إن لم يكن كذلك", "अगर नहीं", "nếu không", "jika tidak"). Read only in a label that scores.
 */
const IF_NOT_RE =
  /\bif not,|\bif it was not|wenn nicht,|falls nicht,|si ce n'est pas le cas|\bsi no,|si no es así|se não,|\bse no,|zo niet,|jeśli nie,|jeżeli nie,|değilse,|jika tidak,|jika bukan|nếu không,|если нет,|если это не так|якщо ні,|якщо це не так|אם לא,|إذا لم يكن كذلك|إن لم يكن كذلك|यदि नहीं,|अगर नहीं,/;
const IF_NOT_ALL_RE = new RegExp(IF_NOT_RE.source, 'g');
/** The two above, to find their last match before a link. */
const NATIVE_DISCLAIMER_ALL_RE = new RegExp(NATIVE_DISCLAIMER_RE.source, 'g');
const DISCLAIMER_ALL_RE = new RegExp(DISCLAIMER_LABEL_RE.source, 'g');

/** `host` is one of SOCIAL_HOSTS or a subdomain of one: one set lookup per dot of the host name. */
function socialHost(host: string): boolean {
  if (SOCIAL_HOSTS.has(host)) return true;
  for (let dot = host.indexOf('.'); dot !== -1; dot = host.indexOf('.', dot + 1)) if (SOCIAL_HOSTS.has(host.slice(dot + 1))) return true;
  return false;
}

/**
 * What the rules read in a URL alone, whatever its label: computed once per URL of a message (a URL of the text
 * part often comes again in the HTML part), in the order scoreLink() reads it.
 */
export interface UrlFacts {
  /** Why the URL alone rejects the link (REJECT_BY_URL_RE: the URL is an unsubscribe, legal, help... page), or null. */
  reject: string | null;
  /** The decoded, lower-case path and query (with the fragment). */
  pq: string;
  tokenParam: boolean;
  tokenLike: boolean;
  tracker: boolean;
  strongUrl: boolean;
  weakUrl: boolean;
  /** A click-tracking redirect parameter or a long segment (read only when there is no token parameter). */
  opaqueValue: boolean;
  negativeUrl: boolean;
  pathname: string;
  /** A secret in the URL: a token parameter, a long segment, or a path segment shaped like a token (urlSecret()). */
  secret?: boolean;
  /** (the seventh round) The URL is a framework's or server's stock action link (FRAMEWORK_URL_RE), computed when first asked. */
  framework?: boolean;
}

/** Whether the URL carries a secret, computed when a sign-in rule first asks. */
function urlSecret(f: UrlFacts): boolean {
  f.secret ??= f.tokenLike || OPAQUE_SEGMENT_RE.test(f.pathname) || MIXED_SEGMENT_RE.test(f.pathname);
  return f.secret;
}

const REJECT_BY_URL_RE = 'rejected: the URL is an unsubscribe, preferences, legal, help or similar page';
/** The facts of a URL that rejects its link whatever the label: only the reason (and the path for explain()) are read. */
function rejectedUrl(pq: string, reject: string): UrlFacts {
  return {
    reject,
    pq,
    tokenParam: false,
    tokenLike: false,
    tracker: false,
    strongUrl: false,
    weakUrl: false,
    opaqueValue: false,
    negativeUrl: false,
    pathname: '',
  };
}

function urlFacts(rawUrl: string): UrlFacts {
  let u: URL;
  try {
    u = new URL(rawUrl.trim());
  } catch {
    return rejectedUrl('', 'rejected: not a valid URL');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return rejectedUrl('', `rejected: a ${u.protocol} link, not http(s)`);
  const host = u.hostname.toLowerCase().replace(/^www\./, '');
  const pathname = u.pathname;
  const path = safeDecode(pathname).toLowerCase();
  const sq = u.search + u.hash;
  const query = safeDecode(sq).toLowerCase();
  const pq = path + query;
  let reject: string | null = null;
  if (socialHost(host)) reject = `rejected: a social network or app store (${host})`;
  else if (host === 'github.com' && !STRONG_URL_RE.test(pq) && !/\/login|\/session|\/password/.test(path))
    reject = 'rejected: a github.com page that is no sign-in, session or password page';
  else if (IMAGE_RE.test(path) || PIXEL_RE.test(path) || PIXEL_RE.test(query)) reject = 'rejected: an image or a tracking pixel';
  else if (REJECT_URL_RE.test(pq)) reject = REJECT_BY_URL_RE;
  if (reject !== null) return rejectedUrl(pq, reject);
  const tokenParam = TOKEN_PARAM_RE.test(sq);
  const longSegment = LONG_SEGMENT_RE.test(pathname);
  const strongUrl = STRONG_URL_RE.test(pq) || (UNLOCK_URL_GATE_RE.test(pq) && UNLOCK_URL_RE.test(pq));
  const tracker = TRACKER_RE.test(host) || TRACKER_PATH_RE.test(pathname);
  return {
    reject,
    pq,
    tokenParam,
    tokenLike: tokenParam || longSegment,
    tracker,
    strongUrl,
    weakUrl: !strongUrl && WEAK_URL_RE.test(pq),
    opaqueValue: !tokenParam && (REDIRECT_PARAM_RE.test(sq) || longSegment),
    negativeUrl: !tracker && NEGATIVE_URL_RE.test(pq),
    pathname,
  };
}

/** `"<first match of re in s>"`, for the reasons of explain(). */
function hit(re: RegExp, s: string): string {
  return `"${re.exec(s)?.[0] ?? ''}"`;
}

/** (the twenty-third round) The endings of a word's plural or inflection: "invoices", "Rechnungen", "commandes", "ordered". */
const INFLECTION_RE = /^(?:s|es|e|en|n|ed|er|ern|ing|ings|ungen)?$/;
/**
 * (the twenty-third round) In a sign-in, verify or accept label, an order's or a shop's word that is only the beginning of a name written
 * with a capital further on in the label ("Sign in to Invoicely", "Anmelden bei Trackify", "Se connecter à Ordermate") is the service's
 * name, not an order's or a shop's button. A word that only inflects it ("Invoices", "Rechnungen") stays that word.
 */
function serviceName(label: string, rawLabel: string, why: string[] | undefined): boolean {
  const m = NEGATIVE_LABEL_RE.exec(label);
  if (m === null || m.index === 0) return false;
  let a = m.index;
  let b = m.index + m[0].length;
  while (a > 0 && /[a-z]/.test(label[a - 1] as string)) a--;
  while (b < label.length && /[a-z]/.test(label[b] as string)) b++;
  if (a === 0 || INFLECTION_RE.test(label.slice(m.index + m[0].length, b)) || NEGATIVE_LABEL_RE.test(`${label.slice(0, a)} ${label.slice(b)}`)) return false;
  const word = label.slice(a, b);
  const at = rawLabel.toLowerCase().indexOf(word);
  const first = rawLabel[at] ?? '';
  if (at <= 0 || first === first.toLowerCase()) return false;
  why?.push(
    `"${rawLabel.slice(at, at + word.length)}" is the service's name, written with a capital, not ${hit(NEGATIVE_LABEL_RE, label)}: no order's or shop's label`,
  );
  return true;
}

/**
 * Scores one link; null means it can never be the verification link. With `why`, the rules that
 * decided are written there in words (explain()); the score is the same either way.
 */
export function scoreLink(
  rawUrl: string,
  rawLabel: string,
  why?: string[],
  ctx?: { before?: string; after?: string },
  words?: LinkWords,
  urls?: Map<string, UrlFacts>,
): number | null {
  let f = urls?.get(rawUrl);
  if (f === undefined) {
    f = urlFacts(rawUrl);
    urls?.set(rawUrl, f);
  }
  if (f.reject !== null) {
    why?.push(f.reject === REJECT_BY_URL_RE ? `${f.reject} (${hit(REJECT_URL_RE, f.pq)})` : f.reject);
    return null;
  }
  const { pq } = f;
  const label = plain(rawLabel).trim().slice(0, 300).replace(DONE_RE, ' ');
  if (label && REJECT_LABEL_RE.test(label)) {
    why?.push(`rejected: the label is an unsubscribe, view-in-browser, social or app-store link (${hit(REJECT_LABEL_RE, label)})`);
    return null;
  }

  const before = plain(ctx?.before ?? '').slice(-120);
  const { tokenParam, tokenLike } = f;
  if (!tokenLike && (FORGOT_RE.test(label) || FORGOT_RE.test(before))) {
    why?.push(`rejected: a generic "forgot your password?" link (${hit(FORGOT_RE, FORGOT_RE.test(label) ? label : before)}) that carries no token`);
    return null;
  }
  // (the twelfth round) "修改密码", "Change your password" to a page that carries no secret, not a digit in its path or query
  // ("/account/password", while "/u/pw/5a9e1c" may carry a short one): the account's settings, advised by a
  // notice ("If this wasn't you, change your password"), no link that finishes what the mail asks.
  if (!f.tracker && label !== '' && !DIGIT_RE.test(pq) && !urlSecret(f) && CHANGE_PASSWORD_RE.test(label)) {
    why?.push(
      `rejected: a "change your password" link (${hit(CHANGE_PASSWORD_RE, label)}) to a page that carries no token: the account's settings, advised by a notice`,
    );
    return null;
  }
  // The text after the link, in plain() form: computed once, when a rule reads it.
  let afterText: string | undefined;
  const afterPlain = (): string => {
    afterText ??= plain(ctx?.after ?? '');
    return afterText;
  };
  const tracker = f.tracker;

  let score = 0;
  if (f.strongUrl) {
    score += 3;
    why?.push(`the URL names the action (${hit(STRONG_URL_RE.test(pq) ? STRONG_URL_RE : UNLOCK_URL_RE, pq)}: +3)`);
  } else if (SHORT_VERIFY_URL_RE.test(pq) && words?.asksVerify() === true) {
    score += 4;
    why?.push('the URL is a short verification path ("/v/email") with a secret in its query, and the message asks to verify or confirm (+4)');
  } else if (f.weakUrl) {
    score += 1.5;
    why?.push(`the URL has a sign-in or access word (${hit(WEAK_URL_RE, pq)}: +1.5)`);
  }
  if (tokenParam) {
    score += 2;
    why?.push('the URL carries a token-like parameter (+2)');
  } else if (f.opaqueValue) {
    score += 1;
    why?.push('the URL carries a long opaque value (a click-tracking redirect or a token in the path: +1)');
  }
  const deny = label !== '' && (DENY_RE.test(label) || DECLINE_RE.test(label));
  // The native, invitation and approval rules only run when the first one has not already decided.
  let strongLabel =
    !deny &&
    label !== '' &&
    (STRONG_LABEL_RE.test(label) ||
      NATIVE_ACTION_LABEL_RE.test(label) ||
      UNLOCK_LABEL_RE.test(label) ||
      (INVITE_ACCEPT_RE.test(label) && (INVITE_URL_RE.test(pq) || INVITE_WORD_RE.test(label))) ||
      APPROVE_RE.test(label) ||
      inviteJoin(label, pq) ||
      ((MAGIC_LABEL_RE.test(label) || RECOVER_LABEL_RE.test(label)) && urlSecret(f)) ||
      // A click-tracking redirect hides the secret: the message's words say the link is a one-time one.
      (SIGNIN_LABEL_RE.test(label) && (tracker || urlSecret(f)) && words?.oneTime() === true) ||
      // (the fifth round) The message names its link a login link, and this one is a sign-in page's with a secret.
      (SIGNIN_URL_RE.test(pq) && urlSecret(f) && (words?.namedLogin() ?? null) !== null) ||
      // (the thirteenth round) A magic link whose label is no sign-in words ("… può essere usato una sola volta.\n\nhttps://…"): a
      // sign-in page's URL with a token parameter, in a message that asks to sign in and says its link expires or is good once.
      magicLink(f, words) ||
      // (the thirteenth round) Joining the team or workspace the message invites to ("הצטרפות לצוות", "Join the team"), by a join or
      // invitation URL with a secret.
      invitedJoin(label, f, words) ||
      // (the nineteenth round) An e-signature request's "Review and sign" behind a click tracker or with a secret.
      signDocument(label, f) ||
      // (the twentieth round) A payment's or a transfer's "Authorise" to an authorisation URL with a secret.
      authorizePayment(label, f) ||
      // (the seventeenth round) A double opt-in's "Yes, subscribe me" button, in a message that asks to confirm the subscription.
      (YES_SUBSCRIBE_RE.test(label) && words?.confirmsSubscription() === true));
  // (the seventh round) Actions read in the URL's shape, the message's words or the words after the link.
  const seventh = strongLabel || deny ? null : seventhAction(label, f, words, ctx?.after, afterPlain);
  if (seventh !== null) strongLabel = true;
  if (!strongLabel && SOFT_REJECT_LABEL_RE.test(label)) {
    why?.push(`rejected: the label is a privacy, terms, help or contact link (${hit(SOFT_REJECT_LABEL_RE, label)})`);
    return null;
  }
  if (seventh !== null) {
    score += 4;
    why?.push(seventh);
  } else if (strongLabel) {
    score += 4;
    if (why) {
      if (STRONG_LABEL_RE.test(label)) why.push(`the label asks to verify, confirm, activate or reset (${hit(STRONG_LABEL_RE, label)}: +4)`);
      else {
        const re = [NATIVE_ACTION_LABEL_RE, UNLOCK_LABEL_RE, INVITE_ACCEPT_RE, APPROVE_RE, JOIN_RE, MAGIC_LABEL_RE, RECOVER_LABEL_RE].find((r) =>
          r.test(label),
        );
        if (re && !(re === JOIN_RE && !inviteJoin(label, pq) && invitedJoin(label, f, words)))
          why.push(`the label asks to verify, confirm, activate, reset, accept an invitation or approve a sign-in (${hit(re, label)}: +4)`);
        else if (SIGNIN_LABEL_RE.test(label) && (tracker || urlSecret(f)) && words?.oneTime() === true)
          why.push(
            `the label asks to sign in (${hit(SIGNIN_LABEL_RE, label)}), the URL carries a secret and the message says the link is a one-time sign-in link (it expires, or is named a login or magic link): +4`,
          );
        else if (SIGNIN_URL_RE.test(pq) && urlSecret(f) && (words?.namedLogin() ?? null) !== null)
          why.push(
            `the message names its link a login link ("${words?.namedLogin()}") and the URL is a sign-in page's (${hit(SIGNIN_URL_RE, pq)}) with a secret: +4`,
          );
        else if (YES_SUBSCRIBE_RE.test(label) && words?.confirmsSubscription() === true)
          why.push(`the label says yes to a subscription (${hit(YES_SUBSCRIBE_RE, label)}) and the message asks to confirm it (a double opt-in): +4`);
        else if (invitedJoin(label, f, words))
          why.push(
            f.tracker && !(JOIN_URL_RE.test(pq) && urlSecret(f))
              ? `the label joins (${hit(JOIN_RE, label)}) what the message invites the reader to, by a click tracker that hides the join URL: +4`
              : `the label joins (${hit(JOIN_RE, label)}) what the message invites the reader to, by a join or invitation URL with a secret (${hit(JOIN_URL_RE, pq)}): +4`,
          );
        else if (authorizePayment(label, f))
          why.push(
            `the label authorises (${hit(AUTHORIZE_LABEL_RE, label)}) and the URL is an authorisation page's (${hit(AUTHORIZE_URL_RE, pq)}) with a secret: a payment's or a transfer's approval (+4)`,
          );
        else if (signDocument(label, f))
          why.push(
            `the label asks to review and sign a document (${hit(SIGN_DOC_LABEL_RE, label)}), by a click tracker or a URL with a secret: an e-signature invitation's action (+4)`,
          );
        else
          why.push(
            `the URL is a sign-in page's (${hit(SIGNIN_URL_RE, pq)}) with a token parameter, and the message asks to sign in and says its link expires or is good once: a magic link (+4)`,
          );
      }
    }
  } else if (!deny && afterCue(ctx?.after, afterPlain)) {
    // "https://…\nOpen the link above to confirm your email address."
    score += 4;
    why?.push('the sentence after the link refers back to it ("the link above") and asks to verify, confirm or activate (+4)');
  } else if (!deny && SIGNIN_LABEL_RE.test(label)) {
    score += 2;
    why?.push(`the label asks to sign in (${hit(SIGNIN_LABEL_RE, label)}: +2)`);
  } else if (!deny && CLICK_LINK_RE.test(label) && f.strongUrl) {
    // "Or click the following link:\nhttps://…/confirm?…": the URL says what the generic words do not.
    score += 1.5;
    why?.push(`the label asks to click or open the link (${hit(CLICK_LINK_RE, label)}) and the URL names the action (+1.5)`);
  }
  if (!strongLabel && !deny && (UNDO_RE.test(label) || UNDO_RE.test(afterPlain().slice(0, 120)))) {
    score -= 4;
    why?.push(
      `the link undoes instead of finishing: it removes an address, unlinks, cancels or reports (${hit(UNDO_RE, UNDO_RE.test(label) ? label : afterPlain())}: -4)`,
    );
  } else if (!strongLabel && UNDO_URL_RE.test(pq)) {
    score -= 2;
    why?.push(`the URL cancels, reports or says "not me" (${hit(UNDO_URL_RE, pq)}: -2)`);
  }
  if (deny) {
    score -= 4;
    why?.push(
      `the label declines, denies ("no, it wasn't me") or secures the account: the way out, not the action (${hit(DENY_RE.test(label) ? DENY_RE : DECLINE_RE, label)}: -4)`,
    );
  }
  if (tracker) {
    why?.push('the URL is a click-tracking redirect: its path says nothing of the destination');
  } else if (f.negativeUrl) {
    score -= 4;
    why?.push(`the URL is an order, tracking, shop or event page (${hit(NEGATIVE_URL_RE, pq)}: -4)`);
  }
  if (NEGATIVE_LABEL_RE.test(label) && !inviteJoin(label, pq) && !invitedJoin(label, f, words) && !(strongLabel && serviceName(label, rawLabel, why))) {
    score -= 3;
    why?.push(`the label is about an order, shopping, reading or an event (${hit(NEGATIVE_LABEL_RE, label)}: -3)`);
  }
  if (strongLabel && PROMO_LABEL_RE.test(label)) {
    // (the sixteenth round) "Confirmar desconto", "Confirm your offer", "Gutschein bestätigen": a promotion's button, whatever its verb.
    score -= 4;
    why?.push(`the label is about a discount, a coupon or an offer (${hit(PROMO_LABEL_RE, label)}): a promotion's button, no verification (-4)`);
  }
  if (strongLabel && IF_NOT_RE.test(label)) {
    // (the sixteenth round) "If not, reset your password": the action that finishes an "if not" is the way out of a notice.
    const rest = label.slice(lastMatch(IF_NOT_ALL_RE, label) as number);
    if (!LATER_SENTENCE_RE.test(rest) && (STRONG_LABEL_RE.test(rest) || NATIVE_ACTION_LABEL_RE.test(rest) || RECOVER_LABEL_RE.test(rest))) {
      why?.push(`rejected: the link finishes an "if not" after "if this was you" (${hit(IF_NOT_RE, label)}): the way out of a notice, not what the mail asks`);
      return null;
    }
  }
  const disclaimer = DISCLAIMER_LABEL_RE.test(label) ? DISCLAIMER_LABEL_RE : NATIVE_DISCLAIMER_RE.test(label) ? NATIVE_DISCLAIMER_RE : null;
  if (disclaimer !== null) {
    // (the eleventh round) "If you didn't, reset your password now": when no sentence ends after the doubt, the link is the way out of
    // a notice of a change already made, never what the mail asks: no verification link, whatever its URL and action words.
    const doubt = lastMatch(disclaimer === DISCLAIMER_LABEL_RE ? DISCLAIMER_ALL_RE : NATIVE_DISCLAIMER_ALL_RE, label) as number;
    const rest = label.slice(doubt);
    if (!LATER_SENTENCE_RE.test(rest) && (STRONG_LABEL_RE.test(rest) || NATIVE_ACTION_LABEL_RE.test(rest) || RECOVER_LABEL_RE.test(rest))) {
      why?.push(`rejected: the link finishes a "wasn't you?" clause (${hit(disclaimer, label)}): the way out of a notice, not what the mail asks`);
      return null;
    }
    score -= 4;
    why?.push(`the label is a "didn't ask for this?" fallback (${hit(disclaimer, label)}: -4)`);
  } else {
    // "If this wasn't you, <a>reset your password</a>": the link finishes the clause that doubts the mail.
    // A strong label is only lowered when no sentence ends between that clause and the link.
    // (the sixteenth round) "If not, <a>reset your password</a>" too, for an action's link.
    const doubt =
      lastMatch(NATIVE_DISCLAIMER_ALL_RE, before) ?? lastMatch(DISCLAIMER_ALL_RE, before) ?? (strongLabel ? lastMatch(IF_NOT_ALL_RE, before) : null);
    if (doubt !== null && strongLabel && !newSentenceAfter(before.slice(doubt))) {
      // (the eleventh round) An action that finishes the doubt is the way out of a notice: no verification link.
      why?.push(
        `rejected: the link finishes the clause "if this wasn't you" ("…${before.slice(Math.max(0, doubt - 30), doubt).trim()}"): the way out of a notice, not what the mail asks`,
      );
      return null;
    }
    if (doubt !== null && !strongLabel) {
      score -= 4;
      why?.push(`the link follows "if this wasn't you" ("${before.slice(doubt).split(/[,，]/)[0]?.trim()}"): a fallback (-4)`);
    }
  }
  return score;
}

/**
 * (the seventh round) Why a link with no action label is the action all the same, or null: its URL is a framework's stock action
 * link, its label views the invitation its URL names, it opens the document the message says was shared, or it is a generic "click
 * here" whose purpose, after it, is to verify, confirm or reset.
 */
function seventhAction(label: string, f: UrlFacts, words: LinkWords | undefined, rawAfter: string | undefined, plainAfter: () => string): string | null {
  const { pq } = f;
  f.framework ??= FRAMEWORK_URL_RE.test(pq);
  if (f.framework) return `the URL is the action link of ${frameworkName(pq)}'s stock mail (${hit(FRAMEWORK_URL_RE, pq).slice(0, 60)}…"): +4`;
  if (label !== '' && VIEW_INVITE_RE.test(label) && INVITE_ONLY_URL_RE.test(pq) && !f.negativeUrl)
    return `the label opens the invitation (${hit(VIEW_INVITE_RE, label)}) that the URL names (${hit(INVITE_ONLY_URL_RE, pq)}): +4`;
  if (label !== '' && OPEN_LABEL_RE.test(label) && DOC_URL_RE.test(f.pathname.toLowerCase()) && urlSecret(f) && words?.sharedDoc() === true)
    return `the message tells of a document shared with the reader and the label opens it (${hit(OPEN_LABEL_RE, label)}, a document's URL): +4`;
  if (rawAfter && (f.tokenLike || f.strongUrl) && HERE_LABEL_RE.test(label)) {
    const clause = plainAfter()
      .slice(0, 160)
      .replace(/^[\s\])>»:.,-]+/, '')
      .split(/[.!?。！]/)[0]
      ?.replace(DONE_RE, ' ');
    if (clause && PURPOSE_RE.test(clause)) {
      const re = [STRONG_LABEL_RE, NATIVE_ACTION_LABEL_RE, RECOVER_LABEL_RE].find((r) => r.test(clause));
      if (re)
        return `a "click here" link whose purpose follows it ("${clause.slice(0, 60)}"): it asks to verify, confirm, activate or reset (${hit(re, clause)}): +4`;
    }
  }
  return null;
}

/** The text after a link refers back to it ("the link above") and asks to verify, confirm or activate. */
function afterCue(raw: string | undefined, plainAfter: () => string): boolean {
  if (!raw) return false;
  const after = plainAfter().slice(0, 200).replace(DONE_RE, ' ');
  return BACKREF_RE.test(after) && (STRONG_LABEL_RE.test(after) || NATIVE_ACTION_LABEL_RE.test(after));
}

/**
 * The doubt before a link is closed by a full stop or an exclamation mark ("If you didn't sign up, ignore
 * this email. Verify …"); a question mark leaves it open, its answer is the link ("Wasn't you? Change your
 * password").
 */
function newSentenceAfter(rest: string): boolean {
  return /[.!。！](?:\s|$)/.test(rest);
}

/**
 * (the eleventh round) A sentence begins after the doubt, within the label ("Wenn du das nicht angefordert hast, ignoriere … . Klicke
 * …"); a question mark leaves the doubt open, its answer is the link ("Warst du das nicht? Passwort zurücksetzen").
 */
const LATER_SENTENCE_RE = /[.!。！]\s*\S/;

/** Where the last match of the global `re` in `s` ends, or null. */
function lastMatch(re: RegExp, s: string): number | null {
  re.lastIndex = 0;
  let end: number | null = null;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) end = m.index + m[0].length;
  return end;
}

/** Lower case, one space for any run of white space, typographic apostrophes as "'" ("didn’t", "c’était"). */
function plain(s: string): string {
  return s.toLowerCase().replace(SPACE_RUN_RE, ' ').replace(QUOTE_RE, "'");
}
// White space other than a lone ' ' (which would be replaced by itself), and typographic apostrophes.
const SPACE_RUN_RE = /\s{2,}|[^\S ]/g;
const QUOTE_RE = /[’‘ʼ´`]/g;

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Picks the best-scoring link (first one on ties), or null. With `trace`, every link is recorded
 * there with its score and reasons, the one picked marked `chosen` (explain()).
 */
export function pickLink(cands: LinkCandidate[], trace?: LinkTrace[], words?: LinkWords, urls?: Map<string, UrlFacts>): string | null {
  let best: string | null = null;
  let bestScore = -Infinity;
  let bestTrace: LinkTrace | undefined;
  for (const c of cands) {
    const why: string[] | undefined = trace ? [] : undefined;
    const score = scoreLink(c.url, c.label, why, c, words, urls);
    let t: LinkTrace | undefined;
    if (trace && why) {
      t = { url: c.url.trim(), label: c.label, start: c.start, end: c.end, score, accepted: false, chosen: false, reasons: why };
      trace.push(t);
      if (score === null) continue;
      if (score < LINK_THRESHOLD) why.push(`rejected: score ${score} is below the threshold ${LINK_THRESHOLD}`);
      else t.accepted = true;
    }
    if (score === null || score < LINK_THRESHOLD) continue;
    if (score > bestScore) {
      bestScore = score;
      best = c.url.trim();
      bestTrace = t;
    }
  }
  if (bestTrace) bestTrace.chosen = true;
  return best;
}

/** Links considered per part, in document order (a verification link comes early). */
export const MAX_LINKS = 100;

/**
 * Link candidates from a plain-text body. The label of a URL is the text on its
 * line before it (after the previous URL), or the previous non-empty line when
 * the URL stands alone ("Verify your email:\nhttps://...").
 */
export function textLinks(text: string): LinkCandidate[] {
  const urls = findUrls(text, MAX_LINKS);
  const out: TextLink[] = [];
  let prevEnd = 0;
  for (const u of urls) {
    const ls = lineStart(text, u.start, Math.max(prevEnd, u.start - LABEL_SPAN));
    let label = stripTrailingPunct(text.slice(Math.max(ls, prevEnd), u.start));
    if (!LETTER_OR_DIGIT_RE.test(label) && ls > prevEnd && text[ls - 1] === '\n') {
      // Previous non-empty line (but not text that belongs to an earlier URL).
      let pe = ls - 1;
      while (pe > prevEnd && text[pe - 1] === '\n') pe--;
      const ps = lineStart(text, pe, Math.max(prevEnd, pe - LABEL_SPAN));
      label = stripTrailingPunct(text.slice(ps, pe));
    }
    out.push(new TextLink(text, u.url, label, u.start, u.end));
    prevEnd = u.end;
  }
  for (let k = 0; k < out.length; k++) {
    const c = out[k] as TextLink;
    c.limit = Math.min(text.length, c.end + LABEL_SPAN, k + 1 < out.length ? (out[k + 1] as TextLink).start : Infinity);
  }
  return out;
}

/** A URL of a text part as a link candidate: the text after it is only cut out when a rule reads it. */
class TextLink implements LinkCandidate {
  /** Where the text after the link stops: the next URL, or LABEL_SPAN characters on. */
  limit = 0;
  private afterText: string | undefined;
  constructor(
    private readonly text: string,
    readonly url: string,
    readonly label: string,
    readonly start: number,
    readonly end: number,
  ) {}
  get after(): string {
    this.afterText ??= afterContext(this.text, this.end, this.limit);
    return this.afterText;
  }
}

/** The text after a link: the rest of its line, or the next non-empty line when the link ends its line. */
export function afterContext(text: string, from: number, limit: number): string {
  let a = from;
  // (the seventh round) The bracket that closes "[https://…]" or "<https://…>" is no text after the link.
  if (a < limit && (text[a] === ']' || text[a] === '>' || text[a] === ')')) a++;
  while (a < limit && (text[a] === ' ' || text[a] === '\t')) a++;
  if (text[a] === '\n' || a === limit) {
    while (a < limit && /\s/.test(text[a] as string)) a++;
  }
  let b = a;
  while (b < limit && text[b] !== '\n') b++;
  return text.slice(a, b);
}

const LABEL_SPAN = 200;
const LETTER_OR_DIGIT_RE = /[\p{L}\p{N}]/u;
const LABEL_TRAILING = new Set([' ', '\n', '[', ']', '<', '>', '(', ':', '：', '-', '–', '—', '→', '»', '|']);

/** Start of the line containing `pos`, looking back no further than `floor`. */
function lineStart(text: string, pos: number, floor: number): number {
  let p = pos;
  while (p > floor && text[p - 1] !== '\n') p--;
  return p;
}

function stripTrailingPunct(s: string): string {
  let e = s.length;
  while (e > 0 && LABEL_TRAILING.has(s[e - 1] as string)) e--;
  return s.slice(0, e).trim();
}
