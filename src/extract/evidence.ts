/**
 * Positive evidence that a message carries a one-time code (issue 29's fourth round).
 *
 * A code word ("code", "PIN", "number", "#", "kod", "mã", "コード"...) is all a receipt, a ticket, a gift
 * card, a company register or a newsletter quoting an example needs to print a number beside. Before a
 * code is returned, the message (its subject and the text searched) must also say something only a
 * one-time code's message says: a verification, sign-in, two-factor, one-time or password word, how long
 * the code stays valid, or that it must not be shared. Without that the extractor answers null: a missed
 * code costs a timeout, a wrong one a confusing failure.
 *
 * Each list is written per language from how senders phrase these mails; one search per text (ASCII words
 * with word boundaries, the rest as substrings, since Thai, Chinese and Japanese have no spaces and the
 * other scripts' words take case endings and clitics).
 */

/** Verification, authentication, two-factor, one-time, sign-in and password words (ASCII, matched as words). */
const ASCII_WORDS = [
  // en
  'verif(?:y|ying|ied|ication)',
  'authenticat(?:e|ion|or)',
  '2fa',
  'mfa',
  '2-step',
  'two[- ](?:factor|step)',
  'one[- ]time',
  'otp',
  'totp',
  'log(?:ging)?[- ]?in',
  'sign(?:ing)?[- ]?in',
  'sign[- ]?up',
  'password',
  // de
  'verifizier(?:en|ung)',
  'authentifizierung',
  'zwei-faktor',
  'einmal(?:code|passwort|kennwort|ig\\p{L}*)',
  'anmelde\\p{L}*',
  'anmeld(?:en|ung)',
  'einloggen',
  // (the thirteenth round) the infinitives of a purpose: "um dich anzumelden", "einzuloggen", "om in te loggen", "aby się zalogować"
  'anzumelden',
  'einzuloggen',
  'passwort\\p{L}*',
  'kennwort\\p{L}*',
  'best(?:ae|ä)tigungscode',
  'm?tan',
  // fr, es, pt, it, nl
  'v(?:e|é)rification',
  'authentification',
  'connexion',
  'connecter',
  'mot de passe',
  'usage unique',
  'verificaci(?:o|ó)n',
  'verificar',
  'autenticaci(?:o|ó)n',
  'iniciar sesi(?:o|ó)n',
  'contrase(?:ñ|n)a',
  'un solo uso',
  'verifica(?:ç|c)(?:ã|a)o',
  'autentica(?:ç|c)(?:ã|a)o',
  'senha',
  'uso (?:ú|u)nico',
  'entrar (?:na|em) (?:sua |tua )?conta',
  'iniciar sess(?:ã|a)o',
  'fazer login',
  'entrar (?:a|en) (?:tu |su )?cuenta',
  'acceder a (?:tu |su )?cuenta',
  'accedere',
  'verifica(?:re)?',
  'autenticazione',
  'accedi',
  'monouso',
  'verificati(?:e|ecode)',
  'verifi(?:ë|e)ren',
  'authenticatie',
  'inloggen',
  'in te loggen',
  'aan te melden',
  'aanmelden',
  'wachtwoord',
  'eenmalig\\p{L}*',
  // pl, tr, id
  'weryfikac\\p{L}*',
  'uwierzytelni\\p{L}*',
  'jednorazow\\p{L}*',
  'logowani\\p{L}*',
  'zaloguj\\p{L}*',
  'zalogowa\\p{L}*',
  'has(?:ł|l)\\p{L}*',
  'do(?:ğ|g)rulama',
  'giri(?:ş|s)',
  'oturum',
  '(?:ş|s)ifre\\p{L}*',
  'tek kullan(?:ı|i)ml(?:ı|i)k',
  'kullan(?:ı|i)ml(?:ı|i)k',
  'verifikasi',
  'autentikasi',
  'otentikasi',
  'kata sandi',
  'sekali pakai',
  'masuk',
  // confirming with a code (verbs and the "confirmation code" nouns, never "order confirmation")
  'confirm',
  'confirming',
  'confirmation code',
  'confirme[rz]?',
  'code de confirmation',
  'validez',
  'valider',
  'confirma(?:r)?',
  'c(?:ó|o)digo de confirmaci(?:ó|o)n',
  'c(?:ó|o)digo de confirma(?:ç|c)(?:ã|a)o',
  'validar',
  'conferma (?:il|la|lo|i|gli|le|tuo|tua|tuoi|questo|questa)',
  'confermare',
  'codice di conferma',
  'best(?:ä|ae)tig(?:e|en|st)',
  'bevestig(?:en)?',
  'bevestigingscode',
  'potwierd(?:ź|z)(?:i(?:ć|c))?',
  'kod potwierdz\\p{L}*',
  'onayla\\p{L}*',
  'onay kodu',
  'konfirmasi',
  // a code sent to the user's phone or address for this request ("We sent a code to +1 …")
  'sent (?:you )?a code',
  'code (?:was |has been )?sent to',
  'nous (?:vous )?avons envoy(?:é|e) un code',
  '(?:te|le) (?:hemos )?enviamos un c(?:ó|o)digo',
  'enviamos um c(?:ó|o)digo',
  'ti abbiamo inviato un codice',
  '(?:dir|ihnen) (?:einen )?code gesendet',
  'hebben (?:je|u) een code gestuurd',
  // a code sent by text message
  'sms[- ]?code',
  '(?:kod|code|c(?:ó|o)digo|codice|kode) (?:sms|per sms|par sms|por sms)',
  'sms kodu',
  // (the sixteenth round) the code sent again by text message: "We also sent it by SMS to +61 …", "auch per SMS gesendet"
  'sent (?:it|this code|the code|the same code) (?:also )?(?:by|via|as an?) (?:sms|text)',
  '(?:auch |ebenfalls )?per sms (?:gesendet|geschickt|zugeschickt)',
  '(?:aussi |également )?envoy(?:é|e) par sms',
  '(?:tambi(?:é|e)n )?enviado (?:por|via) sms',
  '(?:anche )?inviato (?:via|tramite|per) sms',
  '(?:ook )?per sms (?:verstuurd|gestuurd)',
  'sms-kod',
  // (the seventeenth round) the code typed into the sender's app to finish what the reader started ("Introduza na aplicação o
  // código 582047 para concluir a adesão", "Enter this code in the app", "Gib den Code in der App ein")
  '(?:enter|type) (?:this |the )?code (?:in|into) (?:the |our )?app',
  'introduza (?:na aplica(?:ç|c)(?:ã|a)o|no app) o c(?:ó|o)digo',
  '(?:introduza|insira) (?:este |o )?c(?:ó|o)digo (?:na aplica(?:ç|c)(?:ã|a)o|no app|no aplicativo)',
  'introduce (?:este |el )?c(?:ó|o)digo en la (?:app|aplicaci(?:ó|o)n)',
  'code in der app ein(?:geben|gibst)?',
  '(?:saisissez|entrez) (?:ce|le) code dans l.app(?:lication)?',
  'inserisci (?:il|questo) codice nell.app',
  'voer (?:de|deze) code in (?:in )?de app',
  'wpisz (?:ten )?kod w aplikacji',
  'kodu uygulamaya gir\\p{L}*',
  'masukkan kode (?:ini )?di aplikasi',
  'nh(?:ậ|a)p m(?:ã|a) (?:n(?:à|a)y )?v(?:à|a)o (?:ứ|u)ng d(?:ụ|u)ng',
  // a security code
  'security code',
  'security token',
  'c(?:ó|o)digo de seguridad',
  'code de s(?:é|e)curit(?:é|e)',
  'sicherheitscode',
  'codice di sicurezza',
  'beveiligingscode',
  'c(?:ó|o)digo de seguran(?:ç|c)a',
  'token de seguran(?:ç|c)a',
  'g(?:ü|u)venlik kodu',
  'kod bezpiecze\\p{L}*',
  // (the thirteenth round) a card payment's or a bank's one-time codes by name: BLIK (typed within two minutes), 3-D Secure and its
  // brands, and the German TAN procedures
  'blik',
  '3-?d[- ]?secure',
  '3ds',
  'securecode',
  'verified by visa',
  'identity check',
  'safekey',
  '(?:push|photo|chip|app|sms|mobile)-?tan',
  // (the thirteenth round) pairing a device with a code shown or sent ("Enter this pairing code in the app", "code d'appairage")
  'pairing',
  'pair (?:your |the |a |this )?(?:device|tv|watch|speaker|headphones|headset|controller|doorbell|camera)',
  'device code',
  'kopplungscode',
  'koppeln',
  'appairage',
  'appairer',
  'jumelage',
  'emparejamiento',
  'emparejar',
  'pareamento',
  'parear',
  'emparelhar',
  'abbinamento',
  'koppelcode',
  'parowani\\p{L}*',
  'sparuj\\p{L}*',
  'e(?:ş|s)le(?:ş|s)tir\\p{L}*',
  'ghép nối',
  'pemasangan',
  'menyandingkan',
  // (the eighteenth round) a code typed on a TV's screen to link it to the account ("type this code on the TV screen", "introduza no
  // ecrã da TV o código", "auf dem Bildschirm deines Fernsehers"): the device pairing of a TV, a box or a console; "on TV" alone
  // is no evidence (newsletters say it)
  '(?:tv|television|console) screen',
  '(?:link|connect|activate|register) (?:your |the |a |this |my )?(?:(?:smart |new )?tv|television|console|streaming device|tv box)',
  '(?:bildschirm (?:des|deines|ihres) fernsehers)',
  'fernsehbildschirm',
  '(?:(?:é|e)cran (?:de |du |de la |de votre |de ta )?(?:tv|t(?:é|e)l(?:é|e)(?:viseur)?|box|d(?:é|e)codeur))',
  'pantalla (?:de (?:la |tu |su )?|del )(?:tv|tele|televisor)',
  '(?:ecr(?:ã|a)|tela) d[ao] (?:smart )?(?:tv|televis(?:ã|a)o|televisor|box)',
  'schermo (?:della |del |tuo |tua )?(?:tv|televisore|smart tv)',
  'tv-scherm',
  'ekranie (?:telewizora|tv)',
  'tv ekran\\p{L}*',
  'televizyon ekran\\p{L}*',
  'màn hình (?:tv|tivi)',
  'layar tv',
  // (the eighteenth round) a card payment's validation code, typed on the payment page ("Code de validation à saisir sur la page de
  // paiement", "código de validación", "codice di convalida", "Validierungscode")
  'code de validation',
  'c(?:ó|o)digo de valida(?:ci(?:ó|o)n|(?:ç|c)(?:ã|a)o)',
  'codice di (?:convalida|validazione)',
  'validierungscode',
  'validatiecode',
  'kod walidacyjny',
  'payment page',
  'page de paiement',
  'p(?:á|a)gina de (?:pago|pagamento)',
  'pagina di pagamento',
  'zahlungsseite',
  'betaalpagina',
  // (the fifth round) authorising a transfer or a payment with the code: a bank's code sent for this operation
  'authori[sz]e (?:this |the |your )?(?:payment|transfer|transaction|purchase)',
  'to authori[sz]e',
  '(?:(?:ü|u)berweisung|zahlung|auftrag|transaktion)(?:en)? (?:freigeben|autorisieren)',
  'zur freigabe',
  '(?:autoriser|autorisez) (?:le |ce |votre |cette |la |l.)?(?:paiement|virement|achat|op(?:é|e)ration|transaction)',
  'pour autoriser',
  'autoriza(?:r)? (?:la |esta |el |tu |su |a |o |sua )?(?:operaci(?:ó|o)n|transferencia|compra|transacci(?:ó|o)n|pago|transa(?:ç|c)(?:ã|a)o|transfer(?:ê|e)ncia|opera(?:ç|c)(?:ã|a)o|pagamento)',
  'para autorizar',
  'autorizza(?:re)? (?:il |l.|la |questo |questa )?(?:pagamento|bonifico|operazione|transazione|acquisto)',
  'per autorizzare',
  '(?:betaling|overboeking|transactie) (?:goedkeuren|autoriseren)',
  'autoryzac\\p{L}* (?:przelew\\p{L}*|transakcj\\p{L}*|p(?:ł|l)atno(?:ś|s)c\\p{L}*|operacj\\p{L}*|zlece\\p{L}*)',
  'z?autoryzuj\\p{L}*',
  'do autoryzacji',
  'otorisasi transaksi',
  // (the fifth round) activating or verifying the account the mail is about ("enter this code or click to activate your account")
  'activate (?:your |my )?account',
  'account activation',
  'konto (?:zu )?aktivier\\p{L}*',
  'aktivier\\p{L}* (?:sie |du )?(?:ihr|dein)(?:en)? (?:konto|account|zugang)',
  'activ(?:er|ez) (?:votre |ton |mon )compte',
  'activation (?:de |du )(?:votre |ton )?compte',
  'activa(?:r)? (?:tu |su |mi )cuenta',
  'activaci(?:ó|o)n de (?:tu |su )?cuenta',
  'ativ(?:ar|e) (?:a |sua |tua |minha )?conta',
  'ativa(?:ç|c)(?:ã|a)o da (?:sua )?conta',
  'attiva(?:re)? (?:il |l.)?(?:tuo |suo )?account',
  'account activeren',
  'activeer (?:je|uw) account',
  'aktywuj (?:swoje |twoje )?konto',
  'aktywacj\\p{L}* konta',
  'hesab\\p{L}* (?:etkinle(?:ş|s)tir|aktifle(?:ş|s)tir|aktif et)\\p{L}*',
  'do(?:ğ|g)rula\\p{L}*',
  'aktifkan akun',
  'aktivasi akun',
  'kích hoạt tài khoản',
  // (the sixth round) confirming a new e-mail address or an e-mail change with the code
  'new e-?mail address',
  'e-?mail (?:address )?change',
  'change (?:of |your )?e-?mail(?: address)?',
  'neue[nr]? e-?mail-adresse',
  'e-?mail-(?:adresse (?:zu )?(?:best(?:ä|ae)tigen|(?:ä|ae)ndern)|(?:ä|ae)nderung)',
  'nouvelle adresse (?:e-?mail|(?:é|e)lectronique)',
  "changement (?:d'adresse e-?mail|de (?:votre )?(?:adresse )?e-?mail)",
  'nuev[oa] (?:direcci(?:ó|o)n de )?(?:correo|e-?mail)',
  'cambio de (?:correo|e-?mail)',
  'novo (?:endere(?:ç|c)o de )?e-?mail',
  'altera(?:ç|c)(?:ã|a)o (?:do|de) e-?mail',
  'nuovo indirizzo (?:e-?mail|di posta)',
  'nieuw e-?mailadres',
  'e-?mailadres (?:wijzigen|bevestigen)',
  'nowy adres e-?mail',
  'zmian\\p{L}* adresu e-?mail',
  'yeni e-?posta',
  'e-?posta (?:adresi )?de(?:ğ|g)i(?:ş|s)ikli(?:ğ|g)i',
  'email baru',
  'perubahan email',
  // an access code (to the account or dashboard the mail is about)
  'access code',
  'c(?:ó|o)digo de ac?cess?o',
  "code d'acc(?:è|e)s",
  'zugangscode',
  'codice di accesso',
  'toegangscode',
];

