// Vietnamese, Thai and Indonesian mails of held-out-15.
import type { Mail } from '../held-out-3/types.js';
import { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, pre, promo, small, tok, url } from './mail.js';

// ---- vi ----------------------------------------------------------------------------------------------
const viVerify = `https://taikhoan.chotot-nhanh.vn/xac-thuc-email?token=${tok('vi-03', 36)}`;
const viInvite = `https://app.congviec.vn/loi-moi/${tok('vi-04', 24)}/chap-nhan`;
const viBoth = `https://id.giaohang365.vn/email/xac-nhan/${tok('vi-05', 32)}`;

const VI: Mail[] = [
  m(
    'vi-01-game-ma-xac-thuc.eml',
    'otp-service',
    'Rồng Vàng Online <hotro@rongvang.game>',
    'Mã xác thực đăng nhập Rồng Vàng',
    card(
      'rongvang.game',
      [
        p('Chào bạn,'),
        p('Bạn đang đăng nhập tài khoản game từ thiết bị mới. Nhập mã dưới đây vào màn hình đăng nhập:'),
        code('716402'),
        p('Mã có hiệu lực trong 5 phút. Máy chủ S27 sẽ bảo trì lúc 02:00 ngày 20/03.'),
      ],
      ['Công ty TNHH Rồng Vàng · 72 Lê Thánh Tôn, Quận 1, TP. Hồ Chí Minh · MST 0314772618'],
    ),
    '716402',
    null,
  ),
  m(
    'vi-02-ngan-hang-otp.eml',
    'otp-bank',
    'Ngân hàng Phương Nam <thongbao@phuongnambank.example>',
    'Mã OTP xác nhận giao dịch',
    bank(
      'phuongnambank.example',
      [
        h('Xác nhận giao dịch chuyển khoản'),
        kv([
          ['Số tiền', '2.500.000 VND'],
          ['Tài khoản nhận', '0071 0004 ***3 218'],
          ['Người nhận', 'NGUYEN VAN HUNG'],
          ['Nội dung', 'Thanh toan hoa don 2026-03'],
        ]),
        p('Mã OTP của Quý khách là:'),
        code('30485127'),
        p('Tuyệt đối không cung cấp mã OTP cho bất kỳ ai. Tổng đài 1900 5454 22.'),
      ],
      ['Ngân hàng TMCP Phương Nam · 279 Lý Thường Kiệt, Quận 11, TP. HCM'],
    ),
    '30485127',
    null,
    { cte: 'base64' },
  ),
  m(
    'vi-03-cho-xac-thuc-email.eml',
    'link-verify',
    'Chợ Tốt Nhanh <noreply@chotot-nhanh.vn>',
    'Xác thực địa chỉ email của bạn',
    min('chotot-nhanh.vn', [
      p('Cảm ơn bạn đã đăng ký tài khoản bán hàng.'),
      a('Vui lòng ', 'bấm vào đây để xác thực email', viVerify, ' trong vòng 24 giờ.'),
      p('Hotline: 1900 3003'),
    ]),
    null,
    viVerify,
  ),
  m(
    'vi-04-loi-moi-nhom.eml',
    'link-invite',
    'Công Việc <thongbao@congviec.vn>',
    'Trần Minh Anh mời bạn tham gia dự án "Kiểm thử ứng dụng ví"',
    card(
      'congviec.vn',
      [
        p('Trần Minh Anh đã mời bạn vào dự án "Kiểm thử ứng dụng ví" với vai trò Thành viên.'),
        btn('Chấp nhận lời mời', viInvite),
        small('Lời mời hết hạn sau 7 ngày.'),
      ],
      ['Công Việc JSC · Tầng 9, 18 Tam Trinh, Hà Nội'],
    ),
    null,
    viInvite,
  ),
  m(
    'vi-05-giao-hang-ma-va-link.eml',
    'both',
    'Giao Hàng 365 <taikhoan@giaohang365.vn>',
    'Xác nhận email tài khoản Giao Hàng 365',
    card(
      'giaohang365.vn',
      [
        p('Để nhận thông báo đơn hàng qua email, hãy xác nhận địa chỉ này.'),
        btn('Xác nhận email', viBoth),
        p('Hoặc nhập mã xác nhận trong ứng dụng:'),
        cells('4093'),
        small('Mã khách hàng: GH365-00811472'),
      ],
      ['Giao Hàng 365 · 1 Phạm Văn Bạch, Tân Bình, TP. HCM'],
    ),
    '4093',
    viBoth,
  ),
  m(
    'vi-06-ve-may-bay.eml',
    'non-otp-code',
    'Hàng không Sao Việt <booking@saoviet-air.example>',
    'Xác nhận đặt chỗ - Mã đặt chỗ KJ4Q7X',
    card(
      'saoviet-air.example',
      [
        kv([
          ['Mã đặt chỗ', 'KJ4Q7X'],
          ['Chuyến bay', 'SV 218 · Hà Nội (HAN) 06:15 → Đà Nẵng (DAD) 07:35'],
          ['Ngày', '11/04/2026'],
          ['Hành lý', '20 kg ký gửi'],
          ['Tổng tiền', '1.689.000 VND'],
        ]),
        p('Làm thủ tục trực tuyến từ 24 giờ trước giờ khởi hành.'),
      ],
      ['Hàng không Sao Việt · 200 Nguyễn Sơn, Long Biên, Hà Nội'],
    ),
    null,
    null,
  ),
  m(
    'vi-07-hoa-don-dien-tu.eml',
    'numbers-no-code',
    'Viễn thông Sông Hồng <hoadon@songhong-telecom.vn>',
    'Hóa đơn điện tử tháng 03/2026',
    plain(
      'songhong-telecom.vn',
      [
        p('Kính gửi Quý khách,'),
        pre(
          'Ký hiệu HĐ   : 1C26TSH\nSố HĐ        : 00118204\nMã tra cứu   : 8FQ2KX71LA\nMST bên bán  : 0100109106\nTổng tiền    : 264.000 VND (đã gồm VAT 10%)',
        ),
        p('Quý khách có thể tra cứu hóa đơn tại trang web của chúng tôi bằng mã tra cứu trên.'),
      ],
      ['Viễn thông Sông Hồng · Tổng đài 18001091'],
    ),
    null,
    null,
    { why: 'an e-invoice look-up code, nothing this mail asks to type' },
  ),
  m(
    'vi-08-doi-mat-khau.eml',
    'notice',
    'Chợ Tốt Nhanh <noreply@chotot-nhanh.vn>',
    'Mật khẩu của bạn đã được thay đổi',
    min('chotot-nhanh.vn', [p('Mật khẩu tài khoản của bạn đã được thay đổi lúc 20:41 ngày 29/03/2026.'), p('Nếu không phải bạn, hãy liên hệ ngay 1900 3003.')]),
    null,
    null,
  ),
  m(
    'vi-09-khuyen-mai.eml',
    'non-otp-code',
    'Giao Hàng 365 <khuyenmai@giaohang365.vn>',
    'Giảm 30K cho đơn đầu tiên tháng 4',
    promo(
      'giaohang365.vn',
      [
        h('Ưu đãi tháng 4'),
        p('Nhập mã dưới đây khi đặt đơn từ 100.000đ:'),
        code('GH30K'),
        p('Áp dụng đến 30/04/2026, tối đa 1 lần/khách hàng.'),
        btn('Đặt đơn ngay', 'https://giaohang365.vn/khuyen-mai/thang-4'),
      ],
      ['Giao Hàng 365 · 1 Phạm Văn Bạch, Tân Bình, TP. HCM'],
      { tracked: true },
    ),
    null,
    null,
  ),
];

