import { createServer } from 'node:net';
import { checkPortFree, EXIT, StartupRefusal, urlOf } from './startup';

describe('start-up refusals', () => {
  it('a port another process holds stops the start with one line naming the variable and the way out (exit 75)', async () => {
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const port = (holder.address() as { port: number }).port;
    try {
      const err = await checkPortFree('127.0.0.1', port, 'METRICS_PORT').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StartupRefusal);
      expect((err as StartupRefusal).exitCode).toBe(EXIT.portInUse);
      expect((err as Error).message).toBe(
        `refusing to start: port ${port} (METRICS_PORT) is already in use on 127.0.0.1 — another replica on this host? ` +
          'Give each process its own METRICS_PORT, or METRICS_PORT=0 for any free port',
      );
    } finally {
      holder.close();
    }
  });

  it('port 0 (any) and a free port pass, and leave the port free', async () => {
    await expect(checkPortFree('127.0.0.1', 0, 'PORT')).resolves.toBeUndefined();
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    await expect(checkPortFree('127.0.0.1', port, 'PORT')).resolves.toBeUndefined();
    await expect(checkPortFree('127.0.0.1', port, 'PORT')).resolves.toBeUndefined();
  });

  it('an address this host does not have is a configuration error (exit 78)', async () => {
    const err = (await checkPortFree('192.0.2.1', 3000, 'PORT').catch((e: unknown) => e)) as StartupRefusal;
    expect(err.exitCode).toBe(EXIT.config);
    expect(err.message).toMatch(/^refusing to start: cannot listen on 192\.0\.2\.1:3000 \(HOST, PORT\): EADDRNOTAVAIL/);
  });

  it('writes the URL an operator would type', () => {
    expect(urlOf({ address: '0.0.0.0', family: 'IPv4', port: 3000 })).toBe('http://0.0.0.0:3000');
    expect(urlOf({ address: '::1', family: 'IPv6', port: 3101 })).toBe('http://[::1]:3101');
  });
});
