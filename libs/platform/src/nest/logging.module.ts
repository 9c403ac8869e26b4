import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { LoggerModule, type Params } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from '../config';
import { jobFields } from '../job-context';

/**
 * JSON logs (pino). Secrets and turn text stay out: the Authorization header and cookies
 * are redacted, request bodies are never logged, and the orchestrator adds the turn text
 * only when LOG_TURN_TEXT=true. A line written while a queue job runs carries the job's
 * {turn_id, queue, op, job_id, replica} (bullmq-server.ts runs each job in that context).
 */
export function loggerParams(c: AppConfig): Params {
  return {
    pinoHttp: {
      level: c.LOG_LEVEL,
      mixin: () => jobFields(),
      genReqId: (req, res) => {
        const id =
          (typeof req.headers['x-request-id'] === 'string' &&
            /^[\w-]{1,64}$/.test(req.headers['x-request-id']) &&
            req.headers['x-request-id']) ||
          randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["idempotency-key"]'],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => ['/health', '/ready', '/metrics'].includes(req.url ?? '') },
    },
  };
}

/** The process' logger: loggerParams over the validated configuration. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: loggerParams,
    }),
  ],
})
export class LoggingModule {}
