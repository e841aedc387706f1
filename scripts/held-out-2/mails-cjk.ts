// Held-out corpus 2 (issue 29): ja, ko, zh-Hans, zh-Hant. Written by hand; see make.ts.
import { kcLink, keycloak } from './mails-europe.js';
import { a, btn, code, p, small, tpl } from './mime.js';
import type { Mail } from './types.js';

const kcJaVerify = kcLink('auth.sakura-kaikei.example.jp', 'members', 'Ja2Nv5');
const kcZhReset = kcLink('sso.yunfan-tech.example.cn', 'employees', 'Zh9Rs1', 'oa-portal');

// ---- Japanese ---------------------------------------------------------------------------------

const ja: Mail[] = [
  {
    file: 'ja-otp-native-one-time-password.eml',
    lang: 'ja',
    cls: 'otp-native-cue',
    from: 'みどり証券 <info@midori-shoken.example.jp>',
    subject: '【みどり証券】ワンタイムパスワードのお知らせ',
    charset: 'iso-2022-jp',
    cte: '7bit',
    parts: 'text',
    text: `山田 太郎 様

いつもみどり証券をご利用いただき、誠にありがとうございます。

ログインに必要なワンタイムパスワードをお知らせします。

ワンタイムパスワード：482913

有効期限：発行から10分間

※本メールは送信専用です。ご返信いただいてもお答えできません。
※お心当たりのない場合は、お手数ですがカスタマーサポートまでご連絡ください。

━━━━━━━━━━━━━━━━━━━━━━
みどり証券株式会社
〒103-0027 東京都中央区日本橋1-4-1
カスタマーサポート：0120-123-456（平日8:00〜17:00）
━━━━━━━━━━━━━━━━━━━━━━
`,
    otp: '482913',
    link: null,
  },
  {
    file: 'ja-otp-native-kakunin-bangou.eml',
    lang: 'ja',
    cls: 'otp-native-cue',
    from: 'ほっと旅行 <no-reply@hotto-ryokou.example.jp>',
    subject: '確認番号のお知らせ',
    charset: 'shift_jis',
    cte: 'base64',
    t: tpl(
      'ほっと旅行',
      'hotto-ryokou.example.jp',
      'ja',
      [p('佐藤 花子 様'), p('本人確認のため、以下の確認番号を画面に入力してください。'), code('603819'), p('確認番号の有効期限は30分です。')],
      ['ほっと旅行株式会社　〒530-0001 大阪府大阪市北区梅田3-1-3'],
    ),
    otp: '603819',
    link: null,
  },
  {
    file: 'ja-link-native-hontouroku.eml',
    lang: 'ja',
    cls: 'link-native-cue',
    from: 'レシピ広場 <support@recipe-hiroba.example.jp>',
    subject: '【レシピ広場】仮登録完了のお知らせ',
    charset: 'iso-2022-jp',
    cte: '7bit',
    parts: 'text',
    text: `レシピ広場へのご登録ありがとうございます。

ただいま仮登録の状態です。
以下のURLにアクセスして、本登録を完了してください。

▼本登録はこちら
https://recipe-hiroba.example.jp/member/regist/complete?key=8f2a6c1e9d4b

※URLの有効期限は24時間です。
※このメールにお心当たりのない方は、破棄してください。

---------------------------------
レシピ広場 運営事務局
https://recipe-hiroba.example.jp/
---------------------------------
`,
    otp: null,
    link: 'https://recipe-hiroba.example.jp/member/regist/complete?key=8f2a6c1e9d4b',
  },
  {
    file: 'ja-link-cue-after-url.eml',
    lang: 'ja',
    cls: 'link-cue-after-url',
    from: 'ことば塾 <noreply@kotoba-juku.example.jp>',
    subject: 'メールアドレスの確認',
    parts: 'text',
    cte: 'base64',
    text: `鈴木 様

https://kotoba-juku.example.jp/account/email/confirm/3b7e0a91f2c4

上記のURLをクリックして、メールアドレスの確認を完了してください。
（URLの有効期限は60分です）

ことば塾 事務局
`,
    otp: null,
    link: 'https://kotoba-juku.example.jp/account/email/confirm/3b7e0a91f2c4',
  },
  {
    file: 'ja-link-idp-verify-email.eml',
    lang: 'ja',
    cls: 'link-idp-default',
    from: 'さくら会計 <noreply@sakura-kaikei.example.jp>',
    subject: 'Eメールの確認',
    cte: 'base64',
    ...keycloak(
      'このメールアドレスでさくら会計のアカウントが作成されました。以下のリンクをクリックしてメールアドレスの確認を完了してください。',
      'メールアドレスの確認',
      kcJaVerify,
      ['このリンクは12時間で有効期限が切れます。', 'このアカウントの作成に心当たりがない場合は、このメールを無視してください。'],
    ),
    otp: null,
    link: kcJaVerify,
  },
  {
    file: 'ja-none-chuumon-yuubin.eml',
    lang: 'ja',
    cls: 'numbers-no-code',
    from: 'ニコニコ雑貨店 <shop@nikoniko-zakka.example.jp>',
    subject: '【ニコニコ雑貨店】商品発送のお知らせ',
    charset: 'shift_jis',
    t: tpl(
      'ニコニコ雑貨店',
      'nikoniko-zakka.example.jp',
      'ja',
      [
        p('この度はご注文いただき、誠にありがとうございます。本日、商品を発送いたしました。'),
        p(
          'ご注文番号：250-1234567-8901234\nお届け先：〒150-0002 東京都渋谷区渋谷2-21-1 ヒカリエ 8F\n配送業者：ヤマト運輸\nお問い合わせ伝票番号：4812-3456-7890\nお支払い金額：3,480円（税込）',
        ),
        a('', '配送状況を確認する', 'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=481234567890'),
      ],
      ['ニコニコ雑貨店　〒460-0008 愛知県名古屋市中区栄3-5-12'],
    ),
    otp: null,
    link: null,
  },
  {
    file: 'ja-none-gift-code.eml',
    lang: 'ja',
    cls: 'non-otp-code',
    from: 'ブックポイント <gift@bookpoint.example.jp>',
    subject: 'ギフトコードが届きました',
    t: tpl(
      'ブックポイント',
      'bookpoint.example.jp',
      'ja',
      [
        p('田中様より、ブックポイントのギフトコード（3,000円分）が届きました。'),
        p('ギフトコード：AQ7K-2MXP-9RTL\n有効期限：2036年1月5日'),
        p('ギフトコードはアカウントサービスの「ギフトコードを登録」から登録できます。'),
      ],
      ['株式会社ブックポイント　〒101-0051 東京都千代田区神田神保町2-5'],
    ),
    otp: null,
    link: null,
  },
];

