// nginx configuration for N varde-cloud nodes, from deploy/nginx/varde.conf.template.
//
//   node scripts/cluster/nginxConfig.mjs --node 10.0.0.11:8080 --node 10.0.0.12:8080 \
//     --listen 80 --server-name varde.example.com > /etc/nginx/conf.d/varde.conf
//
// prints the server part for a production nginx (inside its http block). The cluster harness wraps the
// same part in a whole nginx.conf of its own (renderStandaloneNginxConf): no daemon, its own pid, logs and
// temporary folders under one prefix, so it runs beside a system nginx and as any user.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const templatePath = fileURLToPath(new URL('../../deploy/nginx/varde.conf.template', import.meta.url));

/** Passive health check: a node that fails this often within failTimeout is left out for failTimeout. */
export const PASSIVE_HEALTH = { maxFails: 2, failTimeout: '5s' };

/**
 * The template with its placeholders filled.
 * @param {{ nodes: string[], listen: string, serverName?: string, accessLog?: string }} options nodes as HOST:PORT
 */
export function renderVardeConf({ nodes, listen, serverName = '_', accessLog = '/var/log/nginx/varde.access.log' }) {
  if (nodes.length === 0) throw new Error('nginx needs at least one node');
  const servers = nodes
    .map((node) => `    server ${node} max_fails=${PASSIVE_HEALTH.maxFails} fail_timeout=${PASSIVE_HEALTH.failTimeout};`)
    .join('\n');
  const values = { SERVERS: servers, LISTEN: listen, SERVER_NAME: serverName, ACCESS_LOG: accessLog };
  const fill = (line) =>
    line.replace(/\{\{([A-Z_]+)\}\}/g, (match, name) => {
      if (!(name in values)) throw new Error(`unknown placeholder ${match} in ${templatePath}`);
      return values[name];
    });
  // Comments name the placeholders too; they stay as written.
  const lines = readFileSync(templatePath, 'utf8').split('\n');
  return lines.map((line) => (line.trimStart().startsWith('#') ? line : fill(line))).join('\n');
}

/**
 * A whole nginx.conf that runs in the foreground with everything under `prefix` (Debian's build would
 * otherwise write to /var/lib/nginx and /run/nginx.pid). Run it as `nginx -p PREFIX -c PREFIX/nginx.conf`.
 */
export function renderStandaloneNginxConf({ prefix, nodes, listen }) {
  const at = (name) => `${prefix}/${name}`;
  return `# Written by scripts/cluster/nginxConfig.mjs for a throwaway cluster; removed when it stops.
daemon off;
worker_processes 1;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
events { worker_connections 4096; }
http {
    client_body_temp_path ${at('client_body')};
    proxy_temp_path ${at('proxy')};
    fastcgi_temp_path ${at('fastcgi')};
    uwsgi_temp_path ${at('uwsgi')};
    scgi_temp_path ${at('scgi')};
${renderVardeConf({ nodes, listen, serverName: '_', accessLog: at('access.log') })}
}
`;
}

function parseArgs(argv) {
  const options = { nodes: [], listen: '80', serverName: '_', accessLog: undefined };
  for (let index = 0; index < argv.length; index += 1) {
    const [flag, value] = [argv[index], argv[index + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--node') options.nodes.push(value);
    else if (flag === '--listen') options.listen = value;
    else if (flag === '--server-name') options.serverName = value;
    else if (flag === '--access-log') options.accessLog = value;
    else throw new Error(`unknown flag ${flag}`);
    index += 1;
  }
  return options;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(renderVardeConf(parseArgs(process.argv.slice(2))));
  } catch (error) {
    process.stderr.write(`nginxConfig: ${error.message}\nusage: node scripts/cluster/nginxConfig.mjs --node HOST:PORT... [--listen 80] [--server-name NAME] [--access-log FILE]\n`);
    process.exit(2);
  }
}
