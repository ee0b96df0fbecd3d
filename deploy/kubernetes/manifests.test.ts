// The Kubernetes manifests (deploy/kubernetes): each overlay rendered by `kubectl kustomize`, as
// `kubectl apply -k` would render it, then checked against the Kubernetes schemas and against the
// code — the settings each process reads, the paths and port it serves, the migrations it runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler, type IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job, type IJob } from 'kubernetes-models/batch/v1';
import { Ingress, type IIngress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget, type IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import {
  ConfigMap,
  PersistentVolumeClaim,
  Secret,
  Service,
  type IConfigMap,
  type IContainer,
  type IPodSpec,
  type ISecret,
  type IService,
} from 'kubernetes-models/v1';
import { IMPORT_MAX_BYTES } from '@trackboard/contracts';
import { baseConfig, loadConfig } from '../../packages/server-kit/src/config';
import { splitGatewayConfig } from '../../gateway/src/config';
import { ssoConfig } from '../../services/auth/src/sso-config';
import { attachmentSettings } from '../../services/board/src/domain/attachments/settings';

const root = resolve(__dirname, '../..');
const overlays = ['small', 'large'] as const;
type Overlay = (typeof overlays)[number];

type Manifest = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> } };
type Rendered = Manifest[];

// ---------------------------------------------------------------------------------------------
// Rendering

const kubectlMissing =
  'kubectl is not on PATH. These tests render deploy/kubernetes with `kubectl kustomize`: install ' +
  "Debian's package kubernetes-client (apt-get install -y kubernetes-client) or any kubectl since 1.14.";

