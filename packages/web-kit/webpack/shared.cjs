// The one map of Module Federation shared singletons (ARCHITECTURE §5). Every app's
// webpack config spreads it, so shell and remotes agree on exactly one copy of each.
// Required versions are read by webpack from each importing package's package.json.
const singleton = { singleton: true };

/** @type {Record<string, { singleton: true, import?: string, version?: string }>} */
const shared = {
  react: singleton,
  'react/': singleton, // react/jsx-runtime must be the same copy as react
  'react-dom': singleton,
  'react-dom/': singleton, // react-dom/client
  // Import from 'react-router', never 'react-router-dom'. What is shared is the subset the
  // apps use (react-router-surface.mjs, 16 KB gzipped instead of 61), under the package's
  // name and version, so every app still asks for `react-router`.
  'react-router': {
    singleton: true,
    import: require.resolve('./react-router-surface.mjs'),
    version: require('react-router/package.json').version,
  },
  zustand: singleton,
  swr: singleton,
  // Sharing zustand alone does not share a store: the package holding the session store,
  // API client and socket manager must itself be one instance across shell and remotes.
  '@trackboard/web-kit': singleton,
};

module.exports = { shared };
