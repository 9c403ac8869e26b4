import { quickStartBanner } from './banner';

const everywhere = { address: '0.0.0.0', family: 'IPv4', port: 3000 };
const KEY = 'k3y-generated-for-this-run-0123456789';

describe('quick-start banner', () => {
  it('says where it really listens and gives a URL to open', () => {
    const b = quickStartBanner(everywhere, null, true);
    expect(b).toContain('listening on 0.0.0.0:3000 (all interfaces)');
    expect(b).toContain('chat page: http://127.0.0.1:3000/');
    expect(b).toContain('API keys: from GATEWAY_API_KEYS');
    expect(quickStartBanner({ address: '127.0.0.1', family: 'IPv4', port: 4000 }, null, true)).toContain(
      'listening on 127.0.0.1:4000\n',
    );
  });

  it('prints the generated key in full on a terminal only; anywhere else (a file, a log collector) masked', () => {
    expect(quickStartBanner(everywhere, KEY, true)).toContain(
      `not an operator key; set GATEWAY_API_KEYS to choose your own): ${KEY}`,
    );
    const piped = quickStartBanner(everywhere, KEY, false);
    expect(piped).not.toContain(KEY.slice(0, 8));
    expect(piped).toContain('API key generated for this run: k3y-… — shown in full on a terminal only');
    expect(piped).toContain("Authorization: Bearer <key>'");
  });
});
