// Vietnamese, Thai and Indonesian mails of held-out-25.
import type { Mail } from '../held-out-3/types.js';
import { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, pre, promo, small, table, tok } from './mail.js';

const U = (host: string, path: string, seed: string, n = 32) => `https://${host}${path}${tok(seed, n)}`;

const VI: Mail[] = [
  m(
    'vi-01-ve-ma-xac-thuc.eml',
    'otp-service',
    'Vé Sân Khấu <noreply@vesankhau.vn>',
    'Mã xác thực đăng nhập',
    card('vesankhau.vn', [
      p('Xin chào Maeve,\nMã xác thực để đăng nhập trang quản lý sự kiện của bạn là:'),
      code('753 186'),
      p('Mã có hiệu lực trong 5 phút. Vở diễn: "Con đường muối", Nhà hát Tuổi Trẻ, 20:00 ngày 26/06/2026.'),
      small('Tuyệt đối không chia sẻ mã này cho bất kỳ ai.'),
    ]),
    '753186',
    null,
  ),
  m(
    'vi-02-ngan-hang-otp.eml',
    'otp-bank',
    'Ngân hàng Sông Hồng <thongbao@songhongbank.vn>',
    'Mã OTP xác nhận giao dịch chuyển khoản',
    bank('songhongbank.vn', [
      p('Kính gửi Quý khách,'),
      p('Quý khách đang thực hiện chuyển khoản 25.000.000 VND đến tài khoản 0011004123456 (Nhà hát Tuổi Trẻ) tại Vietcombank, nội dung "Thue san khau 26/6".'),
      p('Mã OTP của Quý khách là:'),
      code('62019847'),
      p('Mã có hiệu lực trong 120 giây. Tài khoản nguồn: ******8823.'),
    ]),
    '62019847',
    null,
    { cte: 'base64' },
  ),
  m(
    'vi-03-dat-lai-mat-khau.eml',
    'link-reset',
    'Dịch Thuật Việt <hotro@dichthuatviet.vn>',
    'Yêu cầu đặt lại mật khẩu',
    min('dichthuatviet.vn', [
      p('Chào bạn,'),
      p('Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản của bạn. Nhấn vào liên kết dưới đây để tạo mật khẩu mới:'),
      a('', 'Đặt lại mật khẩu', U('dichthuatviet.vn', '/dat-lai-mat-khau?token=', 'vi03')),
      p('Liên kết sẽ hết hạn sau 30 phút.'),
    ]),
    null,
    U('dichthuatviet.vn', '/dat-lai-mat-khau?token=', 'vi03'),
  ),
  m(
    'vi-04-loi-moi.eml',
    'link-invite',
    'Không Gian Nhóm <no-reply@khonggiannhom.vn>',
    'Bạn được mời tham gia nhóm "Phụ đề Con đường muối"',
    card('khonggiannhom.vn', [
      p('Nguyễn Thu Hà mời bạn tham gia nhóm "Phụ đề Con đường muối" (6 thành viên).'),
      btn('Chấp nhận lời mời', U('khonggiannhom.vn', '/moi/', 'vi04')),
    ]),
    null,
    U('khonggiannhom.vn', '/moi/', 'vi04'),
  ),
  m(
    'vi-05-hoa-don.eml',
    'numbers-no-code',
    'Nhà hát Tuổi Trẻ <ketoan@nhahattuoitre.vn>',
    'Hóa đơn điện tử số 0001247',
    mso('nhahattuoitre.vn', [
      p('Kính gửi chị Maeve,'),
      pre(
        'Số hóa đơn: 0001247 - Ký hiệu: 1C26TTT\nThuê sân khấu ngày 26/06/2026: 20.000.000 đ\nKỹ thuật âm thanh ánh sáng:     5.000.000 đ\nThuế GTGT 8%:                  2.000.000 đ\nTổng cộng:                    27.000.000 đ\nMã số thuế: 0101234567\nMã tra cứu: 7KX2PQ9M',
      ),
    ]),
    null,
    null,
    { why: 'invoice lookup code, not a one-time code' },
  ),
  m(
    'vi-06-ve-tau.eml',
    'numbers-no-code',
    'Vé Tàu Việt <vetau@vetauviet.vn>',
    'Xác nhận đặt vé – mã đặt chỗ K8Q2ZX',
    card('vetauviet.vn', [
      kv([
        ['Mã đặt chỗ', 'K8Q2ZX'],
        ['Tàu', 'SE1 Hà Nội 19:30 → Đà Nẵng 11:10'],
        ['Toa / chỗ', '7 / 12, 13, 14'],
        ['Tổng tiền', '3.540.000 đ'],
      ]),
    ]),
    null,
    null,
  ),
  m(
    'vi-07-dang-nhap-moi.eml',
    'notice',
    'Ngân hàng Sông Hồng <thongbao@songhongbank.vn>',
    'Thông báo đăng nhập',
    bank('songhongbank.vn', [
      p('Tài khoản của Quý khách vừa được đăng nhập trên thiết bị mới (iPhone, TP. Hồ Chí Minh) lúc 08:45 ngày 10/03/2026.'),
      p('Nếu đó là Quý khách, không cần thực hiện thêm thao tác nào.'),
    ]),
    null,
    null,
  ),
  m(
    'vi-08-phong-tap.eml',
    'non-otp-code',
    'Phòng Tập Sáng Tạo <datphong@phongtapsangtao.vn>',
    'Xác nhận đặt phòng tập #PT-3309',
    plain('phongtapsangtao.vn', [
      p(
        'Chào chị Maeve,\n\nPhòng tập số 2 đã được giữ cho chị từ 22/06 đến 25/06/2026, 9h-17h. Tổng: 6.400.000 đ.\nMã cửa: 2580*\nWifi: SangTao_Guest / mật khẩu: sankhau2026\n\nTrân trọng.',
      ),
    ]),
    null,
    null,
  ),
  m(
    'vi-09-ma-het-han.eml',
    'notice',
    'Vé Sân Khấu <noreply@vesankhau.vn>',
    'Mã xác thực đã hết hạn',
    card('vesankhau.vn', [p('Mã 318 402 đã hết hạn. Vui lòng quay lại trang đăng nhập để nhận mã mới.')]),
    null,
    null,
    { why: 'expired code' },
  ),
];

