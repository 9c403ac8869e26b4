import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has the documented offline defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      ANSWER_PROVIDER: 'stub',
      EMBEDDING_PROVIDER: 'hash',
      PORT: 3000,
      MAX_WALL_CLOCK_MS: 40_000,
      MAX_LLM_CALLS_PER_TURN: 8,
      MAX_CONSECUTIVE_CLARIFY: 4,
      GATEWAY_WAIT_MS: 65_000,
      BEDROCK_READ_TIMEOUT_MS: 20_000,
      BEDROCK_MAX_ATTEMPTS: 2,
    });
  });

  it('fails with one line per bad variable, naming it', () => {
    let err: unknown;
    try {
      loadConfig({ ANSWER_PROVIDER: 'gpt', MAX_LLM_CALLS_PER_TURN: 'many', REDIS_URL: 'nope' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const lines = (err as Error).message.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.startsWith('invalid configuration: ANSWER_PROVIDER:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('invalid configuration: MAX_LLM_CALLS_PER_TURN:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('invalid configuration: REDIS_URL:'))).toBe(true);
  });
});
