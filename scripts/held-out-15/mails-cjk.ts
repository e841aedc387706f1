// Japanese, Korean, Simplified and Traditional Chinese mails of held-out-15.
import type { Mail } from '../held-out-3/types.js';
import { a, bank, btn, card, code, h, kv, m, min, mso, p, plain, pre, promo, quoted, small, tok, url } from './mail.js';

// ---- ja ----------------------------------------------------------------------------------------------
const jaVerify = `https://member.kaimono-ichiba.example.jp/regist/confirm?key=${tok('ja-03', 40)}`;
const jaReset = `https://id.tsunagu-cloud.jp/password/reset/${tok('ja-04', 36)}`;
const jaInvite = `https://app.chiimu.jp/invitations/${tok('ja-10', 24)}/accept`;

const JA: Mail[] = [
  m(
    'ja-01-saas-kakunin-code.eml',
    'otp-service',
    'つなぐクラウド <no-reply@tsunagu-cloud.jp>',
    '【つなぐクラウド】確認コードのお知らせ',
    plain('tsunagu-cloud.jp', [
      p('QAチーム 様'),
      p('つなぐクラウドをご利用いただきありがとうございます。\nログイン画面に以下の確認コードを入力してください。'),
      p('確認コード：285173'),
      p('有効期限：発行から10分間\n※本メールにお心当たりのない場合は、破棄してください。'),
      p(
        '--------------------------------\nつなぐクラウド株式会社\n〒150-0002 東京都渋谷区渋谷2-21-1\nTEL 03-6415-0000（平日10:00-18:00）\n--------------------------------',
      ),
    ]),
    '285173',
    null,
    { charset: 'iso-2022-jp', cte: '7bit' },
  ),
  m(
    'ja-02-card-ninshou.eml',
    'otp-bank',
    '桜カード <info@sakura-card.example.jp>',
    '【桜カード】本人認証のワンタイムパスワード',
    bank(
      'sakura-card.example.jp',
      [
        h('ワンタイムパスワードのお知らせ'),
        p('インターネットショッピングでのご利用に伴い、本人認証サービスのワンタイムパスワードを発行しました。'),
        kv([
          ['ご利用カード', '****-****-****-3302'],
          ['ご利用先', 'ミドリ電機オンライン'],
          ['ご利用金額', '18,480円'],
        ]),
        p('ワンタイムパスワード'),
        code('93017452'),
        p('認証画面でご入力ください。有効期限は20分です。'),
      ],
      ['桜カード株式会社　〒100-0005 東京都千代田区丸の内1-6-5'],
    ),
    '93017452',
    null,
    { charset: 'shift_jis' },
  ),
  m(
    'ja-03-tsuhan-hon-touroku.eml',
    'link-verify',
    'かいもの市場 <regist@kaimono-ichiba.example.jp>',
    '【かいもの市場】本登録のご案内',
    plain('kaimono-ichiba.example.jp', [
      p('この度はかいもの市場へ仮登録いただき、誠にありがとうございます。\n下記URLにアクセスして本登録を完了してください。'),
      p(jaVerify),
      p('※URLの有効期限は24時間です。\n※お客様番号：KM-20260318-4471'),
      p('かいもの市場 カスタマーセンター\n〒530-0001 大阪府大阪市北区梅田3-1-3\nフリーダイヤル 0120-118-204'),
    ]),
    null,
    jaVerify,
    { charset: 'iso-2022-jp', cte: '7bit' },
  ),
  m(
    'ja-04-password-saisettei.eml',
    'link-reset',
    'つなぐクラウド <no-reply@tsunagu-cloud.jp>',
    'パスワード再設定のご案内',
    card(
      'tsunagu-cloud.jp',
      [
        p('パスワード再設定のリクエストを受け付けました。下のボタンから新しいパスワードを設定してください。'),
        btn('パスワードを再設定する', jaReset),
        small('このリンクの有効期限は1時間です。リクエストしていない場合は、このメールを無視してください。'),
      ],
      ['つなぐクラウド株式会社　〒150-0002 東京都渋谷区渋谷2-21-1'],
    ),
    null,
    jaReset,
  ),
  m(
    'ja-05-kenmei-nomi-code.eml',
    'otp-subject',
    'ポケ交通 <noreply@poke-koutsu.jp>',
    '認証コード 604 319 (ポケ交通)',
    min('poke-koutsu.jp', [p('件名に記載の認証コードをアプリに入力してください。'), p('ポケ交通 サポート')]),
    '604319',
    null,
    { charset: 'euc-jp' },
  ),
  m(
    'ja-06-takuhai-box.eml',
    'non-otp-code',
    'ヤマネコ便 <info@yamaneko-bin.example.jp>',
    '【ヤマネコ便】宅配ボックスへのお届け完了のお知らせ',
    plain('yamaneko-bin.example.jp', [
      p('お荷物を宅配ボックスにお届けしました。'),
      p('伝票番号：4418-2077-3190\nボックス番号：12\n暗証番号：0731\nお届け先：東京都品川区大崎1-11-2 ゲートシティ 4F'),
      p('暗証番号はボックス操作パネルで入力してください。'),
    ]),
    null,
    null,
    { charset: 'iso-2022-jp', cte: '7bit', why: 'a delivery box PIN' },
  ),
  m(
    'ja-07-kyuuyo-meisai.eml',
    'numbers-no-code',
    '人事部 給与担当 <kyuyo@northwind-qa.example>',
    '3月分 給与明細のお知らせ',
    mso(
      'northwind-qa.example',
      [
        p('各位'),
        p('3月分の給与明細を社内ポータルに掲載しました。'),
        kv([
          ['社員番号', '0071204'],
          ['支給日', '2026年3月25日'],
          ['差引支給額', '298,417円'],
          ['振込先', '○○銀行 普通 ****882'],
        ]),
        p('ご不明点は内線 2210 までお問い合わせください。'),
      ],
      [],
    ),
    null,
    null,
    { charset: 'shift_jis' },
  ),
  m(
    'ja-08-login-tsuuchi.eml',
    'notice',
    'つなぐクラウド <security@tsunagu-cloud.jp>',
    '新しい端末からのログインがありました',
    card(
      'tsunagu-cloud.jp',
      [
        p('お使いのアカウントに新しい端末からログインがありました。'),
        kv([
          ['日時', '2026/04/01 09:12'],
          ['端末', 'Chrome / Windows'],
          ['場所', '福岡県（推定）'],
          ['IPアドレス', '153.214.7.88'],
        ]),
        p('お心当たりがない場合は、パスワードを変更してください。'),
      ],
      ['つなぐクラウド株式会社'],
    ),
    null,
    null,
  ),
  m(
    'ja-09-seminar-passcode.eml',
    'non-otp-code',
    'テスト自動化勉強会 <event@testauto-benkyokai.example>',
    '【参加案内】第42回 テスト自動化勉強会 オンライン',
    plain('testauto-benkyokai.example', [
      p('ご参加登録ありがとうございます。当日の接続情報をお送りします。'),
      p(
        '日時：2026年4月17日（金）19:00-21:00\n参加URL：https://testauto.zoom.us/j/81247730291\nミーティングID：812 4773 0291\nパスコード：417042\n受付番号：TA42-0118',
      ),
      p('資料は終了後に connpass ページで公開予定です。'),
    ]),
    null,
    null,
    { charset: 'iso-2022-jp', cte: '7bit' },
  ),
  m(
    'ja-10-team-shoutai.eml',
    'link-invite',
    'チーム <noreply@chiimu.jp>',
    '佐藤 美咲さんがあなたを「QA品質管理」に招待しました',
    card(
      'chiimu.jp',
      [p('佐藤 美咲さんが、ワークスペース「QA品質管理」への参加を招待しています。'), btn('招待を承諾する', jaInvite), small('この招待は7日後に失効します。')],
      ['株式会社チーム　〒105-0011 東京都港区芝公園2-4-1'],
    ),
    null,
    jaInvite,
  ),
];

