import type { AgentReply } from '@app/contracts';
import { applyClarifyBreaker, MAX_CONSECUTIVE_CLARIFY } from './breaker';
import { abstain, clarify } from './reply';

const ask: AgentReply = clarify('no_drug', 'Bạn muốn hỏi về thuốc nào?');
const answer: AgentReply = { ...ask, decision: 'answerable', reason: 'answered' };

describe('clarify circuit breaker', () => {
  it('lets 4 consecutive clarifies through and turns the 5th into clarify_loop_exhausted, resetting the streak', () => {
    expect(MAX_CONSECUTIVE_CLARIFY).toBe(4);
    let streak = 0;
    for (let i = 1; i <= 4; i++) {
      const r = applyClarifyBreaker(ask, streak);
      expect(r).toMatchObject({ tripped: false, streak: i, reply: ask });
      streak = r.streak;
    }
    const fifth = applyClarifyBreaker(ask, streak);
    expect(fifth.tripped).toBe(true);
    expect(fifth.streak).toBe(0);
    expect(fifth.reply).toMatchObject({ decision: 'abstain', reason: 'clarify_loop_exhausted' });
    expect(fifth.reply.answer).toMatch(/viết lại đầy đủ câu hỏi|cuộc hội thoại mới/);
  });

  it('resets the streak on any non-clarify reply (an answer or an abstention)', () => {
    expect(applyClarifyBreaker(answer, 3)).toMatchObject({ streak: 0, tripped: false, reply: answer });
    expect(applyClarifyBreaker(abstain('no_evidence', 'x'), 3).streak).toBe(0);
  });

  it('honours a configured maximum', () => {
    expect(applyClarifyBreaker(ask, 1, 1).tripped).toBe(true);
    expect(applyClarifyBreaker(ask, 0, 1).tripped).toBe(false);
  });
});
