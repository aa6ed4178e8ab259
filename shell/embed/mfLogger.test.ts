// The embed runtime and the remotes' entries swap @module-federation/sdk's logger for shell/embed/mfLogger.ts (webpack.config.ts).
import { describe, expect, it, jest } from '@jest/globals';
import * as standIn from './mfLogger';

const LIBRARY_EXPORTS = ['bindLoggerToCompiler', 'createInfrastructureLogger', 'createLogger', 'infrastructureLogger', 'logger'];

describe('the stand-in for the federation logger', () => {
  it('exports the names the library module exports', () => {
    expect(Object.keys(standIn).sort()).toEqual(LIBRARY_EXPORTS);
  });

  it('prints warnings and errors to the console with the prefix; debug prints nothing', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const debug = jest.spyOn(console, 'debug').mockImplementation(() => {});
    const log = standIn.createLogger('[ Federation Runtime ]');
    log.warn('no share scope', 2);
    log.error('failed');
    log.debug();
    expect(warn).toHaveBeenCalledWith('[ Federation Runtime ]', 'no share scope', 2);
    expect(error).toHaveBeenCalledWith('[ Federation Runtime ]', 'failed');
    expect(debug).not.toHaveBeenCalled();
    warn.mockRestore();
    error.mockRestore();
    debug.mockRestore();
  });

  it('a delegate gets the messages; without the method the console does', () => {
    const seen: unknown[][] = [];
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const log = standIn.createLogger('[x]');
    log.setDelegate({ info: (...a: unknown[]) => void seen.push(a) });
    log.info('ready');
    log.warn('careful');
    expect(seen).toEqual([['[x]', 'ready']]);
    expect(warn).toHaveBeenCalledWith('[x]', 'careful');
    warn.mockRestore();
  });
});
