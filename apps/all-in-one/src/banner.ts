import type { AddressInfo } from 'node:net';
import { maskKey } from '@app/gateway';

const ANY = new Set(['0.0.0.0', '::']);

/**
 * What `npm start` prints once it is up: where it really listens, the URL to open, and the
 * quick start's generated key — in full only on a terminal (a person reading it), masked
 * when stdout goes to a file or a log collector.
 */
export function quickStartBanner(address: AddressInfo, key: string | null, toTerminal: boolean): string {
  const everywhere = ANY.has(address.address);
  const bound = `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  const host = everywhere ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  const keyLine = !key
    ? 'API keys: from GATEWAY_API_KEYS'
    : toTerminal
      ? `API key generated for this run (not an operator key; set GATEWAY_API_KEYS to choose your own): ${key}`
      : `API key generated for this run: ${maskKey(key)} — shown in full on a terminal only; set GATEWAY_API_KEYS to choose your own`;
  const bearer = key && toTerminal ? key : '<key>';
  return [
    '',
    `duocthu-rag is up (all services in one process), listening on ${bound}${everywhere ? ' (all interfaces)' : ''}`,
    `chat page: ${url}/`,
    keyLine,
    `try: curl -s ${url}/v1/rag/query -H 'Authorization: Bearer ${bearer}' -H 'Content-Type: application/json' -d '{"turn":"Warfarin và aspirin có tương tác không?"}'`,
    'SAMPLE DATA — NOT FOR CLINICAL USE',
    '',
  ].join('\n');
}
