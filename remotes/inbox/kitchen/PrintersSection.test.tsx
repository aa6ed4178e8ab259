/** @jest-environment ./tests/jest/jsdom-env.cjs */
// 'Drucker hinzufügen': a name of blanks gets the German message at the field and nothing is sent
// (the browser's 'required' let blanks through, and the server's answer began with 'label:');
// a failed add tells why at the field and keeps the typed name.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { SectionProps } from '../sectionProps';
import { PrintersSection } from './PrintersSection';

afterEach(cleanup);

function fakeServer(post: () => Response) {
  const posts: unknown[] = [];
  globalThis.fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return post();
    }
    return Response.json({ printers: [] });
  }) as unknown as typeof fetch;
  return posts;
}

async function open() {
  await act(async () => {
    render(<PrintersSection {...({ shopId: 'demo' } as unknown as SectionProps)} />);
  });
  await screen.findByText('Noch kein Drucker eingerichtet.');
  return screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
}

describe("'Drucker hinzufügen'", () => {
  it('blanks as the name: the German message at the field, nothing sent', async () => {
    const posts = fakeServer(() => Response.json({ id: 'p1', url: 'https://x' }));
    const name = await open();
    fireEvent.change(name, { target: { value: '   ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    });
    expect(posts).toEqual([]);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Bitte dem Drucker einen Namen geben (1–80 Zeichen).');
  });

  it('offline: the message at the field, the name kept', async () => {
    const posts = fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    const name = await open();
    fireEvent.change(name, { target: { value: ' Küche ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    });
    expect(posts).toEqual([{ label: 'Küche', printsOn: 'accept' }]);
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Keine Verbindung zum Server. Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.');
    expect(name.value).toBe(' Küche ');
  });
});