const TH: Mail[] = [
  m(
    'th-01-tua-rahat.eml',
    'otp-service',
    'ตั๋วละครเวที <noreply@tualakhon.co.th>',
    'รหัส OTP สำหรับเข้าสู่ระบบ',
    card('tualakhon.co.th', [
      p('เรียน คุณเมฟ\nรหัส OTP สำหรับเข้าสู่ระบบผู้จัดงานของคุณคือ'),
      code('904 512'),
      p('รหัสนี้ใช้ได้ภายใน 5 นาที (Ref: KQWZ) การแสดง "เส้นทางเกลือ" โรงละครภัทราวดี 3 ก.ค. 2569 เวลา 19.30 น.'),
      small('หากคุณไม่ได้ทำรายการนี้ โปรดเพิกเฉยต่ออีเมลฉบับนี้'),
    ]),
    '904512',
    null,
    { why: 'the Ref is the reference shown beside the OTP, not the code' },
  ),
  m(
    'th-02-thanakhan-otp.eml',
    'otp-bank',
    'ธนาคารเจ้าพระยา <e-service@chaophrayabank.co.th>',
    'รหัส OTP ยืนยันการโอนเงิน',
    bank('chaophrayabank.co.th', [
      p('เรียน ลูกค้าผู้มีอุปการคุณ'),
      p('ท่านกำลังทำรายการโอนเงินจำนวน 45,000.00 บาท ไปยังบัญชี xxx-x-x4521-x (บจก. ภัทราวดี เธียเตอร์)'),
      p('รหัส OTP: 381927 (รหัสอ้างอิง: TXBP)'),
      p('รหัส OTP มีอายุ 3 นาที กรุณาอย่าเปิดเผยรหัสนี้แก่ผู้อื่น'),
    ]),
    '381927',
    null,
    { charset: 'tis-620' },
  ),
  m(
    'th-03-yuen-yan-email.eml',
    'link-verify',
    'แปลไทยดอทคอม <support@plaethai.com>',
    'ยืนยันอีเมลของคุณ',
    promo('plaethai.com', [h('ยินดีต้อนรับ'), p('กรุณายืนยันอีเมลเพื่อเปิดใช้งานบัญชีนักแปลของคุณ'), btn('ยืนยันอีเมล', U('plaethai.com', '/verify?t=', 'th03'))], [], {
      tracked: true,
    }),
    null,
    U('plaethai.com', '/verify?t=', 'th03'),
  ),
  m(
    'th-04-both.eml',
    'both',
    'ลงนามออนไลน์ <noreply@longnam.co.th>',
    'เอกสารรอการลงนาม: สัญญาแปล TH-2026-045',
    card('longnam.co.th', [
      p('บริษัท สยามพับลิชชิ่ง จำกัด ส่งเอกสาร "สัญญาแปล TH-2026-045" ให้คุณลงนาม'),
      p('รหัสยืนยันตัวตน:'),
      cells('7730'),
      btn('ตรวจสอบและลงนาม', U('longnam.co.th', '/sign/', 'th04')),
    ]),
    '7730',
    U('longnam.co.th', '/sign/', 'th04'),
  ),
  m(
    'th-05-bai-kamkap.eml',
    'numbers-no-code',
    'โรงละครภัทราวดี <account@patravadi-stage.co.th>',
    'ใบกำกับภาษีเลขที่ INV2569-0098',
    mso('patravadi-stage.co.th', [
      p('เรียน คุณเมฟ'),
      pre(
        'ใบกำกับภาษีเลขที่ INV2569-0098\nค่าเช่าโรงละคร 3 ก.ค. 2569      40,000.00 บาท\nค่าทีมงานเทคนิค                 5,000.00 บาท\nภาษีมูลค่าเพิ่ม 7%               3,150.00 บาท\nรวมทั้งสิ้น                    48,150.00 บาท\nเลขประจำตัวผู้เสียภาษี 0105556012345',
      ),
    ]),
    null,
    null,
    { charset: 'windows-874' },
  ),
  m(
    'th-06-rot-fai.eml',
    'numbers-no-code',
    'จองตั๋วรถไฟ <ticket@rotfai-jong.co.th>',
    'ยืนยันการจอง หมายเลข 26070188',
    card('rotfai-jong.co.th', [
      kv([
        ['หมายเลขการจอง', '26070188'],
        ['ขบวน', '9 กรุงเทพอภิวัฒน์ 08.30 → เชียงใหม่ 19.30'],
        ['ตู้ / ที่นั่ง', '3 / 15, 16, 17'],
        ['ราคา', '2,673.00 บาท'],
      ]),
    ]),
    null,
    null,
  ),
  m(
    'th-07-kan-khao-su-rabop.eml',
    'notice',
    'ธนาคารเจ้าพระยา <e-service@chaophrayabank.co.th>',
    'แจ้งเตือนการเข้าสู่ระบบ',
    bank('chaophrayabank.co.th', [p('มีการเข้าสู่ระบบบัญชีของท่านจากอุปกรณ์ใหม่ เมื่อวันที่ 11/03/2569 เวลา 14:02 น.'), p('หากเป็นท่าน ไม่ต้องดำเนินการใดๆ')]),
    null,
    null,
    { charset: 'tis-620' },
  ),
  m(
    'th-08-rongraem.eml',
    'non-otp-code',
    'โรงแรมริเวอร์ไซด์ <booking@riverside-hotel.co.th>',
    'ยืนยันการเข้าพัก เลขที่ RS-44120',
    card('riverside-hotel.co.th', [
      kv([
        ['เลขที่การจอง', 'RS-44120'],
        ['เช็คอิน', '2 ก.ค. 2569 (14.00 น.)'],
        ['เช็คเอาท์', '4 ก.ค. 2569'],
        ['ห้อง', 'ดีลักซ์ 3 ห้อง'],
        ['รหัสตู้เซฟในห้อง', 'ตั้งเองได้'],
        ['Wi-Fi', 'Riverside_Guest / river2569'],
      ]),
    ]),
    null,
    null,
  ),
  m(
    'th-09-jodmai-khao.eml',
    'notice',
    'สมาคมนักแปลและล่าม <news@thai-translators.or.th>',
    'จดหมายข่าวประจำเดือนมีนาคม 2569',
    promo(
      'thai-translators.or.th',
      [h('จดหมายข่าวมีนาคม'), p('อบรมการใช้เครื่องมือ CAT วันที่ 28 มี.ค. 2569 เวลา 09.00-16.00 น. ค่าลงทะเบียน 1,500 บาท (สมาชิกลด 20% ใช้โค้ด MEMBER20)')],
      [],
      { tracked: true },
    ),
    null,
    null,
  ),
];

