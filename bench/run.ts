// npm run bench — prints figures; needs DATABASE_URL and REDIS_URL (split-mode benches).
import { benchGatewayOverhead } from './gateway-overhead';
import { benchLogin } from './login';
import { benchBoard } from './board';
import { benchRealtime } from './realtime';
import { benchAdmin } from './admin';

const benches: [string, () => Promise<void>][] = [
  ['gateway overhead', benchGatewayOverhead],
  ['login', benchLogin],
  ['board', benchBoard],
  ['realtime', benchRealtime],
  ['admin', benchAdmin],
];
const only = process.argv[2];

(async () => {
  for (const [name, bench] of benches) {
    if (only && !name.includes(only)) continue;
    await bench();
  }
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
