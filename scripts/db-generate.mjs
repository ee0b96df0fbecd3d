// Generates each service's SQL migrations from its drizzle schema (commit the output).
import { execFileSync } from 'node:child_process';

for (const service of ['auth', 'project', 'board', 'admin', 'notification']) {
  console.log(`— ${service}`);
  execFileSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], {
    cwd: `services/${service}`,
    stdio: 'inherit',
  });
}
