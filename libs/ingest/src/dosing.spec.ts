import { splitRegimens, tagDosing } from './dosing';

describe('dosing: regimens tagged with population and route from their lead phrase', () => {
  it.each([
    ['Người lớn, uống: 500 mg mỗi lần.', ['adult'], 'uong', 'high'],
    ['Trẻ em trên 3 tháng, tiêm tĩnh mạch: 10 mg/kg.', ['pediatric'], 'tiem_tinh_mach', 'high'],
    ['Người lớn, truyền tĩnh mạch: 400 mg trong 60 phút.', ['adult'], 'truyen_tinh_mach', 'high'],
    ['Người cao tuổi: bắt đầu với liều thấp.', ['elderly'], undefined, 'high'],
    ['Người cao tuổi: 250 mg uống mỗi 12 giờ.', ['elderly'], 'uong', 'medium'],
    ['Người suy thận: giảm liều theo độ thanh thải creatinin.', ['adult'], undefined, 'medium'],
    ['Người lớn và trẻ em trên 12 tuổi, uống: 10 mg.', ['adult', 'pediatric'], 'uong', 'high'],
    ['Người lớn, tiêm bắp hoặc tiêm tĩnh mạch: 1 g.', ['adult'], undefined, 'low'],
    ['Cách dùng: uống sau bữa ăn.', undefined, 'uong', 'low'],
  ])('"%s" → %j, %s (%s)', (text, population, route, confidence) => {
    const tag = tagDosing(text);
    expect({ population: tag.population, route: tag.route, confidence: tag.confidence }).toEqual({
      population,
      route,
      confidence,
    });
  });

  it('splits a paragraph that runs two regimens together before the second lead', () => {
    expect(splitRegimens('Người lớn, uống: 200 mg, 5 lần/ngày. Trẻ em dưới 2 tuổi, uống: nửa liều người lớn.')).toEqual(
      ['Người lớn, uống: 200 mg, 5 lần/ngày.', 'Trẻ em dưới 2 tuổi, uống: nửa liều người lớn.'],
    );
  });

  it('does not split on a population named inside a sentence', () => {
    const text = 'Người lớn, uống: 250 mg; liều như người lớn cho trẻ em từ 12 tuổi: 250 mg.';
    expect(splitRegimens(text)).toEqual([text]);
  });
});
