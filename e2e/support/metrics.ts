/** A process's /metrics (Prometheus text), with the token when one is set. */
export async function scrape(baseUrl: string, token?: string): Promise<string> {
  const res = await fetch(`${baseUrl}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (!res.ok) throw new Error(`${baseUrl}/metrics → ${res.status}`);
  return res.text();
}

/** The sum of a series' samples whose labels include every one of `labels`. */
export function sampleSum(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([key, value]) => match[2]?.includes(`${key}="${value}"`));
    if (has) sum += Number(match[3]);
  }
  return sum;
}