function render(overlay: Overlay): Rendered {
  if (spawnSync('sh', ['-c', 'command -v kubectl'], { stdio: 'ignore' }).status !== 0) throw new Error(kubectlMissing);
  const run = spawnSync('kubectl', ['kustomize', join(__dirname, 'overlays', overlay)], {
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  // Deprecation warnings from kustomize v5 go to stderr; only the status says it failed.
  if (run.status !== 0) throw new Error(`kubectl kustomize overlays/${overlay} failed:\n${run.stderr}`);
  return parseAllDocuments(run.stdout).map((doc) => {
    if (doc.errors.length > 0) throw doc.errors[0];
    return doc.toJS() as Manifest;
  });
}

const ofKind = <T>(objects: Rendered, kind: string) => objects.filter((o) => o.kind === kind) as (T & Manifest)[];
const named = <T>(objects: Rendered, kind: string, name: string): T & Manifest => {
  const found = ofKind<T>(objects, kind).find((o) => o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} named ${name} in the rendered manifests`);
  return found;
};

// ---------------------------------------------------------------------------------------------
// Schemas

type Validator = (data: object) => void;
const models: Record<string, Validator> = {
  'v1/ConfigMap': (d) => new ConfigMap(d as IConfigMap).validate(),
  'v1/Secret': (d) => new Secret(d as ISecret).validate(),
  'v1/Service': (d) => new Service(d as IService).validate(),
  'v1/PersistentVolumeClaim': (d) => new PersistentVolumeClaim(d as never).validate(),
  'apps/v1/Deployment': (d) => new Deployment(d as IDeployment).validate(),
  'batch/v1/Job': (d) => new Job(d as IJob).validate(),
  'policy/v1/PodDisruptionBudget': (d) => new PodDisruptionBudget(d as IPodDisruptionBudget).validate(),
  'autoscaling/v2/HorizontalPodAutoscaler': (d) =>
    new HorizontalPodAutoscaler(d as IHorizontalPodAutoscaler).validate(),
  'networking.k8s.io/v1/Ingress': (d) => new Ingress(d as IIngress).validate(),
};

/**
 * Fields the schema has no type for: the schemas allow unknown fields, which the API server then
 * drops or refuses (`readinesProbe`). A field whose value can be swapped for a Symbol without the
 * validator objecting is one the schema does not describe.
 */
function unknownFields(validate: Validator, object: object): string[] {
  const unknown: string[] = [];
  const rejects = (path: (string | number)[]) => {
    const copy = structuredClone(object) as Record<string | number, unknown>;
    let parent = copy;
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    parent[path[path.length - 1]!] = Symbol('probe');
    try {
      validate(copy);
      return false;
    } catch {
      return true;
    }
  };
  const visit = (value: unknown, path: (string | number)[]): void => {
    if (Array.isArray(value)) value.forEach((item, i) => visit(item, [...path, i]));
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) {
        // The model sets its own apiVersion and kind; the registry lookup checked them.
        if (path.length === 0 && (key === 'apiVersion' || key === 'kind')) continue;
        if (rejects([...path, key])) visit(child, [...path, key]);
        else unknown.push([...path, key].join('.'));
      }
  };
  visit(object, []);
  return unknown;
}

// kustomize v5 folds long base64 values over lines; the API server's decoder skips line breaks,
// the schema's `byte` format does not.
const unfolded = (object: Manifest): Manifest => {
  if (object.kind !== 'Secret') return object;
  const secret = object as ISecret & Manifest;
  return {
    ...secret,
    data: Object.fromEntries(Object.entries(secret.data ?? {}).map(([k, v]) => [k, v.replace(/\s/g, '')])),
  } as Manifest;
};

// ---------------------------------------------------------------------------------------------
// What the code reads

type SourceScan = { env: Set<string>; calls: Set<string> };

function tsFile(path: string): string | null {
  for (const candidate of [path, path.replace(/\.js$/, '.ts'), `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** A relative import or one of our workspaces (`@trackboard/*`, by its package.json); null for the rest. */
function resolveImport(from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return tsFile(resolve(dirname(from), specifier));
  const workspace = /^@trackboard\/([^/]+)(\/.+)?$/.exec(specifier);
  if (!workspace) return null;
  const dir = realpathSync(join(root, 'node_modules/@trackboard', workspace[1]!));
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    main?: string;
    exports?: Record<string, string>;
  };
  const target = workspace[2] ? pkg.exports?.[`.${workspace[2]}`] : (pkg.exports?.['.'] ?? pkg.main);
  return target ? tsFile(join(dir, target)) : null;
}

/**
 * Every environment variable a process reads, from its entry point through every module it
 * imports (type-only imports aside): `process.env.X`, and the upper-case keys of the zod object
 * schemas its configuration is parsed with (baseConfig, each service's extensions, the SSO and
 * attachment settings). Also the functions it calls, to tell who uses a setting it only parses.
 */
function scanProcess(entry: string): SourceScan {
  const scan: SourceScan = { env: new Set(), calls: new Set() };
  const seen = new Set<string>();
  const queue = [join(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const follow = (specifier: ts.Node | undefined) => {
      const target = specifier && ts.isStringLiteral(specifier) ? resolveImport(file, specifier.text) : null;
      if (target) queue.push(target);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) follow(node.moduleSpecifier);
      else if (ts.isExportDeclaration(node) && !node.isTypeOnly) follow(node.moduleSpecifier);
      else if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : undefined;
        if (name) scan.calls.add(name);
        if (callee.kind === ts.SyntaxKind.ImportKeyword || name === 'require') follow(node.arguments[0]);
        const shape = node.arguments[0];
        const isSchema = name && ['object', 'extend', 'looseObject', 'strictObject'].includes(name);
        if (isSchema && shape && ts.isObjectLiteralExpression(shape))
          for (const property of shape.properties) {
            const key = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name));
            if (key && /^[A-Z][A-Z0-9_]+$/.test(property.name.text)) scan.env.add(property.name.text);
          }
      } else if (ts.isPropertyAccessExpression(node) && node.expression.getText(source) === 'process.env')
        scan.env.add(node.name.text);
      else if (
        ts.isElementAccessExpression(node) &&
        node.expression.getText(source) === 'process.env' &&
        ts.isStringLiteral(node.argumentExpression)
      )
        scan.env.add(node.argumentExpression.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return scan;
}

const scans = new Map<string, SourceScan>();
const scanOf = (entry: string) => scans.get(entry) ?? scans.set(entry, scanProcess(entry)).get(entry)!;

/** Left to its default on purpose: the image's layout (the built apps under /app) is the default. */
const leftToDefault = new Set(['WEB_ROOT']);
/**
 * Settings the shared schema parses in every process but only one function uses: handed only to
 * the processes that call it, so the signing key stays with the auth service and the mail
 * password with the services that send mail.
 */
const usedOnlyThrough: Record<string, string> = {
  JWT_PRIVATE_KEY: 'createTokenSigner',
  ADMIN_PASSWORD: 'ensureFirstAdmin',
  SMTP_URL: 'configuredMailer',
};
/** What a split-mode process cannot start without (README "Two ways it runs"; no key folder is shared between pods). */
const requiredEverywhere = ['DATABASE_URL', 'REDIS_URL', 'JWT_PUBLIC_KEY'];

// ---------------------------------------------------------------------------------------------
// Deployments, processes and their environment

type Process = { name: string; entry: string; deployment: IDeployment & Manifest; container: IContainer };

/** Each Deployment's one container, and the process it runs (the entry file in its command). */
function processes(objects: Rendered): Process[] {
  return ofKind<IDeployment>(objects, 'Deployment').map((deployment) => {
    const containers = deployment.spec?.template.spec?.containers ?? [];
    expect(containers).toHaveLength(1);
    const container = containers[0]!;
    const entry = (container.command ?? []).find((arg) => /\/src\/main\.ts$/.test(arg));
    if (!entry) throw new Error(`${deployment.metadata.name}: no entry file in its command`);
    const name = /^(?:services\/)?([^/]+)\/src\/main\.ts$/.exec(entry)![1]!;
    return { name, entry, deployment, container };
  });
}

const decode = (base64: string) => Buffer.from(base64.replace(/\s/g, ''), 'base64').toString('utf8');

/** A container's environment as the kubelet builds it, each reference checked to resolve. */
function environmentOf(container: IContainer, objects: Rendered): Map<string, string> {
  const env = new Map<string, string>();
  const configMap = (name: string) => named<IConfigMap>(objects, 'ConfigMap', name).data ?? {};
  const secret = (name: string) =>
    Object.fromEntries(
      Object.entries(named<ISecret>(objects, 'Secret', name).data ?? {}).map(([k, v]) => [k, decode(v)]),
    );
  for (const from of container.envFrom ?? []) {
    const data = from.configMapRef ? configMap(from.configMapRef.name!) : secret(from.secretRef!.name!);
    for (const [key, value] of Object.entries(data)) env.set(key, value);
  }
  for (const variable of container.env ?? []) {
    const ref = variable.valueFrom?.configMapKeyRef ?? variable.valueFrom?.secretKeyRef;
    if (!ref) {
      env.set(variable.name, variable.value ?? '');
      continue;
    }
    const data = variable.valueFrom?.configMapKeyRef ? configMap(ref.name!) : secret(ref.name!);
    if (!(ref.key in data)) throw new Error(`${variable.name}: ${ref.name} has no key ${ref.key}`);
    env.set(variable.name, data[ref.key]!);
  }
  return env;
}

// ---------------------------------------------------------------------------------------------
// Quantities

const units: Record<string, number> = {
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  Ki: 1024,
  Mi: 1024 ** 2,
  Gi: 1024 ** 3,
};
function quantity(value: string | number | undefined): number {
  const match = /^([0-9.]+)(m|k|M|G|Ki|Mi|Gi)?$/.exec(String(value));
  if (!match) throw new Error(`not a quantity: ${value}`);
  return Number(match[1]) * units[match[2] ?? '']!;
}

const podSpecs = (objects: Rendered): [string, IPodSpec][] => [
  ...ofKind<IDeployment>(objects, 'Deployment').map(
    (d) => [d.metadata.name, d.spec!.template.spec!] as [string, IPodSpec],
  ),
  ...ofKind<IJob>(objects, 'Job').map((j) => [j.metadata.name, j.spec!.template.spec!] as [string, IPodSpec]),
];

const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

const podLabels = (deployment: IDeployment) => deployment.spec?.template.metadata?.labels;

// ---------------------------------------------------------------------------------------------

test('the kustomizations use only what kustomize v2.0.3 (kubectl 1.14 to 1.20) understands', () => {
  // Also what kustomize v5 still reads: `patches:` with targets, `labels:`, `envs:` and folders in
  // `resources:` came later and would break the older kubectl.
  const known = new Set([
    'apiVersion',
    'kind',
    'resources',
    'bases',
    'patchesStrategicMerge',
    'patchesJson6902',
    'commonLabels',
    'commonAnnotations',
    'images',
    'namePrefix',
    'nameSuffix',
    'namespace',
    'configMapGenerator',
    'secretGenerator',
    'generatorOptions',
  ]);
  const folders = [join(__dirname, 'base'), ...overlays.map((o) => join(__dirname, 'overlays', o))];
  expect(readdirSync(join(__dirname, 'overlays')).sort()).toEqual([...overlays].sort());
  for (const folder of folders) {
    const kustomization = parse(readFileSync(join(folder, 'kustomization.yaml'), 'utf8')) as Record<string, unknown>;
    expect({ folder, unknown: Object.keys(kustomization).filter((k) => !known.has(k)) }).toEqual({
      folder,
      unknown: [],
    });
    for (const resource of (kustomization.resources ?? []) as string[])
      expect({ resource, file: statSync(join(folder, resource)).isFile() }).toEqual({ resource, file: true });
    const generators = [
      ...((kustomization.configMapGenerator ?? []) as object[]),
      ...((kustomization.secretGenerator ?? []) as object[]),
    ];
    for (const generator of generators)
      expect(
        Object.keys(generator).filter((k) => !['name', 'behavior', 'literals', 'files', 'env', 'type'].includes(k)),
      ).toEqual([]);
  }
});

describe.each(overlays)('overlays/%s', (overlay) => {
  let objects: Rendered;
  beforeAll(() => {
    objects = render(overlay);
  });

  test('every object is valid against the Kubernetes schemas and uses no field they do not know', () => {
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) {
      const validate = models[`${object.apiVersion}/${object.kind}`];
      const id = `${object.kind} ${object.metadata.name}`;
      if (!validate)
        throw new Error(`${id}: ${object.apiVersion} ${object.kind} is not one the test knows to validate`);
      const manifest = unfolded(object);
      expect(() => validate(manifest)).not.toThrow();
      expect({ id, unknown: unknownFields(validate, manifest) }).toEqual({ id, unknown: [] });
    }
  });

  test('a Deployment for the gateway and each service, running the image', () => {
    const services = readdirSync(join(root, 'services')).filter((s) =>
      existsSync(join(root, 'services', s, 'src/main.ts')),
    );
    const running = processes(objects);
    expect(running.map((p) => p.name).sort()).toEqual(['gateway', ...services].sort());
    for (const { entry, container } of running) {
      expect(existsSync(join(root, entry))).toBe(true);
      expect(container.command?.slice(0, 3)).toEqual(['node', '--import', 'tsx']);
      expect(container.image).toMatch(/(^|\/)trackboard:[\w.-]+$/);
    }
  });

  test('every container: probes on the paths and port its process serves, requests and limits, locked down', () => {
    for (const { name, deployment, container } of processes(objects)) {
      const env = environmentOf(container, objects);
      const http = container.ports?.find((p) => p.name === 'http');
      // Every process listens on PORT (server-kit's baseConfig) and answers GET /health (alive) and
      // GET /ready (migrations done, database reachable, not stopping): server-kit's app.ts for the
      // services, gateway/src/web-host.ts for the gateway.
      expect({ name, port: http?.containerPort }).toEqual({ name, port: Number(env.get('PORT')) });
      expect(container.readinessProbe?.httpGet).toMatchObject({ path: '/ready', port: 'http' });
      expect(container.livenessProbe?.httpGet).toMatchObject({ path: '/health', port: 'http' });
      // A process listens only after its migrations: liveness waits for the startup probe.
      expect(container.startupProbe?.httpGet).toMatchObject({ path: '/health', port: 'http' });
      // The root file system is read-only: DATA_DIR and the temporary folder (tsx's cache) are volumes.
      const mounts = (container.volumeMounts ?? []).map((m) => m.mountPath);
      expect({ name, mounts }).toEqual({ name, mounts: expect.arrayContaining([env.get('DATA_DIR'), '/tmp']) });
      expect(deployment.spec?.template.spec?.automountServiceAccountToken).toBe(false);
    }
    for (const [name, pod] of podSpecs(objects)) {
      expect({ name, runAsNonRoot: pod.securityContext?.runAsNonRoot }).toEqual({ name, runAsNonRoot: true });
      expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
      for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
        const { requests, limits } = container.resources ?? {};
        for (const resource of ['cpu', 'memory']) {
          expect({ name, resource, limit: limits?.[resource] }).toEqual({ name, resource, limit: expect.anything() });
          expect(quantity(limits?.[resource])).toBeGreaterThanOrEqual(quantity(requests?.[resource]));
        }
        expect(container.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
        });
        expect(container.securityContext?.capabilities?.drop).toContain('ALL');
      }
    }
  });

  test('every setting a process reads reaches its Deployment, and a secret only the processes that use it', () => {
    const running = processes(objects);
    // The scan must see every key of the configuration schemas, or it would pass by seeing nothing.
    const scanned = new Set(running.flatMap((p) => [...scanOf(p.entry).env]));
    for (const schema of [baseConfig, splitGatewayConfig, ssoConfig])
      expect(Object.keys(schema.shape).filter((k) => !scanned.has(k))).toEqual([]);

    for (const { name, entry, container } of running) {
      const { env: reads, calls } = scanOf(entry);
      const env = environmentOf(container, objects);
      const needed = [...reads].filter(
        (v) => !leftToDefault.has(v) && (!(v in usedOnlyThrough) || calls.has(usedOnlyThrough[v]!)),
      );
      expect({ name, missing: needed.filter((v) => !env.has(v)) }).toEqual({ name, missing: [] });
      const overShared = Object.entries(usedOnlyThrough).filter(([v, fn]) => env.has(v) && !calls.has(fn));
      expect({ name, overShared }).toEqual({ name, overShared: [] });
      for (const variable of requiredEverywhere)
        expect({ name, variable, set: !!env.get(variable) }).toEqual({ name, variable, set: true });
      if (calls.has(usedOnlyThrough.JWT_PRIVATE_KEY!)) expect(env.get('JWT_PRIVATE_KEY')).toBeTruthy();
    }
    // And nothing is configured that no process reads (a misspelt name would be silently ignored).
    const readSomewhere = new Set([...scanned, ...leftToDefault]);
    for (const kind of ['ConfigMap', 'Secret']) {
      const keys = ofKind<IConfigMap>(objects, kind).flatMap((o) => Object.keys(o.data ?? {}));
      expect({ kind, unread: keys.filter((k) => !readSomewhere.has(k)) }).toEqual({ kind, unread: [] });
    }
  });

  test("the settings pass each process's own configuration schemas", () => {
    for (const { name, container } of processes(objects)) {
      const env = Object.fromEntries(environmentOf(container, objects));
      if (name === 'gateway') {
        expect(() => loadConfig(splitGatewayConfig, env)).not.toThrow();
        continue;
      }
      const config = loadConfig(baseConfig, env);
      expect(config.DATABASE_URL).toBeDefined();
      if (name === 'auth') expect(() => loadConfig(ssoConfig, env)).not.toThrow();
      if (name === 'board') expect(() => attachmentSettings(env, config.DATA_DIR)).not.toThrow();
    }
  });

  test("each *_SERVICE_URL names a headless Service in front of that service's pods", () => {
    const running = processes(objects);
    for (const { name, container } of running) {
      for (const [variable, value] of environmentOf(container, objects)) {
        const service = /^([A-Z]+)_SERVICE_URL$/.exec(variable)?.[1]?.toLowerCase();
        if (!service) continue;
        const target = running.find((p) => p.name === service);
        expect({ name, variable, target: !!target }).toEqual({ name, variable, target: true });
        const url = new URL(value);
        const front = named<IService>(objects, 'Service', url.hostname);
        // Headless: the name resolves to every ready pod, and the callers track each replica.
        expect(front.spec?.clusterIP).toBe('None');
        expect(front.spec?.ports?.map((p) => p.port)).toContain(Number(url.port));
        expect(selects(front.spec?.selector, podLabels(target!.deployment))).toBe(true);
      }
    }
  });

  test('a PodDisruptionBudget for each Deployment', () => {
    const budgets = ofKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget');
    for (const { name, deployment } of processes(objects)) {
      const covering = budgets.filter((b) => selects(b.spec?.selector?.matchLabels, podLabels(deployment)));
      expect({ name, budgets: covering.length }).toEqual({ name, budgets: 1 });
      const spec = covering[0]!.spec!;
      // One replica must stay drainable (small); two or more keep one up (large).
      expect(spec).toMatchObject(overlay === 'small' ? { maxUnavailable: 1 } : { minAvailable: 1 });
      expect(spec.minAvailable === undefined || spec.maxUnavailable === undefined).toBe(true);
    }
  });

  test("replicas: the board service's from its CPU autoscaler, the others' fixed", () => {
    const running = processes(objects);
    const board = running.find((p) => p.name === 'board')!.deployment;
    const autoscalers = ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
    expect(autoscalers).toHaveLength(1);
    const hpa = autoscalers[0]!.spec!;
    expect(hpa.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: board.metadata.name });
    expect(hpa.metrics).toContainEqual(
      expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
    );
    // Utilization is measured against the request; an apply must not reset the autoscaler's count.
    expect(board.spec?.template.spec?.containers[0]?.resources?.requests?.cpu).toBeDefined();
    expect(board.spec?.replicas).toBeUndefined();
    const expected = overlay === 'small' ? { min: 1, max: 1, replicas: 1 } : { min: 2, max: 10, replicas: 2 };
    expect({ min: hpa.minReplicas, max: hpa.maxReplicas }).toEqual({ min: expected.min, max: expected.max });
    for (const { name, deployment } of running.filter((p) => p.name !== 'board'))
      expect({ name, replicas: deployment.spec?.replicas }).toEqual({ name, replicas: expected.replicas });
  });

  test('the Ingress sends pages, /api and the /socket.io websockets to the gateway', () => {
    const ingresses = ofKind<IIngress>(objects, 'Ingress');
    expect(ingresses).toHaveLength(1);
    const ingress = ingresses[0]!;
    const gateway = processes(objects).find((p) => p.name === 'gateway')!;
    const paths = (ingress.spec?.rules ?? []).flatMap((rule) => rule.http?.paths ?? []);
    for (const path of ['/', '/socket.io']) {
      const route = paths.find((p) => p.path === path && p.pathType === 'Prefix');
      const backend = route?.backend.service;
      expect({ path, backend: !!backend }).toEqual({ path, backend: true });
      const service = named<IService>(objects, 'Service', backend!.name);
      expect(selects(service.spec?.selector, podLabels(gateway.deployment))).toBe(true);
      expect(
        service.spec?.ports?.find((p) => p.name === backend!.port?.name || p.port === backend!.port?.number),
      ).toBeDefined();
    }
    // ingress-nginx: a quiet websocket lives past the 60 s default, and uploads and imports up to
    // the app's own limits get through (the app, not nginx, refuses a larger one by name).
    const annotations = (ingress.metadata as { annotations?: Record<string, string> }).annotations ?? {};
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(3600);
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThanOrEqual(3600);
    const board = processes(objects).find((p) => p.name === 'board')!;
    const env = Object.fromEntries(environmentOf(board.container, objects));
    const largestUpload = Math.max(attachmentSettings(env, '/data').maxBytes, IMPORT_MAX_BYTES);
    const bodySize = annotations['nginx.ingress.kubernetes.io/proxy-body-size']!.replace(/m$/i, 'Mi');
    expect(quantity(bodySize)).toBeGreaterThan(largestUpload);
  });

  test('the migration Job runs every migration set with the database URL the services use', () => {
    const jobs = ofKind<IJob>(objects, 'Job');
    expect(jobs.map((j) => j.metadata.name)).toEqual(['trackboard-migrate']);
    const container = jobs[0]!.spec!.template.spec!.containers[0]!;
    const script = container.command?.at(-1) ?? '';
    expect(script).toContain('runAllMigrations(');
    expect(script).toContain('allMigrations');
    const gateway = processes(objects).find((p) => p.name === 'gateway')!;
    expect(container.image).toBe(gateway.container.image);
    expect(environmentOf(container, objects).get('DATABASE_URL')).toBe(
      environmentOf(gateway.container, objects).get('DATABASE_URL'),
    );
  });

  test('the Secret holds placeholders only', () => {
    for (const secret of ofKind<ISecret>(objects, 'Secret'))
      for (const [key, value] of Object.entries(secret.data ?? {}))
        expect({ key, placeholder: decode(value) === '' || decode(value).includes('REPLACE-ME') }).toEqual({
          key,
          placeholder: true,
        });
  });
});

