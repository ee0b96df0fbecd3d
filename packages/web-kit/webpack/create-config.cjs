// The one webpack config every web app builds with (shell and remotes): each app's
// webpack.config.js only names itself. See ARCHITECTURE §5 and §10 for the why of the pins.
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { DefinePlugin } = require('webpack');
const { LoadGraphPlugin } = require('./load-graph-plugin.cjs');
const { RouterSurfaceCheck } = require('./router-surface-check.cjs');
const { shared } = require('./shared.cjs');

// Workspace packages are TypeScript source (`main: src/index.ts`) and webpack resolves
// their node_modules symlinks to real paths here, so the TS loader must include them.
const packagesDir = path.resolve(__dirname, '../..');
const gatewayUrl = process.env.TRACKBOARD_GATEWAY_URL || 'http://localhost:3000';
// The whole React Router behind the shared surface (react-router-surface.mjs). Reached by a
// name of its own: a bare `react-router` there would be consumed from the share scope again.
const reactRouterFull = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// The gateway serves these beside each file by Accept-Encoding (gateway/src/static-files.ts).
// Built once, so the slowest, smallest settings pay; a remote built on its own gets them too.
const compressible = /\.(?:js|css|html|json|txt|svg)$/;
const precompressed = () => [
  new CompressionPlugin({
    test: compressible,
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    minRatio: 0.9,
  }),
  new CompressionPlugin({
    test: compressible,
    filename: '[path][base].gz',
    algorithm: 'gzip',
    compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
    minRatio: 0.9,
  }),
];

/**
 * @typedef {object} WebApp
 * @property {string} dir           the app's folder (the __dirname of its webpack.config.js)
 * @property {string} name          Module Federation container name (`shell`, `mf_boards`, ...)
 * @property {Record<string, string>} [exposes]  a remote's exposed modules; absent for the host
 * @property {string[]} [runtimePlugins]         MF runtime plugin files (host: the remote fallback)
 * @property {number} devPort       port of `webpack serve`
 * @property {string} title         page title of the app's HTML page
 * @property {string} [favicon]     the page's icon, relative to `dir`: emitted beside index.html
 *                                  and linked from it; without one the page asks for none
 */

// webpack 5.111 with MF enhanced 2.9.2 (module-federation/core#5077): the federation runtime
// module resolves its entry chunk's filename while chunk hashes are still being computed, only
// to learn the output folder depth, and [contenthash] fails the build there. Until the hash
// exists, answer without it: same folder, and the emitted file still carries the hash.
/** @param {import('webpack').PathData} pathData */
const hashedEntryFilename = (pathData) =>
  pathData.chunk && 'contentHash' in pathData.chunk && pathData.chunk.contentHash.javascript
    ? '[name].[contenthash:8].js'
    : '[name].js';

/**
 * Two variables let scripts/release-remote.mjs build a release without touching `<app>/dist`
 * (which a running gateway may be serving): TRACKBOARD_BUILD_OUT is the output folder, and
 * TRACKBOARD_RELEASE_VERSION the build version in place of package.json's.
 * @param {WebApp} app
 */
