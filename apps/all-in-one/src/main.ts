import { checkPortFree, configOrExit, exitCleanlyOnSignals, logListening, startOrExit } from '@app/platform';
import { quickStartBanner } from './banner';
import { startAllInOne } from './start';

startOrExit(async () => {
  const config = configOrExit();
  await checkPortFree(config.HOST, config.PORT, 'PORT');
  const { app, address, quickStartKey } = await startAllInOne(config);
  exitCleanlyOnSignals(app, config.SHUTDOWN_TIMEOUT_MS);
  logListening(app, { app: 'all-in-one' }, address!);
  process.stdout.write(quickStartBanner(address!, quickStartKey, process.stdout.isTTY === true));
});
