import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emptyFrame, type AnswerSentence, type EvidencePart, type QueryFrame } from '@app/contracts';
import { checkAnswer, passes } from '@app/agent';
import { parseBandTable, rowHolds, type BandRow } from '@app/formulary';
import { StubVerifier } from '@app/llm';
import { sampleIndex } from '../../libs/formulary/src/test-corpus';

interface Pair {
  id: string;
  doc_id: string;
  question: string;
  answer: string;
}

const pairs = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'grounded-answers.json'), 'utf8')) as Pair[];
const CLAIM = 'Thuốc an toàn tuyệt đối cho mọi phụ nữ có thai và trẻ sơ sinh, không cần theo dõi.';

/**
 * The corrupted-answer set: (evidence, correct answer) pairs from the sample corpus and,
 * for each, mutations — a changed number, a swapped drug, a dropped "không", an added
 * unsupported claim, a reassurance, a safety claim — plus, for every row of every band table,
 * the patient's own row (correct) against a neighbouring row and the row's dose without its
 * label. The checks in code (citations, numbers, band rows, polarity) then entailment — the
 * verification worker's offline path — must reject the mutations and accept the correct answers.
 * The rejection rate is printed per kind (README, Evaluation).
 */
describe('grounding guard + entailment on a corrupted-answer set', () => {
  const index = sampleIndex();
  const verifier = new StubVerifier(index.resolver);
  const drugNames = index.corpus.drugs.map((d) => d.name);

  async function accepted(text: string, part: EvidencePart, frame: QueryFrame | null = null): Promise<boolean> {
    const sentences: AnswerSentence[] = [{ text, doc_ids: [part.doc_id] }];
    const checks = checkAnswer({
      sentences,
      evidence: [part],
      userNumbers: [],
      listMode: false,
      candidates: [],
      frame,
    });
    if (!passes(checks)) return false;
    return (await verifier.entail('', sentences, [part])).entailed;
  }

  function mutations(p: Pair, part: EvidencePart): [string, string][] {
    const out: [string, string][] = [];
    const num = /(?<![\p{L}\d.,])(\d+)(?![\d])/u.exec(p.answer);
    if (num)
      out.push([
        'changed number',
        p.answer.slice(0, num.index) + String(Number(num[1]) + 7) + p.answer.slice(num.index + num[1].length),
      ]);
    const other = drugNames.find(
      (n) =>
        n !== part.drug_name &&
        !part.text.toLowerCase().includes(n.toLowerCase()) &&
        !index.resolver.findMentions(part.text).some((m) => m.resolution?.matched === n),
    );
    if (other && p.answer.includes(part.drug_name)) out.push(['swapped drug', p.answer.replace(part.drug_name, other)]);
    const neg = /(?<!\p{L})không\s/iu.exec(p.answer);
    if (neg) out.push(['dropped negation', p.answer.slice(0, neg.index) + p.answer.slice(neg.index + neg[0].length)]);
    out.push(['added unsupported claim', `${p.answer} ${CLAIM}`]);
    out.push(['safety claim', `${p.answer.replace(/[.\s]+$/u, '')}, có thể dùng an toàn.`]);
    if (part.section === 'tuong_tac_thuoc')
      out.push([
        'reassurance',
        `${part.drug_name} và các thuốc nêu trên không có tương tác đáng kể, có thể dùng chung an toàn.`,
      ]);
    return out;
  }

  /** For every row of every band table: a patient inside it, the right row, a neighbouring row, the dose without its label. */
  function bandCases(): { part: EvidencePart; frame: QueryFrame; right: string; wrong: [string, string][] }[] {
    const out: { part: EvidencePart; frame: QueryFrame; right: string; wrong: [string, string][] }[] = [];
    for (const part of index.corpus.parts.filter((q) => q.section === 'lieu_luong_cach_dung')) {
      const table = parseBandTable(part.text);
      if (!table) continue;
      const heading = table.heading ? `${table.heading}: ` : '';
      for (const row of table.rows.filter((r) => r.bands.length)) {
        const frame = patientInside(row);
        if (!frame) continue;
        const wrong: [string, string][] = [];
        const other = table.rows.find(
          (o) => o !== row && o.bands.length && !rowHolds(o, valuesOf(frame)) && o.value !== row.value,
        );
        if (other) wrong.push(['wrong band row', `${heading}${other.text}.`]);
        if (/\d/.test(row.value) && table.rows.filter((o) => o.value === row.value).length === 1)
          wrong.push(['dropped band label', `${heading}${row.value}.`]);
        out.push({ part, frame, right: `${heading}${row.text}.`, wrong });
      }
    }
    return out;
  }

  it('rejects ≥ 95% of the mutations and accepts ≥ 95% of the correct answers', async () => {
    expect(pairs.length).toBeGreaterThanOrEqual(40);
    let correctOk = 0;
    let mutants = 0;
    let rejected = 0;
    const byKind: Record<string, [number, number]> = {};
    const misses: string[] = [];
    for (const p of pairs) {
      const part = index.part(p.doc_id)!;
      expect(part).toBeDefined();
      if (await accepted(p.answer, part)) correctOk++;
      else misses.push(`${p.id} correct answer rejected: ${p.answer}`);
      for (const [kind, text] of mutations(p, part)) {
        mutants++;
        const ok = !(await accepted(text, part));
        if (ok) rejected++;
        else misses.push(`${p.id} ${kind} accepted: ${text}`);
        byKind[kind] = [(byKind[kind]?.[0] ?? 0) + (ok ? 1 : 0), (byKind[kind]?.[1] ?? 0) + 1];
      }
    }
    let bandCorrect = 0;
    const bands = bandCases();
    for (const b of bands) {
      if (await accepted(b.right, b.part, b.frame)) bandCorrect++;
      else misses.push(`${b.part.doc_id} right band row rejected: ${b.right}`);
      for (const [kind, text] of b.wrong) {
        mutants++;
        const ok = !(await accepted(text, b.part, b.frame));
        if (ok) rejected++;
        else misses.push(`${b.part.doc_id} ${kind} accepted: ${text}`);
        byKind[kind] = [(byKind[kind]?.[0] ?? 0) + (ok ? 1 : 0), (byKind[kind]?.[1] ?? 0) + 1];
      }
    }
    correctOk += bandCorrect;
    const acceptRate = correctOk / (pairs.length + bands.length);
    const rejectRate = rejected / mutants;
    process.stdout.write(
      `corrupted-answer set: ${pairs.length} pairs + ${bands.length} band rows, ${mutants} mutations | correct accepted ${(acceptRate * 100).toFixed(1)}% | mutations rejected ${(rejectRate * 100).toFixed(1)}% | ` +
        Object.entries(byKind)
          .map(([k, [r, n]]) => `${k} ${r}/${n}`)
          .join(', ') +
        (misses.length ? `\n  ${misses.join('\n  ')}` : '') +
        '\n',
    );
    expect(acceptRate).toBeGreaterThanOrEqual(0.95);
    expect(rejectRate).toBeGreaterThanOrEqual(0.95);
    // the kinds the checks in code exist for are refused every time, whatever entailment says
    for (const kind of ['wrong band row', 'dropped band label', 'reassurance', 'safety claim'])
      expect({ kind, rejected: byKind[kind]?.[0], of: byKind[kind]?.[1] }).toEqual({
        kind,
        rejected: byKind[kind]?.[1],
        of: byKind[kind]?.[1],
      });
  });
});

