// Where an order's allocations come from (the garbage collector's work, ≈ 10 % of the order load's
// CPU): orders of 10 lines through the Hono app in-process (PGlite in memory, as tests/bench/order.ts),
// V8's sampling heap profiler counting objects the young and old generation collections took as well;
// prints the bytes allocated per order and the top functions by bytes (self).
//   npx tsx tests/bench/orderAlloc.ts [--orders N] [--top N]
import { Session } from 'node:inspector/promises';
import { createTestServer } from '../../server/testing';
import { TEN_LINES } from './order';

interface SampleNode { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; id: number; children: SampleNode[] }
interface Sample { size: number; nodeId: number }

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const orders = Number(argValue('orders')) || 300;
  const top = Number(argValue('top')) || 40;
  const s = await createTestServer();
  const body = (i: number) => JSON.stringify({
    formValues: { name: 'Bench', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', email: `gast-${i}@example.de`, phone: '0341 1', paymentMethod: 'offline', isPickup: false, serveAt: '' },
    orderItems: TEN_LINES, sessionId: `alloc-${i}`, legalAccepted: true,
  });
  const once = async (i: number) => {
    const res = await s.app.request('/api/shop/demo/order', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `alloc-key-${i}` }, body: body(i) });
    if (res.status !== 201) throw new Error(`order ${i}: HTTP ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 100; i++) await once(-1 - i);
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  for (let i = 0; i < orders; i++) await once(i);
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: SampleNode; samples: Sample[] } };
  session.disconnect();
  await s.close();
  const bySelf = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  // a built-in (Map, Array.prototype.map, …: no url) is counted to the function that called it
  const walk = (n: SampleNode, caller = '(root)') => {
    const f = n.callFrame;
    const where = f.url.replace(/^.*\/(node_modules\/(?:@[^/]+\/)?[^/]+|server|shared)\//, '$1/').replace(/^file:\/\//, '');
    const k = f.url ? `${f.functionName || '(anonymous)'} ${where}:${f.lineNumber + 1}` : caller;
    bySelf.set(k, (bySelf.get(k) ?? 0) + n.selfSize);
    const area = /^(node_modules\/(?:@[^/]+\/)?[^/]+|server\/[^/]+|shared\/[^/]+|node:)/.exec(f.url ? where : k.split(' ')[1] ?? '')?.[1] ?? '(other)';
    byArea.set(area, (byArea.get(area) ?? 0) + n.selfSize);
    total += n.selfSize;
    for (const c of n.children) walk(c, k);
  };
  walk(profile.head);
  console.log(`${orders} orders of 10 lines in-process (PGlite in memory): ${(total / orders / 1024).toFixed(0)} KB allocated per order (sampled, JS heap)`);
  console.log('by area (KB per order):');
  for (const [k, b] of [...byArea].sort((a, b2) => b2[1] - a[1]).slice(0, 20)) console.log(`${(b / orders / 1024).toFixed(1).padStart(8)}  ${k}`);
  console.log('by function, self (KB per order):');
  for (const [k, b] of [...bySelf].sort((a, b2) => b2[1] - a[1]).slice(0, top)) console.log(`${(b / orders / 1024).toFixed(1).padStart(8)}  ${k}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
