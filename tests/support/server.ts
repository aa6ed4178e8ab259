// Starts the shop server (built widgets + API + example pages) on its own ports for
// scripts that measure it (size, bench). Tests use Playwright's webServer instead.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { findChromium } from './browser';

export interface RunningServer {
  shop: string;
  pages: string;
  stop(): Promise<void>;
}

export async function startServer(port = 18180, pagesPort = 18181, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const root = path.resolve(__dirname, '../..');
  const shop = `http://localhost:${port}`;
  // a server still answering there (e.g. left by a measurement cut short) would be measured instead
  const taken = await fetch(shop).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is taken by another server: stop it, or set another port (SIZE_PORT, BENCH_PORT)`);
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      EXAMPLES_PORT: String(pagesPort),
      DATA_DIR: 'memory',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // the server goes with the script, however the script ends (also when its output pipe closes early)
  const killChild = () => child.kill();
  process.once('exit', killChild);
  child.once('exit', () => process.off('exit', killChild));
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      const r = await fetch(`${shop}/api/shop/demo/bootstrap`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`server did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    shop,
    pages: `http://localhost:${pagesPort}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

export { CHROMIUM_ARGS } from './browser';
/** The Chromium found by tests/support/browser.ts (undefined: Playwright's own) */
export const CHROMIUM: string | undefined = findChromium()?.path;
