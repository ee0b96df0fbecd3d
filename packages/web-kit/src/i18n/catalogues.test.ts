/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { languages } from '@trackboard/contracts';

// Every catalogue of every app and service, in every language we ship: a word missing in German
// would show in English on a German page, so it fails here, not in front of a reader.
const root = join(__dirname, '../../../..');
const apps = ['shell', 'mf-boards', 'mf-projects', 'mf-admin', 'packages', 'services'];

function catalogueFolders(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (!statSync(path).isDirectory()) continue;
    if (entry === 'messages' && readdirSync(path).includes('en.json')) found.push(path);
    else found.push(...catalogueFolders(path));
  }
  return found;
}

const read = (folder: string, language: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(folder, `${language}.json`), 'utf8'));
const placeholders = (text: string) => [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]).sort();

const folders = apps.flatMap((app) => catalogueFolders(join(root, app)));

it('finds a catalogue in the shell, every remote and web-kit', () => {
  const names = folders.map((folder) => relative(root, folder));
  for (const app of ['shell/', 'mf-boards/', 'mf-projects/', 'mf-admin/', 'packages/web-kit/']) {
    expect(names.some((name) => name.startsWith(app))).toBe(true);
  }
});

describe.each(folders.map((folder) => [relative(root, folder), folder]))('%s', (_name, folder) => {
  const english = read(folder, 'en');

  it('has only texts in English', () => {
    for (const [key, text] of Object.entries(english)) {
      expect([key, typeof text === 'string' && text.trim().length > 0]).toEqual([key, true]);
    }
  });

  it.each(languages.filter((language) => language !== 'en'))(
    'has every key in %s, with the same placeholders',
    (language) => {
      const translated = read(folder, language);
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        const other = translated[key];
        expect([key, typeof other === 'string' && other.trim().length > 0]).toEqual([key, true]);
        expect([key, placeholders(other as string)]).toEqual([key, placeholders(text as string)]);
      }
    },
  );
});

describe("the server's messages", () => {
  it.each(languages.filter((language) => language !== 'en'))(
    'are all in %s, with the same placeholders',
    async (language) => {
      const { serverMessagesInEnglish } = await import('./server-messages');
      const translated = JSON.parse(
        readFileSync(join(__dirname, 'server-messages', `${language}.json`), 'utf8'),
      ) as Record<string, string>;
      expect(Object.keys(translated).sort()).toEqual(Object.keys(serverMessagesInEnglish).sort());
      for (const [key, text] of Object.entries(serverMessagesInEnglish)) {
        expect([key, placeholders(translated[key] ?? '')]).toEqual([key, placeholders(text)]);
      }
    },
  );
});