// ---- Korean -----------------------------------------------------------------------------------

const ko: Mail[] = [
  {
    file: 'ko-otp-native-injeung-beonho.eml',
    lang: 'ko',
    cls: 'otp-native-cue',
    from: '하나로마켓 <noreply@hanaro-market.example.kr>',
    subject: '[하나로마켓] 이메일 인증번호 안내',
    charset: 'euc-kr',
    cte: 'base64',
    t: tpl(
      '하나로마켓',
      'hanaro-market.example.kr',
      'ko',
      [p('안녕하세요, 김민수 고객님.'), p('아래 인증번호를 입력하여 본인 확인을 완료해 주세요.'), code('482913'), p('인증번호는 발송 후 3분간 유효합니다.')],
      ['(주)하나로마켓 | 서울특별시 중구 세종대로 110 | 사업자등록번호 123-45-67890'],
    ),
    otp: '482913',
    link: null,
  },
  {
    file: 'ko-otp-distractors-gyejwa.eml',
    lang: 'ko',
    cls: 'otp-distractors',
    from: '한빛은행 <alert@hanbit-bank.example.kr>',
    subject: '[한빛은행] 이체 인증',
    charset: 'euc-kr',
    parts: 'text',
    text: `[한빛은행] 계좌 110-123-456789에서 1,500,000원 이체를 요청하셨습니다.

인증번호 [738201]를 입력해 주세요. 타인에게 절대 알려주지 마세요.

고객센터 1588-0000
`,
    otp: '738201',
    link: null,
  },
  {
    file: 'ko-link-native-email-injeung.eml',
    lang: 'ko',
    cls: 'link-native-cue',
    from: '책방골목 <help@chaekbang.example.kr>',
    subject: '이메일 주소를 인증해 주세요',
    charset: 'euc-kr',
    t: tpl(
      '책방골목',
      'chaekbang.example.kr',
      'ko',
      [
        p('안녕하세요, 박지은 님.'),
        p('책방골목 회원가입을 환영합니다. 아래 버튼을 눌러 이메일 인증을 완료해 주세요.'),
        btn('이메일 인증하기', 'https://www.chaekbang.example.kr/member/email-auth?key=6d2c9a1e7f'),
        small('본 메일은 발신 전용입니다.'),
      ],
      ['(주)책방골목 | 부산광역시 중구 대청로 12'],
    ),
    otp: null,
    link: 'https://www.chaekbang.example.kr/member/email-auth?key=6d2c9a1e7f',
  },
  {
    file: 'ko-link-invite-chodae-suran.eml',
    lang: 'ko',
    cls: 'link-invite',
    from: '협업노트 <invite@hyeobeop-note.example.kr>',
    subject: '이서연 님이 "디자인팀" 워크스페이스에 초대했습니다',
    t: tpl(
      '협업노트',
      'hyeobeop-note.example.kr',
      'ko',
      [
        p('안녕하세요,'),
        p('이서연 님이 협업노트의 "디자인팀" 워크스페이스에 회원님을 초대했습니다.'),
        btn('초대 수락하기', 'https://app.hyeobeop-note.example.kr/invitations/3e8b1f/accept'),
      ],
      ['협업노트 | 경기도 성남시 분당구 판교역로 166'],
    ),
    otp: null,
    link: 'https://app.hyeobeop-note.example.kr/invitations/3e8b1f/accept',
  },
  {
    file: 'ko-none-jumun-baesong.eml',
    lang: 'ko',
    cls: 'numbers-no-code',
    from: '쿠키몰 <order@cookiemall.example.kr>',
    subject: '[쿠키몰] 주문하신 상품이 발송되었습니다',
    charset: 'euc-kr',
    t: tpl(
      '쿠키몰',
      'cookiemall.example.kr',
      'ko',
      [
        p('주문번호 20260105-0001234 상품이 발송되었습니다.'),
        p('운송장번호: 6891 2345 6789 (한진택배)\n배송지: (06236) 서울특별시 강남구 테헤란로 152, 12층\n결제금액: 39,800원'),
      ],
      ['(주)쿠키몰 | 사업자등록번호 220-81-12345 | 통신판매업신고 제2026-서울강남-0123호'],
    ),
    otp: null,
    link: null,
  },
  {
    file: 'ko-none-coupon.eml',
    lang: 'ko',
    cls: 'non-otp-code',
    from: '커피나무 <event@coffeenamu.example.kr>',
    subject: '신규 가입 축하 쿠폰이 도착했어요',
    t: tpl(
      '커피나무',
      'coffeenamu.example.kr',
      'ko',
      [p('가입을 축하드립니다!'), p('쿠폰번호: 5821-3094-7716\n아메리카노 1잔 무료 (2026년 2월 28일까지)'), p('매장에서 쿠폰번호를 보여주세요.')],
      ['커피나무 | 대구광역시 중구 동성로 45'],
    ),
    otp: null,
    link: null,
  },
];

