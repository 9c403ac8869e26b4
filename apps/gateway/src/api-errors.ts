import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorDto } from './dto';

/** What each error status means on this API; the body is always ErrorDto. */
const MEANING = {
  400: 'bad input (the message names the field)',
  401: 'missing or invalid API key (Authorization: Bearer <key>)',
  403: 'the key may not do this (operator keys only)',
  404: 'unknown, or another key’s, conversation or turn',
  409: 'a turn of this conversation is still in flight; wait for its reply',
  413: 'body over 32 KB',
  415: 'the body is not application/json',
  429: 'over RATE_LIMIT_PER_MINUTE for this key (see Retry-After)',
  500: 'an unexpected error (no detail is given)',
  503: 'a dependency is down, or RAG is disabled on this deployment',
  504: 'no reply within GATEWAY_WAIT_MS; the turn goes on: poll it by turn_id',
} as const;
export type ErrorStatus = keyof typeof MEANING;

/** Documents every error status a route can answer, each with the one error body. */
export function ApiErrors(...statuses: ErrorStatus[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...statuses.map((status) => ApiResponse({ status, type: ErrorDto, description: MEANING[status] })),
  );
}

/** Statuses every authenticated /v1 route can answer: no key, too many requests, an unexpected failure. */
export const V1: ErrorStatus[] = [401, 429, 500];
/** …and every route that reads a JSON body. */
export const WITH_BODY: ErrorStatus[] = [...V1, 400, 413, 415];
