// `npm run bench`: runs every bench module in turn. Add yours below.
import { runPricingBench } from './pricing';
import { runMenuBench } from './menu';
import { runOrderBench } from './order';
import { runReturningBench } from './returning';
import { runRssBench } from './rss';
import { runLimitsBench } from './limits';

const benches: { name: string; run: () => void | Promise<void> }[] = [
  { name: 'Pricing engine', run: runPricingBench },
  { name: 'Menu widget', run: runMenuBench },
  { name: 'Order placement', run: runOrderBench },
  { name: 'Returning guest', run: runReturningBench },
  { name: 'Server memory (RSS)', run: runRssBench },
  { name: 'Rate limits in the database', run: runLimitsBench },
];

async function main(): Promise<void> {
  for (const b of benches) {
    console.log(`\n## ${b.name}`);
    await b.run();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
