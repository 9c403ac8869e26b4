import { opsOf, type QueueName } from '@app/contracts';

/**
 * What stops a queue's handlers from starting, given the op of every handler found (repeats
 * included): an op of the queue with no handler or two, a handler for an op the contract lacks.
 * The queue server and the in-process hop client refuse to start on the same list.
 */
export function handlerProblems(queue: QueueName, handled: readonly string[]): string[] {
  const ops = opsOf(queue);
  const seen = new Set(handled);
  const twice = new Set(handled.filter((op, i) => handled.indexOf(op) !== i));
  return [
    ...ops.filter((op) => !seen.has(op)).map((op) => `op ${queue}.${op} has no handler`),
    ...[...twice].map((op) => `op ${queue}.${op} has two handlers`),
    ...[...seen].filter((op) => !ops.includes(op)).map((op) => `handler ${op} is not an op of queue ${queue}`),
  ];
}
