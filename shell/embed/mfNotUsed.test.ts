// The embed runtime swaps the bundler runtime's `remotes`, the remotes' entries its `installInitialConsumes`,
// for shell/embed/mfNotUsed.ts (webpack.config.ts, mfNotUsedStandIn). The replacement matches the library's
// own relative imports; if an update of the library renames them, the swap would silently stop saving bytes.
// (`npm run size` checks the built files; the build fails if one of them calls a left-out function.)
import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import * as standIn from './mfNotUsed';

const BUNDLER_DIST = path.join(__dirname, '../../node_modules/@module-federation/webpack-bundler-runtime/dist');

describe('the stand-in for the bundler runtime functions no build calls', () => {
  it('exports both names, as nothing', () => {
    expect(standIn).toEqual({ remotes: undefined, installInitialConsumes: undefined });
  });

  it('matches the imports of the library version installed', () => {
    const index = fs.readFileSync(path.join(BUNDLER_DIST, 'index.js'), 'utf8');
    expect(index).toContain('import { remotes } from "./remotes.js";');
    expect(index).toContain('import { installInitialConsumes } from "./installInitialConsumes.js";');
    // the object that carries them: a function left out is `undefined` there, as the library's own
    // `disableRemote` / `disableShared` leave it
    expect(index).toMatch(/remotes: USE_REMOTE \? remotes : void 0/);
    expect(index).toMatch(/installInitialConsumes: USE_SHARED \? installInitialConsumes : void 0/);
  });
});
