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
  ])('flags "%s"', (t) => expect(looksNonHuman(t)).toBe(true));

  it.each([
    'Liều paracetamol cho trẻ 5 tuổi?',
    'cho con toi uong paracetamol duoc khong',
    'Thuốc nào chỉ định cho tăng huyết áp?',
    'Bị ngứa dùng thuốc gì?',
    'Paracetamol cho người lớn',
    'Cho tôi hỏi liều ibuprofen',
  ])('does not flag "%s"', (t) => expect(looksNonHuman(t)).toBe(false));
});
