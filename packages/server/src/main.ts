/** `varde-cloud`: runs the reference cloud until SIGINT/SIGTERM. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { USAGE, parseCloudArgs } from './cliArgs.js';
import { demoUserList } from './seed/demoUsers.js';
import type { StorageLocation } from './storage/db.js';
import { describePostgresUrl } from './storage/postgresConnection.js';
import { withShippedFiles } from './shippedFiles.js';

if (process.argv[2] === 'copy-data') {
  const { runCopyDataCommand } = await import('./storage/copyDataCommand.js');
  const output = { out: (text: string) => process.stdout.write(text), err: (text: string) => process.stderr.write(text) };
  process.exit(await runCopyDataCommand(process.argv.slice(3), process.env, process.cwd(), output));
}

const parsed = parseCloudArgs(process.argv.slice(2), process.env, process.cwd());
if (parsed.kind === 'help') {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (parsed.kind === 'error') {
  process.stderr.write(`varde-cloud: ${parsed.message}\n\n${USAGE}`);
  process.exit(2);
}

// Installed from its package, the cloud also serves the portal and host pages it ships.
const options = withShippedFiles(parsed.options);
if (options.portalDir && !existsSync(join(options.portalDir, 'index.html'))) {
  process.stderr.write(`varde-cloud: warning: no index.html in ${options.portalDir}; the portal will not be served\n`);
}

// Loaded only now, so that --help and flag errors answer at once (the cloud pulls in a lot).
const { createCloud } = await import('./cloud.js');
const cloud = await createCloud(options).catch((error: NodeJS.ErrnoException) => {
  const reason = error.code === 'EADDRINUSE' ? `port ${options.port} is already in use` : error.message;
  process.stderr.write(`varde-cloud: could not start: ${reason}\n`);
  process.exit(1);
});

const { config } = cloud.context;
const lines = [
  `Varde reference cloud: ${cloud.url}`,
  `  services  ${cloud.url}/cloud/<service>  (or by host: <service>.${config.domain}:${cloud.port})`,
  `  outbox    ${cloud.url}/cloud/outbox  (e-mail and SMS the cloud has sent; ${config.outbox === 'public' ? 'PUBLIC: anyone who reaches this cloud reads them (--outbox public, for demos)' : 'system admins only'})`,
  `  storage   ${describeStorage(config.storage)}`,
];
const functions = cloud.functions;
if (functions.kind === 'sandbox') lines.push(`  functions sandboxed with bubblewrap (${functions.python})`);
if (functions.kind === 'off') lines.push(`  functions OFF: no sandbox (${functions.reason}); install bubblewrap, or pass --unsafe-functions on a machine only you use`);
if (functions.kind === 'unsafe') lines.push(`  functions WARNING: running WITHOUT a sandbox (--unsafe-functions; ${functions.reason}): a function can read everything this cloud can`);
if (config.portalDir) lines.push(`  portal    ${cloud.url}/  (from ${config.portalDir})`);
for (const mount of config.staticMounts ?? []) lines.push(`  static    ${cloud.url}${mount.prefix}/  (from ${mount.dir})`);
if (config.seed === 'demo') {
  lines.push('', 'Demo sign-ins:');
  const width = Math.max(...demoUserList.map((user) => user.email.length));
  for (const user of demoUserList) {
    lines.push(`  ${user.email.padEnd(width)}  ${user.password}  ${user.role.padEnd(9)}  ${user.note}`);
  }
}
process.stdout.write(`${lines.join('\n')}\n`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) process.exit(1); // a second signal: stop now
  stopping = true;
  process.stdout.write(`\n${signal}: stopping the cloud\n`);
  await cloud.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

function describeStorage(storage: StorageLocation): string {
  if (storage.kind === 'memory') return 'in memory (lost on exit)';
  if (storage.kind === 'postgres') return `PostgreSQL at ${describePostgresUrl(storage.url)}`;
  return storage.dir;
}
