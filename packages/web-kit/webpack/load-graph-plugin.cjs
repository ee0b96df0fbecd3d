// Writes what a browser fetches for what, next to the build (`<app>/dist.stats/load-graph.json`,
// outside dist so it is never served): the bundle budget (scripts/bundle-budget.mjs) walks it
// to add up what /login and a cold /boards/:id download.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

/** A Module Federation consume-shared module: its share key (`react`, `react-dom/client`, ...). */
const shareKeyOf = (module) => (module?.type === 'consume-shared-module' ? module.options.shareKey : undefined);

class LoadGraphPlugin {
  /** @param {{ outputDir: string }} options */
  constructor({ outputDir }) {
    this.outputDir = outputDir;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.done.tap('LoadGraphPlugin', ({ compilation }) => {
      if (compilation.errors.length > 0) return;
      const { chunkGraph, requestShortener } = compilation;
      const idOf = (chunk) => String(chunk.id);

      /** Each chunk's files and the shared modules the runtime fetches before running it. */
      const chunks = {};
      for (const chunk of compilation.chunks) {
        const consumes = new Set();
        for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
          const key = shareKeyOf(module);
          if (key) consumes.add(key);
        }
        chunks[idOf(chunk)] = { files: [...chunk.files], consumes: [...consumes] };
      }

      /** Named groups (entries): their chunks. */
      const groups = {};
      for (const [name, group] of compilation.namedChunkGroups) groups[name] = group.chunks.map(idOf);

      /** Each import() (and exposed module): who asks, for what, which chunks it loads. */
      const imports = [];
      /** Share key → the chunks holding this build's own copy (loaded when the share scope picks it). */
      const sharedCopies = {};
      for (const group of compilation.chunkGroups) {
        for (const origin of group.origins) {
          const ids = group.chunks.map(idOf);
          const key = shareKeyOf(origin.module);
          if (key) sharedCopies[key] = [...new Set([...(sharedCopies[key] ?? []), ...ids])];
          else if (origin.request) {
            const from = origin.module ? origin.module.readableIdentifier(requestShortener) : '';
            imports.push({ from, request: origin.request, chunks: ids });
          }
        }
      }

      mkdirSync(this.outputDir, { recursive: true });
      writeFileSync(
        path.join(this.outputDir, 'load-graph.json'),
        JSON.stringify({ chunks, groups, imports, sharedCopies }, null, 1),
      );
    });
  }
}

module.exports = { LoadGraphPlugin };
