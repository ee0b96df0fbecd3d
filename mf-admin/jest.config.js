// `npm test -w mf-admin`: this remote's own tests and its contract test, without the rest of the
// suite. The root's `web` project (transforms, jsdom, setup, globals), narrowed to this folder.
const path = require('node:path');
const { projects } = require('../jest.config.js');

const web = projects.find((project) => project.displayName === 'web');
module.exports = {
  ...web,
  rootDir: path.join(__dirname, '..'),
  roots: ['<rootDir>/mf-admin/src'],
  testMatch: ['<rootDir>/mf-admin/src/**/*.test.{ts,tsx}'],
};
