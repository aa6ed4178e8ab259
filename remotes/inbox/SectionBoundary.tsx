// One section that fails (its lazily loaded code is gone after an update of the server, or it
// throws) must not take the staff app down: the header, the navigation and the ringing of new
// orders stay; the section says so in German and offers to load the page again.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@shared/ui';

export const SECTION_FAILED_TEXT = 'Dieser Bereich konnte nicht geladen werden – vielleicht wurde die App gerade aktualisiert. Neue Bestellungen kommen weiter an.';
export const SECTION_RELOAD_TEXT = 'Seite neu laden';

export class SectionBoundary extends Component<{ children: ReactNode; name: string }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[tischlein:inbox:${this.props.name}]`, error, info.componentStack);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="section-failed">
        <p>{SECTION_FAILED_TEXT}</p>
        <Button onClick={() => location.reload()}>{SECTION_RELOAD_TEXT}</Button>
      </div>
    );
  }
}
