import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { haproxyConfig, haproxyProgram } from '../gateway/src/haproxy';

// docker-compose.yml as operations need it: every service checked by a healthcheck,
// Trackboard's own through GET /ready; started once what it needs is healthy; restarted unless
// stopped; the board service with two replicas that the gateway finds from one name; two gateways
// behind HAProxy, which finds them from one name too. Docker's own validation runs too where Docker
// Compose is installed.
const root = resolve(__dirname, '..');
const file = resolve(root, 'docker-compose.yml');

type Service = {
  image?: string;
  command?: string[];
  restart?: string;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  ports?: string[];
  volumes?: string[];
};
const compose = parse(readFileSync(file, 'utf8'), { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
/** Trackboard's own long-running processes (the one-off key generator aside). */
const ours = services.filter(
  ([, s]) => s.image === 'trackboard' && s.command?.some((part) => part.endsWith('main.ts')),
);

it('gives every service a healthcheck', () => {
  expect(services.length).toBeGreaterThanOrEqual(8);
  for (const [name, service] of services) {
    expect([name, Boolean(service.healthcheck?.test) && !service.healthcheck?.disable]).toEqual([name, true]);
  }
});

it('checks Trackboard’s processes through /ready, restarts them unless stopped, and starts each once what it needs is healthy', () => {
  expect(ours.map(([name]) => name).sort()).toEqual(['admin', 'auth', 'board', 'gateway', 'notification', 'project']);
  for (const [name, service] of ours) {
    expect([name, JSON.stringify(service.healthcheck?.test)]).toEqual([name, expect.stringContaining('/ready')]);
    expect([name, service.restart]).toEqual([name, 'unless-stopped']);
    const conditions = Object.entries(service.depends_on ?? {});
    expect(conditions.map(([dependency]) => dependency)).toEqual(expect.arrayContaining(['postgres', 'redis']));
    for (const [dependency, { condition }] of conditions)
      expect([name, dependency, condition]).toEqual([
        name,
        dependency,
        dependency === 'keygen' ? 'service_completed_successfully' : 'service_healthy',
      ]);
  }
  for (const name of ['postgres', 'redis']) expect(compose.services[name]!.restart).toBe('unless-stopped');
});

it('runs two board replicas behind the gateway, found from one name rather than listed', () => {
  expect(compose.services.board!.deploy?.replicas).toBe(2);
  expect(compose.services.board!.ports).toBeUndefined();
  expect(compose.services.gateway!.environment?.BOARD_SERVICE_URL).toBe('http://board:8080');
  expect(compose.services.project!.environment?.BOARD_SERVICE_URL).toBe('http://board:8080');
  for (const dependant of ['gateway'])
    expect(compose.services[dependant]!.depends_on?.board).toEqual({ condition: 'service_healthy' });
});

it('puts HAProxy in front of two gateway replicas, on port 3000, the gateways publishing no port of their own', () => {
  const { haproxy, gateway } = compose.services as Record<string, Service>;
  expect(haproxy!.image).toMatch(/^haproxy:2\.6(-|$)/);
  expect(haproxy!.restart).toBe('unless-stopped');
  expect(JSON.stringify(haproxy!.healthcheck?.test)).toContain('/ready');
  expect(haproxy!.depends_on).toEqual({ gateway: { condition: 'service_healthy' } });
  expect(haproxy!.ports).toEqual(['3000:8080']);
  expect(haproxy!.volumes).toEqual(['./deploy/haproxy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro']);
  expect(gateway!.deploy?.replicas).toBe(2);
  expect(gateway!.ports).toBeUndefined();
  // The gateways believe the one hop in front of them, HAProxy, about the client's address.
  expect(gateway!.environment?.TRUST_PROXY).toBe('1');
});

it('configures HAProxy as the template does, finding each gateway replica through Docker’s DNS', () => {
  const text = readFileSync(resolve(root, 'deploy/haproxy/haproxy.cfg'), 'utf8');
  // The port HAProxy binds in its container is the one compose publishes; the gateways' is their PORT.
  const gatewayPort = Number(compose.services.gateway!.environment?.PORT);
  const published = Number(compose.services.haproxy!.ports![0]!.split(':')[1]);
  expect(text).toBe(
    haproxyConfig({
      bind: `:${published}`,
      servers: { name: 'gateway', port: gatewayPort, slots: 8, nameserver: '127.0.0.11:53' },
    }),
  );
  // HAProxy's own check of the file (Debian's haproxy, a test prerequisite).
  const check = spawnSync(haproxyProgram(), ['-c', '-f', resolve(root, 'deploy/haproxy/haproxy.cfg')], {
    encoding: 'utf8',
  });
  expect([check.status, check.stderr]).toEqual([0, '']);
});

it('is valid for Docker Compose where it is installed', () => {
  const version = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  if (version.status !== 0) {
    // No Docker here, or Docker without its Compose plugin: the checks above, on the YAML with
    // its anchors merged as Compose merges them, stand alone.
    expect(version.error ?? version.stderr).toBeTruthy();
    return;
  }
  const config = spawnSync('docker', ['compose', '-f', file, 'config', '--quiet'], { cwd: root, encoding: 'utf8' });
  expect([config.status, config.stderr]).toEqual([0, '']);
});
