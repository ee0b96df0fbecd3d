// Generates each service's SQL migrations from its drizzle schema (commit the output).
import { execFileSync } from 'node:child_process';

// The gateway keeps one table of its own: which release of each remote users load.
const folders = ['auth', 'project', 'board', 'admin', 'notification'].map((service) => `services/${service}`);
for (const folder of [...folders, 'gateway']) {
  console.log(`— ${folder}`);
  execFileSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], {
    cwd: folder,
    stdio: 'inherit',
  });
}
