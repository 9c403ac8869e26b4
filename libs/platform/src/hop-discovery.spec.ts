import { Controller } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { HopPayload } from '@app/contracts';
import { RequestBudgetExhausted } from '@app/contracts';
import { discoverHopHandlers, hopHandlerMap, hopHandlersOn } from './hop-discovery';
import { HopHandler } from './hop-handler';
import { InProcessHopClient } from './in-process-hop-client';
import type { HopTicket } from './hop-client';

const ticket: HopTicket = { turnId: '6f1c3c39-5a57-4d0e-9a4b-0d0e5d0a0b01', deadline: Date.now() + 60_000 };
const question = { query: 'q', evidence: [] };

@Controller()
class FakeVerification {
  readonly seen: string[] = [];

  @HopHandler('verification', 'check_sufficiency')
  sufficiency(p: HopPayload<'verification', 'check_sufficiency'>, t: HopTicket) {
    this.seen.push(`${t.turnId}:${p.query}`);
    if (p.query === 'spent') throw new RequestBudgetExhausted('calls');
    // a result outside the contract when asked for one (a handler's bug, caught at run time)
    return p.query === 'off-contract' ? ({ sufficient: 'yes' } as never) : { sufficient: true };
  }

  @HopHandler('verification', 'verify')
  verify(): never {
    throw new Error('not used');
  }

  /** Not a hop handler: discovery leaves it alone. */
  helper(): string {
    return 'helper';
  }
}

@Controller()
class SecondSufficiency {
  @HopHandler('verification', 'check_sufficiency')
  sufficiency() {
    return { sufficient: false };
  }
}

describe('hop handler discovery', () => {
  it('the in-process hop client serves the @HopHandler methods of a built app, with the same checks as the queue', async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [FakeVerification] }).compile();
    const hops = new InProcessHopClient(discoverHopHandlers(moduleRef));
    const ok = await hops.call('verification', 'check_sufficiency', question, ticket);
    expect(ok).toEqual({ ok: true, value: { sufficient: true } });
    // the handler ran on its controller instance, with the ticket
    expect(moduleRef.get(FakeVerification).seen).toEqual([`${ticket.turnId}:q`]);
    expect(
      await hops.call('verification', 'check_sufficiency', { ...question, query: 'off-contract' }, ticket),
    ).toEqual({
      ok: false,
      code: 'internal',
      message: 'verification.check_sufficiency returned a result outside its contract',
    });
    expect(await hops.call('verification', 'check_sufficiency', { ...question, query: 'spent' }, ticket)).toEqual({
      ok: false,
      code: 'budget_exhausted',
      message: 'request budget exhausted: calls',
    });
    expect(await hops.call('verification', 'check_sufficiency', { query: 5 } as never, ticket)).toMatchObject({
      ok: false,
      code: 'invalid_payload',
    });
    await moduleRef.close();
  });

  it('finds only methods declared with @HopHandler, each with its queue and op', () => {
    const found = hopHandlersOn([new FakeVerification()]);
    expect(found.map(({ queue, op }) => `${queue}.${op}`).sort()).toEqual([
      'verification.check_sufficiency',
      'verification.verify',
    ]);
  });

  it('refuses to start, as a queue server does, when an op of a served queue has two handlers or none', () => {
    expect(() => hopHandlerMap(hopHandlersOn([new FakeVerification(), new SecondSufficiency()]))).toThrow(
      'refusing to start the in-process hops: op verification.check_sufficiency has two handlers',
    );
    expect(() => hopHandlerMap(hopHandlersOn([new SecondSufficiency()]))).toThrow(
      'refusing to start the in-process hops: op verification.verify has no handler',
    );
  });
});

// Compile-time: a handler that returns a shape its contract does not name fails `npm run typecheck`.
export class WrongResult {
  // @ts-expect-error -- check_sufficiency must return { sufficient: boolean }
  @HopHandler('verification', 'check_sufficiency')
  sufficiency() {
    return { sufficient: 'yes' };
  }

  // @ts-expect-error -- a handler takes the payload of its own op
  @HopHandler('verification', 'check_sufficiency')
  verify(p: HopPayload<'verification', 'verify'>) {
    return { sufficient: p.list_mode };
  }
}
