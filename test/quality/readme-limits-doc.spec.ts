import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_TURN_CHARS } from '@app/contracts';
import { CONFIG_KEYS, loadConfig, type AppConfig } from '@app/platform';

const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

/** The README's configuration table: each variable it names with the default it states (backticked values only). */
function documentedDefaults(): [keyof AppConfig, string][] {
  const section = README.slice(README.indexOf('## Configuration'));
  const rows = section
    .slice(0, section.indexOf('\n## '))
    .split('\n')
    .filter((l) => l.startsWith('| `'));
  return rows.flatMap((row) => {
    const [names, , defaults] = row.split(' | ').map((c) => c.replace(/^\| | \|$/g, ''));
    const vars = [...names.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]);
    const values = vars.length > 1 ? defaults.split(', ') : [defaults];
    return vars.flatMap((v, i): [keyof AppConfig, string][] => {
      const value = /^`([^`]*)`$/.exec(values[i] ?? '')?.[1];
      return value !== undefined && (CONFIG_KEYS as string[]).includes(v) ? [[v as keyof AppConfig, value]] : [];
    });
  });
}

describe('README limits and defaults', () => {
  it('states every default of its configuration table as the config schema sets it', () => {
    const defaults = loadConfig({});
    const documented = documentedDefaults();
    expect(documented.map(([v]) => v)).toEqual(
      expect.arrayContaining(['GATEWAY_WAIT_MS', 'MAX_WALL_CLOCK_MS', 'MAX_LLM_CALLS_PER_TURN']),
    );
    for (const [variable, value] of documented)
      expect({ variable, value }).toEqual({ variable, value: String(defaults[variable]) });
  });

  it('states the turn length limit as MAX_TURN_CHARS is set', () => {
    expect(README).toContain(`\`MAX_TURN_CHARS\` = ${MAX_TURN_CHARS} characters`);
  });
});
