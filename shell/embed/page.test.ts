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
let deliver: () => void = () => undefined;
jest.mock('../start', () => ({ startShop: jest.fn(() => new Promise<void>((resolve) => (deliver = resolve))), startServices: jest.fn() }));

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

  test('the shop timers, the live poll and visit tracking start after the shop data, in a task of their own (not before the live menu)', async () => {
    const cfg: EmbedConfig = { shop: 'demo', api: 'https://api.example', assets: 'https://api.example/embed/', script: document.createElement('script'), url: (u) => u };
    jest.mocked(start.startServices).mockClear();
    await startEmbed(cfg);
    expect(jest.mocked(start.startShop).mock.lastCall?.[0]).toMatchObject({ laterServices: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(start.startServices).not.toHaveBeenCalled();
    deliver();
    // (the task that brings the shop data hydrates the menu's first view: not in its microtasks)
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(start.startServices).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(start.startServices).toHaveBeenCalledTimes(1);
  });
});
