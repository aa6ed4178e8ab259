// Jest transformer for PGlite's CommonJS build. It loads Node built-ins with import("fs") etc.,
// which Jest's CommonJS runtime cannot run (it needs --experimental-vm-modules); this turns each
// import("<built-in>") into a resolved require() of the same module. Nothing else is changed.
const { builtinModules } = require('node:module');

const BUILTIN = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const IMPORT = /\bimport\((["'])([^"']+)\1\)/g;
const PRELUDE = 'const __jestBuiltin = (m) => { const x = require(m); return { ...x, default: x }; };';

module.exports = {
  process(source) {
    const code = source.replace(IMPORT, (call, _q, name) =>
      BUILTIN.has(name) ? `Promise.resolve(__jestBuiltin(${JSON.stringify(name)}))` : call,
    );
    // one line, so stack positions in the file stay where they were
    return { code: code === source ? source : `${PRELUDE}${code}` };
  },
};
