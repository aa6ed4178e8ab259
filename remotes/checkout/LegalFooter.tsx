// Beside the order button (§312j BGB, §312g(2) Nr. 2 BGB, BFSG): the note that food prepared for
// the order cannot be returned, and the checkout's footer with the shop's terms, privacy and
// accessibility pages. The pages open in a new tab, so the filled-in form stays as it is.
import { CHECKOUT_UI as T } from '@shared/checkout';

export interface LegalFooterProps {
  shopUrl: string;
  /** ids of the shop's terms and privacy pages (legalPages); null when the shop has none */
  terms: string | null;
  privacy: string | null;
}

export function LegalFooter({ shopUrl, terms, privacy }: LegalFooterProps) {
  const links = [
    ...(terms ? [{ href: `${shopUrl}/static/${encodeURIComponent(terms)}`, text: T.termsLink }] : []),
    ...(privacy ? [{ href: `${shopUrl}/static/${encodeURIComponent(privacy)}`, text: T.privacy }] : []),
    { href: `${shopUrl}/barrierefreiheit`, text: T.accessibility },
  ];
  return (
    <footer className="co-legal">
      <p id="co-withdrawal" className="co-hint">{T.withdrawalNote}</p>
      <nav aria-label={T.legalLinks}>
        <ul>
          {links.map((l) => (
            <li key={l.href}>
              <a href={l.href} target="_blank" rel="noopener">
                {l.text}
                <span className="tl-visually-hidden"> {T.newTab}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
