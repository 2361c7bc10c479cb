import { runServer } from './cli.js';

runServer(process.env, {
  stderr: process.stderr,
  exit: (code) => process.exit(code),
  signals: process,
}).catch((error: unknown) => {
  process.stderr.write(
    `qoltanba: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
