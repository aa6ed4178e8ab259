// Starts the shop server (built widgets + API + example pages) on its own ports for
// scripts that measure it (size, bench). Tests use Playwright's webServer instead.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface RunningServer {
  shop: string;
  pages: string;
  stop(): Promise<void>;
}

export async function startServer(port = 18180, pagesPort = 18181, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const root = path.resolve(__dirname, '../..');
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      EXAMPLES_PORT: String(pagesPort),
      DATA_DIR: 'memory',
      TISCHLEIN_ALLOWED_ORIGINS: `http://localhost:${pagesPort},http://127.0.0.1:${pagesPort}`,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const shop = `http://localhost:${port}`;
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

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
