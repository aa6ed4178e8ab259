// The demo's folder transport: one .eml per message; the MIME builder and the folder are made once
// per transport, not per message (CPU per order, docs/benchmarks.md).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, jest } from '@jest/globals';

// nodemailer's real createTransport, counted
const created = jest.fn();
jest.mock('nodemailer', () => {
  const real = jest.requireActual<typeof import('nodemailer')>('nodemailer');
  return {
    ...real,
    createTransport: (...args: Parameters<typeof real.createTransport>) => {
      created();
      return real.createTransport(...args);
    },
  };
});

import { folderTransport } from './mail';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  created.mockClear();
});

const mail = (id: number) => ({ id, from: 'Tischlein <bestellung@tischlein.localhost>', to: `gast${id}@example.de`, subject: `Bestellung ${id}`, text: `Danke für Bestellung ${id}.`, html: `<p>Danke für Bestellung ${id}.</p>` });

describe('folderTransport', () => {
  it('writes one .eml per message and builds the MIME transport once for many messages', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tischlein-eml-'));
    dirs.push(root);
    const dir = join(root, 'outbox'); // not there yet: made at the first message
    const t = folderTransport(dir);
    for (const id of [1, 2, 3]) await t.send(mail(id));
    expect(readdirSync(dir).sort()).toEqual(['000001.eml', '000002.eml', '000003.eml']);
    const eml = readFileSync(join(dir, '000002.eml'), 'utf8');
    expect(eml).toContain('To: gast2@example.de');
    expect(eml).toContain('Subject: Bestellung 2');
    expect(eml).toContain('multipart/alternative');
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('makes the folder again when it was removed while the server ran', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tischlein-eml-'));
    dirs.push(root);
    const dir = join(root, 'outbox');
    const t = folderTransport(dir);
    await t.send(mail(1));
    rmSync(dir, { recursive: true, force: true });
    await t.send(mail(2));
    expect(readdirSync(dir)).toEqual(['000002.eml']);
  });
});