/** The same classes in scripts without ASCII words (and words with accents the first list cannot bound). */
const OTHER_WORDS = [
  // (the seventeenth round) the code typed into the app: "введите код в приложении", "введіть код у застосунку", "أدخل الرمز في
  // التطبيق", "הזן את הקוד באפליקציה", "ऐप में यह कोड डालें", "アプリにコードを入力", "앱에 코드를 입력", "在应用中输入", "ใส่รหัสในแอป"
  'введите код в приложени',
  'введіть код у (?:застосунку|додатку)',
  'أدخل الرمز في التطبيق',
  'הזן את הקוד באפליקציה',
  'ऐप में (?:यह )?कोड',
  'アプリ(?:に|で)(?:この)?(?:コード|認証コード)を入力',
  '앱에 (?:이 )?코드를 입력',
  '在(?:应用|應用|App|APP)(?:中|内|內)输入',
  '在(?:应用|應用|App|APP)(?:中|内|內)輸入',
  'ใส่รหัส(?:นี้)?ในแอป',
  // ru, uk
  'подтверд',
  'подтвержд',
  'безопасност',
  'смс',
  'sms-код',
  'код из sms',
  'провер',
  'верифика',
  'аутентифика',
  'одноразов',
  'вход',
  'войти',
  'пароль',
  'пароля',
  'підтверд',
  'перевір',
  'верифіка',
  'автентифіка',
  'одноразов',
  'вхід',
  'увійти',
  'входу',
  // (the fifth round) activating the account; a bank approving the transfer or payment the code is for
  'активируйте (?:ваш |свой )?аккаунт',
  'активировать (?:ваш |свой )?аккаунт',
  'активации аккаунта',
  'активуйте (?:ваш |свій )?(?:акаунт|обліковий)',
  'активувати (?:ваш |свій )?акаунт',
  'активації акаунта',
  'הפעלת (?:ה)?חשבון',
  'להפעיל את (?:ה)?חשבון',
  'הפעל את החשבון',
  'לאישור (?:ה)?(?:העברה|תשלום|פעולה|עסקה)',
  // (the sixteenth round) "הקוד לאישור:", "קוד האישור": the code to confirm with, as "codice di conferma", "onay kodu"
  '(?:ה)?קוד (?:ל|ה)?אישור',
  'تفعيل (?:ال)?حساب',
  'खाता सक्रिय',
  'खाते को सक्रिय',
  'अकाउंट सक्रिय',
  'เปิดใช้งานบัญชี',
  'アカウントを有効',
  'アカウントの有効化',
  '계정 활성화',
  '계정을 활성화',
  '激活(?:您的)?(?:账户|帐户|账号|帳戶|帳號)',
  '啟用(?:您的)?(?:帳戶|帳號)',
  // (the sixth round) a new e-mail address or an e-mail change
  'новый адрес (?:электронной почты|e-mail|email)',
  'смен\\p{L}* (?:адреса )?(?:электронной почты|e-mail|email)',
  'змін\\p{L}* (?:адреси )?(?:електронної пошти|e-mail|email)',
  'כתובת (?:ה)?(?:דוא"ל|אימייל|מייל) (?:ה)?חדשה',
  'שינוי (?:כתובת )?(?:ה)?(?:דוא"ל|אימייל|מייל)',
  'البريد الإلكتروني الجديد',
  'تغيير البريد',
  'नया ईमेल',
  'ईमेल बदल',
  'email mới',
  'thay đổi email',
  'อีเมลใหม่',
  'เปลี่ยนอีเมล',
  '新しいメールアドレス',
  'メールアドレスの変更',
  '새 이메일 주소',
  '이메일 변경',
  '新邮箱',
  '新的电子邮件',
  '新電子郵件',
  '新信箱',
  '更改邮箱',
  '變更電子郵件',
  // (the eighteenth round) a code typed on a TV's screen ("на экране телевизора", "на екрані телевізора", "على شاشة التلفاز",
  // "במסך הטלוויזיה", "टीवी स्क्रीन पर", "หน้าจอทีวี", "テレビ画面", "TV 화면", "电视屏幕", "電視螢幕")
  'экране телевизора',
  'екрані телевізора',
  'شاشة التلفاز',
  'شاشة التلفزيون',
  'מסך הטלוויזיה',
  'टीवी स्क्रीन',
  'หน้าจอทีวี',
  'テレビ画面',
  'テレビの画面',
  'TV 화면',
  '电视屏幕',
  '電視螢幕',
  // (the thirteenth round) pairing a device
  'сопряжени',
  'сполученн',
  'الاقتران',
  'إقران',
  'צימוד',
  'לצמד',
  'पेयरिंग',
  'पेयर कर',
  'จับคู่',
  'ペアリング',
  '페어링',
  '配对',
  '配對',
  // he, ar, hi
  'אימות',
  'חד-פעמי',
  'חד פעמי',
  'התחברות',
  'להתחבר',
  'להיכנס',
  'כניסה',
  'סיסמ',
  'التحقق',
  'للتحقق',
  'تأكيد',
  'التأكيد',
  'تسجيل الدخول',
  'لمرة واحدة',
  'المرور',
  // (the fourteenth round) "سري" (secret), not "سريع"/"سريعة" (fast), "سرير" (a bed) or "سريان" (coming into force): a delivery
  // company's "طلبات سريعة" said nothing of a code
  'سري(?![عرا])',
  'सत्यापन',
  'ओटीपी',
  'लॉगिन',
  'लॉग इन',
  'साइन इन',
  'पासवर्ड',
  'पुष्टि',
  'एक बार',
  // vi
  'xác thực',
  'xác minh',
  'xác nhận',
  'bảo mật',
  'đăng nhập',
  'mật khẩu',
  'một lần',
  'dùng một lần',
  // th, ja, zh, ko
  'ยืนยัน',
  'เข้าสู่ระบบ',
  'รหัสผ่าน',
  'ครั้งเดียว',
  'OTP',
  '認証',
  '確認',
  '確認コード',
  'ワンタイム',
  'ログイン',
  'サインイン',
  'パスワード',
  '验证',
  '驗證',
  '认证',
  '認證',
  '校验',
  '登录',
  '登入',
  '登錄',
  '密码',
  '密碼',
  '一次性',
  '确认',
  '动态',
  '動態',
  '인증',
  '확인 코드',
  '확인코드',
  '로그인',
  '비밀번호',
  '일회용',
  '본인',
  '확인',
];

