const { createWebConfig } = require('@trackboard/web-kit/webpack');

module.exports = createWebConfig({
  dir: __dirname,
  name: 'mf_projects',
  exposes: { './App': './src/exposes/projects-app.tsx' },
  devPort: 3101,
  title: 'Trackboard · Projects (standalone)',
});