// ---- ko ----------------------------------------------------------------------------------------------
const koVerify = `https://member.jangteo.example.kr/auth/email?token=${tok('ko-03', 38)}`;
const koMagic = `https://login.hanbit-note.kr/magic/${tok('ko-04', 40)}`;
const koApprove = `https://security.mirae-pay.example/device/approve?rid=${tok('ko-10', 32)}`;

const KO: Mail[] = [
  m(
    'ko-01-game-injeung.eml',
    'otp-service',
    '별빛게임즈 <noreply@byeolbit-games.kr>',
    '[별빛게임즈] 이메일 인증번호 안내',
    card(
      'byeolbit-games.kr',
      [p('안녕하세요, 별빛게임즈입니다.'), p('계정 보안을 위해 아래 인증번호를 입력해 주세요.'), code('730516'), p('인증번호는 3분간 유효합니다.')],
      ['(주)별빛게임즈 | 경기도 성남시 분당구 판교역로 235 | 사업자등록번호 214-88-77120'],
    ),
    '730516',
    null,
    { charset: 'euc-kr' },
  ),
  m(
    'ko-02-card-approval-otp.eml',
    'otp-distractors',
    '한울카드 <info@hanul-card.example>',
    '[한울카드] 해외 온라인 결제 인증번호',
    bank(
      'hanul-card.example',
      [
        h('결제 인증번호 안내'),
        p('한울카드(3302) 해외 온라인 결제 승인을 위한 인증번호입니다.'),
        kv([
          ['가맹점', 'GAMESTORE*DIGITAL'],
          ['금액', 'USD 29.99 (약 43,820원)'],
          ['일시', '2026.03.21 23:47'],
        ]),
        p('인증번호 [518304]'),
        p('고객센터 1588-4000'),
      ],
      ['한울카드(주) 서울특별시 중구 을지로 100'],
    ),
    '518304',
    null,
    { charset: 'euc-kr' },
  ),
  m(
    'ko-03-jangteo-email-auth.eml',
    'link-verify',
    '장터마켓 <member@jangteo.example.kr>',
    '이메일 주소를 인증해 주세요',
    min('jangteo.example.kr', [
      p('장터마켓 회원가입을 환영합니다.'),
      p('아래 링크를 눌러 이메일 인증을 완료해 주세요. (24시간 이내)'),
      a('', '이메일 인증하기', koVerify),
    ]),
    null,
    koVerify,
  ),
  m(
    'ko-04-magic-link.eml',
    'link-magic',
    '한빛노트 <login@hanbit-note.kr>',
    '한빛노트 로그인 링크',
    card(
      'hanbit-note.kr',
      [p('버튼을 누르면 바로 로그인됩니다. 링크는 10분 동안 한 번만 사용할 수 있습니다.'), btn('로그인', koMagic)],
      ['한빛노트 | 서울특별시 강남구 테헤란로 427'],
    ),
    null,
    koMagic,
  ),
  m(
    'ko-05-hospital-both.eml',
    'both',
    '서울하나병원 <noreply@seoulhana-hospital.example>',
    '[서울하나병원] 본인 확인을 완료해 주세요',
    card(
      'seoulhana-hospital.example',
      [
        p('진료 예약 서비스 가입을 위해 본인 확인이 필요합니다. 등록번호 00417726.'),
        btn('본인 확인하기', `https://www.seoulhana-hospital.example/member/verify?t=${tok('ko-05', 30)}`),
        p('또는 앱에서 아래 인증번호를 입력하세요.'),
        code('2047'),
      ],
      ['서울하나병원 | 서울특별시 종로구 대학로 101 | 대표전화 1588-5700'],
    ),
    '2047',
    `https://www.seoulhana-hospital.example/member/verify?t=${tok('ko-05', 30)}`,
  ),
  m(
    'ko-06-ktx-yeme.eml',
    'non-otp-code',
    '한국레일 <ticket@hanrail.example>',
    '[승차권 발권 안내] 서울 → 부산 04월 10일',
    card(
      'hanrail.example',
      [
        kv([
          ['승차권 번호', '82104-0410-10448-72'],
          ['열차', 'KTX 023 · 서울 08:00 → 부산 10:37'],
          ['좌석', '7호차 11A'],
          ['결제 금액', '59,800원'],
          ['예약 번호', '3102-2871-5530'],
        ]),
      ],
      ['한국레일 고객센터 1544-7788'],
    ),
    null,
    null,
  ),
  m(
    'ko-07-statement.eml',
    'numbers-no-code',
    '한울카드 <statement@hanul-card.example>',
    '[한울카드] 2026년 3월 이용대금 명세서',
    bank(
      'hanul-card.example',
      [
        h('3월 이용대금 명세서'),
        kv([
          ['결제일', '2026.04.14'],
          ['결제 금액', '1,284,560원'],
          ['결제 계좌', '국민 ***-**-**8812'],
          ['포인트', '12,480P'],
        ]),
        p('명세서 열람 비밀번호는 생년월일 6자리입니다.'),
      ],
      ['한울카드(주) 서울특별시 중구 을지로 100'],
    ),
    null,
    null,
    { charset: 'euc-kr' },
  ),
  m(
    'ko-08-password-changed.eml',
    'notice',
    '장터마켓 <member@jangteo.example.kr>',
    '비밀번호가 변경되었습니다',
    min('jangteo.example.kr', [
      p('회원님의 비밀번호가 2026-03-30 14:02에 변경되었습니다.'),
      p('본인이 변경하지 않았다면 고객센터(1670-8282)로 연락해 주세요.'),
    ]),
    null,
    null,
  ),
  m(
    'ko-09-coupon.eml',
    'non-otp-code',
    '별빛게임즈 <event@byeolbit-games.kr>',
    '[별빛게임즈] 사전예약 보상 쿠폰이 도착했어요',
    promo(
      'byeolbit-games.kr',
      [
        h('사전예약 감사 쿠폰'),
        p('게임 내 [설정] > [쿠폰 입력]에서 아래 쿠폰 번호를 입력하세요.'),
        code('BYEOL-2026-SPRING'),
        p('보상: 다이아 300개, 소환권 5장 · 사용 기한 2026.05.31'),
      ],
      ['(주)별빛게임즈'],
    ),
    null,
    null,
  ),
  m(
    'ko-10-pay-approve.eml',
    'link-approve',
    '미래페이 <security@mirae-pay.example>',
    '새 기기 로그인 요청을 승인하시겠습니까?',
    card(
      'mirae-pay.example',
      [
        p('새 기기에서 로그인 요청이 있습니다. (Galaxy S24, 대구, 2026.04.03 07:41)'),
        btn('네, 제가 맞습니다', koApprove),
        a('', '아니요, 차단합니다', 'https://security.mirae-pay.example/device/block'),
      ],
      ['미래페이(주)'],
    ),
    null,
    koApprove,
  ),
];