// ---- Chinese (simplified) ---------------------------------------------------------------------

const zhHans: Mail[] = [
  {
    file: 'zh-hans-otp-native-yanzhengma.eml',
    lang: 'zh-Hans',
    cls: 'otp-native-cue',
    from: '青竹云盘 <noreply@qingzhu-pan.example.cn>',
    subject: '青竹云盘邮箱验证码',
    charset: 'gb2312',
    cte: 'base64',
    t: tpl(
      '青竹云盘',
      'qingzhu-pan.example.cn',
      'zh-CN',
      [p('尊敬的用户：'), p('您好！您正在进行邮箱验证，本次请求的验证码为：'), code('482913'), p('验证码10分钟内有效，请勿泄露给他人。')],
      ['青竹云盘 · 杭州市西湖区文三路 90 号'],
    ),
    otp: '482913',
    link: null,
  },
  {
    file: 'zh-hans-otp-native-dongtai-mima.eml',
    lang: 'zh-Hans',
    cls: 'otp-native-cue',
    from: '网上营业厅 <service@wangting.example.cn>',
    subject: '登录动态密码',
    charset: 'gbk',
    cte: '8bit',
    parts: 'text',
    text: `尊敬的客户：

您正在登录网上营业厅，本次动态密码为 603915，5分钟内有效。

如非本人操作，请忽略本邮件。

网上营业厅
`,
    otp: '603915',
    link: null,
  },
  {
    file: 'zh-hans-otp-distractors-weihao.eml',
    lang: 'zh-Hans',
    cls: 'otp-distractors',
    from: '长江银行 <notice@changjiang-bank.example.cn>',
    subject: '网上支付校验',
    charset: 'gbk',
    parts: 'text',
    text: `您尾号4821的储蓄卡正在进行网上支付，金额1,299.00元，校验码372915，请勿泄露。客服热线95588。
`,
    otp: '372915',
    link: null,
  },
  {
    file: 'zh-hans-link-native-jihuo.eml',
    lang: 'zh-Hans',
    cls: 'link-native-cue',
    from: '书香阁 <service@shuxiangge.example.cn>',
    subject: '请激活您的书香阁账号',
    charset: 'gbk',
    t: tpl(
      '书香阁',
      'shuxiangge.example.cn',
      'zh-CN',
      [
        p('亲爱的用户，您好！'),
        p('感谢您注册书香阁。请点击下面的按钮激活您的账号：'),
        btn('激活账号', 'https://www.shuxiangge.example.cn/user/activate?code=9c1e4a7b2f'),
        small('如果按钮无法点击，请将链接复制到浏览器地址栏中打开。链接24小时内有效。'),
      ],
      ['书香阁 · 北京市海淀区中关村大街 27 号'],
    ),
    otp: null,
    link: 'https://www.shuxiangge.example.cn/user/activate?code=9c1e4a7b2f',
  },
  {
    file: 'zh-hans-link-idp-reset.eml',
    lang: 'zh-Hans',
    cls: 'link-idp-default',
    from: '云帆科技统一认证 <sso@yunfan-tech.example.cn>',
    subject: '重置密码',
    ...keycloak('有人请求更改您的 云帆科技 账户的凭据。如果是您本人，请点击下面的链接进行重置。', '重置凭据的链接', kcZhReset, [
      '这个链接会在 5 分钟内过期。',
      '如果您不想重置您的凭据，请忽略此消息，不会有任何更改。',
    ]),
    otp: null,
    link: kcZhReset,
  },
  {
    file: 'zh-hans-none-dingdan.eml',
    lang: 'zh-Hans',
    cls: 'numbers-no-code',
    from: '优选商城 <order@youxuan.example.cn>',
    subject: '您的订单已发货',
    charset: 'gb2312',
    t: tpl(
      '优选商城',
      'youxuan.example.cn',
      'zh-CN',
      [
        p('您的订单已发货，请注意查收。'),
        p('订单号：202601051234567890\n快递单号：SF1234567890123（顺丰速运）\n收货地址：北京市朝阳区建国路88号，邮编 100020\n实付金额：￥299.00'),
      ],
      ['客服电话：400-123-4567'],
    ),
    otp: null,
    link: null,
  },
  {
    file: 'zh-hans-none-huiyi-mima.eml',
    lang: 'zh-Hans',
    cls: 'non-otp-code',
    from: '王磊 <wanglei@jianzhu-sheji.example.cn>',
    subject: '会议邀请：项目周例会',
    parts: 'text',
    text: `王磊 邀请您参加视频会议
会议主题：项目周例会
会议时间：2026/01/12 10:00-11:00 (GMT+08:00) 中国标准时间 - 北京

点击链接入会，或添加至会议列表：
https://meeting.example-video.cn/dm/Xq7Lp2Kd

会议号：123 456 789
会议密码：4821

手机一键拨号入会
+8675536550000,,123456789#,,#,4821# (中国大陆)
`,
    otp: null,
    link: null,
  },
];

