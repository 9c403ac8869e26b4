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
  ])('does not flag "%s"', (t) => expect(looksNonHuman(t)).toBe(false));
});
