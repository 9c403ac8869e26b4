import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryRequestSchema, TurnReplySchema, type TurnJob, type TurnReply } from '@app/contracts';
import { classifyStoreError, TurnRepository, type TurnConversation, type TurnEntity } from '@app/persistence';
import { APP_CONFIG, HOP_CLIENT, type AppConfig, type HopClient } from '@app/platform';
import type { ApiPrincipal } from './api-keys';
import { ApiError, badRequest, notFound, requireUuid } from './errors';

const REPLAY_POLL_MS = 50;

export interface Submitted {
  turnId: string;
  conversationId: string | null;
  /** Resolves with the reply, or rejects with an ApiError (503, 504). */
  result: Promise<TurnReply>;
}

function schemaMissing(): ApiError {
  return new ApiError(
    503,
    'store_schema_missing',
    'the conversation store is missing tables this service needs: the deployment has not run its migrations (see GET /ready); nothing was answered or stored',
  );
}

/** Validates a turn, creates its rows, enqueues the `turns` job and waits for the reply. */
@Injectable()
export class TurnSubmissionService {
  private readonly log = new Logger('TurnSubmission');

  constructor(
    private readonly turns: TurnRepository,
    @Inject(HOP_CLIENT) private readonly hops: HopClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  parseBody(body: unknown, legacy: boolean): { turn: string; conversationId: string | null } {
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw badRequest('body must be a JSON object');
    const parsed = QueryRequestSchema.safeParse(body);
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      const field = i?.path.join('.');
      throw badRequest(
        i?.code === 'unrecognized_keys'
          ? `unknown field(s): ${(i as { keys?: string[] }).keys?.join(', ')}`
          : `${field ? `${field}: ` : ''}${i?.message}`,
      );
    }
    if (legacy && parsed.data.conversation_id !== undefined)
      throw badRequest('conversation_id is not accepted on the stateless path');
    const id = parsed.data.conversation_id;
    if (id !== undefined) requireUuid(id, 'conversation_id');
    return { turn: parsed.data.turn, conversationId: id ?? null };
  }

  parseIdempotencyKey(header: unknown): string | null {
    if (header === undefined) return null;
    if (typeof header !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(header))
      throw badRequest('Idempotency-Key must be 1-200 visible ASCII characters');
    return header;
  }

  /** `progress`: the client will stream the turn's stages (`POST /v1/rag/turns`). */
  async submit(
    principal: ApiPrincipal,
    body: unknown,
    idempotencyHeader: unknown,
    legacy: boolean,
    progress = false,
  ): Promise<Submitted> {
    if (this.config.EMBEDDING_PROVIDER === 'disabled')
      throw new ApiError(503, 'rag_disabled', 'retrieval is disabled on this deployment (EMBEDDING_PROVIDER=disabled)');
    const { turn, conversationId: requested } = this.parseBody(body, legacy);
    const idempotencyKey = this.parseIdempotencyKey(idempotencyHeader);
    try {
      return await this.submitStored(principal, turn, requested, idempotencyKey, legacy, progress);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      const kind = classifyStoreError(e);
      if (kind === 'schema') {
        // a missing table is a broken deployment, not an outage: answering "without memory"
        // would hide it for good, so the turn fails and says so (and /ready is down)
        this.log.error({ msg: 'the conversation store schema is incomplete', error: (e as Error).message });
        throw schemaMissing();
      }
      if (kind !== 'outage') throw e;
      // The conversation store is down: answer this turn without memory and without
      // storing it (fail-open, like the memory read); the reply says so.
      this.log.warn({
        msg: 'conversation store unavailable: answering the turn without memory',
        error: (e as Error).message,
      });
      return this.submitDegraded(principal, turn, progress);
    }
  }

  private async submitStored(
    principal: ApiPrincipal,
    turn: string,
    requested: string | null,
    idempotencyKey: string | null,
    legacy: boolean,
    progress: boolean,
  ): Promise<Submitted> {
    const turnId = randomUUID();
    const conversation: TurnConversation = legacy
      ? { kind: 'none' }
      : requested
        ? { kind: 'existing', id: requested }
        : { kind: 'new', id: randomUUID() };
    // one statement: the conversation (when new) and the turn, or the first turn of a replayed key
    const created = await this.turns.create({
      id: turnId,
      conversation,
      owner: principal.name,
      turn,
      legacy,
      idempotencyKey,
    });
    if (created.kind === 'not_found') throw notFound('conversation');
    if (created.kind === 'in_flight')
      throw new ApiError(
        409,
        'turn_in_flight',
        'another turn of this conversation is still running; wait for its reply',
      );
    if (created.kind === 'replay')
      return {
        turnId: created.turn.id,
        conversationId: created.turn.conversationId,
        result: this.awaitStored(created.turn),
      };
    const conversationId = created.conversationId;

    const job: TurnJob = {
      turn_id: turnId,
      conversation_id: conversationId,
      owner: principal.name,
      turn,
      legacy,
      degraded: false,
      progress,
    };
    return { turnId, conversationId, result: this.enqueue(job) };
  }

  private submitDegraded(principal: ApiPrincipal, turn: string, progress: boolean): Submitted {
    const turnId = randomUUID();
    const job: TurnJob = {
      turn_id: turnId,
      conversation_id: null,
      owner: principal.name,
      turn,
      legacy: false,
      degraded: true,
      progress,
    };
    return { turnId, conversationId: null, result: this.enqueue(job) };
  }

  private enqueue(job: TurnJob): Promise<TurnReply> {
    const turnId = job.turn_id;
    const deadline = Date.now() + this.config.GATEWAY_WAIT_MS;
    return this.hops.call('turns', 'handle_turn', job, { turnId, deadline }).then(async (o) => {
      if (o.ok) {
        // the client gets this reply: a turn the orchestrator could not store is recorded as done
        if (!job.degraded)
          await this.turns.recordDelivered(turnId, o.value).catch((e) =>
            this.log.warn({
              msg: 'could not record a delivered reply',
              turn_id: turnId,
              error: (e as Error).message,
            }),
          );
        return o.value;
      }
      if (o.code === 'deadline_passed')
        throw new ApiError(
          504,
          'timeout',
          'no reply within the wait; the turn goes on — poll GET /v1/rag/turns/{turn_id}',
          { turn_id: turnId },
        );
      await this.turns.fail(turnId, `${o.code}: ${o.message}`).catch(() => undefined);
      this.log.warn({ msg: 'turn failed', turn_id: turnId, code: o.code });
      if (o.code === 'store_schema_missing') throw schemaMissing();
      throw new ApiError(503, 'unavailable', 'the answering service is unavailable; try again shortly');
    });
  }

  /** An idempotent replay: the first turn's stored result (waiting for it if it is still running). */
  private async awaitStored(turn: TurnEntity): Promise<TurnReply> {
    const until = Date.now() + this.config.GATEWAY_WAIT_MS;
    let current: TurnEntity | null = turn;
    while (current && (current.status === 'queued' || current.status === 'running')) {
      if (Date.now() > until)
        throw new ApiError(504, 'timeout', 'the original turn has not finished', { turn_id: turn.id });
      await new Promise((r) => setTimeout(r, REPLAY_POLL_MS));
      current = await this.turns.get(turn.id);
    }
    if (!current || current.status === 'failed' || !current.result)
      throw new ApiError(
        503,
        'unavailable',
        'the original turn failed; send the turn again with a new Idempotency-Key',
      );
    // jsonb does not keep key order: re-read through the contract so a replay is byte-identical
    return TurnReplySchema.parse(current.result);
  }
}
