import { parseArgs } from 'node:util';
import { DEFAULT_KEYS_FILE } from './config.js';
import { resolve } from 'node:path';
import { readKeyFile } from '@gamedata/server-io/key-file';
import { createKey, writeKeyFile } from './key-file.js';

const USAGE = `Usage:
  pnpm keys issue --name NAME [--file PATH]   issue a key; prints the key alone on stdout
  pnpm keys list [--file PATH]                list keys (id, name, created, revoked)
  pnpm keys revoke ID [--file PATH]           revoke a key (reload the server: kill -HUP, or restart)
  pnpm keys json [--file PATH]                print the key store as one line of JSON, for GAMEDATA_KEYS_JSON
The key file defaults to $GAMEDATA_KEYS_FILE, else ./${DEFAULT_KEYS_FILE}.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      file: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  // Bare `pnpm keys` asks what the CLI does, as `--help` does.
  if (values.help || positionals.length === 0) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const file = resolve(values.file ?? (process.env.GAMEDATA_KEYS_FILE || DEFAULT_KEYS_FILE));
  const [command, ...rest] = positionals;
  const store = await readKeyFile(file);

  switch (command) {
    case 'issue': {
      if (!values.name) fail('issue needs --name NAME');
      const { key, record } = await createKey(values.name, new Date());
      await writeKeyFile(file, { keys: [...store.keys, record] });
      process.stderr.write(
        `Issued ${record.id} (${record.name}) in ${file}. The key is shown once:\n`,
      );
      process.stdout.write(`${key}\n`);
      return;
    }
    case 'list': {
      for (const k of store.keys) {
        process.stdout.write(
          `${k.id}\t${k.name}\t${k.created}\t${k.revoked ? 'revoked' : 'active'}\n`,
        );
      }
      return;
    }
    case 'revoke': {
      const id = rest[0] ?? fail('revoke needs a key ID');
      const record = store.keys.find((k) => k.id === id) ?? fail(`no key ${id} in ${file}`);
      await writeKeyFile(file, {
        keys: store.keys.map((k) => (k === record ? { ...k, revoked: true } : k)),
      });
      process.stderr.write(
        `Revoked ${id}. Reload the server (kill -HUP <pid>) or redeploy for it to take effect.\n`,
      );
      return;
    }
    case 'json': {
      process.stdout.write(`${JSON.stringify(store)}\n`);
      return;
    }
    default:
      fail(`unknown command "${command}"`);
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
