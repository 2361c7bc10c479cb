import { runAdmin } from './admin-cli.js';

runAdmin(process.argv.slice(2), process.env, process).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `qoltanba admin: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
