/** @jest-environment ./tests/jest/jsdom-env.cjs */
import { describe, expect, jest, test } from '@jest/globals';

// the shop's stores are watched, not run (their own tests cover them); the shop data comes when the test says
let deliver: () => void = () => undefined;
jest.mock('@shared/stores', () => ({
  $bootstrap: { subscribe: jest.fn(() => () => undefined) },
  configureConsent: jest.fn(),
  loadShop: jest.fn(() => new Promise<void>((resolve) => (deliver = resolve))),
  startShopServices: jest.fn(),
  startVisitTracking: jest.fn(),
}));
jest.mock('@shared/api', () => ({ configureApi: jest.fn(), includePageTexts: jest.fn(), primeBootstrap: jest.fn() }));
jest.mock('@shared/widget', () => ({ setWidgetTheme: jest.fn() }));

import * as stores from '@shared/stores';
import { startServices, startShop } from './start';

/** Lets every task queued so far (timers of 0 ms included) run. */
const tasks = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('startShop', () => {
  test('the shell: the shop data, the consent, the shop timers and visit tracking at once', () => {
    void startShop({ shopId: 'demo', apiOrigin: 'https://api.example', consent: { remember: true } });
    expect(stores.loadShop).toHaveBeenCalledWith('demo');
    expect(stores.configureConsent).toHaveBeenCalledTimes(1);
    expect(stores.startShopServices).toHaveBeenCalledTimes(1);
    expect(stores.startVisitTracking).toHaveBeenCalledTimes(1);
  });

  test('laterServices (the embed runtime): the consent at once, the shop timers and visit tracking only when the caller says so', async () => {
    jest.clearAllMocks();
    const loaded = startShop({ shopId: 'demo', apiOrigin: 'https://api.example', consent: { remember: false }, laterServices: true });
    // the consent is configured at once (the host page's queued Tischlein('consent', …) calls come after it)
    expect(stores.configureConsent).toHaveBeenCalledTimes(1);
    deliver();
    await loaded;
    await tasks();
    expect(stores.startShopServices).not.toHaveBeenCalled();
    expect(stores.startVisitTracking).not.toHaveBeenCalled();
    startServices();
    expect(stores.startShopServices).toHaveBeenCalledTimes(1);
    expect(stores.startVisitTracking).toHaveBeenCalledTimes(1);
  });
});
