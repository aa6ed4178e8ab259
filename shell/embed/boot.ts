// The embed runtime (dist/embed/runtime.js), a Module Federation host for foreign pages: its entry.
// The runtime is one download (a chain of chunk requests would cost round trips on a phone), but
// evaluating all of it in the task that runs the script took ≈ 250 ms at 4× CPU: a long task in
// which the restaurant's own page does not react to a tap. So each shared library is evaluated in
// a task of its own, in the order they build on each other; then page.ts starts the widgets (two
// more tasks: startEmbed yields in between).
// (`webpackMode: "eager"`: every step is in this file already; import() only defers evaluating it.)
import type { EmbedConfig } from './config';
import { nextTask } from './nextTask';

const cfg = (window as unknown as { __tischlein?: EmbedConfig }).__tischlein;

// (React comes with ui, react-dom with widget: their own import() would add a helper to the runtime)
const STEPS: (() => Promise<unknown>)[] = [
  () => import(/* webpackMode: "eager" */ '@shared/i18n'),
  () => import(/* webpackMode: "eager" */ '@shared/domain'),
  () => import(/* webpackMode: "eager" */ '@shared/time'),
  () => import(/* webpackMode: "eager" */ '@shared/pricing'),
  () => import(/* webpackMode: "eager" */ '@shared/rules'),
  () => import(/* webpackMode: "eager" */ '@shared/api'),
  () => import(/* webpackMode: "eager" */ '@shared/stores'),
  () => import(/* webpackMode: "eager" */ '@shared/ui'),
  () => import(/* webpackMode: "eager" */ '@shared/widget'),
];

async function boot(config: EmbedConfig): Promise<void> {
  for (const step of STEPS) {
    // (first the task that evaluated this file ends)
    await nextTask();
    await step();
  }
  await nextTask();
  const { startEmbed } = await import(/* webpackMode: "eager" */ './page');
  // (page.ts's own evaluation — the federation glue, the shop's start — ends its task too)
  await nextTask();
  await startEmbed(config);
}

if (cfg) {
  // (the loader checks this when the script has run: a runtime that threw before got no further)
  cfg.ok = 1;
  boot(cfg).catch((e: unknown) => {
    console.error('[tischlein]', e);
    cfg.fail?.('runtime-start-failed');
  });
}
