import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { TurnReplySchema } from '@app/contracts';
import { startStack, type Stack } from '../support/stack';
import { USER_KEY } from '../support/test-env';
import { abridge, renderSample, SAMPLE_TURN, sampleOf, shapeOf, withSample } from './readme-sample';

const README = join(__dirname, '..', '..', 'README.md');

/**
 * README's "Real output" comes from a real run: the quick start's question through the real
 * gateway (every app in-process, stub provider, as `npm start` runs). `npm run readme:sample`
 * (README_SAMPLE_WRITE=1) rewrites the block; `npm test` fails when the two disagree in shape.
 */
describe("README's sample output", () => {
  let stack: Stack;
  beforeAll(async () => (stack = await startStack()));
  afterAll(() => stack.close());

  it('matches, in shape, what the quick start question really returns', async () => {
    const res = await request(stack.http)
      .post('/v1/rag/query')
      .set('Authorization', `Bearer ${USER_KEY}`)
      .send({ turn: SAMPLE_TURN })
      .expect(200);
    const block = renderSample(TurnReplySchema.parse(res.body));
    const readme = readFileSync(README, 'utf8');
    if (process.env.README_SAMPLE_WRITE) writeFileSync(README, withSample(readme, block));
    const current = sampleOf(readFileSync(README, 'utf8'));
    expect(current).not.toBeNull();
    expect(shapeOf(current!)).toEqual(shapeOf(block));
  });

  it('abridges only where it marks `…`, and renders JSON that parses back to the abridged reply', () => {
    const reply = TurnReplySchema.parse({
      decision: 'answerable',
      reason: 'answered',
      answer: 'a\nb\nc\nd\ne',
      quick_replies: [],
      citations: [
        {
          doc_id: 'x__chi_dinh__1',
          drug_id: 'x',
          section: 'chi_dinh',
          quote: 'word '.repeat(40).trim(),
          verify_pdf: false,
        },
      ],
      notices: [],
      drugs: ['x'],
      conversation_id: null,
      turn_id: '6f1c3c39-5a57-4d0e-9a4b-0d0e5d0a0b01',
      trace_id: '6f1c3c39-5a57-4d0e-9a4b-0d0e5d0a0b01',
      usage: { elapsed_ms: 5, llm_calls: 3 },
    });
    const short = abridge(reply);
    expect(short.answer).toBe('a\nb\nc\n…');
    expect(short.citations[0].quote).toMatch(/^word( word)+ …$/);
    const block = renderSample(reply);
    expect(JSON.parse(block.slice('```json\n'.length, -'\n```'.length))).toEqual(short);
  });
});