// ---- zh-Hans -----------------------------------------------------------------------------------------
const hansVerify = `https://passport.kaifa-yun.cn/email/verify?code=${tok('zh-Hans-03', 36)}`;
const hansReset = `https://account.kuaidi-bang.cn/reset/${tok('zh-Hans-04', 40)}`;
const hansInvite = `https://work.xiezuo.cn/invite/${tok('zh-Hans-10', 24)}?action=accept`;

const HANS: Mail[] = [
  m(
    'zh-Hans-01-dev-platform-code.eml',
    'otp-service',
    '开发云 <noreply@kaifa-yun.cn>',
    '【开发云】登录验证码',
    card(
      'kaifa-yun.cn',
      [
        p('您好，'),
        p('您正在登录开发云控制台，验证码为：'),
        code('602847'),
        p('验证码10分钟内有效，请勿泄露给他人。'),
        small('当前项目：qa-sandbox（华东2 区），本月已用构建时长 1,240 分钟。'),
      ],
      ['开发云计算有限公司 | 杭州市西湖区文三路 478 号 | 浙ICP备18004417号-2'],
    ),
    '602847',
    null,
    { charset: 'gb2312' },
  ),
  m(
    'zh-Hans-02-bank-code.eml',
    'otp-bank',
    '江南商业银行 <service@jiangnan-bank.example>',
    '网上支付动态验证码',
    bank(
      'jiangnan-bank.example',
      [
        h('交易验证'),
        p('您尾号 8812 的信用卡正在进行网上支付，金额 1,299.00 元，商户：优品数码旗舰店。'),
        p('动态验证码：'),
        code('370618'),
        p('如非本人操作，请致电 400-820-1188。'),
      ],
      ['江南商业银行股份有限公司 上海市浦东新区陆家嘴环路 1000 号'],
    ),
    '370618',
    null,
    { charset: 'gbk' },
  ),
  m(
    'zh-Hans-03-verify-email.eml',
    'link-verify',
    '开发云 <noreply@kaifa-yun.cn>',
    '请验证您的邮箱地址',
    min('kaifa-yun.cn', [p('感谢注册开发云。请点击下面的链接完成邮箱验证（24 小时内有效）：'), a('', '验证邮箱', hansVerify)]),
    null,
    hansVerify,
  ),
  m(
    'zh-Hans-04-reset.eml',
    'link-reset',
    '快递帮 <account@kuaidi-bang.cn>',
    '重置您的快递帮登录密码',
    card(
      'kuaidi-bang.cn',
      [p('我们收到了重置密码的请求。点击下方按钮设置新密码：'), btn('重置密码', hansReset), small('链接 30 分钟后失效。如果不是您本人操作，请忽略此邮件。')],
      ['快递帮（深圳）科技有限公司 | 客服热线 400-811-0418'],
    ),
    null,
    hansReset,
  ),
  m(
    'zh-Hans-05-forward-code.eml',
    'otp-distractors',
    '王磊 <wang.lei@northwind-qa.example>',
    '转发: 【学而网校】邮箱验证码',
    plain('northwind-qa.example', [
      p('谁在跑学而网校的注册用例？验证码在下面，缺陷单号 QA-5127，版本 6.3.0 (build 20260326)。'),
      quoted(
        'forward',
        ['发件人: 学而网校 <noreply@xueer-wangxiao.cn>', '发送时间: 2026年3月26日 15:20', '主题: 【学而网校】邮箱验证码'],
        ['您的邮箱验证码为 481726，5 分钟内有效。', '课程：初二数学同步提升班（课程编号 M8-2026-118）', '客服电话 400-600-2026'],
        '---------- 转发的邮件 ----------',
      ),
    ]),
    '481726',
    null,
    { charset: 'gb18030' },
  ),
  m(
    'zh-Hans-06-pickup-code.eml',
    'non-otp-code',
    '快递帮 <notice@kuaidi-bang.cn>',
    '您的包裹已到达驿站，取件码 8-2-4417',
    card(
      'kuaidi-bang.cn',
      [
        kv([
          ['运单号', 'SF1402287731904'],
          ['驿站', '快递帮驿站（望京 SOHO 店）'],
          ['取件码', '8-2-4417'],
          ['营业时间', '09:00-21:00'],
        ]),
        p('请凭取件码到驿站取件。'),
      ],
      ['快递帮（深圳）科技有限公司'],
    ),
    null,
    null,
  ),
  m(
    'zh-Hans-07-fapiao.eml',
    'numbers-no-code',
    '电子发票平台 <fapiao@dianzi-fapiao.example.cn>',
    '您收到一张电子发票（发票号码 26442000000118827304）',
    plain('dianzi-fapiao.example.cn', [
      p('尊敬的客户：'),
      pre('发票号码：26442000000118827304\n开票日期：2026年03月28日\n销售方：开发云计算有限公司\n纳税人识别号：91330106MA2B4417X1\n价税合计：￥2,120.00'),
      p('电子发票已作为附件发送，请妥善保存。'),
    ]),
    null,
    null,
    { charset: 'gb2312', cte: 'base64' },
  ),
  m(
    'zh-Hans-08-login-notice.eml',
    'notice',
    '开发云 <security@kaifa-yun.cn>',
    '账号登录提醒',
    min('kaifa-yun.cn', [p('您的账号于 2026-04-02 10:31 在 北京（IP 114.247.50.2）登录。'), p('如果这不是您本人的操作，请立即修改密码。')]),
    null,
    null,
  ),
  m(
    'zh-Hans-09-meeting.eml',
    'non-otp-code',
    '赵敏 <zhao.min@northwind-qa.example>',
    '会议邀请：版本 6.3 验收评审 4月8日 14:00',
    mso(
      'northwind-qa.example',
      [
        p('各位好，'),
        p('周三下午做 6.3 版本验收评审，请准时参加。'),
        kv([
          ['会议号', '728 441 905'],
          ['会议密码', '2604'],
          ['会议室', '7 楼 701'],
        ]),
      ],
      [],
    ),
    null,
    null,
  ),
  m(
    'zh-Hans-10-invite.eml',
    'link-invite',
    '协作 <noreply@xiezuo.cn>',
    '李娜 邀请您加入团队“测试组”',
    card('xiezuo.cn', [p('李娜 邀请您加入团队“测试组”，团队共有 23 名成员。'), btn('接受邀请', hansInvite), small('邀请 7 天内有效。')], ['协作科技有限公司']),
    null,
    hansInvite,
  ),
];

