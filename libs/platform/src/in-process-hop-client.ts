import {
  failure,
  failureCodeOf,
  type HopOutcome,
  type HopPayload,
  type HopResult,
  type OpOf,
  type QueueName,
} from '@app/contracts';
import { checkPayload, readEnvelope, type HopClient, type HopTicket } from './hop-client';
import type { HopHandlerFn } from './hop-handler';

export type HopHandlers = { [Q in QueueName]?: { [O in OpOf<Q>]?: HopHandlerFn<Q, O> } };

/**
 * The in-process twin of BullHopClient: same interface, same validation and failure
 * codes, no Redis. For unit tests and the benchmark baseline; an app's own handlers come
 * from `discoverHopHandlers` once the app is built (`setup`).
 */
export class InProcessHopClient implements HopClient {
  constructor(private handlers: HopHandlers = {}) {}

  /** Serves these handlers from now on (the app that injects this client is built first). */
  setup(handlers: HopHandlers): void {
    this.handlers = handlers;
  }

  async call<Q extends QueueName, O extends OpOf<Q>>(
    queue: Q,
    op: O,
    payload: HopPayload<Q, O>,
    ticket: HopTicket,
  ): Promise<HopOutcome<HopResult<Q, O>>> {
    const bad = checkPayload(queue, op, payload);
    if (bad) return failure('invalid_payload', bad);
    if (Date.now() >= ticket.deadline) return failure('deadline_passed', `no time left for ${queue}.${op}`);
    const handler = (this.handlers[queue] as Record<string, HopHandlerFn<Q, O>> | undefined)?.[op];
    if (!handler) return failure('internal', `no handler for ${queue}.${op}`);
    try {
      const value = await handler(payload, ticket);
      return readEnvelope<HopResult<Q, O>>(queue, op, { ok: true, value });
    } catch (err) {
      return failure(failureCodeOf(err), (err as Error).message);
    }
  }

  async close(): Promise<void> {}
}