/** How long the code stays valid, in every language. */
const EXPIRY = [
  'valid for',
  'valid (?:only )?until',
  'expires?(?: in| after| at)?',
  'expir(?:y|ing|ation)',
  'will expire',
  'g(?:ü|u)ltig\\p{L}*',
  'l(?:ä|a)uft',
  'verf(?:ä|a)llt',
  'valable',
  'expirer?a?',
  'v(?:á|a)lid[oa] (?:por|durante|para|per)',
  'caduca\\p{L}*',
  'expira\\p{L}*',
  'vence\\p{L}*',
  'vale por',
  'scad\\p{L}*',
  'geldig',
  'verloopt',
  'wa(?:ż|z)n\\p{L}*',
  'wygasa',
  'ge(?:ç|c)erli\\p{L}*',
  'berlaku',
  'kedaluwarsa',
  'действител',
  'действует',
  'истекает',
  'дійсн',
  'діє',
  'спливає',
  'בתוקף',
  'יפוג',
  'صالح',
  'تنتهي',
  'ينتهي',
  'मान्य',
  'समाप्त',
  'hiệu lực',
  'hết hạn',
  'หมดอายุ',
  'ใช้ได้',
  '有効',
  '有效',
  '過期',
  '过期',
  '유효',
  '만료',
];