test('the large overlay gives every container at least the small one’s requests and limits', () => {
  const [small, large] = overlays.map((o) => podSpecs(render(o)));
  for (const [name, pod] of large!) {
    const smaller = small!.find(([n]) => n === name)?.[1];
    pod.containers.forEach((container, i) => {
      for (const kind of ['requests', 'limits'] as const)
        for (const resource of ['cpu', 'memory']) {
          const of = (c: IContainer | undefined) => quantity(c?.resources?.[kind]?.[resource]);
          expect({ name, kind, resource, atLeast: of(container) >= of(smaller?.containers[i]) }).toEqual({
            name,
            kind,
            resource,
            atLeast: true,
          });
        }
    });
  }
});

test("the migration Job's script loads every migration set and reaches for the database", () => {
  const job = ofKind<IJob>(render('small'), 'Job')[0]!;
  const [command, ...args] = job.spec!.template.spec!.containers[0]!.command!;
  expect(command).toBe('node');
  // The image's working directory is the repository's root. Nothing listens on port 1: the script
  // gets as far as connecting and fails there, which proves the modules and names it uses exist.
  const run = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: 'postgres://probe@127.0.0.1:1/none',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
  });
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 1, stderr: '' });
  expect(run.stdout).toContain('migrations failed');
  expect(run.stdout).toContain('ECONNREFUSED');
}, 60_000);
