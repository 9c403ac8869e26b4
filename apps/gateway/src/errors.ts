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
