import { z } from 'zod';

/** The longest turn a user may send, after trimming: the API, the turn job and the understanding hop hold it. */
export const MAX_TURN_CHARS = 2000;

/** C0 controls other than tab, newline and carriage return (NUL cannot even be stored). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** `POST /v1/rag/query` and `POST /v1/rag/turns` body. */
export const QueryRequestSchema = z
  .object({
    turn: z
      .string({ error: 'turn must be a string' })
      .transform((s) => s.trim())
      .pipe(
        z
          .string()
          .min(1, 'turn must not be empty')
          .max(MAX_TURN_CHARS, `turn must be at most ${MAX_TURN_CHARS} characters`)
          .refine((s) => !CONTROL.test(s), 'turn must not contain control characters')
          .refine((s) => s.isWellFormed(), 'turn must be well-formed Unicode'),
      ),
    conversation_id: z.string({ error: 'conversation_id must be a string' }).optional(),
  })
  .strict();
export type QueryRequest = z.infer<typeof QueryRequestSchema>;

/** `POST /v1/rag/answer` body: stateless, single turn. */
export const AnswerRequestSchema = z
  .object({
    turn: QueryRequestSchema.shape.turn,
  })
  .strict();

export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'turn_in_flight',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'rag_disabled',
  'store_schema_missing',
  'timeout',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  error: { code: ErrorCode; message: string; turn_id?: string };
}
