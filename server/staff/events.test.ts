// The event hub's subscriptions (server/staff/events.ts): an unsubscribe called twice — the guest's
// status stream calls it when its client goes and again when its loop ends — leaves the other
// subscribers of the same order alone, also one that subscribed in between.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDb, type Db } from '../db';
import { createEventHub, notifyOrderEvent, type EventHub, type HubMessage } from './events';
import { until } from '../testingTimers';

describe('event hub: unsubscribe', () => {
  let db: Db;
  let hub: EventHub;
  beforeAll(async () => {
    db = await openDb();
    hub = createEventHub(db);
  }, 60_000);
  afterAll(async () => {
    await hub?.close();
    await db?.close();
  });

  it('a second unsubscribe does not drop a later subscriber of the same order', async () => {
    const first: HubMessage[] = [];
    const second: HubMessage[] = [];
    const off1 = await hub.subscribeOrder('demo', 'o-1', (m) => first.push(m));
    off1();
    // a second page of the same order subscribes after the first one's set was emptied and removed
    const off2 = await hub.subscribeOrder('demo', 'o-1', (m) => second.push(m));
    off1();
    expect(hub.size()).toBe(1);
    await notifyOrderEvent(db, { shopId: 'demo', orderId: 'o-1', kind: 'status' });
    await until(() => second.length === 1);
    expect(second).toEqual([{ shopId: 'demo', orderId: 'o-1', kind: 'status' }]);
    expect(first).toEqual([]);
    off2();
    off2();
    expect(hub.size()).toBe(0);
  });
});
