import { spawn } from 'node:child_process';
import { SANDBOX_RUN_DIR } from '../harness.js';

/** Debian's bubblewrap; tests point it elsewhere to see the cloud without a sandbox. */
export const DEFAULT_BWRAP = '/usr/bin/bwrap';
/** Debian's interpreter inside the sandbox: /usr is all of the host the sandbox sees. */
export const SANDBOX_PYTHON = '/usr/bin/python3';

/** The host paths one run binds into its sandbox. */
export interface SandboxMounts {
  /** The run's scratch folder (main.py, request.json, result.json), writable, at /work. */
  work: string;
  /** Read-only files at /run/varde: harness.py, env.json, ca.pem; and the gateway socket. */
  runFiles: { harness: string; env: string; ca: string; gatewaySocket: string };
  /** Generated /etc files: hosts (the service names -> 127.0.0.1), nsswitch.conf, passwd. */
  etc: { hosts: string; nsswitch: string; passwd: string };
}

/**
 * bwrap's arguments: new user, pid, network, ipc, uts and cgroup namespaces; read-only /usr; nothing
 * else of the host. uid 0 inside maps to the unprivileged run user outside; its one capability,
 * binding port 443, reaches only the sandbox's own empty network namespace (for the HTTPS relay).
 */
export function bubblewrapArgs(mounts: SandboxMounts, command: string[]): string[] {
  const run = SANDBOX_RUN_DIR;
  return [
    '--unshare-all', '--die-with-parent', '--new-session',
    '--hostname', 'varde-function',
    '--ro-bind', '/usr', '/usr',
    '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64', '--symlink', 'usr/bin', '/bin',
    '--proc', '/proc', '--dev', '/dev',
    '--ro-bind', mounts.etc.hosts, '/etc/hosts',
    '--ro-bind', mounts.etc.nsswitch, '/etc/nsswitch.conf',
    '--ro-bind', mounts.etc.passwd, '/etc/passwd',
    '--ro-bind', mounts.runFiles.harness, `${run}/harness.py`,
    '--ro-bind', mounts.runFiles.env, `${run}/env.json`,
    '--ro-bind', mounts.runFiles.ca, `${run}/ca.pem`,
    '--bind', mounts.runFiles.gatewaySocket, `${run}/gateway.sock`,
    '--bind', mounts.work, '/work', '--chdir', '/work',
    '--uid', '0', '--gid', '0', '--cap-add', 'CAP_NET_BIND_SERVICE',
    '--clearenv',
    '--setenv', 'PATH', '/usr/bin:/bin', '--setenv', 'HOME', '/work', '--setenv', 'TMPDIR', '/work',
    '--setenv', 'LANG', 'C.UTF-8',
    '--setenv', 'SSL_CERT_FILE', `${run}/ca.pem`, '--setenv', 'REQUESTS_CA_BUNDLE', `${run}/ca.pem`,
    '--',
    ...command,
  ];
}

/** The host identity a run's sandbox is started as: a fresh unprivileged uid per run when the cloud is root. */
export function runIdentity(sequence: number): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const id = 200_000 + (sequence % 50_000);
  return { uid: id, gid: id };
}

export type SandboxStatus = { available: true; python: string } | { available: false; reason: string };

/**
 * Whether functions can be sandboxed here: runs python3 inside a minimal bwrap (same namespaces and
 * identity as a run) and reads its version.
 */
export function probeSandbox(bwrap = DEFAULT_BWRAP): Promise<SandboxStatus> {
  const identity = runIdentity(0);
  const args = [
    '--unshare-all', '--die-with-parent', '--new-session', '--ro-bind', '/usr', '/usr',
    '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64', '--symlink', 'usr/bin', '/bin',
    '--proc', '/proc', '--dev', '/dev', '--uid', '0', '--gid', '0', '--cap-add', 'CAP_NET_BIND_SERVICE', '--clearenv',
    SANDBOX_PYTHON, '-I', '-c', 'import sys, socket; socket.create_server(("127.0.0.1", 443)).close(); print("Python " + sys.version.split()[0])',
  ];
  return new Promise((resolve) => {
    const child = spawn(bwrap, args, { env: {}, stdio: ['ignore', 'pipe', 'pipe'], ...identity });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ available: false, reason: error.code === 'ENOENT' ? `${bwrap} is not installed` : error.message }),
    );
    child.on('close', (code) => {
      const python = out.trim();
      if (code === 0 && /^Python 3\./.test(python)) resolve({ available: true, python });
      else resolve({ available: false, reason: `bubblewrap could not start python3: ${(err.trim() || `exit code ${code}`).slice(0, 300)}` });
    });
  });
}
