// The shell's own consent banner (on foreign pages the host page's consent manager decides through
// the JS API). Not modal: the shop works fully while it is open. Both answers have equal weight.
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { StaticPage } from '@shared/domain';
import { CONSENT_TEXTS as T } from '@shared/pages';
import { $consentBannerOpen, chooseConsent, openConsentBanner } from '@shared/stores';
import { Link } from './Link';
import { termsPath } from './routes';

let focusOnOpen = false;
/** The banner was opened again from the footer's button: the answer takes the focus back there. */
let openedFromFooter = false;

export function ConsentBanner({ pages }: { pages: StaticPage[] }) {
  const open = useStore($consentBannerOpen);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (open && focusOnOpen) {
      focusOnOpen = false;
      ref.current?.focus();
    }
  }, [open]);
  if (!open) return null;
  const privacy = termsPath(pages);
  return (
    <section className="consent" aria-labelledby="consent-title" tabIndex={-1} ref={ref}>
      <h2 id="consent-title" className="consent__title">
        {T.title}
      </h2>
      <div className="consent__body">
        <p className="consent__text">{T.text}</p>
        {privacy !== '/' && (
          <Link to={privacy} className="consent__link">
            {T.privacy}
          </Link>
        )}
      </div>
      <div className="consent__buttons">
        <button type="button" className="consent__button" onClick={() => answer(true)}>
          {T.accept}
        </button>
        <button type="button" className="consent__button" onClick={() => answer(false)}>
          {T.decline}
        </button>
      </div>
    </section>
  );
}

function answer(choice: boolean) {
  chooseConsent(choice);
  // the focus is not lost with the removed banner: opened from the footer, it goes back to the
  // footer's button; the banner of a first visit (above the header) hands it on to the header's
  // first link, where the page goes on, without scrolling (on a phone the footer is a long way down)
  const fromFooter = openedFromFooter;
  openedFromFooter = false;
  if (fromFooter) document.querySelector<HTMLElement>('.consent-settings')?.focus();
  else document.querySelector<HTMLElement>('.shell-header a')?.focus({ preventScroll: true });
}

/** In the footer: opens the banner again (change or withdraw consent). */
export function ConsentSettingsButton() {
  return (
    <button
      type="button"
      className="consent-settings"
      onClick={() => {
        focusOnOpen = true;
        openedFromFooter = true;
        openConsentBanner();
      }}
    >
      {T.settings}
    </button>
  );
}
