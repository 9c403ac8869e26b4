import { looksNonHuman } from './non-human';

describe('veterinary scope guard', () => {
  it.each([
    'Liều paracetamol cho chó 10 kg?',
    'Mèo nhà tôi bị sốt uống ibuprofen được không',
    'cho meo uong paracetamol duoc khong',
    'Thuốc thú y cho gia súc',
    'con chó của tôi bị nôn',
    'liều amoxicillin cho con bò',
    'thuốc cho thú cưng',
    'con cho cua toi bi non',
    'Mèo bị sốt',
    'meo bi sot',
    'con meo nha toi bi non',
    'lợn bị tiêu chảy',
    'liều cho đàn gà',
    'thuoc cho vat nuoi',
    'Còn bò sữa bị viêm vú thì tiêm ceftriaxon được không',
    'con ngua dua bi viem khop, tiem diclofenac cho no',
    'dan vit nha toi bi tieu chay, tron ciprofloxacin vao cam',
    'chuot hamster nha em bi tieu chay',
    'Con vẹt xám nhà tôi bị hắt hơi, pha doxycyclin bao nhiêu?',
    'Rùa cảnh bị nấm mai, bôi thuốc gì',
  ])('flags "%s"', (t) => expect(looksNonHuman(t)).toBe(true));

  it.each([
    'Liều paracetamol cho trẻ 5 tuổi?',
    'cho con toi uong paracetamol duoc khong',
    'Thuốc nào chỉ định cho tăng huyết áp?',
    'Bị ngứa dùng thuốc gì?',
    'Paracetamol cho người lớn',
    'Cho tôi hỏi liều ibuprofen',
    // ordinary clinical words whose folded form is also an animal word
    'Người lớn bị gút',
    'nguoi lon bi gut',
    'Con lớn bị sốt 39 độ',
    'con lon nha toi bi ho',
    'salbutamol cắt cơn hen',
    'thuoc cat con hen',
    'bệnh nhân méo miệng, yếu nửa người',
    'bn bi meo mieng',
    'con thở khò khè',
    'con bỏ bú 2 ngày',
    'con de non 34 tuan',
    'be bi ngua noi may day',
    'con ngua qua, boi thuoc gi',
    'be bo sua 2 ngay',
    'Bé bỏ sữa, sốt nhẹ',
    'con de bi cam lanh, uong thuoc gi',
    'benh nhan cap cuu vi qua lieu paracetamol',
    'Chăm sóc người bệnh sau mổ, dùng paracetamol thế nào?',
    'Báo cáo phản ứng có hại của amoxicillin',
    'Bé 9 tháng đang tập bò, bị sốt',
    'Bé tập bò bị ngã đập đầu, dùng paracetamol được không',
    'Chim của bé bị sưng đỏ, bôi thuốc gì?',
    'Phân rắn, táo bón lâu ngày dùng thuốc gì',
    'Thông tin cá nhân của bệnh nhân',
    // in a turn typed with its marks an unmarked word is as written: "con cho uống" is a child giving a drug
    'ông 72t đang amlodipin, sáng nay con cho uống rồi ông quên lại tự uống thêm 1v, xử trí thế nào',
  ])('does not flag "%s"', (t) => expect(looksNonHuman(t)).toBe(false));
});

describe('a turn that sets the animal aside and turns to the speaker', () => {
  it('asks about the person from the sentence that turns on; the animal before it is set aside', () => {
    expect(
      looksNonHuman(
        'Dạ thôi để em đưa nó đi thú y. Còn em 40 tuổi đang đau răng, uống paracetamol mỗi lần mấy viên 500 là vừa?',
      ),
    ).toBe(false);
    expect(looksNonHuman('de em dua no di thu y. con toi thi dau dau, uong paracetamol may vien?')).toBe(false);
    // the animal named again after the turn, or no turn to the speaker at all: still the animal
    expect(looksNonHuman('Thôi để mai tính. Còn em hỏi thêm: mèo uống paracetamol được không?')).toBe(true);
    expect(looksNonHuman('Dạ thôi để em đưa nó đi thú y. Mà nó uống thêm nửa viên được không?')).toBe(true);
  });
});

describe('an unmarked "con cho" before a verb of giving, in a conversation about a person', () => {
  it('is "còn cho …" when the conversation is about a person, a dog otherwise', () => {
    const t = 'toi vien chac hon 1 tieng ruoi roi, con cho uong than hoat dc ko';
    expect(looksNonHuman(t, true)).toBe(false);
    // alone, or first in a conversation, it is still read as a dog
    expect(looksNonHuman(t)).toBe(true);
    // a dog named without a verb of giving, or with its marks, is a dog whoever the conversation is about
    expect(looksNonHuman('con cho cua toi bi non', true)).toBe(true);
    expect(looksNonHuman('con chó uống paracetamol được không', true)).toBe(true);
  });

  it('is "còn cho <a person>" before whom it is given to, in a conversation about a person', () => {
    const t = 'con cho be nha minh 8 tuoi thi sao';
    expect(looksNonHuman(t, true)).toBe(false);
    expect(looksNonHuman(t)).toBe(true);
  });
});
