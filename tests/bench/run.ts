// `npm run bench`: runs every bench module in turn. Add yours below.
import { runPricingBench } from './pricing';
import { runMenuBench } from './menu';

const benches: { name: string; run: () => void | Promise<void> }[] = [
  { name: 'Pricing engine', run: runPricingBench },
  { name: 'Menu widget', run: runMenuBench },
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
