// New waiter passwords: at least 10 characters (npm run waiter-password refuses shorter ones).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { SERVER_DIR } from '../here';
import { verifyWaiterPassword, waiterPasswordProblem } from './waiter';

const run = promisify(execFile);
const ROOT = join(SERVER_DIR, '..');

describe('waiter password rule', () => {
  it('refuses passwords under 10 characters (counted as characters, not bytes)', () => {
    expect(waiterPasswordProblem('kellner')).toBe('Das Kellner-Passwort muss mindestens 10 Zeichen lang sein.');
    expect(waiterPasswordProblem('123456789')).toBe('Das Kellner-Passwort muss mindestens 10 Zeichen lang sein.');
    expect(waiterPasswordProblem('äöüäöüäöü')).not.toBeNull(); // 9 characters, 18 bytes
    expect(waiterPasswordProblem('1234567890')).toBeNull();
  });

  it('npm run waiter-password refuses a short one (exit 2, German message) and hashes a long one', async () => {
    const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
    const script = join(ROOT, 'scripts', 'waiter-password.ts');
    const short = await run(tsx, [script, 'kellner'], { cwd: ROOT }).then(
      () => null,
      (e: { code: number; stderr: string; stdout: string }) => e,
    );
    expect(short?.code).toBe(2);
    expect(short?.stderr.trim()).toBe('Das Kellner-Passwort muss mindestens 10 Zeichen lang sein.');
    expect(short?.stdout).toBe('');
    const ok = await run(tsx, [script, 'lang-genug-1'], { cwd: ROOT });
    const hash = ok.stdout.trim();
    expect(hash).toMatch(/^scrypt:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyWaiterPassword('lang-genug-1', hash)).toBe(true);
  }, 60_000);
});
