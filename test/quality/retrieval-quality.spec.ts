import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { retrieveForFrame } from '@app/formulary';
import { StubUnderstander } from '@app/llm';
import { sampleIndex } from '../../libs/formulary/src/test-corpus';

interface Labelled {
  id: string;
  query: string;
  accented: boolean;
  kind: 'framed' | 'indication';
  expected: string[];
}

const queries = JSON.parse(
  readFileSync(join(__dirname, '..', 'fixtures', 'retrieval-queries.json'), 'utf8'),
) as Labelled[];

/**
 * Retrieval quality over the labelled queries, through the same parser and retrieval
 * code the workers run: framed questions count a hit when an expected part is in the
 * top 5; indication questions score the share of expected drugs among the candidates.
 */
describe('retrieval quality (test/fixtures/retrieval-queries.json)', () => {
  const index = sampleIndex();
  const parser = new StubUnderstander(index.resolver, index.indicationHeads(), index);
  const rows = queries.map((q) => {
    const frame = parser.parse(q.query);
    if (q.kind === 'framed') {
      const top = retrieveForFrame(index, frame, q.query)
        .slice(0, 5)
        .map((p) => p.doc_id);
      return { ...q, score: q.expected.some((id) => top.includes(id)) ? 1 : 0, got: top };
    }
    const condition = frame.condition ?? frame.indication ?? q.query;
    const drugs = [...new Set(index.indicationKeyword(condition).map((s) => s.part.drug_id))].slice(0, 15);
    return { ...q, score: q.expected.filter((d) => drugs.includes(d)).length / q.expected.length, got: drugs };
  });
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

  it('has at least 60 labelled queries, a third of them unaccented', () => {
    expect(queries.length).toBeGreaterThanOrEqual(60);
    expect(queries.filter((q) => !q.accented).length).toBeGreaterThanOrEqual(queries.length / 3);
  });

  it('reaches recall@5 ≥ 0.9 overall, accented and unaccented', () => {
    const overall = mean(rows.map((r) => r.score));
    const accented = mean(rows.filter((r) => r.accented).map((r) => r.score));
    const unaccented = mean(rows.filter((r) => !r.accented).map((r) => r.score));
    const framed = mean(rows.filter((r) => r.kind === 'framed').map((r) => r.score));
    const indication = mean(rows.filter((r) => r.kind === 'indication').map((r) => r.score));
    const misses = rows
      .filter((r) => r.score < 1)
      .map((r) => `${r.id} ${r.score.toFixed(2)} "${r.query}" expected ${r.expected.join(',')} got ${r.got.join(',')}`);
    process.stdout.write(
      `retrieval recall@5: overall ${overall.toFixed(3)} | accented ${accented.toFixed(3)} | unaccented ${unaccented.toFixed(3)} | framed ${framed.toFixed(3)} | indication ${indication.toFixed(3)} (n=${rows.length})\n` +
        (misses.length ? `misses:\n  ${misses.join('\n  ')}\n` : ''),
    );
    expect(overall).toBeGreaterThanOrEqual(0.9);
    expect(accented).toBeGreaterThanOrEqual(0.9);
    expect(unaccented).toBeGreaterThanOrEqual(0.9);
  });
});
