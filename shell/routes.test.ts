import { describe, expect, it } from '@jest/globals';
import { findTermsPage, matchRoute, routePath } from './routes';

describe('matchRoute', () => {
  const cases: [string, string, Record<string, string>][] = [
    ['/', 'home', {}],
    ['/s/AB12', 'home', { smsCode: 'AB12' }],
    ['/checkout', 'checkout', {}],
    ['/checkout/holding', 'checkoutHolding', {}],
    ['/checkout/success/4711', 'checkoutSuccess', { orderId: '4711' }],
    ['/checkout/canceled', 'checkoutCanceled', { paymentCanceled: 'canceled' }],
    ['/oeffnungszeiten', 'openingTimes', {}],
    ['/anfahrt', 'directions', {}],
    ['/ueber-uns', 'about', {}],
    ['/barrierefreiheit', 'accessibility', {}],
    ['/static/agb', 'static', { id: 'agb' }],
    ['/tisch-reservieren', 'tableReservation', {}],
    ['/tr/9/accept', 'tableReservationAnswer', { id: '9', type: 'accept' }],
    ['/feedback/77', 'feedback', { order: '77' }],
    ['/abmelden/news/a%40b.de', 'unsubscribe', { type: 'news', email: 'a@b.de' }],
    ['/reservieren/xyz', 'couponActivation', { emailid: 'xyz' }],
    ['/f/DRV1', 'couponReservation', { drivercode: 'DRV1' }],
    ['/nope', 'notFound', {}],
    ['/checkout/success', 'notFound', {}],
    ['/%E0%A4%A', 'notFound', {}],
  ];
  it.each(cases)('%s → %s', (path, name, params) => {
    const r = matchRoute(path);
    expect(r.name).toBe(name);
    expect(r.params).toEqual(params);
    expect(r.base).toBe('');
  });

  it('takes f={slug} as the base of all routes', () => {
    expect(matchRoute('/f=burgerwerk-sued')).toMatchObject({ name: 'home', base: '/f=burgerwerk-sued', slug: 'burgerwerk-sued' });
    expect(matchRoute('/f=burgerwerk-sued/checkout')).toMatchObject({ name: 'checkout', base: '/f=burgerwerk-sued' });
    expect(matchRoute('/f=x/unknown').name).toBe('notFound');
  });

  it('builds paths under the base', () => {
    expect(routePath('', '/')).toBe('/');
    expect(routePath('/f=a', '/')).toBe('/f=a');
    expect(routePath('/f=a', '/checkout')).toBe('/f=a/checkout');
  });
});

describe('findTermsPage', () => {
  it('finds by name or title in the spec order, else null', () => {
    const pages = [
      { id: '1', name: 'Impressum', title: 'Impressum' },
      { id: '2', name: 'agb', title: 'Allgemeine Geschäftsbedingungen' },
      { id: '3', name: 'Datenschutz', title: 'Datenschutzerklärung' },
    ];
    expect(findTermsPage(pages)?.id).toBe('3');
    expect(findTermsPage(pages.slice(0, 2))?.id).toBe('2');
    expect(findTermsPage(pages.slice(0, 1))).toBeNull();
  });
});
