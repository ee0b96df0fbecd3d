import { hash, verify } from '@node-rs/argon2';
import { createTestPlatform } from '@trackboard/test-platform';

// Login throughput: argon2id verification dominates. One core = one login at a time (the
// hash runs on one libuv thread); the concurrent figure shows what both cores give.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

export async function benchLogin(): Promise<void> {
  const t = await createTestPlatform();
  try {
    const { email, password } = await t.givenUser();
    let ip = 0;
    const loginOnce = async () => {
      ip++;
      const res = await t.request('POST', '/api/auth/login', {
        body: { email, password },
        ip: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
      await res.arrayBuffer();
    };
    const measure = async (concurrency: number) => {
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

    const argonHash = await hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) await verify(argonHash, password);
    const verifyMs = (performance.now() - t0) / 20;

    await measure(1); // warm-up
    const oneCore = await measure(1);
    const twoCores = await measure(4);
    console.log('\nLogin throughput (auth service in-process, PGlite; argon2id m=19456 KiB, t=2, p=1)');
    console.log(`  argon2id verify alone: ${verifyMs.toFixed(1)} ms`);
    console.log(`  logins/s, one at a time (one core): ${oneCore.toFixed(1)}`);
    console.log(`  logins/s, 4 concurrent (both cores): ${twoCores.toFixed(1)}`);
  } finally {
    await t.close();
  }
}
