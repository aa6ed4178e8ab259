/** @jest-environment ./tests/jest/jsdom-env.cjs */
import { describe, expect, jest, test } from '@jest/globals';

// the federation glue and the shop's start are watched, not run (their own tests cover them)
jest.mock('../federation', () => ({
  defaultManifest: jest.fn(() => ({})),
  defineWidgetElements: jest.fn(),
  holdMounts: jest.fn(),
  loadScriptsThrough: jest.fn(),
  mountWidget: jest.fn(() => Promise.resolve()),
  registerWidgets: jest.fn(),
  unmountWidget: jest.fn(),
}));
jest.mock('../start', () => ({ startShop: jest.fn(() => Promise.resolve()) }));

import * as federation from '../federation';
import * as start from '../start';
import { startEmbed } from './page';
import type { EmbedConfig } from './config';

describe('startEmbed (the runtime starts the widgets in two tasks)', () => {
  test('first the remotes and the shop data, then in a later task the page API, its queued calls and the elements', async () => {
    const script = document.createElement('script');
    const queuedEl = document.createElement('div');
    const w = window as unknown as { Tischlein?: ((...a: unknown[]) => void) & { q?: unknown[][] } };
    w.Tischlein = Object.assign(() => undefined, { q: [['mount', 'menu', queuedEl]] });
    const cfg: EmbedConfig = { shop: 'demo', api: 'https://api.example', assets: 'https://api.example/embed/', script, url: (u) => u };

    const done = startEmbed(cfg);
    expect(federation.registerWidgets).toHaveBeenCalledTimes(1);
    expect(start.startShop).toHaveBeenCalledTimes(1);
    expect(federation.holdMounts).toHaveBeenCalledTimes(1);
    expect(federation.defineWidgetElements).not.toHaveBeenCalled();
    expect(federation.mountWidget).not.toHaveBeenCalled();

    // (not in the microtasks of the same task either: nextTask's message ends it)
    await Promise.resolve();
    await Promise.resolve();
    expect(federation.defineWidgetElements).not.toHaveBeenCalled();
    await done;
    expect(federation.defineWidgetElements).toHaveBeenCalledTimes(1);
    // the call the page queued before the runtime came is made, and the API is the runtime's now
    const [name, el, host, opts] = jest.mocked(federation.mountWidget).mock.calls[0] as unknown[];
    expect([name, el, opts]).toEqual(['menu', queuedEl, {}]);
    expect((host as { shopId: string }).shopId).toBe('demo');
    expect(w.Tischlein.q).toEqual([]);
  });
});
