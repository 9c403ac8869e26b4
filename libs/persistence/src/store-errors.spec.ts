import { classifyStoreError } from './store-errors';

describe('classifyStoreError', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, 'outage'],
    [{ driverError: { code: '57P01' } }, 'outage'],
    [{ code: '08006', message: 'store unavailable' }, 'outage'],
    [{ message: 'Connection terminated unexpectedly' }, 'outage'],
    [{ code: '55000', message: 'database "x" is not currently accepting connections' }, 'outage'],
    [{ driverError: { code: '42P01' }, message: 'relation "turns" does not exist' }, 'schema'],
    [{ code: '42703', message: 'column "line_count" does not exist' }, 'schema'],
    // a missing table is never an outage, even when its message mentions a connection
    [{ code: '42P01', message: 'relation "connection_log" does not exist' }, 'schema'],
    [{ code: '23505', message: 'duplicate key value violates unique constraint' }, 'other'],
    [new Error('boom'), 'other'],
    [null, 'other'],
  ])('%j is %s', (e, kind) => {
    expect(classifyStoreError(e)).toBe(kind);
  });
});
