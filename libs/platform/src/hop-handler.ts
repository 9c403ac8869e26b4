import {
  applyDecorators,
  Catch,
  Injectable,
  Logger,
  UseFilters,
  UseInterceptors,
  type ArgumentsHost,
  type CallHandler,
  type ExceptionFilter,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
} from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { map, of, type Observable } from 'rxjs';
import {
  failure,
  failureCodeOf,
  hopSchemas,
  InvalidPayload,
  ProviderUnavailable,
  type OpOf,
  type QueueName,
} from '@app/contracts';
import { transportIdFor } from './bullmq-server';
import { metrics } from './metrics';

/** Validates a hop payload against the contract map (zod), before the handler runs. */
export class HopPayloadPipe implements PipeTransform {
  constructor(
    private readonly queue: QueueName,
    private readonly op: string,
  ) {}

  transform(value: unknown): unknown {
    const parsed = hopSchemas(this.queue, this.op)!.payload.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new InvalidPayload(`${this.queue}.${this.op}: ${issue?.path.join('.') || 'payload'}: ${issue?.message}`);
    }
    return parsed.data;
  }
}

/** Wraps the handler's value in a success envelope after checking it against the contract. */
@Injectable()
export class HopResultInterceptor implements NestInterceptor {
  constructor(
    private readonly queue: QueueName,
    private readonly op: string,
  ) {}

  intercept(_ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((value) => {
        const parsed = hopSchemas(this.queue, this.op)!.result.safeParse(value);
        return parsed.success
          ? { ok: true, value: parsed.data }
          : failure('internal', `${this.queue}.${this.op} produced a result outside its contract`);
      }),
    );
  }
}

/** Turns any exception into a typed failure envelope: one failure path, nothing swallowed. */
@Catch()
export class HopExceptionFilter implements ExceptionFilter {
  private readonly log = new Logger('HopExceptionFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<unknown> {
    const code = failureCodeOf(exception);
    const message = exception instanceof Error ? exception.message : 'handler failed';
    if (exception instanceof ProviderUnavailable) metrics.providerErrors.inc({ kind: exception.kind });
    if (code === 'internal') this.log.error({ msg: 'hop handler failed', error: message });
    return of(failure(code, message));
  }
}

/** Marks a method as the one handler of `queue.op`. */
export function HopHandler<Q extends QueueName>(queue: Q, op: OpOf<Q>): MethodDecorator {
  return applyDecorators(
    MessagePattern(op, transportIdFor(queue)),
    UseInterceptors(new HopResultInterceptor(queue, op)),
    UseFilters(new HopExceptionFilter()),
  );
}

/** The validated payload of `queue.op` (put the pipe on the payload, not the method). */
export function HopPayload<Q extends QueueName>(queue: Q, op: OpOf<Q>): ParameterDecorator {
  return Payload(new HopPayloadPipe(queue, op));
}
