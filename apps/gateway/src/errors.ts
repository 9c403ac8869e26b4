import { HttpException } from '@nestjs/common';
import type { ErrorCode } from '@app/contracts';

/** An API error with its JSON body: `{ "error": { "code", "message" } }`. */
export class ApiError extends HttpException {
  constructor(
    status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super({ error: { code, message, ...extra } }, status);
  }
}

export const badRequest = (message: string) => new ApiError(400, 'bad_request', message);
export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);

/** A UUID as the API hands them out (RFC 9562 versions 1-8, the RFC variant). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** 400 unless `value` is a UUID: "`name` must be a UUID". */
export function requireUuid(value: string, name: string): void {
  if (!UUID.test(value)) throw badRequest(`${name} must be a UUID`);
}