// ---- zh-Hant -----------------------------------------------------------------------------------------
const hantVerify = `https://member.taipei-gou.example.tw/verify?token=${tok('zh-Hant-03', 36)}`;
const hantMagic = `https://app.biji-ben.tw/login/link/${tok('zh-Hant-04', 40)}`;
const hantApprove = `https://secure.yushan-bank.example/device/approve?r=${tok('zh-Hant-10', 32)}`;

const HANT: Mail[] = [
  m(
    'zh-Hant-01-shop-code.eml',
    'otp-service',
    '台北購 <service@taipei-gou.example.tw>',
    '台北購 會員登入驗證碼',
    card(
      'taipei-gou.example.tw',
      [p('親愛的會員您好：'), p('您的登入驗證碼如下，請於 10 分鐘內輸入：'), code('739018'), p('本公司不會以電話要求您提供驗證碼。')],
      ['台北購股份有限公司 台北市信義區松仁路 100 號 統一編號 24417730'],
    ),
    '739018',
    null,
    { charset: 'big5' },
  ),
  m(
    'zh-Hant-02-bank-masked.eml',
    'otp-masked',
    '玉峰商業銀行 <ebank@yushan-bank.example>',
    '網路交易 OTP 密碼通知',
    bank(
      'yushan-bank.example',
      [
        h('交易驗證密碼'),
        p('您的信用卡末四碼 ****5529 於 2026/03/22 15:40 進行網路交易，金額 NT$ 3,680。'),
        p('交易驗證密碼：'),
        code('820463'),
        p('驗證密碼有效時間 5 分鐘。如有疑問請洽 0800-30-1313。'),
      ],
      ['玉峰商業銀行 台北市民生東路三段 115 號'],
    ),
    '820463',
    null,
    { charset: 'big5' },
  ),
  m(
    'zh-Hant-03-verify.eml',
    'link-verify',
    '台北購 <service@taipei-gou.example.tw>',
    '請完成電子郵件驗證',
    min('taipei-gou.example.tw', [p('感謝您註冊台北購會員。請點選以下連結完成電子郵件驗證：'), url('', hantVerify), p('連結將於 48 小時後失效。')]),
    null,
    hantVerify,
    { charset: 'big5' },
  ),
  m(
    'zh-Hant-04-magic.eml',
    'link-magic',
    '筆記本 <login@biji-ben.tw>',
    '您的筆記本登入連結',
    card(
      'biji-ben.tw',
      [p('點擊下方按鈕即可登入，不需要密碼。此連結 15 分鐘內有效，只能使用一次。'), btn('登入筆記本', hantMagic)],
      ['筆記本科技有限公司 新竹市東區光復路二段 101 號'],
    ),
    null,
    hantMagic,
  ),
  m(
    'zh-Hant-05-telco-subject.eml',
    'otp-subject',
    '華訊電信 <noreply@cht-net.example>',
    '【會員中心】您的驗證碼為 317 482',
    plain('cht-net.example', [p('請於網頁輸入主旨中的驗證碼，以完成門號 09**-***-718 的會員綁定。'), p('客服專線 0800-080-123')]),
    '317482',
    null,
  ),
  m(
    'zh-Hant-06-store-pickup.eml',
    'non-otp-code',
    '台北購 <service@taipei-gou.example.tw>',
    '您的訂單已送達門市，請於 7 日內取貨',
    card(
      'taipei-gou.example.tw',
      [
        kv([
          ['訂單編號', 'TPG20260319004471'],
          ['取貨門市', '便利商店 松仁門市（店號 188204）'],
          ['取貨驗證碼', '6021'],
          ['應付金額', 'NT$ 0（已付款）'],
        ]),
        p('取貨時請出示證件並告知取貨驗證碼。'),
      ],
      ['台北購股份有限公司'],
    ),
    null,
    null,
  ),
  m(
    'zh-Hant-07-einvoice.eml',
    'numbers-no-code',
    '電子發票通知 <einvoice@taipei-gou.example.tw>',
    '電子發票開立通知 PQ-44182077',
    plain('taipei-gou.example.tw', [
      p('發票號碼：PQ-44182077\n開立日期：2026/03/19\n隨機碼：8841\n總金額：NT$ 1,990\n賣方統編：24417730'),
      p('本發票已存入您的會員載具，中獎將另行通知。'),
    ]),
    null,
    null,
    { charset: 'big5', why: 'an e-invoice random code, not anything to type now' },
  ),
  m(
    'zh-Hant-08-password-changed.eml',
    'notice',
    '筆記本 <security@biji-ben.tw>',
    '您的密碼已變更',
    min('biji-ben.tw', [p('您的帳號密碼已於 2026/04/04 21:03 變更。'), p('若非本人操作，請立即聯絡我們：support@biji-ben.tw')]),
    null,
    null,
  ),
  m(
    'zh-Hant-09-concert-ticket.eml',
    'non-otp-code',
    '售票網 <ticket@shoupiao.example.tw>',
    '購票成功通知 - 訂單 T2604180077',
    card(
      'shoupiao.example.tw',
      [
        kv([
          ['訂單編號', 'T2604180077'],
          ['演出', '2026 春季音樂會 台北小巨蛋'],
          ['日期', '2026/05/02 19:30'],
          ['座位', '2 樓 B 區 12 排 7 號'],
          ['取票序號', '4471-8820-3319'],
        ]),
        p('請於超商憑取票序號取票。'),
      ],
      ['售票網股份有限公司'],
    ),
    null,
    null,
  ),
  m(
    'zh-Hant-10-approve.eml',
    'link-approve',
    '玉峰商業銀行 <ebank@yushan-bank.example>',
    '新裝置登入確認',
    card(
      'yushan-bank.example',
      [
        p('我們偵測到新裝置嘗試登入您的網路銀行（iPad，台中市，2026/04/06 08:20）。'),
        btn('是我本人，允許登入', hantApprove),
        a('', '不是我，拒絕登入', 'https://secure.yushan-bank.example/device/reject'),
      ],
      ['玉峰商業銀行'],
    ),
    null,
    hantApprove,
  ),
];

export const CJK: Mail[] = [...JA, ...KO, ...HANS, ...HANT];
