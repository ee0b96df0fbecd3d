// Fails the build when an app imports from `react-router` a name that the shared router
// surface (react-router-surface.mjs) does not export: through Module Federation the import
// would otherwise be `undefined` at run time (React error #130), while jest, which uses the
// whole package, stays green.
const { readFileSync } = require('node:fs');
const { WebpackError } = require('webpack');

const surfaceFile = require.resolve('./react-router-surface.mjs');
const exported = new Set([...readFileSync(surfaceFile, 'utf8').matchAll(/^\s+(\w+),?$/gm)].map((match) => match[1]));

class RouterSurfaceCheck {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap('RouterSurfaceCheck', (compilation) => {
      compilation.hooks.finishModules.tap('RouterSurfaceCheck', (modules) => {
        for (const module of modules) {
          for (const dependency of module.dependencies) {
            if (dependency.request !== 'react-router' || typeof dependency.getIds !== 'function') continue;
            const [name] = dependency.getIds(compilation.moduleGraph);
            if (!name || exported.has(name)) continue;
            const error = new WebpackError(
              `${module.readableIdentifier(compilation.requestShortener)} imports ${name} from react-router, ` +
                `which the shared router surface does not export: add it to ${surfaceFile}`,
            );
            error.module = module;
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

module.exports = { RouterSurfaceCheck, exported };
