import {
  applyDecorators,
  Catch,
  Injectable,
  Logger,
  SetMetadata,
  UseFilters,
  UseInterceptors,
  type ArgumentsHost,
  type CallHandler,
  type ExceptionFilter,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
} from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { map, of, type Observable } from 'rxjs';
import {
  failure,
  failureCodeOf,
  hopSchemas,
  InvalidPayload,
  ProviderUnavailable,
  type HopPayload,
  type HopResult,
  type OpOf,
  type QueueName,
} from '@app/contracts';
import { transportIdFor } from './bullmq-server';
import { metrics } from './metrics';
import type { HopTicket } from './hop-client';

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

/** A hop handler: the validated payload of `queue.op` and the job's ticket in, a result of its contract out. */
export type HopHandlerFn<Q extends QueueName, O extends OpOf<Q>> = (
  payload: HopPayload<Q, O>,
  ticket: HopTicket,
) => HopResult<Q, O> | Promise<HopResult<Q, O>>;

const HOP_HANDLER = 'duocthu:hop-handler';

/** The queue and op a handler was declared for. */
export interface HopAddress {
  queue: QueueName;
  op: string;
}

/**
 * Declares a method the one handler of `queue.op` — the only declaration it needs. The method
 * gets the payload, validated against the contract, and the job's ticket; what it returns must
 * be `HopResult<queue, op>` (typecheck) and pass the result schema (at run time). The queue
 * server (through Nest's `@MessagePattern`) and the in-process hop client (through
 * `discoverHopHandlers`) both find the handler from this metadata.
 */
export function HopHandler<Q extends QueueName, O extends OpOf<Q>>(queue: Q, op: O) {
  return <F extends HopHandlerFn<Q, O>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<F>,
  ): void => {
    applyDecorators(
      MessagePattern(op, transportIdFor(queue)),
      UseInterceptors(new HopResultInterceptor(queue, op)),
      UseFilters(new HopExceptionFilter()),
      SetMetadata(HOP_HANDLER, { queue, op } satisfies HopAddress),
    )(target, key, descriptor);
    // the handler's arguments: the payload through the contract's pipe, then the job's context
    Payload(new HopPayloadPipe(queue, op))(target, key, 0);
    Ctx()(target, key, 1);
  };
}

/** The queue and op `@HopHandler` declared a method for, if it did. */
export function hopAddressOf(method: unknown): HopAddress | undefined {
  return typeof method === 'function' ? Reflect.getMetadata(HOP_HANDLER, method) : undefined;
}
