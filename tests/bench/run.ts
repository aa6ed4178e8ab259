// `npm run bench`: runs every bench module in turn. Add yours below. `npm run bench -- NAME…` runs
// only the named ones (their keys below); `shops1000` (1,000 shops in one database, minutes) runs
// only when named: `npm run bench -- shops1000 [--shops N] [--requests N] [--pglite]`.
import { runPricingBench } from './pricing';
import { runMenuBench } from './menu';
import { runOrderBench } from './order';
import { runOrderLoadBench } from './orderLoad';
import { runReturningBench } from './returning';
import { runRssBench } from './rss';
import { runLimitsBench } from './limits';
import { runShops1000Bench } from './shops1000';

const benches: { key: string; name: string; run: () => void | Promise<void>; onlyWhenNamed?: boolean }[] = [
  { key: 'pricing', name: 'Pricing engine', run: runPricingBench },
  { key: 'menu', name: 'Menu widget', run: runMenuBench },
  { key: 'order', name: 'Order placement', run: runOrderBench },
  { key: 'orders', name: 'Orders under concurrent load (PGlite and PostgreSQL)', run: runOrderLoadBench },
  { key: 'returning', name: 'Returning guest', run: runReturningBench },
  { key: 'rss', name: 'Server memory (RSS)', run: runRssBench },
  { key: 'limits', name: 'Rate limits in the database', run: runLimitsBench },
  { key: 'shops1000', name: '1,000 shops in one database', run: runShops1000Bench, onlyWhenNamed: true },
];

async function main(): Promise<void> {
  const named = new Set(process.argv.slice(2).filter((a) => benches.some((b) => b.key === a)));
  for (const b of benches) {
    if (named.size ? !named.has(b.key) : b.onlyWhenNamed) continue;
    console.log(`\n## ${b.name}`);
    await b.run();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
