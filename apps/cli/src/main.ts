import { runCli } from './cli';

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`failed: ${(e as Error).message}\n`);
    process.exit(1);
  },
);
