const { createWebConfig } = require('@trackboard/web-kit/webpack');

module.exports = createWebConfig({
  dir: __dirname,
  name: 'shell',
  // No static remotes: their manifests are read at runtime from /remotes.json.
  runtimePlugins: [require.resolve('./src/federation/remote-fallback-plugin.ts')],
  devPort: 3100,
  title: 'Trackboard',
  favicon: 'public/favicon.svg',
});
