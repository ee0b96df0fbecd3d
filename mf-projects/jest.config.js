// `npm test -w mf-projects`: this remote's own tests and its contract test, without the rest of the
// suite. The root's `web` project (transforms, jsdom, setup, globals), narrowed to this folder.
const path = require('node:path');
const { projects } = require('../jest.config.js');

const web = projects.find((project) => project.displayName === 'web');
module.exports = {
  ...web,
  rootDir: path.join(__dirname, '..'),
  roots: ['<rootDir>/mf-projects/src'],
  testMatch: ['<rootDir>/mf-projects/src/**/*.test.{ts,tsx}'],
};
