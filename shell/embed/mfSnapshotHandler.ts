// The embed runtime's stand-in for @module-federation/runtime-core's SnapshotHandler (webpack.config.ts
// swaps the file in the embed build only). Snapshots come from manifests (`mf-manifest.json`), which
// our containers do not have (`manifest: false`, remotes registered by their entry URL); the snapshot
// plugin is off (`disableSnapshot`). The runtime still creates a SnapshotHandler and asks it for two
// things: its `manifestCache` and `getGlobalRemoteInfo` when a remote is registered again
// (registerRemotes with `force`, shell/federation.ts); its `hooks` take plugins. Only
// preloadRemote would load a snapshot, and we never call it. ≈ 1.6 KB gzip less on a restaurant's
// page (docs/benchmarks.md). shell/embed/mfSnapshotHandler.test.ts checks the library's file still
// has the shape this stands in for.
import { helpers } from '@module-federation/runtime-core';

interface ModuleInfo {
  name: string;
  version?: string;
}
interface Host {
  name: string;
  options: { version?: string };
}
interface RemotesInfo {
  remotesInfo?: Record<string, { matchedVersion?: string }>;
}

/** The library's getGlobalRemoteInfo, line for line (runtime-core 2.9.2, plugins/snapshot/SnapshotHandler.js). */
export function getGlobalRemoteInfo(moduleInfo: ModuleInfo, origin: Host) {
  const g = helpers.global as unknown as {
    getGlobalSnapshot(): unknown;
    getGlobalSnapshotInfoByModuleInfo(info: { name: string; version?: string }): unknown;
    getInfoWithoutType<T>(target: Record<string, T>, key: string): { value: T | undefined };
  };
  const hostGlobalSnapshot = g.getGlobalSnapshotInfoByModuleInfo({ name: origin.name, version: origin.options.version }) as
    | RemotesInfo
    | undefined;
  const globalRemoteInfo =
    hostGlobalSnapshot &&
    'remotesInfo' in hostGlobalSnapshot &&
    hostGlobalSnapshot.remotesInfo &&
    g.getInfoWithoutType(hostGlobalSnapshot.remotesInfo, moduleInfo.name).value;
  if (globalRemoteInfo && globalRemoteInfo.matchedVersion)
    return {
      hostGlobalSnapshot,
      globalSnapshot: g.getGlobalSnapshot(),
      remoteSnapshot: g.getGlobalSnapshotInfoByModuleInfo({ name: moduleInfo.name, version: globalRemoteInfo.matchedVersion }),
    };
  return {
    hostGlobalSnapshot: undefined,
    globalSnapshot: g.getGlobalSnapshot(),
    remoteSnapshot: g.getGlobalSnapshotInfoByModuleInfo({
      name: moduleInfo.name,
      version: 'version' in moduleInfo ? moduleInfo.version : undefined,
    }),
  };
}

interface Plugin {
  name: string;
}

export class SnapshotHandler {
  readonly manifestCache = new Map<string, unknown>();
  /** a PluginSystem without lifecycles: plugins register (by name), no snapshot hook ever runs */
  readonly hooks = {
    registerPlugins: {} as Record<string, Plugin>,
    lifecycle: {},
    lifecycleKeys: [] as string[],
    applyPlugin(plugin: Plugin) {
      if (!this.registerPlugins[plugin.name]) this.registerPlugins[plugin.name] = plugin;
    },
    removePlugin(name: string) {
      delete this.registerPlugins[name];
    },
  };
  loadRemoteSnapshotInfo(): never {
    throw new Error('Tischlein: remote snapshots (manifests, preloadRemote) are not part of the embed runtime');
  }
}