/** "Do not share this code", in every language. */
const NO_SHARE = [
  "(?:do not|don't|never) (?:share|give|tell|forward|disclose)",
  'nicht weiter',
  'niemals weiter',
  'nicht mit anderen',
  'ne (?:le )?partagez',
  'ne communiquez',
  'no (?:lo )?compart\\p{L}*',
  'nunca compart\\p{L}*',
  'n(?:ã|a)o compartilh\\p{L}*',
  'non (?:condivider|comunicar|rivelar|dar)\\p{L}*',
  'deel deze',
  'deel (?:de|je) code',
  'nie udost(?:ę|e)pniaj\\p{L}*',
  'nikomu',
  'payla(?:ş|s)may\\p{L}*',
  'kimseyle',
  'jangan (?:bagikan|berikan)',
  'не сообщайте',
  'никому не',
  'не передавайте',
  'не повідомляйте',
  'нікому не',
  'אל תשתפ',
  'אל תמסר',
  'لا تشارك',
  'لا تشارك',
  'किसी के साथ साझा न',
  'साझा न',
  'không chia sẻ',
  'không cung cấp',
  'อย่าแชร์',
  'ห้ามแชร์',
  'อย่าบอก',
  'ห้ามบอก',
  '共有しない',
  '教えない',
  '不要分享',
  '不要泄露',
  '请勿',
  '請勿',
  '勿將',
  '공유하지',
  '알려주지',
];

