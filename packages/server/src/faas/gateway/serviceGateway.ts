import { chmod } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { GatewayTls } from './certificateAuthority.js';

/** Hands a request to the cloud's own HTTP app (fastify's handler, host routing included). */
export type Dispatch = (request: IncomingMessage, response: ServerResponse) => void;

export interface RunGatewayOptions {
  /** Where the gateway listens; bind-mounted into the run's sandbox. */
  socketPath: string;
  tls: GatewayTls;
  /** The service host names handed to the run; any other Host is refused. */
  hosts: ReadonlySet<string>;
  /** A last word on the URL per host (the write API's calls are attributed to the run). */
  rewrite?: (host: string, url: string) => string;
  dispatch: Dispatch;
}

export interface RunGateway {
  close(): Promise<void>;
}

function hostName(header: string | undefined): string {
  return (header ?? '').replace(/:\d+$/, '').toLowerCase();
}

/**
 * One run's way to the cloud: HTTPS on a Unix socket, with the certificate of the cloud's service names.
 * It lives as long as the run, so nothing the run left behind can reach the cloud afterwards.
 */
export async function openRunGateway(options: RunGatewayOptions): Promise<RunGateway> {
  const server = createServer({ key: options.tls.keyPem, cert: options.tls.certPem }, (request, response) => {
    const host = hostName(request.headers.host);
    if (!options.hosts.has(host)) {
      response.writeHead(421, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: `A function may reach only the cloud's service hosts, not ${host || 'this host'}` }));
      return;
    }
    if (options.rewrite && request.url) request.url = options.rewrite(host, request.url);
    options.dispatch(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.socketPath, () => resolve());
  });
  // The run's own unprivileged user connects to it.
  await chmod(options.socketPath, 0o666);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
