import { SECTION_KEYS } from '@app/contracts';
import { sectionParts, type DrugMonograph, type MonographPart } from './corpus.schema';

/** mulberry32: a small deterministic PRNG so the same seed gives the same corpus. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'ba',
  'lo',
  'ri',
  'zen',
  'tor',
  'mab',
  'vid',
  'sar',
  'pra',
  'xol',
  'fen',
  'cil',
  'tin',
  'mex',
  'dro',
  'lan',
];
export const SYNTHETIC_MARK = 'DỮ LIỆU TỔNG HỢP — chỉ dùng để đo hiệu năng, không phải thông tin thuốc.';

/**
 * A synthetic corpus for scale benchmarks: `count` made-up drugs whose parts recombine
 * sentences of the base corpus under invented names. Every part is marked synthetic,
 * and `sample_data` stays true. Never ingest it next to real data.
 */
export function synthesizeCorpus(base: DrugMonograph[], count: number, seed = 1): DrugMonograph[] {
  const random = rng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)];
  const out: DrugMonograph[] = [];
  for (let i = 0; i < count; i++) {
    const stem = Array.from({ length: 3 }, () => pick(SYLLABLES)).join('');
    const drug_id = `synth_${stem}_${String(i + 1).padStart(5, '0')}`;
    const model = pick(base);
    const sections = Object.fromEntries(
      SECTION_KEYS.map((key) => {
        const parts: MonographPart[] = sectionParts(model, key).map((p) => {
          const donor = sectionParts(pick(base), key);
          const text = `${SYNTHETIC_MARK} ${pick(donor).text}`.replaceAll(model.name, stem).slice(0, 1200);
          return { ...p, text, interacts_with: undefined, quarantined: p.quarantined };
        });
        return [
          key,
          parts.map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as MonographPart),
        ];
      }),
    ) as DrugMonograph['sections'];
    out.push({
      drug_id,
      name: stem.charAt(0).toUpperCase() + stem.slice(1),
      aliases: [],
      atc: 'Z99ZZ99',
      sample_data: true,
      sections,
    });
  }
  return out;
}
