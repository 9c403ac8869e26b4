import { configOrExit, exitCleanlyOnSignals } from '@app/platform';
import { startAllInOne } from './start';

async function main(): Promise<void> {
  const config = configOrExit();
  const { app } = await startAllInOne();
  exitCleanlyOnSignals(app, config.SHUTDOWN_TIMEOUT_MS);
  const url = `http://127.0.0.1:${config.PORT}`;
  const key = process.env.DUOCTHU_GENERATED_API_KEY;
  process.stdout.write(
    [
      '',
      `duocthu-rag is up (all services in one process): ${url}`,
      key ? `API key generated for this run (GATEWAY_API_KEYS unset): ${key}` : 'API keys: from GATEWAY_API_KEYS',
      `try: curl -s ${url}/v1/rag/query -H 'Authorization: Bearer ${key ?? '<key>'}' -H 'Content-Type: application/json' -d '{"turn":"Warfarin và aspirin có tương tác không?"}'`,
      'SAMPLE DATA — NOT FOR CLINICAL USE',
      '',
    ].join('\n'),
  );
}

main().catch((e) => {
  process.stderr.write(`start-up failed: ${(e as Error).message}\n`);
  process.exit(1);
});
