import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import type { ErrorCode } from '@app/contracts';
import { ApiError } from './errors';

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'bad_request',
  409: 'turn_in_flight',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
  504: 'timeout',
};

/** Every error leaves as `{ "error": { "code", "message" } }` — no stack, no SQL. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly log = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof ApiError) {
      res.status(exception.getStatus()).json(exception.getResponse());
      return;
    }
    // body-parser errors carry a status and a type
    const e = exception as { status?: number; statusCode?: number; type?: string; message?: string };
    if (e?.type === 'entity.parse.failed')
      return void res.status(400).json(body('bad_request', 'body is not valid JSON'));
    if (e?.type === 'entity.too.large')
      return void res.status(413).json(body('payload_too_large', 'body is too large'));
    if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported')
      return void res.status(415).json(body('unsupported_media_type', 'unsupported body encoding'));
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const down = notReady(exception.getResponse());
      // /ready: the operator needs to see which check is down and why (never a stack or SQL)
      if (down)
        return void res.status(status).json({
          error: { code: 'unavailable', message: `not ready: ${Object.keys(down).join(', ')}`, checks: down },
        });
      const code = BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'bad_request');
      return void res.status(status).json(body(code, status === 404 ? 'route not found' : exception.message));
    }
    const status = e?.status ?? e?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return void res.status(status).json(body(BY_STATUS[status] ?? 'bad_request', 'bad request'));
    this.log.error({
      msg: 'unhandled error',
      error: (exception as Error)?.message ?? String(exception),
      stack: (exception as Error)?.stack,
    });
    res.status(500).json(body('internal', 'internal error'));
  }
}

/** Terminus' readiness failure (`{status: 'error', error: {check: {...}}}`): the checks that are down. */
function notReady(response: unknown): Record<string, unknown> | null {
  const r = response as { status?: unknown; error?: unknown } | null;
  return r && typeof r === 'object' && r.status === 'error' && r.error && typeof r.error === 'object'
    ? (r.error as Record<string, unknown>)
    : null;
}

function body(code: ErrorCode, message: string) {
  return { error: { code, message } };
}
