import type { BenchEnv } from './split-env';
import type { Row } from './table';
import { wireRequest } from './wire';

// Logins through the gateway: argon2id verification dominates. One at a time uses one core
// (the hash runs on one libuv thread); four at once show what both cores give. Each attempt
// comes from an address of its own, so the per-address login limit is not what is measured.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

export async function benchLogin(env: BenchEnv): Promise<Row[]> {
  const [user] = await env.users(1);
  let attempt = 0;
  const loginOnce = async () => {
    attempt++;
    const answer = await wireRequest(`${env.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'x-forwarded-for': `10.78.${(attempt >> 8) & 255}.${attempt & 255}` },
      body: { email: user!.email, password: user!.password },
    });
    if (answer.status !== 200) throw new Error(`login answered ${answer.status} ${answer.body.toString()}`);
  };
  const perSecond = async (concurrency: number) => {
    const stopAt = performance.now() + SECONDS * 1000;
    let count = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < stopAt) {
          await loginOnce();
          count++;
        }
      }),
    );
    return count / ((performance.now() - started) / 1000);
  };
  await perSecond(1); // warm-up
  return [
    { metric: 'logins/s, one at a time', measured: await perSecond(1), unit: '/s' },
    { metric: 'logins/s, 4 at once', measured: await perSecond(4), unit: '/s' },
  ];
}
