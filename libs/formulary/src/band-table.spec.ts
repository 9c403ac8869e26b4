import { bandHolds, labelBands, leadBands } from './band-table';

describe('row labels as bands', () => {
  it('"Trẻ sơ sinh" with no age of its own is the first month of life', () => {
    const [b] = labelBands('Trẻ sơ sinh, uống (suy giáp bẩm sinh)');
    expect(b.kind).toBe('age');
    expect(bandHolds(b, 10 / 365)).toBe(true);
    expect(bandHolds(b, 5 / 12)).toBe(false);
    expect(bandHolds(b, 1 / 12)).toBe(false);
    // a lead label of a whole part
    expect(leadBands('Trẻ sơ sinh, uống (suy giáp bẩm sinh): khởi đầu 10 - 15 microgam/kg, 1 lần/ngày.').length).toBe(
      1,
    );
  });

  it('an age written beside "sơ sinh" is that age, not the default month', () => {
    const bands = labelBands('trẻ sơ sinh 0 - 14 ngày tuổi');
    expect(bands).toHaveLength(1);
    expect(bandHolds(bands[0], 20 / 365)).toBe(false);
    expect(bandHolds(bands[0], 10 / 365)).toBe(true);
  });

  it('no "sơ sinh" inside another word', () => {
    expect(labelBands('Người lớn, uống')).toEqual([]);
  });
});
