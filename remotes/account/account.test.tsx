/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The login dialog tells success, 'user-not-found', the rate limit and any other error apart.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { configureApi } from '@shared/api';
import { resetApi } from '@shared/api/client';
import { bootstrapFixture } from '@shared/api/testing';
import { LOGIN_TEXTS } from '@shared/account';
import LoginDialog from './LoginDialog';

const host = { shopId: 'demo', shopUrl: 'https://shop.example', inShell: true, navigate: jest.fn() };
let answer: { status: number; body: unknown } = { status: 200, body: { success: true } };
const bodies: unknown[] = [];

beforeEach(() => {
  bodies.length = 0;
  globalThis.fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  configureApi({ origin: 'https://shop.example', shopId: 'demo' });
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.setAttribute('open', ''); };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.removeAttribute('open'); };
});
afterEach(() => {
  cleanup();
  resetApi();
});

async function send(email: string) {
  const config = bootstrapFixture().config;
  render(<LoginDialog host={host} config={config} />);
  fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: LOGIN_TEXTS.submit }));
}

describe('login dialog', () => {
  it('success: the link is on its way; the request names the shop and this page', async () => {
    await send('erika@example.de');
    expect(await screen.findByText(LOGIN_TEXTS.sent)).toBeTruthy();
    expect(bodies[0]).toMatchObject({ email: 'erika@example.de', webshop: 'demo', returnTo: location.href });
  });
  it.each([
    [404, { error: 'user-not-found' }, LOGIN_TEXTS.userNotFound],
    [429, { error: 'too_many_requests' }, LOGIN_TEXTS.rateLimited],
    [500, { error: 'internal' }, LOGIN_TEXTS.error],
  ])('%i → its own German message', async (status, body, text) => {
    answer = { status, body };
    await send('erika@example.de');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    answer = { status: 200, body: { success: true } };
  });
  it('a malformed e-mail is not sent', async () => {
    await send('kein-at');
    expect((await screen.findByRole('alert')).textContent).toBe(LOGIN_TEXTS.invalidEmail);
    expect(bodies).toHaveLength(0);
  });
});
