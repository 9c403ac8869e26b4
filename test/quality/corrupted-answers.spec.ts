import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnswerSentence, EvidencePart } from '@app/contracts';
import { checkCitations, checkNumericGrounding } from '@app/agent';
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
 * unsupported claim. The numeric guard + citation check + entailment (the verification
 * worker's offline path) must reject the mutations and accept the correct answers.
 */
describe('grounding guard + entailment on a corrupted-answer set', () => {
  const index = sampleIndex();
  const verifier = new StubVerifier(index.resolver);
  const drugNames = index.corpus.drugs.map((d) => d.name);

  async function accepted(text: string, part: EvidencePart): Promise<boolean> {
    const sentences: AnswerSentence[] = [{ text, doc_ids: [part.doc_id] }];
    if (!checkCitations(sentences, [part]).ok || !checkNumericGrounding(sentences, [part], []).ok) return false;
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
    const acceptRate = correctOk / pairs.length;
    const rejectRate = rejected / mutants;
    process.stdout.write(
      `corrupted-answer set: ${pairs.length} pairs, ${mutants} mutations | correct accepted ${(acceptRate * 100).toFixed(1)}% | mutations rejected ${(rejectRate * 100).toFixed(1)}% | ` +
        Object.entries(byKind)
          .map(([k, [r, n]]) => `${k} ${r}/${n}`)
          .join(', ') +
        (misses.length ? `\n  ${misses.join('\n  ')}` : '') +
        '\n',
    );
    expect(acceptRate).toBeGreaterThanOrEqual(0.95);
    expect(rejectRate).toBeGreaterThanOrEqual(0.95);
  });
});
