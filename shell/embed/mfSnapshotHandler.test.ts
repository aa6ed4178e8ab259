// The embed build swaps runtime-core's SnapshotHandler for shell/embed/mfSnapshotHandler.ts
// (webpack.config.ts). These tests fail when the library's file changes shape or asks more of its
// snapshot handler than the stand-in gives (then: check the stand-in against the new version).
import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { helpers } from '@module-federation/runtime-core';
import { SnapshotHandler, getGlobalRemoteInfo } from './mfSnapshotHandler';

const dist = path.dirname(require.resolve('@module-federation/runtime-core'));
const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');
function jsFiles(dir: string): string[] {
  return fs.readdirSync(path.join(dist, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = path.join(dir, d.name);
    if (d.isDirectory()) return jsFiles(rel);
    return rel.endsWith('.js') ? [rel] : [];
  });
}

describe("runtime-core's SnapshotHandler, as the stand-in assumes it", () => {
  it('the replaced file exports exactly SnapshotHandler and getGlobalRemoteInfo', () => {
    expect(read('plugins/snapshot/SnapshotHandler.js')).toContain('export { SnapshotHandler, getGlobalRemoteInfo };');
  });

  it('outside the snapshot plugin the runtime asks its snapshot handler for hooks, manifestCache and (preloadRemote only) loadRemoteSnapshotInfo', () => {
    const uses = new Set<string>();
    for (const file of jsFiles('.').filter((f) => !f.startsWith(path.join('plugins', 'snapshot')))) {
      for (const m of read(file).matchAll(/snapshotHandler\.(\w+)/g)) uses.add(m[1]);
    }
    expect([...uses].sort()).toEqual(['hooks', 'loadRemoteSnapshotInfo', 'manifestCache']);
    const remote = read('remote/index.js');
    // the one call of loadRemoteSnapshotInfo sits in preloadRemote, which Tischlein never calls
    const call = remote.indexOf('snapshotHandler.loadRemoteSnapshotInfo');
    expect(remote.lastIndexOf('async preloadRemote(', call)).toBeGreaterThan(remote.lastIndexOf('\n\t}\n', call));
  });
});

describe('the stand-in', () => {
  it('takes plugins by name and has a manifest cache; loading a snapshot is refused', () => {
    const h = new SnapshotHandler();
    h.hooks.applyPlugin({ name: 'inject-external-runtime-core-plugin' });
    expect(Object.keys(h.hooks.registerPlugins)).toEqual(['inject-external-runtime-core-plugin']);
    h.hooks.removePlugin('inject-external-runtime-core-plugin');
    expect(h.hooks.registerPlugins).toEqual({});
    expect(h.manifestCache).toBeInstanceOf(Map);
    expect(() => h.loadRemoteSnapshotInfo()).toThrow(/not part of the embed runtime/);
  });

  it('getGlobalRemoteInfo answers like the library: the matched version of a host snapshot, else the remote by its own version', () => {
    const g = helpers.global as unknown as { addGlobalSnapshot(s: Record<string, unknown>): void };
    g.addGlobalSnapshot({
      'shop_host:1.0.0': { version: '1.0.0', remoteEntry: '', remotesInfo: { tischlein_menu: { matchedVersion: '2.0.0' } } },
      'tischlein_menu:2.0.0': { version: '2.0.0', remoteEntry: 'menu.js' },
    });
    const matched = getGlobalRemoteInfo({ name: 'tischlein_menu' }, { name: 'shop_host', options: { version: '1.0.0' } });
    expect(matched.remoteSnapshot).toEqual({ version: '2.0.0', remoteEntry: 'menu.js' });
    expect(matched.hostGlobalSnapshot).toEqual({ version: '1.0.0', remoteEntry: '', remotesInfo: { tischlein_menu: { matchedVersion: '2.0.0' } } });

    const unknownHost = getGlobalRemoteInfo({ name: 'tischlein_cart', version: '3.0.0' }, { name: 'other_host', options: {} });
    expect(unknownHost.hostGlobalSnapshot).toBeUndefined();
    expect(unknownHost.remoteSnapshot).toBeUndefined();
  });
});
