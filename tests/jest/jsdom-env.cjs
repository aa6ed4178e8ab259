// jsdom test environment plus Node's fetch API (jsdom has no fetch, Request, Response or Headers;
// ofetch and the API test helpers need them). Component and store tests select it with the docblock
//   /** @jest-environment ./tests/jest/jsdom-env.cjs */
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['fetch', 'Request', 'Response', 'Headers', 'TextEncoder', 'TextDecoder', 'ReadableStream', 'structuredClone'];

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (this.global[name] === undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
