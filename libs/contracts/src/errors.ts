import type { FailureCode } from './hops';

/** Any reason an answer cannot be generated now: every fail-closed handler catches this. */
export class AnswerGenerationUnavailable extends Error {
  readonly code: FailureCode = 'provider_unavailable';
}

/** The turn's shared budget (wall clock or LLM call count) is spent. */
export class RequestBudgetExhausted extends AnswerGenerationUnavailable {
  override readonly code: FailureCode = 'budget_exhausted';
  constructor(readonly why: 'deadline' | 'calls' | 'unknown_turn') {
    super(`request budget exhausted: ${why}`);
  }
}

/** The provider failed (throttled, 5xx, timeout, malformed output). */
export class ProviderUnavailable extends AnswerGenerationUnavailable {
  constructor(
    readonly kind: 'throttled' | 'server_error' | 'timeout' | 'malformed_output' | 'client_error' | 'network',
    message: string,
  ) {
    super(message);
  }
}

/** A payload a hop's contract does not accept. */
export class InvalidPayload extends Error {
  readonly code: FailureCode = 'invalid_payload';
}

/**
 * A table or column the code needs is missing from Postgres: the deployment did not run its
 * migrations. Never treated as an outage (that would answer "without memory" for good); the
 * turn fails with this code and /ready reports the schema.
 */
export class StoreSchemaMissing extends Error {
  readonly code: FailureCode = 'store_schema_missing';
}

/** The failure code a thrown error ends its hop with: its own code, or `internal` for anything else. */
export function failureCodeOf(err: unknown): FailureCode {
  if (err instanceof AnswerGenerationUnavailable || err instanceof InvalidPayload || err instanceof StoreSchemaMissing)
    return err.code;
  return 'internal';
}