function createWebConfig(app) {
  const isRemote = Boolean(app.exposes);
  const pkg = require(path.join(app.dir, 'package.json'));

  return (_env, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const isProd = mode === 'production';
    const buildVersion = process.env.TRACKBOARD_RELEASE_VERSION || pkg.version;
    const outputPath = process.env.TRACKBOARD_BUILD_OUT
      ? path.resolve(process.env.TRACKBOARD_BUILD_OUT)
      : path.join(app.dir, 'dist');
    // MF stamps a build version into the container's runtime id and the manifest. Unset, it
    // reads the package.json of the *working directory* (the repo root under build-web), so
    // name this app's version explicitly; the manifest is also pinned below.
    process.env.MF_BUILD_VERSION = buildVersion;
    // A remote's production build is only its container (remoteEntry.js + chunks + manifest);
    // the standalone page (src/main.ts → bootstrap) exists for the team's own `npm run dev`.
    const standalonePage = !isRemote || !isProd;

    return {
      name: app.name,
      mode,
      // The MF manifest reads buildInfo from the package.json found at the context.
      context: app.dir,
      entry: standalonePage ? { main: './src/main.ts' } : {},
      // A warm filesystem cache once produced a shell whose shared react-router had lost its
      // re-exports (React error #130): production always builds cold.
      cache: isProd ? false : { type: 'memory' },
      devtool: isProd ? false : 'eval-cheap-module-source-map',
      output: {
        path: outputPath,
        // The shell serves deep links (/projects/KEY) from one index.html, so its chunks need an
        // absolute base; a remote's base is wherever its remoteEntry.js was loaded from.
        publicPath: isRemote ? 'auto' : '/',
        // The global a build's chunks register in is named after this. Two releases of a remote on
        // one page (a canary that failed after its entry ran, then its fallback) must not share it,
        // or the second runtime would take the first one's modules for its own.
        uniqueName: `${pkg.name}@${buildVersion}`,
        filename: isProd ? hashedEntryFilename : '[name].js',
        chunkFilename: isProd ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        alias: { 'trackboard-react-router-full$': reactRouterFull },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            include: [path.join(app.dir, 'src'), packagesDir],
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !isProd } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.module\.css$/,
            use: [
              require.resolve('style-loader'),
              {
                loader: require.resolve('css-loader'),
                options: {
                  modules: {
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    localIdentName: isProd ? '[hash:base64:6]' : '[name]__[local]--[hash:base64:4]',
                    // Shell and remotes compile separately: salt with the app so class names never collide.
                    localIdentHashSalt: app.name,
                  },
                },
              },
            ],
          },
          {
            test: /\.css$/,
            exclude: /\.module\.css$/,
            use: [require.resolve('style-loader'), require.resolve('css-loader')],
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          ...(isRemote ? { filename: 'remoteEntry.js', exposes: app.exposes } : {}),
          // The shell's manifest too: the gateway serves a remote version only when its shared
          // list agrees with the shell's.
          manifest: {
            fileName: 'mf-manifest.json',
            // This app's build version, even when several configs share one process (and so
            // one MF_BUILD_VERSION).
            additionalData: ({ stats }) => {
              stats.metaData.buildInfo.buildVersion = buildVersion;
              stats.metaData.buildInfo.buildName = pkg.name;
              return stats;
            },
          },
          shared,
          shareStrategy: 'loaded-first',
          // The federation runtime for browsers only (about 1.7 KB gzipped less each). A remote
          // loads no remotes and reads no manifests, so its remoteEntry.js also leaves out that
          // part of the runtime (25 → 18 KB gzipped); the shell keeps it to load the remotes.
          experiments: {
            optimization: isRemote ? { target: 'web', disableRemote: true, disableSnapshot: true } : { target: 'web' },
          },
          runtimePlugins: app.runtimePlugins ?? [],
          dts: false,
        }),
        ...(standalonePage
          ? [
              new HtmlWebpackPlugin({
                templateContent: htmlPage(app.title, Boolean(app.favicon)),
                // html-webpack-plugin emits it at the output's root (/favicon.svg, served by the
                // gateway's web host) and adds the <link rel="icon">.
                favicon: app.favicon ?? false,
                // Only the app itself: a remote's container entry is for hosts, not for its own page.
                chunks: ['main'],
                // Deep links are served this page too, so script URLs must be absolute.
                publicPath: '/',
              }),
            ]
          : []),
        // Lets a page show which release of a remote it is running (data-remote-version).
        new DefinePlugin({ __REMOTE_BUILD_VERSION__: JSON.stringify(buildVersion) }),
        new RouterSurfaceCheck(),
        // Beside the output folder: `<app>/dist.stats` for the usual build (scripts/bundle-budget.mjs).
        ...(isProd ? [...precompressed(), new LoadGraphPlugin({ outputDir: `${outputPath}.stats` })] : []),
      ],
      performance: { hints: false },
      devServer: {
        port: app.devPort,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        // A remote's dev server is also loaded by a shell on another port.
        headers: isRemote ? { 'Access-Control-Allow-Origin': '*' } : undefined,
        proxy: [
          {
            context: isRemote ? ['/api', '/socket.io'] : ['/api', '/socket.io', '/remotes.json', '/remotes'],
            target: gatewayUrl,
            ws: true,
          },
        ],
        client: { overlay: { warnings: false } },
      },
    };
  };
}

/**
 * @param {string} title
 * @param {boolean} hasIcon  without an icon of its own, `data:,` stops the browser asking for /favicon.ico
 */
function htmlPage(title, hasIcon) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>${hasIcon ? '' : '\n    <link rel="icon" href="data:," />'}
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
}

module.exports = { createWebConfig, shared };
