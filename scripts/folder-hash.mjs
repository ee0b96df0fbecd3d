// How a release names its build: `npm run release` and the journey that makes a second version
// from a first one's files both call this, so the two names can never drift apart.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

/** sha256 over each file's path ('/'-separated), size and content, in path order. */
export function folderHash(folder) {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(folder, file)).isFile())
    .map((file) => file.split(sep).join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const content = readFileSync(join(folder, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}
