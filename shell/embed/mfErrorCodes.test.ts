// The embed runtime and the remotes' entries swap @module-federation/error-codes for shell/embed/mfErrorCodes.ts (webpack.config.ts).
import { describe, expect, it } from '@jest/globals';
import * as lib from '@module-federation/error-codes';
import * as browser from '@module-federation/error-codes/browser';
import * as standIn from './mfErrorCodes';

describe('the stand-in for the federation error codes', () => {
  it('exports every name the library exports, and the same codes', () => {
    const names = [...Object.keys(lib), ...Object.keys(browser)].filter((n) => n !== '__esModule' && n !== 'default').sort();
    expect(names.filter((n) => !(n in standIn))).toEqual([]);
    for (const n of Object.keys(lib).filter((k) => /^[A-Z]+_\d+$/.test(k))) expect((standIn as Record<string, unknown>)[n]).toBe((lib as Record<string, unknown>)[n]);
  });

  it('a message names the code, the arguments, the docs page and the original error', () => {
    const thrown = () =>
      standIn.logAndReport('RUNTIME-008', standIn.runtimeDescMap, { url: 'https://x.test/e.js' }, (m) => {
        throw new Error(m);
      }, 'ScriptExternalLoadError');
    expect(thrown).toThrow(
      ' #RUNTIME-008\nargs: {"url":"https://x.test/e.js"}\nhttps://module-federation.io/guide/troubleshooting/runtime#runtime-008\nOriginal Error Message:\n ScriptExternalLoadError',
    );
  });
});