/**
 * (the twenty-first round) Two-step verification and an account's recovery, read only when no other word is evidence (a search of
 * its own after the others, so that the mails that have one pay nothing for it).
 */
const TWO_STEP_AND_RECOVERY = [
  // (the twenty-first round) two-step verification in the Latin-script languages: "validation en deux étapes", "double
  // authentification", "verificación en dos pasos", "verificação em duas etapas", "verifica in due passaggi", "tweestapsverificatie",
  // "Zwei-Schritt-Verifizierung", "zweistufige", "weryfikacja dwuetapowa", "iki adımlı doğrulama", "xác minh 2 bước", "verifikasi dua langkah"
  '(?:validation|v(?:é|e)rification|authentification|connexion) en (?:deux|2) (?:é|e)tapes',
  'double authentification',
  '(?:verificaci(?:ó|o)n|autenticaci(?:ó|o)n) en (?:dos|2) pasos',
  '(?:verifica(?:ç|c)(?:ã|a)o|autentica(?:ç|c)(?:ã|a)o) em (?:duas|2) etapas',
  '(?:verifica|autenticazione) in (?:due|2) passaggi',
  'twee(?:staps|-staps)\\p{L}*',
  'zwei-schritt\\p{L}*',
  'zweistufig\\p{L}*',
  'dwuetapow\\p{L}*',
  'iki (?:ad(?:ı|i)ml(?:ı|i)|a(?:ş|s)amal(?:ı|i))',
  'x(?:á|a)c (?:minh|th(?:ự|u)c) (?:2|hai) b(?:ư|u)(?:ớ|o)c',
  '(?:verifikasi|autentikasi) (?:dua|2) langkah',
  // (the twenty-first round) an account's recovery: "recuperar o acesso à conta", "account recovery", "Konto wiederherstellen",
  // "récupération du compte", "recuperar tu cuenta", "recupero dell'account", "accountherstel", "odzyskiwanie konta", "hesap kurtarma",
  // "pemulihan akun", "khôi phục tài khoản"
  'recuperar (?:o |seu |sua |tu |su )?acesso',
  'recupera(?:ç|c)(?:ã|a)o (?:de|da) conta',
  'recuperar (?:a |sua |tu |su |la )?(?:conta|cuenta)',
  'recuperaci(?:ó|o)n de (?:la |tu |su )?cuenta',
  'recover (?:your |the )?account',
  'account recovery',
  'konto wiederherstell\\p{L}*',
  'kontowiederherstellung',
  'r(?:é|e)cup(?:é|e)ration (?:de|du) (?:votre )?compte',
  'r(?:é|e)cup(?:é|e)rer (?:votre |ton )?compte',
  'recupero (?:dell.)?account',
  'recuperare (?:l.)?account',
  'accountherstel',
  'account herstellen',
  'odzyskiwani[ae] (?:dost(?:ę|e)pu|konta)',
  'odzyska(?:ć|c) (?:dost(?:ę|e)p|konto)',
  'hesap kurtarma',
  'pemulihan akun',
  'kh(?:ô|o)i ph(?:ụ|u)c t(?:à|a)i kho(?:ả|a)n',
  // (the twenty-first round) two-step verification in the other scripts: "двухэтапная", "двухфакторная", "двоетапна", "التحقق بخطوتين",
  // "אימות דו-שלבי", "दो-चरणीय", "การยืนยันสองขั้นตอน", "2段階認証", "2단계 인증", "两步验证", "兩步驟驗證", "双重验证"
  'двухэтапн',
  'двухфакторн',
  'двоетапн',
  'двофакторн',
  'بخطوتين',
  'דו-שלבי',
  'דו שלבי',
  'दो-चरण',
  'दो चरण',
  'สองขั้นตอน',
  '2段階',
  '二段階',
  '2단계',
  '2차 인증',
  '两步验证',
  '兩步驗證',
  '兩步驟',
  '双重验证',
  '雙重驗證',
  // (the twenty-first round) an account's recovery: "восстановление доступа", "відновлення доступу", "استعادة الحساب", "שחזור חשבון",
  // "खाता पुनर्प्राप्ति", "กู้คืนบัญชี", "アカウント復旧", "계정 복구", "找回账号", "帳號復原"
  'восстановление доступа',
  'восстановления доступа',
  'восстановление аккаунта',
  'відновлення доступу',
  'відновлення облікового',
  'استعادة الحساب',
  'استرداد الحساب',
  'שחזור חשבון',
  'שחזור החשבון',
  'खाता पुनर्प्राप्ति',
  'กู้คืนบัญชี',
  'アカウント復旧',
  'アカウントの復旧',
  '계정 복구',
  '找回账号',
  '账号找回',
  '找回帳號',
  '帳號復原',
  '账户恢复',
  '帳戶復原',
];