// ---- th ----------------------------------------------------------------------------------------------
const thReset = `https://account.talaadnad.co.th/reset-password?token=${tok('th-03', 38)}`;
const thVerify = `https://my.rongrian-dee.example.ac.th/activate/${tok('th-04', 32)}`;
const thApprove = `https://secure.siam-thanakan.example/device/approve?id=${tok('th-10', 36)}`;

const TH: Mail[] = [
  m(
    'th-01-marketplace-otp.eml',
    'otp-service',
    'ตลาดนัดออนไลน์ <no-reply@talaadnad.co.th>',
    'รหัส OTP สำหรับเข้าสู่ระบบ',
    card(
      'talaadnad.co.th',
      [p('สวัสดีค่ะ'), p('กรุณากรอกรหัสนี้เพื่อเข้าสู่ระบบ ตลาดนัดออนไลน์ (รหัสอ้างอิง: KXQP):'), code('650382'), p('รหัสมีอายุ 5 นาที ห้ามเปิดเผยรหัสนี้แก่ผู้อื่น')],
      ['บริษัท ตลาดนัดออนไลน์ จำกัด 999 ถนนพระราม 4 แขวงปทุมวัน เขตปทุมวัน กรุงเทพฯ 10330'],
    ),
    '650382',
    null,
    { charset: 'tis-620', why: 'the reference (รหัสอ้างอิง) only matches the SMS to the screen; the code is the OTP' },
  ),
  m(
    'th-02-bank-otp-ref.eml',
    'otp-distractors',
    'ธนาคารสยามธนาคาร <alert@siam-thanakan.example>',
    'รหัส OTP สำหรับทำรายการ',
    bank(
      'siam-thanakan.example',
      [
        h('ยืนยันการโอนเงิน'),
        p('โอนเงินจำนวน 12,500.00 บาท ไปยังบัญชี xxx-x-x4417-x ธนาคารกรุงศรีฯ วันที่ 14/03/2569 เวลา 13:22 น.'),
        p('รหัส OTP: 418207 (Ref: 7HQM)'),
        p('รหัส OTP มีอายุ 3 นาที หากท่านไม่ได้ทำรายการ โปรดติดต่อ 02-777-7777'),
      ],
      ['ธนาคารสยามธนาคาร จำกัด (มหาชน) 9 ถนนรัชดาภิเษก จตุจักร กรุงเทพฯ 10900'],
    ),
    '418207',
    null,
    { charset: 'iso-8859-11' },
  ),
  m(
    'th-03-reset-link.eml',
    'link-reset',
    'ตลาดนัดออนไลน์ <no-reply@talaadnad.co.th>',
    'รีเซ็ตรหัสผ่านของคุณ',
    card(
      'talaadnad.co.th',
      [p('เราได้รับคำขอรีเซ็ตรหัสผ่านสำหรับบัญชีของคุณ'), btn('ตั้งรหัสผ่านใหม่', thReset), small('ลิงก์นี้จะหมดอายุภายใน 1 ชั่วโมง หากคุณไม่ได้ขอ โปรดเพิกเฉยต่ออีเมลนี้')],
      ['บริษัท ตลาดนัดออนไลน์ จำกัด'],
    ),
    null,
    thReset,
  ),
  m(
    'th-04-school-activate.eml',
    'link-verify',
    'โรงเรียนเรียนดี <admin@rongrian-dee.example.ac.th>',
    'เปิดใช้งานบัญชีผู้ปกครอง',
    mso(
      'rongrian-dee.example.ac.th',
      [
        p('เรียน ผู้ปกครอง'),
        p('โรงเรียนได้สร้างบัญชีผู้ปกครองสำหรับนักเรียนเลขประจำตัว 25631 ชั้น ม.2/4 กรุณาคลิกลิงก์เพื่อเปิดใช้งานบัญชี:'),
        url('', thVerify),
        p('ติดต่อฝ่ายทะเบียน โทร 053-221-418'),
      ],
      [],
    ),
    null,
    thVerify,
    { charset: 'tis-620' },
  ),
  m(
    'th-05-code-in-subject.eml',
    'otp-subject',
    'ส่งด่วน <noreply@songduan.co.th>',
    '[ส่งด่วน] 592064 คือรหัสยืนยันของคุณ',
    plain('songduan.co.th', [p('ใช้รหัสในหัวข้ออีเมลเพื่อยืนยันหมายเลขโทรศัพท์ของคุณ'), p('ส่งด่วน - ส่งพัสดุทั่วไทย โทร 1462')]),
    '592064',
    null,
  ),
  m(
    'th-06-parcel-tracking.eml',
    'numbers-no-code',
    'ส่งด่วน <tracking@songduan.co.th>',
    'พัสดุ TH0118204773 อยู่ระหว่างนำจ่าย',
    card(
      'songduan.co.th',
      [
        kv([
          ['เลขพัสดุ', 'TH0118204773'],
          ['ผู้ส่ง', 'ร้านไอทีดี (รหัสร้าน 77120)'],
          ['ที่อยู่', '88/12 ซอยสุขุมวิท 31 แขวงคลองเตยเหนือ เขตวัฒนา กรุงเทพฯ 10110'],
          ['น้ำหนัก', '1.2 กก.'],
        ]),
        p('พนักงานจะนำส่งภายในวันนี้ 09:00-18:00 น.'),
      ],
      ['บริษัท ส่งด่วน จำกัด'],
    ),
    null,
    null,
  ),
  m(
    'th-07-wifi-hotel.eml',
    'non-otp-code',
    'โรงแรมริมน้ำ เชียงใหม่ <frontdesk@rimnam-hotel.example>',
    'ยืนยันการจอง หมายเลข RN-26-0412',
    card(
      'rimnam-hotel.example',
      [
        h('ขอบคุณที่เลือกพักกับเรา'),
        kv([
          ['หมายเลขการจอง', 'RN-26-0412'],
          ['เช็คอิน', '12/04/2026 หลัง 14:00 น.'],
          ['ห้อง', 'ดีลักซ์ริเวอร์วิว (2 คืน)'],
          ['Wi-Fi', 'Rimnam_Guest / รหัสผ่าน river2026'],
          ['รหัสประตูที่จอดรถ', '#4471'],
        ]),
      ],
      ['โรงแรมริมน้ำ 25 ถนนเจริญราษฎร์ อ.เมือง จ.เชียงใหม่ 50000'],
    ),
    null,
    null,
  ),
  m(
    'th-08-login-notice.eml',
    'notice',
    'ตลาดนัดออนไลน์ <security@talaadnad.co.th>',
    'มีการเข้าสู่ระบบจากอุปกรณ์ใหม่',
    min('talaadnad.co.th', [p('มีการเข้าสู่ระบบบัญชีของคุณจาก Chrome บน Windows ที่ขอนแก่น เมื่อ 30/03/2026 เวลา 22:10 น.'), p('หากไม่ใช่คุณ กรุณาเปลี่ยนรหัสผ่านทันที')]),
    null,
    null,
    { charset: 'tis-620' },
  ),
  m(
    'th-09-payslip.eml',
    'numbers-no-code',
    'ฝ่ายบุคคล <hr@northwind-qa.example>',
    'สลิปเงินเดือน เดือนมีนาคม 2569',
    mso(
      'northwind-qa.example',
      [
        p('เรียน พนักงาน'),
        kv([
          ['รหัสพนักงาน', 'TH-00412'],
          ['เงินเดือน', '45,000.00 บาท'],
          ['ประกันสังคม', '750.00 บาท'],
          ['เงินได้สุทธิ', '41,862.50 บาท'],
          ['โอนเข้าบัญชี', 'xxx-x-x7731-x'],
        ]),
        p('รหัสผ่านเปิดไฟล์ PDF คือวันเดือนปีเกิดของท่าน (ววดดปปปป)'),
      ],
      [],
    ),
    null,
    null,
  ),
  m(
    'th-10-approve-device.eml',
    'link-approve',
    'ธนาคารสยามธนาคาร <alert@siam-thanakan.example>',
    'ยืนยันการเข้าใช้งานจากอุปกรณ์ใหม่',
    card(
      'siam-thanakan.example',
      [
        p('มีการขอเข้าใช้งานแอปธนาคารจากอุปกรณ์ใหม่ (OPPO Reno 12, ภูเก็ต)'),
        btn('ใช่ ฉันเอง', thApprove),
        a('', 'ไม่ใช่ฉัน', 'https://secure.siam-thanakan.example/device/deny'),
      ],
      ['ธนาคารสยามธนาคาร จำกัด (มหาชน)'],
    ),
    null,
    thApprove,
  ),
];

