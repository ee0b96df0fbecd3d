// The server suites' environment: jest's node environment, plus a store that lives as long as the
// worker process rather than one test file (jest loads this module once per worker). Test helpers
// keep what is costly to make and the same for every file there — the services' OpenAPI documents,
// as text — so each file does not make it again.
const { TestEnvironment } = require('jest-environment-node');

const perWorker = new Map();

module.exports = class ServerEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__trackboardPerWorker = perWorker;
  }
};
