const { createWebConfig } = require('@trackboard/web-kit/webpack');

module.exports = createWebConfig({
  dir: __dirname,
  name: 'mf_admin',
  exposes: { './App': './src/exposes/admin-app.tsx' },
  devPort: 3103,
  title: 'Trackboard · Admin (standalone)',
});
