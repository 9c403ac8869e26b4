import request from 'supertest';
import { startStack, type Stack } from '../support/stack';
import { USER_KEY } from '../support/test-env';

/** The clarify streak lives in Postgres, so it holds when another orchestrator instance takes the next turn. */
describe('clarify circuit breaker across two orchestrator instances', () => {
  it('4 clarifies on instance A, then the 5th on instance B trips clarify_loop_exhausted', async () => {
    const ask = (stack: Stack, turn: string, conversation_id?: string) =>
      request(stack.http)
        .post('/v1/rag/query')
        .set('Authorization', `Bearer ${USER_KEY}`)
        .send(conversation_id ? { turn, conversation_id } : { turn })
        .expect(200);
    const a = await startStack();
    let cid: string | undefined;
    try {
      for (let i = 0; i < 4; i++) {
        const r = await ask(a, 'Tôi muốn hỏi về thuốc', cid);
        expect(r.body.decision).toBe('clarify');
        cid = r.body.conversation_id;
      }
    } finally {
      await a.close();
    }
    const b = await startStack();
    try {
      const fifth = await ask(b, 'Tôi muốn hỏi về thuốc', cid);
      expect([fifth.body.decision, fifth.body.reason]).toEqual(['abstain', 'clarify_loop_exhausted']);
      // and the streak was reset by the trip
      const after = await ask(b, 'Tôi muốn hỏi về thuốc', cid);
      expect(after.body.decision).toBe('clarify');
    } finally {
      await b.close();
    }
  });
});
