import type { INestApplicationContext } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { QUEUE_NAMES } from '@app/contracts';
import type { HopTicket } from './hop-client';
import { handlerProblems } from './hop-coverage';
import { hopAddressOf, type HopAddress } from './hop-handler';
import type { HopHandlers } from './in-process-hop-client';

/** A `@HopHandler` method found on an instance, bound to it. */
export interface FoundHopHandler extends HopAddress {
  handle: (payload: unknown, ticket: HopTicket) => unknown;
}

/** Every `@HopHandler` method on these instances' classes, bound to its instance. */
export function hopHandlersOn(instances: object[]): FoundHopHandler[] {
  const scanner = new MetadataScanner();
  return instances.flatMap((instance) => {
    const proto = Object.getPrototypeOf(instance) as Record<string, unknown>;
    return scanner.getAllMethodNames(proto).flatMap((name) => {
      const method = proto[name] as FoundHopHandler['handle'];
      const address = hopAddressOf(method);
      return address ? [{ ...address, handle: method.bind(instance) }] : [];
    });
  });
}

/**
 * The in-process hop map of the handlers found. Refuses, as a queue server does at start-up,
 * a queue with an op that has no handler or two.
 */
export function hopHandlerMap(found: FoundHopHandler[]): HopHandlers {
  const served = QUEUE_NAMES.filter((q) => found.some((h) => h.queue === q));
  const problems = served.flatMap((q) =>
    handlerProblems(
      q,
      found.filter((h) => h.queue === q).map((h) => h.op),
    ),
  );
  if (problems.length) throw new Error(`refusing to start the in-process hops: ${problems.join('; ')}`);
  const map: Record<string, Record<string, FoundHopHandler['handle']>> = {};
  for (const h of found) (map[h.queue] ??= {})[h.op] = h.handle;
  return map as HopHandlers;
}

/**
 * Every `@HopHandler` in a built app's controllers, as the in-process hop map: the twin serves
 * exactly the handlers the workers declare (immich's JobRepository.setup() finds its `@OnJob`
 * handlers the same way).
 */
export function discoverHopHandlers(app: INestApplicationContext): HopHandlers {
  const controllers = new DiscoveryService(app.get(ModulesContainer)).getControllers();
  return hopHandlerMap(hopHandlersOn(controllers.flatMap((c) => (c.instance ? [c.instance as object] : []))));
}