const ID: Mail[] = [
  m(
    'id-01-tiket-kode.eml',
    'otp-service',
    'TiketPentas <noreply@tiketpentas.id>',
    'Kode verifikasi kamu',
    card('tiketpentas.id', [
      p('Hai Maeve,\nMasukkan kode verifikasi berikut untuk masuk ke dasbor penyelenggara:'),
      code('128 473'),
      p('Kode berlaku selama 5 menit. JANGAN berikan kode ini kepada siapa pun, termasuk pihak TiketPentas.'),
      p('Acara: "Jalan Garam", Teater Salihara, Sabtu, 11 Juli 2026 pukul 19.30 WIB.'),
    ]),
    '128473',
    null,
  ),
  m(
    'id-02-bank-transfer.eml',
    'otp-bank',
    'Bank Nusantara Raya <notifikasi@banknusantararaya.co.id>',
    'Kode OTP Transaksi',
    bank('banknusantararaya.co.id', [
      p('Nasabah Yth.,'),
      p('Anda melakukan transfer sebesar Rp12.500.000,00 ke rekening 1230004567890 a.n. Yayasan Teater Salihara.'),
      p('Kode OTP: 550392'),
      p('Berlaku 3 menit. Rekening sumber: ****7721. Bank tidak pernah meminta kode OTP Anda.'),
    ]),
    '550392',
    null,
    { charset: 'iso-8859-1' },
  ),
  m(
    'id-03-tautan-masuk.eml',
    'link-magic',
    'KerjaLepas <halo@kerjalepas.id>',
    'Tautan masuk ke KerjaLepas',
    min('kerjalepas.id', [
      p('Halo!'),
      p('Klik tautan di bawah ini untuk masuk ke akun KerjaLepas kamu. Tautan hanya bisa dipakai sekali dan berlaku 15 menit.'),
      a('', 'Masuk sekarang', U('kerjalepas.id', '/masuk/tautan/', 'id03')),
    ]),
    null,
    U('kerjalepas.id', '/masuk/tautan/', 'id03'),
    { parts: 'html' },
  ),
  m(
    'id-04-kode-baru.eml',
    'otp-service',
    'Pajak Online <noreply@pajakonline.go.id>',
    'Kode verifikasi baru',
    plain('pajakonline.go.id', [
      p(
        'Yth. Wajib Pajak,\n\nKode verifikasi sebelumnya (482 019) sudah tidak berlaku. Gunakan kode baru berikut:\n\n    771 305\n\nNPWP: 09.254.294.3-407.000\nKode berlaku 10 menit.',
      ),
    ]),
    '771305',
    null,
  ),
  m(
    'id-05-invoice.eml',
    'numbers-no-code',
    'Teater Salihara <keuangan@teatersalihara.id>',
    'Invoice No. INV/2026/III/0217',
    mso('teatersalihara.id', [
      p('Dengan hormat,'),
      table(
        ['Keterangan', 'Jumlah'],
        [
          ['Sewa gedung 11 Juli 2026', 'Rp10.000.000'],
          ['Kru teknis', 'Rp2.500.000'],
        ],
      ),
      p('Total: Rp12.500.000 (belum termasuk PPN). Mohon transfer ke BCA 123-000-4567 a.n. Yayasan Teater Salihara.'),
    ]),
    null,
    null,
  ),
  m(
    'id-06-kapal-feri.eml',
    'numbers-no-code',
    'Ferry Online <eticket@ferryonline.co.id>',
    'E-tiket: Ketapang – Gilimanuk',
    card('ferryonline.co.id', [
      kv([
        ['Kode booking', 'FRY8XQ21'],
        ['Rute', 'Ketapang → Gilimanuk'],
        ['Jadwal', '13 Juli 2026, 06.00 WIB'],
        ['Kendaraan', 'Golongan IV-B (mobil barang)'],
        ['Total', 'Rp498.000'],
      ]),
      p('Tunjukkan kode booking di loket pelabuhan.'),
    ]),
    null,
    null,
  ),
  m(
    'id-07-login-baru.eml',
    'notice',
    'KerjaLepas <halo@kerjalepas.id>',
    'Login baru di akun kamu',
    card('kerjalepas.id', [
      p('Ada login baru di akun kamu dari Chrome di Windows (Bandung, Indonesia) pada 12 Mar 2026 pukul 16.20 WIB.'),
      p('Kalau ini kamu, abaikan saja email ini.'),
    ]),
    null,
    null,
  ),
  m(
    'id-08-voucher.eml',
    'non-otp-code',
    'TiketPentas <promo@tiketpentas.id>',
    'Voucher promotor: potongan biaya layanan 25%',
    promo('tiketpentas.id', [h('Promo Maret'), p('Pakai kode voucher PENTAS25 saat membuat acara baru sebelum 31 Maret 2026.')], [], { tracked: true }),
    null,
    null,
  ),
  m(
    'id-09-balasan-otomatis.eml',
    'notice',
    'Dewi Lestari <dewi@penerbitlentera.co.id>',
    'Balasan Otomatis: Naskah terjemahan bab 4',
    plain('penerbitlentera.co.id', [
      p(
        'Terima kasih atas email Anda. Saya sedang cuti hingga 16 Maret 2026. Untuk keperluan mendesak silakan hubungi redaksi@penerbitlentera.co.id atau 021-5551234.',
      ),
    ]),
    null,
    null,
  ),
];

export const ASIA: Mail[] = [...VI, ...TH, ...ID];
