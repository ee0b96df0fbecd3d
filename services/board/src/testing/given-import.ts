import type { ImportJobDto, ProjectExport } from '@trackboard/contracts';
import { routeFor } from '@trackboard/gateway';
import type { TestPlatform } from '@trackboard/test-platform';
import { until } from './until';

let keys = 0;
/** A project key no other test file uses. */
export const freshKey = (prefix = 'I') =>
  `${prefix}${Date.now().toString(36).slice(-5).toUpperCase()}${++keys}`.slice(0, 10);

/** Export and import through the gateway's route table, as the browser sends them (a raw file body). */
export function transfer(t: TestPlatform) {
  async function send(
    method: string,
    path: string,
    token: string | undefined,
    body?: string | Uint8Array<ArrayBuffer>,
    type = 'application/json',
  ) {
    const route = routeFor(method, path);
    if (!route) throw new Error(`no route for ${method} ${path}`);
    return t.platform.apps[route.service].request(route.url, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body !== undefined && { 'content-type': type }),
      },
      body,
    });
  }

  const exportJson = async (token: string, key: string) => {
    const res = await send('GET', `/api/projects/${key}/export?format=json`, token);
    if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
    return (await res.json()) as ProjectExport;
  };

  /** Starts an import and waits for its end: the job as GET /imports/:id last answered. */
  async function importFile(
    token: string,
    query: { format: string; key: string; name: string; strict?: 'true' },
    file: string | Uint8Array<ArrayBuffer>,
    type = query.format === 'csv' ? 'text/csv' : 'application/json',
  ): Promise<ImportJobDto> {
    const res = await send('POST', `/api/imports?${new URLSearchParams(query)}`, token, file, type);
    if (res.status !== 202) throw new Error(`${res.status}: ${await res.text()}`);
    const started = (await res.json()) as ImportJobDto;
    let job = started;
    await until(async () => {
      job = (await (await send('GET', `/api/imports/${started.id}`, token)).json()) as ImportJobDto;
      return job.status === 'succeeded' || job.status === 'failed';
    }, `import ${started.id} to finish`);
    return job;
  }

  return { send, exportJson, importFile };
}
