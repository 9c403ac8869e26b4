import type { EvidencePart, SectionKey } from '@app/contracts';
import type { Corpus } from '@app/formulary';
import { diffCorpora } from './diff';
import { renderDiffLines } from './report';

const part = (drug_id: string, section: SectionKey, text: string): EvidencePart => ({
  doc_id: `${drug_id}__${section}__1`,
  drug_id,
  drug_name: drug_id,
  section,
  n: 1,
  text,
  population: [],
  route: null,
  interacts_with: [],
  quarantined_page: null,
});
const corpus = (parts: EvidencePart[]): Corpus => ({
  drugs: [...new Set(parts.map((p) => p.drug_id))].map((id) => ({
    drug_id: id,
    name: id,
    aliases: [],
    atc: 'A00AA00',
    sample_data: false,
  })),
  parts,
  sample: false,
});

describe('edition diff: a new edition against the active corpus version', () => {
  const before = corpus([
    part('aspirin', 'chi_dinh', 'Giảm đau, hạ sốt.'),
    part('aspirin', 'chong_chi_dinh', 'Loét dạ dày tiến triển.'),
    part('warfarin', 'chi_dinh', 'Dự phòng huyết khối.'),
    part('heparin', 'chi_dinh', 'Điều trị huyết khối.'),
  ]);
  const after = corpus([
    part('aspirin', 'chi_dinh', 'Giảm đau,   hạ sốt.'),
    part('aspirin', 'chong_chi_dinh', 'Loét dạ dày tiến triển; hen do aspirin.'),
    part('aspirin', 'than_trong', 'Người cao tuổi.'),
    part('warfarin', 'chi_dinh', 'Dự phòng huyết khối.'),
    part('aciclovir', 'chi_dinh', 'Nhiễm Herpes simplex.'),
  ]);
  const d = diffCorpora(before, after, 4);

  it('lists monographs added and removed', () => {
    expect(d.added).toEqual(['aciclovir']);
    expect(d.removed).toEqual(['heparin']);
  });

  it('lists changed monographs per section (a change of white space is no change)', () => {
    expect(d.changed).toEqual([
      {
        drug_id: 'aspirin',
        sections: [
          { section: 'chong_chi_dinh', added: 0, removed: 0, changed: 1 },
          { section: 'than_trong', added: 1, removed: 0, changed: 0 },
        ],
      },
    ]);
    expect(d.unchanged).toBe(1);
  });

  it('prints a summary a reviewer reads', () => {
    expect(renderDiffLines(d)[0]).toBe(
      'Against corpus version 4: 1 monograph(s) added, 1 removed, 1 changed, 1 unchanged.',
    );
  });
});