// ---- id ----------------------------------------------------------------------------------------------
const idVerify = `https://akun.belanjaku.co.id/verifikasi?token=${tok('id-03', 36)}`;
const idMagic = `https://masuk.kelasku.id/tautan/${tok('id-04', 40)}`;
const idInvite = `https://app.tugasbareng.id/undangan/${tok('id-10', 24)}/terima`;

const ID: Mail[] = [
  m(
    'id-01-ojek-kode.eml',
    'otp-separated',
    'Ojekita <no-reply@ojekita.co.id>',
    'Kode verifikasi Ojekita',
    card(
      'ojekita.co.id',
      [
        p('Hai,'),
        p('JANGAN BERIKAN kode ini ke siapa pun, termasuk pihak Ojekita. Masukkan kode di aplikasi untuk melanjutkan:'),
        code('441 728'),
        p('Kode berlaku 2 menit.'),
      ],
      ['PT Ojekita Indonesia · Jl. Iskandarsyah II No. 2, Jakarta Selatan 12160'],
    ),
    '441728',
    null,
  ),
  m(
    'id-02-bank-otp.eml',
    'otp-bank',
    'Bank Nusantara Raya <notifikasi@banknusantara.example>',
    'Kode OTP Transaksi',
    bank(
      'banknusantara.example',
      [
        h('Konfirmasi Transaksi'),
        kv([
          ['Jenis', 'Pembayaran Virtual Account'],
          ['Nomor VA', '8808 0812 3456 7890'],
          ['Nominal', 'Rp 1.275.000'],
          ['Waktu', '17/03/2026 10:44 WIB'],
        ]),
        p('Kode OTP Anda: 620915'),
        p('Kode ini bersifat RAHASIA. Hubungi 1500 888 bila Anda tidak melakukan transaksi ini.'),
      ],
      ['PT Bank Nusantara Raya Tbk · Jl. Jend. Sudirman Kav. 44-46, Jakarta 10210 · Terdaftar dan diawasi oleh OJK'],
    ),
    '620915',
    null,
    { charset: 'iso-8859-1' },
  ),
  m(
    'id-03-verifikasi-email.eml',
    'link-verify',
    'Belanjaku <halo@belanjaku.co.id>',
    'Verifikasi email kamu',
    min('belanjaku.co.id', [p('Halo! Satu langkah lagi untuk mulai belanja.'), a('', 'Verifikasi Email', idVerify), p('Tautan berlaku 24 jam.')]),
    null,
    idVerify,
  ),
  m(
    'id-04-kursus-tautan-masuk.eml',
    'link-magic',
    'Kelasku <masuk@kelasku.id>',
    'Tautan masuk ke Kelasku',
    card(
      'kelasku.id',
      [
        p('Klik tombol di bawah untuk masuk ke Kelasku tanpa kata sandi. Tautan hanya bisa dipakai sekali dalam 10 menit.'),
        btn('Masuk ke Kelasku', idMagic),
        small('Kelas aktif: "Dasar Pengujian API" (modul 4 dari 12).'),
      ],
      ['PT Kelasku Edukasi · Jl. Kaliurang Km 5, Yogyakarta 55281'],
    ),
    null,
    idMagic,
  ),
  m(
    'id-05-gov-code.eml',
    'otp-alnum',
    'Layanan Kependudukan Online <noreply@layanan-dukcapil.example.go.id>',
    'Kode Aktivasi Akun',
    mso(
      'layanan-dukcapil.example.go.id',
      [
        p('Yth. Pemohon,'),
        p('Nomor permohonan: 3273-2026-0004871. Untuk mengaktifkan akun Anda, masukkan kode aktivasi berikut pada halaman pendaftaran:'),
        code('K9DX4M'),
        p('NIK: 3273**********02 · Kode berlaku 30 menit.'),
      ],
      [],
    ),
    'K9DX4M',
    null,
  ),
  m(
    'id-06-tiket-kereta.eml',
    'non-otp-code',
    'Kereta Nusantara <tiket@kereta-nusantara.example>',
    'E-tiket Anda: Kode Booking XR7KQ2',
    card(
      'kereta-nusantara.example',
      [
        kv([
          ['Kode Booking', 'XR7KQ2'],
          ['Kereta', 'Argo Parahyangan 7041'],
          ['Rute', 'Gambir 08:10 → Bandung 11:05'],
          ['Tanggal', '05/04/2026'],
          ['Kursi', 'Eksekutif 3 / 12A'],
        ]),
        p('Tunjukkan kode booking dan KTP saat boarding.'),
      ],
      ['PT Kereta Nusantara · Jl. Perintis Kemerdekaan No. 1, Bandung'],
    ),
    null,
    null,
  ),
  m(
    'id-07-struk-belanja.eml',
    'numbers-no-code',
    'Belanjaku <pesanan@belanjaku.co.id>',
    'Pesanan INV/20260321/MPL/4418207 sudah dikirim',
    card(
      'belanjaku.co.id',
      [
        kv([
          ['No. Invoice', 'INV/20260321/MPL/4418207'],
          ['Total', 'Rp 348.500'],
          ['Kurir', 'JNT Reguler · Resi JP1182047731'],
          ['Alamat', 'Jl. Kemang Raya No. 8, Jakarta Selatan 12730'],
        ]),
        p('Estimasi tiba 2-3 hari kerja.'),
      ],
      ['PT Belanjaku Digital · NPWP 01.234.567.8-012.000'],
    ),
    null,
    null,
  ),
  m(
    'id-08-kata-sandi-diubah.eml',
    'notice',
    'Ojekita <no-reply@ojekita.co.id>',
    'Kata sandi berhasil diubah',
    min('ojekita.co.id', [
      p('Kata sandi akun Ojekita kamu berhasil diubah pada 06/04/2026 pukul 07:58 WIB.'),
      p('Kalau bukan kamu, segera hubungi kami di 021-5084-7777.'),
    ]),
    null,
    null,
  ),
  m(
    'id-09-kode-voucher-game.eml',
    'non-otp-code',
    'TopUp Kilat <order@topupkilat.id>',
    'Voucher game kamu sudah siap',
    card(
      'topupkilat.id',
      [
        p('Terima kasih! Pembayaran Rp 150.000 via QRIS berhasil (ID transaksi TK-2026-0418-77310).'),
        kv([
          ['Produk', '1.500 Gems Rồng Vàng'],
          ['Kode voucher', 'RVG-7H2K-QP9M-4XTA'],
        ]),
        p('Tukarkan kode di menu Redeem dalam game.'),
      ],
      ['TopUp Kilat · Surabaya'],
    ),
    null,
    null,
  ),
  m(
    'id-10-undangan-tim.eml',
    'link-invite',
    'TugasBareng <undangan@tugasbareng.id>',
    'Rina Putri mengundang kamu ke workspace "QA Squad"',
    card(
      'tugasbareng.id',
      [p('Rina Putri mengundang kamu bergabung ke workspace "QA Squad" (14 anggota).'), btn('Terima Undangan', idInvite), small('Undangan berlaku 7 hari.')],
      ['TugasBareng · Jakarta'],
    ),
    null,
    idInvite,
  ),
];

export const SEA: Mail[] = [...VI, ...TH, ...ID];
