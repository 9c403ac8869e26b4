import type { Redis } from 'ioredis';
import { RequestBudgetExhausted } from '@app/contracts';

/** Grace after the deadline before the budget key disappears (for late readers). */
const KEY_GRACE_MS = 120_000;

// Deadline comes from Redis' own clock so every replica measures against one clock.
const START = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local deadline = now + tonumber(ARGV[1])
redis.call('HSET', KEYS[1], 'deadline', deadline, 'max_calls', ARGV[2], 'calls', 0)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]) + ${KEY_GRACE_MS})
return {deadline, now}
`;

// One atomic step: past the deadline or the cap -> refuse; otherwise count the call.
// Two workers racing for the last call cannot both pass: Redis runs scripts one at a time.
const REQUIRE = `
local d = redis.call('HMGET', KEYS[1], 'deadline', 'max_calls', 'calls')
if not d[1] then return {-3, 0} end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if now >= tonumber(d[1]) then return {-1, tonumber(d[3])} end
if tonumber(d[3]) >= tonumber(d[2]) then return {-2, tonumber(d[3])} end
local c = redis.call('HINCRBY', KEYS[1], 'calls', 1)
return {c, tonumber(d[1]) - now}
`;

export interface BudgetTicket {
  turnId: string;
  /** Absolute deadline in ms since the epoch. */
  deadline: number;
}

export interface BudgetState {
  calls: number;
  maxCalls: number;
  deadline: number;
}

/** The per-turn request budget, shared by every process that works on the turn. */
export class RequestBudget {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(turnId: string): string {
    return `${this.prefix}:budget:${turnId}`;
  }

  async start(turnId: string, maxWallClockMs: number, maxCalls: number): Promise<BudgetTicket> {
    const [deadline, now] = (await this.redis.eval(START, 1, this.key(turnId), maxWallClockMs, maxCalls)) as [
      number,
      number,
    ];
    // Translate to this process' clock so local waits line up with the Redis deadline.
    return { turnId, deadline: Date.now() + (Number(deadline) - Number(now)) };
  }

  /**
   * Called immediately before every provider call. Counts the call or throws
   * RequestBudgetExhausted. Returns the number of calls used including this one.
   */
  async require(turnId: string): Promise<number> {
    const [code] = (await this.redis.eval(REQUIRE, 1, this.key(turnId))) as [number, number];
    if (code === -1) throw new RequestBudgetExhausted('deadline');
    if (code === -2) throw new RequestBudgetExhausted('calls');
    if (code === -3) throw new RequestBudgetExhausted('unknown_turn');
    return Number(code);
  }

  async state(turnId: string): Promise<BudgetState | null> {
    const [calls, maxCalls, deadline] = await this.redis.hmget(this.key(turnId), 'calls', 'max_calls', 'deadline');
    if (calls === null || maxCalls === null || deadline === null) return null;
    return { calls: Number(calls), maxCalls: Number(maxCalls), deadline: Number(deadline) };
  }
}
