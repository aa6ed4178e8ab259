// `npm run bench`: runs every bench module in turn. Add yours below.
import { runPricingBench } from './pricing';

const benches: { name: string; run: () => void | Promise<void> }[] = [
  { name: 'Pricing engine', run: runPricingBench },
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
