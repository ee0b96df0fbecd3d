// Bundle budgets: what a browser downloads, gzipped, for the shell's first load
// (/login) and for a cold /boards/:id — added up from the built files and the load graph each
// build writes (web-kit's LoadGraphPlugin: chunks, the async imports that load them, the
// shared modules each one consumes), not measured in a browser. Exits non-zero over budget;
// `npm test` runs it after the web build. `--root <dir>` reads the builds from elsewhere.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const KB = 1024;
const budgets = [
  // JS and CSS (CSS travels inside the JS: style-loader). 141.5 KB at 150; 165.1 KB once every word
  // went through a catalogue: i18next (15.1 KB, shared by the shell and every remote), the shell's
  // English words (4.8 KB; German loads only when chosen) and the screens reading them by key.
  { route: '/login', limit: 168 * KB, load: (apps, download) => shellStart(apps, /\/login-page$/)(download) },
  // Everything: the page, the remote's manifest and entry, its exposed root, socket.io-client.
  // 226 KB when set at 230; 236 KB once undo (toasts, the undo stack), the offline move queue and
  // lazy-part retries, conflict-safe edit starts, presence and the settings entry joined the
  // board's first load (each measured at 0.4–2 KB; the dialogs and screens behind them load later);
  // 240.1 KB once the cards' own marks joined: attachments and cover, tasks, sub-issues, the blocked
  // mark, the estimate with the columns' sums and the estimate filter (0.2–0.6 KB each; the
  // sections behind them load with the dialog); 242.2 KB once picking cards for a bulk edit (the
  // selection, the card's mark and keys), Save view and the Board | List | Calendar switch joined
  // (0.2–0.5 KB each; the bar, the dialog, the list and the calendar are chunks loaded on use);
  // 244.2 KB once the swimlanes' Group select and address and the cycle filter's address and
  // loader joined (0.9 and 0.6 KB; the lanes, the Cycle menu and the cycles' store load on use);
  // 276.7 KB once every word went through a catalogue: i18next and the shell's words as /login, the
  // board's English words (7.3 KB, the list's, calendar's and dialog's among them: one catalogue).
  {
    route: '/boards/:id (cold)',
    limit: 280 * KB,
    load: (apps, download) => {
      shellStart(apps, null)(download);
      download.file(apps.shell, 'index.html');
      download.file(apps['mf-boards'], 'mf-manifest.json');
      download.imports(
        apps.shell,
        (i) => i.from.endsWith('socket/socket-manager.ts') && i.request === 'socket.io-client',
      );
      download.group(apps['mf-boards'], 'mf_boards');
      download.imports(apps['mf-boards'], (i) => i.from === 'container entry');
    },
  },
];

/** The shell's entry, its bootstrap (the async boundary), and the lazy page the route draws. */
function shellStart(apps, page) {
  return (download) => {
    download.group(apps.shell, 'main');
    download.imports(apps.shell, (i) => i.from === './src/main.ts' && i.request === './bootstrap');
    if (page) download.imports(apps.shell, (i) => page.test(i.request));
  };
}

function readApp(root, folder) {
  const graphFile = join(root, folder, 'dist.stats', 'load-graph.json');
  if (!existsSync(graphFile)) throw new Error(`${graphFile} is missing: build the web apps first (npm run build:web)`);
  return { folder, dist: join(root, folder, 'dist'), graph: JSON.parse(readFileSync(graphFile, 'utf8')) };
}

const gzipped = (path) => gzipSync(readFileSync(path), { level: constants.Z_BEST_COMPRESSION }).length;

/** One cold page load: each file counted once, shared modules taken from the shell when it has them. */
function createDownload(apps) {
  const files = new Map();
  const loadedChunks = new Set();
  const provider = (app, key) => (apps.shell.graph.sharedCopies[key] ? apps.shell : app);
  const download = {
    file(app, name) {
      const path = join(app.dist, name);
      if (!files.has(path)) files.set(path, { name: `${app.folder}/${name}`, gz: gzipped(path) });
    },
    chunks(app, ids) {
      for (const id of ids) {
        const key = `${app.folder}:${id}`;
        if (loadedChunks.has(key)) continue;
        loadedChunks.add(key);
        const chunk = app.graph.chunks[id];
        if (!chunk) throw new Error(`${app.folder}: no chunk ${id} in the load graph`);
        for (const file of chunk.files) if (/\.(?:js|css)$/.test(file)) download.file(app, file);
        // Module Federation fetches the shared modules a chunk consumes before running it.
        for (const shareKey of chunk.consumes) {
          const from = provider(app, shareKey);
          download.chunks(from, from.graph.sharedCopies[shareKey] ?? []);
        }
      }
    },
    group(app, name) {
      const ids = app.graph.groups[name];
      if (!ids) throw new Error(`${app.folder}: no chunk group ${name} in the load graph`);
      download.chunks(app, ids);
    },
    imports(app, which) {
      const found = app.graph.imports.filter(which);
      if (found.length === 0) throw new Error(`${app.folder}: no such import() in the load graph (${which})`);
      for (const i of found) download.chunks(app, i.chunks);
    },
    files: () => [...files.values()],
  };
  return download;
}

const rootArg = process.argv.indexOf('--root');
const root = resolve(rootArg === -1 ? '.' : process.argv[rootArg + 1]);
const apps = { shell: readApp(root, 'shell'), 'mf-boards': readApp(root, 'mf-boards') };
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

let over = 0;
for (const { route, limit, load } of budgets) {
  const download = createDownload(apps);
  load(apps, download);
  const files = download.files().sort((a, b) => b.gz - a.gz);
  const total = files.reduce((sum, f) => sum + f.gz, 0);
  const ok = total <= limit;
  if (!ok) over++;
  console.log(`${ok ? '✔' : '✖'} ${route}: ${kb(total)} gzipped in ${files.length} files (budget ${kb(limit)})`);
  for (const f of files.slice(0, ok && !process.argv.includes('--all') ? 5 : files.length))
    console.log(`    ${kb(f.gz).padStart(9)}  ${f.name}`);
}
process.exit(over ? 1 : 0);