// ---- Chinese (traditional) --------------------------------------------------------------------

const zhHant: Mail[] = [
  {
    file: 'zh-hant-otp-native-yanzhengma.eml',
    lang: 'zh-Hant',
    cls: 'otp-native-cue',
    from: '山海旅遊 <service@shanhai-travel.example.tw>',
    subject: '山海旅遊會員驗證碼',
    charset: 'big5',
    cte: 'base64',
    t: tpl(
      '山海旅遊',
      'shanhai-travel.example.tw',
      'zh-TW',
      [p('親愛的會員您好：'), p('您的驗證碼為：'), code('285710'), p('請於 10 分鐘內於網頁上輸入，逾時將失效。')],
      ['山海旅遊股份有限公司　台北市中山區南京東路二段 100 號'],
    ),
    otp: '285710',
    link: null,
  },
  {
    file: 'zh-hant-otp-distractors-ka-hao.eml',
    lang: 'zh-Hant',
    cls: 'otp-distractors',
    from: '玉山信用卡中心範例 <otp@card-center.example.tw>',
    subject: '網路交易一次性密碼',
    charset: 'big5',
    parts: 'text',
    text: `您於 01/05 21:30 在網路商店消費 NT$3,200，卡號末四碼 4821。

一次性密碼：583012

請勿將密碼告知他人。客服專線 (02)2182-1313
`,
    otp: '583012',
    link: null,
  },
  {
    file: 'zh-hant-link-native-yanzheng.eml',
    lang: 'zh-Hant',
    cls: 'link-native-cue',
    from: '好讀書城 <hello@haodu.example.tw>',
    subject: '請驗證您的電子郵件地址',
    charset: 'big5',
    t: tpl(
      '好讀書城',
      'haodu.example.tw',
      'zh-TW',
      [
        p('您好：'),
        p('感謝您註冊好讀書城。請點擊以下按鈕完成電子郵件驗證。'),
        btn('驗證電子郵件', 'https://www.haodu.example.tw/member/verify?t=4f9b2e7c1a'),
        small('此連結將於 24 小時後失效。'),
      ],
      ['好讀書城　台中市西區公益路 68 號'],
    ),
    otp: null,
    link: 'https://www.haodu.example.tw/member/verify?t=4f9b2e7c1a',
  },
  {
    file: 'zh-hant-link-approve-shi-wo.eml',
    lang: 'zh-Hant',
    cls: 'link-approve',
    from: '雲端相簿 <security@yunduan-album.example.tw>',
    subject: '有人正在登入您的帳戶',
    t: tpl(
      '雲端相簿',
      'yunduan-album.example.tw',
      'zh-TW',
      [
        p('我們偵測到一次新的登入要求：\nSafari（macOS）· 高雄市 · 2026/01/05 22:14'),
        p('這是您本人嗎？'),
        btn('是，這是我', 'https://account.yunduan-album.example.tw/login-requests/b72d/approve'),
        btn('不是我，保護我的帳戶', 'https://account.yunduan-album.example.tw/login-requests/b72d/deny'),
      ],
      ['雲端相簿股份有限公司'],
    ),
    otp: null,
    link: 'https://account.yunduan-album.example.tw/login-requests/b72d/approve',
  },
  {
    file: 'zh-hant-none-fapiao.eml',
    lang: 'zh-Hant',
    cls: 'numbers-no-code',
    from: '生活百貨 <einvoice@shenghuo.example.tw>',
    subject: '電子發票開立通知',
    charset: 'big5',
    t: tpl(
      '生活百貨',
      'shenghuo.example.tw',
      'zh-TW',
      [p('您的電子發票已開立。'), p('發票號碼：AB-12345678\n隨機碼：4821\n賣方統一編號：12345678\n總計：NT$1,580\n門市地址：台北市信義區市府路45號')],
      ['客服專線 0800-000-123'],
    ),
    otp: null,
    link: null,
    why: 'an e-invoice random code (隨機碼) is for looking the invoice up, not a one-time code',
  },
];

export const CJK: Mail[] = [...ja, ...ko, ...zhHans, ...zhHant];