function valuesOf(frame: QueryFrame) {
  const m = /^(\d+) (tuổi|tháng|ngày)$/.exec(frame.age_text ?? '');
  const years = m ? Number(m[1]) / { tuổi: 1, tháng: 12, ngày: 365 }[m[2] as 'tuổi' | 'tháng' | 'ngày'] : null;
  const clearance = /(\d+)/.exec(frame.patient.renal ?? '')?.[1];
  return { ageMin: years, ageMax: years, weightKg: frame.weight_kg, clearance: clearance ? Number(clearance) : null };
}

/** A patient in the middle of the row's bands (age told in days, months or years as fits), or null. */
function patientInside(row: BandRow): QueryFrame | null {
  const mid = (min: number, max: number) => (Number.isFinite(max) ? (min + max) / 2 : min + 5);
  const age = row.bands.find((b) => b.kind === 'age');
  const weight = row.bands.find((b) => b.kind === 'weight');
  const renal = row.bands.find((b) => b.kind === 'renal');
  let ageText: string | null = null;
  if (age) {
    const y = mid(age.min, age.max);
    ageText =
      y >= 2 ? `${Math.floor(y)} tuổi` : y >= 0.25 ? `${Math.floor(y * 12)} tháng` : `${Math.floor(y * 365)} ngày`;
  }
  const frame = emptyFrame({
    turn_type: 'dosing_calc',
    attribute: 'lieu_luong_cach_dung',
    age_text: ageText,
    weight_kg: weight ? Math.round(mid(weight.min, weight.max)) : null,
    patient: { ...emptyFrame().patient, renal: renal ? `ClCr ${Math.round(mid(renal.min, renal.max))} ml/phút` : null },
  });
  return rowHolds(row, valuesOf(frame)) ? frame : null;
}
