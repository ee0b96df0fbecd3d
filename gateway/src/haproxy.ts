import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

// HAProxy in front of several gateways: the configuration (one template, for local processes and
// for docker-compose's deploy/haproxy/haproxy.cfg alike) and the process that runs it.

/** Where the gateways are: fixed addresses, or one name that DNS resolves to every replica. */
export type GatewayServers =
  | { addresses: string[] }
  | {
      /** The name every replica answers to (compose's service name). */
      name: string;
      port: number;
      /** Server slots HAProxy fills from DNS: the most replicas it follows. */
      slots: number;
      /** The DNS server to ask again and again (Docker's embedded one: 127.0.0.11:53). */
      nameserver: string;
    };

export type HaproxyConfigOptions = {
  /** What the frontend listens on: `127.0.0.1:3000`, or `:8080` for every interface. */
  bind: string;
  servers: GatewayServers;
};

/**
 * The configuration: round trips and websocket upgrades alike to the gateway with the fewest
 * connections, each gateway checked on GET /ready, a request whose connection fails sent to another.
 */
export function haproxyConfig({ bind, servers }: HaproxyConfigOptions): string {
  const dns = 'name' in servers;
  const serverLines = dns
    ? [
        // Slots without an address wait in maintenance until DNS names another replica.
        `  server-template gateway- 1-${servers.slots} ${servers.name}:${servers.port} check resolvers docker init-addr none`,
      ]
    : servers.addresses.map((address, i) => `  server gateway-${i + 1} ${address} check`);
  const resolvers = dns
    ? `
# Docker's DNS answers the service name with one address per running replica.
resolvers docker
  nameserver dns ${servers.nameserver}
  hold valid 5s
  timeout resolve 1s
  timeout retry 1s
`
    : '';
  return `# Trackboard: HAProxy in front of the gateways. The text comes from gateway/src/haproxy.ts, for
# npm run start:split and for docker-compose (deploy/haproxy/haproxy.cfg, kept equal to it by a test).
global
  log stdout format raw local0 info
${resolvers}
defaults
  mode http
  log global
  # Failed requests and server state changes only, not every request.
  option httplog
  option dontlog-normal
  # The client's address for the gateway, which believes it with TRUST_PROXY=1.
  option forwardfor
  # A new connection to a gateway for each request (the client's own stays open): never one the
  # gateway is closing (idle, or shutting down), so a failed one failed before the request left.
  option http-server-close
  # A connection to a gateway that fails is tried again (up to 3 times), each time on another one.
  retries 3
  option redispatch 1
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 5s
  # A websocket is idle between Socket.IO's pings (every 25 s): keep it up to an hour.
  timeout tunnel 1h
  # A connection half closed by one side is closed for good soon after.
  timeout client-fin 5s
  timeout server-fin 5s
  # Each gateway checked every 0.5 s: down after 2 failed checks, up again after 2 good ones. A
  # check may take 2 s to answer (a busy gateway is slow, not gone).
  timeout check 2s
  default-server inter 500ms fastinter 250ms downinter 1s fall 2 rise 2

frontend trackboard
  bind ${bind}
  default_backend gateways

backend gateways
  # Websockets stay for hours: new connections go to the gateway carrying the fewest.
  balance leastconn
  # Not ready (shutting down, or a service with no replica up): no new requests.
  option httpchk
  http-check send meth GET uri /ready ver HTTP/1.1 hdr host haproxy
  http-check expect status 200
${serverLines.join('\n')}
`;
}

export type HaproxyProcess = { child: ChildProcess; output: () => string };

export type SpawnHaproxyOptions = {
  config: string;
  /** The haproxy program (haproxyProgram finds it when not given). */
  haproxyPath?: string;
  stdio?: 'inherit' | 'ignore';
  onOutput?: (text: string) => void;
};

/**
 * The haproxy program to run: `path`, HAPROXY_PATH, else `haproxy` on the PATH or in /usr/sbin
 * (where Debian's package puts it). Throws saying how to get it when there is none.
 */
export function haproxyProgram(path = process.env.HAPROXY_PATH): string {
  const candidates = path
    ? [path]
    : [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin'].map((dir) => join(dir, 'haproxy'));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found)
    throw new Error(
      `HAProxy is not ${path ? `at ${path}` : 'installed'}: install it (Debian: apt-get install haproxy) or set HAPROXY_PATH`,
    );
  return found;
}

/** Runs HAProxy in the foreground with `config` (its file lives as long as the process). */
export function spawnHaproxy({
  config,
  haproxyPath,
  stdio = 'inherit',
  onOutput,
}: SpawnHaproxyOptions): HaproxyProcess {
  const program = haproxyProgram(haproxyPath);
  const dir = mkdtempSync(join(tmpdir(), 'tb-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  // -db: in the foreground, stopped with the processes it stands in front of.
  const child = spawn(program, ['-f', file, '-db'], {
    stdio: ['ignore', stdio === 'inherit' ? 'inherit' : 'pipe', stdio === 'inherit' ? 'inherit' : 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer | string) => {
    tail = (tail + chunk.toString()).slice(-4000);
    onOutput?.(chunk.toString());
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('error', (err) => keep(`${err.message}\n`));
  child.once('close', () => rmSync(dir, { recursive: true, force: true }));
  return { child, output: () => tail };
}