const NON_ASCII_RE = /[^\x00-\x7f]/;
// Scripts without spaces between words, or whose words are listed as stems (case endings, clitics): substrings.
const STEM_SCRIPT_RE = /[\u0400-\u04ff\u0590-\u06ff\u0900-\u097f\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
const latin = (list: string[]) => list.filter((w) => !STEM_SCRIPT_RE.test(w)).join('|');
const stems = (list: string[]) => list.filter((w) => STEM_SCRIPT_RE.test(w)).join('|');
// (the thirteenth round) One search per script as before, each kind of evidence a group of its own: 1, a verification, sign-in,
// one-time or password word; 2, how long the code stays valid; 3, that it must not be shared. Latin-script entries are whole
// words: no letter or digit right before or after them.
const WORD_RE = new RegExp(`(?<![\\p{L}\\p{N}])(?:(${latin(ASCII_WORDS)})|(${latin(EXPIRY)})|(${latin(NO_SHARE)}))(?![\\p{L}\\p{N}])`, 'giu');
const STEM_RE = new RegExp(`(${[...OTHER_WORDS, stems(ASCII_WORDS)].filter(Boolean).join('|')})|(${stems(EXPIRY)})|(${stems(NO_SHARE)})`, 'giu');
const TWO_STEP_RE = new RegExp(`((?<![\\p{L}\\p{N}])(?:${latin(TWO_STEP_AND_RECOVERY)})(?![\\p{L}\\p{N}])|${stems(TWO_STEP_AND_RECOVERY)})`, 'giu');

/**
 * (the thirteenth round) Time units below a day, a clock time, "today", "midnight" and "once" in the 21 languages: a one-time code
 * stays valid for minutes or hours, or for one use. A validity word with none of them in its clause tells of a voucher's, a
 * promotion's or a booking's dates ("14 मार्च तक मान्य", "Geldig t/m 31-12-2027", "valid for 30 days"), no one-time code.
 */
const SUBDAY_UNIT =
  "sec(?:ond)?s?|min(?:ute)?s?|hours?|hrs?|sekunden|minuten|stunden?|secondes?|heures?|segundos?|minutos?|horas?|secondi|minuti|or[ae]|seconden|uur|sekund[ay]?|minut[ay]?|godzin[ay]?|godzinę|saniye|dakika|saat|секунд\\p{L}*|минут\\p{L}*|мин|час\\p{L}*|хвилин\\p{L}*|годин\\p{L}*|ثوان\\p{L}*|ثانية|دقائق|دقيقة|دقيقتين|ساعة|ساعات|ساعتين|שניות|דקות|דקה|שעות|שעה|שעתיים|सेकंड|मिनट|घंटे|घंटा|giây|phút|giờ|detik|menit|jam|today|tonight|heute|aujourd'hui|hoy|hoje|oggi|vandaag|dzisiaj|dziś|bugün|сегодня|сьогодні|اليوم|היום|आज|hôm nay|hari ini|midnight|mitternacht|minuit|medianoche|meia-noite|mezzanotte|middernacht|północy|gece yarısı|полуночи|опівночі|منتصف الليل|חצות|आधी रात|nửa đêm|tengah malam|once|single use|one use|einmal|eine anmeldung|une seule fois|une fois|una sola vez|una vez|uma única vez|uma vez|una sola volta|una volta|één keer|eenmaal|jeden raz|jednorazow\\p{L}*|bir kez|tek sefer|один раз|одного раза|одноразов\\p{L}*|один раз|одного разу|مرة واحدة|לשימוש חד|פעם אחת|एक बार|một lần|sekali";
const SUBDAY_RE = new RegExp(
  `(?:^|[^\\p{L}])(?:${SUBDAY_UNIT})(?![\\p{L}])|\\d ?(?:${SUBDAY_UNIT}|h)(?![\\p{L}])|\\d{1,2}[:h]\\d{2}|วินาที|นาที|ชั่วโมง|วันนี้|เที่ยงคืน|ครั้งเดียว|秒|分|時間|小时|小時|本日|今日|今天|深夜|午夜|一度|1回|一次|초|분|시간|오늘|자정|한 번|1회`,
  'iu',
);
/** The clause of a validity word: back and on to a sentence's end or a line's, at most CLAUSE_REACH characters either side. */
const CLAUSE_REACH = 60;

/**
 * (the thirteenth round) A password word about a Wi-Fi network, a document, a file or an archive ("Wifi: Gast / wachtwoord …",
 * "WLAN-Passwort", "mot de passe du PDF", "contraseña del archivo"): no sign-in, so no evidence of a one-time code.
 */
const PASSWORD_WORD_RE =
  /passwor|kennwort|mot de passe|contrase|senha|wachtwoord|has[łl]|[şs]ifre|пароль|пароля|סיסמ|المرور|سري|पासवर्ड|mật khẩu|kata sandi|รหัสผ่าน|パスワード|비밀번호|密码|密碼/i;
const NOT_SIGN_IN_RE =
  /wi-?fi|wlan|ssid|hotspot|router|netzwerk|network|réseau|netwerk|ไวไฟ|無線|无线|ルーター|공유기|נתב|राउटर|pdf|\.zip|archiv|document|dokument|attachment|anhang|pièce jointe|fichier|adjunto|archivo|anexo|arquivo|allegato|bijlage|bestand|załącznik|plik|dosya|ek dosya|belge|вложени\p{L}*|файл\p{L}*|документ\p{L}*|вкладен\p{L}*|مرفق|ملف|المستند|מצורף|קובץ|מסמך|संलग्न|फ़ाइल|फाइल|दस्तावेज़|tệp|tài liệu|đính kèm|lampiran|berkas|dokumen|ไฟล์|เอกสาร|添付|ファイル|文書|첨부|파일|문서|附件|文件|檔案|文檔/iu;
/** Characters read before a password word (on its line) and after it for what it opens. */
const PASSWORD_BEFORE = 40;
const PASSWORD_AFTER = 24;

/**
 * (the thirteenth round) "We will never ask for your code or password" in the 21 languages: the words after it in its clause tell
 * what the sender never asks, no code sent (a "never share" is another thing: it is evidence of its own).
 */
const NEVER_ASK_RE =
  /never (?:ask|request|call|e-?mail|text|contact)|(?:will not|won't|do not|don't|does not|doesn't) (?:ever )?ask|(?:niemals|nie) (?:nach|fragen|anfragen|auffordern|anrufen)|(?:fragen|bitten) (?:sie|dich|euch) (?:niemals|nie)|(?:vous|te) (?:demanderons|demandera|demandons|demande|solliciterons) jamais|nunca (?:te |le |les |os )?(?:pediremos|pedirá|pedimos|solicitaremos|solicitará|solicitamos|llamaremos|preguntaremos)|nunca (?:vamos|iremos|vai) (?:pedir|solicitar)|nunca (?:pede|solicita)|non (?:ti|le|vi) (?:chiederemo|chiederà|chiediamo|chiede) mai|(?:vragen|vraagt|zullen) (?:je|u|jou) (?:nooit|nimmer)|nooit (?:om|naar) |nigdy nie (?:prosimy|poprosimy|prosi|poprosi|pytamy|zapytamy|zadzwonimy)|(?:asla|hiçbir zaman) (?:istemez|istemeyiz|sormaz|sormayız|talep etmez|talep etmeyiz|aramaz)|никогда не (?:просим|попросим|спрашиваем|спросим|запрашиваем|запросим|просит|попросит|звоним)|ніколи не (?:просимо|попросимо|питаємо|запитуємо|запитаємо|просить|попросить|телефонуємо)|لن (?:نطلب|يطلب|نسألك|يسألك|نتصل)|لا (?:نطلب|يطلب) (?:منك )?(?:أبد|مطلق)|(?:לעולם|אף פעם) לא (?:נבקש|יבקש|נשאל|נתקשר)|लेकिन कभी नहीं मांग|कभी (?:भी )?(?:नहीं|न) (?:मांग|पूछ)|không bao giờ (?:yêu cầu|hỏi|gọi)|tidak (?:akan )?pernah (?:meminta|menanyakan|menghubungi)|(?:จะ)?ไม่(?:มีนโยบาย)?(?:เคย)?(?:ขอ|สอบถาม)|(?:お伺い|お尋ね|求め|要求|確認)(?:する|いたす)?ことは(?:一切|決して)?(?:ありません|ございません)|決して(?:お伺い|お尋ね|求め|聞)|(?:절대|결코) ?(?:요구|요청|묻|물어)|(?:요구|요청)하지 않습니다|(?:绝不会|絕不會|从不|從不|不会|不會|决不|決不)(?:以任何方式)?(?:向您)?(?:索要|索取|询问|詢問|要求)/i;
const NEVER_ASK_REACH = 80;

/** Why a word of evidence says nothing of the code (only put in words for explain()), or null when it is evidence. */
type Drop = (text: string, at: number, end: number) => string | null;

const dropExpiry: Drop = (text, at, end) => {
  let a = at;
  while (a > 0 && at - a < CLAUSE_REACH && !CLAUSE_END.includes(text[a - 1] as string)) a--;
  let b = end;
  while (b < text.length && b - end < CLAUSE_REACH && !CLAUSE_END.includes(text[b] as string)) b++;
  return SUBDAY_RE.test(text.slice(a, b))
    ? null
    : 'a validity with no duration in minutes or hours, no deadline within a day and no single use in its clause (a date or days: a voucher, a promotion, a booking)';
};
const CLAUSE_END = '.!?;\n。！？';

const dropWord: Drop = (text, at, end) => {
  const w = text.slice(at, end);
  if (PASSWORD_WORD_RE.test(w)) {
    let a = at;
    while (a > 0 && at - a < PASSWORD_BEFORE && text[a - 1] !== '\n') a--;
    let b = end;
    while (b < text.length && b - end < PASSWORD_AFTER && text[b] !== '\n') b++;
    if (NOT_SIGN_IN_RE.test(text.slice(a, at)) || NOT_SIGN_IN_RE.test(text.slice(end, b)))
      return 'a password of a Wi-Fi network, a document or a file, not of a sign-in';
  }
  let a = at;
  while (a > 0 && at - a < NEVER_ASK_REACH && !CLAUSE_END.includes(text[a - 1] as string)) a--;
  if (a < at && NEVER_ASK_RE.test(text.slice(a, at))) return 'it follows "we will never ask", what the sender never asks for, no code sent';
  // (the sixteenth round) The sender confirming (a booking, an appointment, an order) asks the reader for nothing.
  if (SENDER_CONFIRMS_RE.test(text.slice(Math.max(0, at - SENDER_REACH), Math.min(text.length, end + SENDER_REACH))))
    return 'the sender confirms something itself ("we confirm", "was confirmed"): it asks the reader to confirm nothing with a code';
  return null;
};

/**
 * (the sixteenth round) The sender's own confirmation, in the 21 languages: "we confirm", "hiermit bestätigen wir", "nous confirmons",
 * "confirmamos", "confermiamo", "bevestigen wij", "potwierdzamy", "onaylandı", "подтверждаем", "підтверджуємо", "نؤكد", "אנו מאשרים",
 * "हम पुष्टि करते", "chúng tôi xác nhận", "kami mengonfirmasi" (read only around a confirming word of the evidence).
 */
const SENDER_CONFIRMS_RE =
  /\b(?:we|hiermit|wir) (?:hereby |are pleased to |can |hiermit )?(?:confirm|best(?:ä|ae)tigen)\b|best(?:ä|ae)tigen wir|nous (?:vous )?confirmons|\b(?:le |les |te )?confirmamos|confermiamo|bevestigen (?:wij|we)\b|\b(?:wij|we) bevestigen|potwierdzamy|onayland[ıi]|onaylanm[ıi][şs]t[ıi]r|подтверждаем|підтверджуємо|نؤكد|אנו מאשרים|הננו מאשרים|हम पुष्टि करते|chúng tôi xác nhận|kami (?:mengonfirmasi|konfirmasi)/i;
const SENDER_REACH = 16;

/**
 * The first words of `text` (between `from` and `to`, the rest of it read for their context) that are positive evidence of a
 * one-time code, or null. Bounded: the callers pass the subject and the text already cut to the code search's window. With
 * `dropped`, the words read and set aside are written there, each with why (explain()).
 */
export function otpEvidence(text: string, from = 0, to = text.length, dropped?: string[]): string | null {
  if (!text) return null;
  const part = from === 0 && to >= text.length ? text : text.slice(from, to);
  return (
    firstEvidence(WORD_RE, text, part, from, dropped) ??
    (NON_ASCII_RE.test(part) ? firstEvidence(STEM_RE, text, part, from, dropped) : null) ??
    firstEvidence(TWO_STEP_RE, text, part, from, dropped)
  );
}

function firstEvidence(re: RegExp, text: string, part: string, from: number, dropped?: string[]): string | null {
  re.lastIndex = 0;
  for (let m = re.exec(part); m !== null; m = re.exec(part)) {
    const at = from + m.index;
    const end = at + m[0].length;
    const why = m[2] !== undefined ? dropExpiry(text, at, end) : m[1] !== undefined ? dropWord(text, at, end) : null;
    if (why === null) return m[0];
    dropped?.push(`"${m[0]}": ${why}`);
  }
  return null;
}
