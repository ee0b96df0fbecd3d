const { createWebConfig } = require('@trackboard/web-kit/webpack');

module.exports = createWebConfig({
  dir: __dirname,
  name: 'mf_boards',
  exposes: { './App': './src/exposes/board-app.tsx' },
  devPort: 3102,
  title: 'Trackboard · Boards (standalone)',
});
