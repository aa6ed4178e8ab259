/** @jest-environment ./tests/jest/jsdom-env.cjs */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Button, Price, Spinner, Toast, uiCss } from './index';
import { VisuallyHidden } from './VisuallyHidden';
import { AlertDialog, ConfirmDialog, Dialog, SHAKE_MS, Stepper } from '@shared/dialog';
import { dialogCss } from '@shared/dialog/styles';

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe('Dialog without showModal (jsdom)', () => {
  it('falls back to the open attribute', () => {
    render(
      <Dialog open onClose={() => undefined} header="Titel">
        Inhalt
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.hasAttribute('open')).toBe(true);
  });
});

describe('Dialog', () => {
  beforeAll(() => {
    // jsdom lacks the modal API; emulate enough of it.
    const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void };
    proto.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    proto.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });

  function Harness(props: { persistent?: boolean; onClose?: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <div>
        <button type="button" onClick={() => setOpen(true)}>
          öffnen
        </button>
        <Dialog
          open={open}
          persistent={props.persistent}
          onClose={() => {
            props.onClose?.();
            setOpen(false);
          }}
          header="BESTELLOPTIONEN"
          subheader="Du kannst dies später ändern."
        >
          <input aria-label="Dein Standort" />
        </Dialog>
      </div>
    );
  }

  it('is labelled by its header, modal, and focuses inside then returns focus', () => {
    render(<Harness />);
    const opener = screen.getByText('öffnen');
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'BESTELLOPTIONEN' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Dein Standort'));
    expect(screen.getByText('Du kannst dies später ändern.').id).toBe(dialog.getAttribute('aria-describedby'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with the close icon, Escape and a backdrop click', () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByText('öffnen'));
    fireEvent.click(screen.getByRole('button', { name: 'Dialog schliessen' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByText('öffnen'));
    fireEvent.keyDown(screen.getByLabelText('Dein Standort'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByText('öffnen'));
    const dialog = screen.getByRole('dialog');
    // a click inside the panel does not close
    fireEvent.mouseDown(screen.getByText('BESTELLOPTIONEN'));
    fireEvent.click(screen.getByText('BESTELLOPTIONEN'));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('handles the native cancel event once', () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByText('öffnen'));
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      screen.getByRole('dialog').dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shakes for 300 ms instead of closing when persistent', () => {
    jest.useFakeTimers();
    const onClose = jest.fn();
    render(<Harness persistent onClose={onClose} />);
    fireEvent.click(screen.getByText('öffnen'));
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.classList.contains('tl-dialog--shake')).toBe(true);
    act(() => {
      jest.advanceTimersByTime(SHAKE_MS);
    });
    expect(dialog.classList.contains('tl-dialog--shake')).toBe(false);
    act(() => {
      jest.advanceTimersByTime(100);
    });
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(dialog.classList.contains('tl-dialog--shake')).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    // the explicit buttons still close
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders in place (inside a shadow root), not in document.body', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    shadow.appendChild(mount);
    render(
      <Dialog open onClose={() => undefined} header="Im Schatten" footer={null}>
        x
      </Dialog>,
      { container: mount },
    );
    expect(shadow.querySelector('dialog')).not.toBeNull();
    expect(document.body.querySelector('dialog')).toBeNull();
    expect(shadow.querySelector('.tl-dialog__footer')).toBeNull();
    host.remove();
  });

  it('uses no inline style attributes', () => {
    const { container } = render(
      <>
        <Dialog open onClose={() => undefined} header="H">
          <Stepper value={2} onChange={() => undefined} />
          <Price cents={123450} originalCents={150000} />
          <Spinner />
          <Button loading>Senden</Button>
        </Dialog>
        <Toast open onHide={() => undefined}>
          Hinweis
        </Toast>
      </>,
    );
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
  });
});

describe('ConfirmDialog and AlertDialog', () => {
  it('confirm calls onConfirm; cancel and Escape call onCancel', () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(
      <ConfirmDialog open title="Neuer Gutscheincode" onConfirm={onConfirm} onCancel={onCancel} confirmLabel="JA" cancelLabel="NEIN">
        Möchtest Du wechseln?
      </ConfirmDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Neuer Gutscheincode' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'JA' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'NEIN' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('alert shows the message and one OK', () => {
    const onClose = jest.fn();
    render(
      <AlertDialog open title="Mindestbestellwert" onClose={onClose}>
        Du hast den Mindestbestellwert noch nicht erreicht.
      </AlertDialog>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Du hast den Mindestbestellwert noch nicht erreicht.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('Stepper', () => {
  function Harness({ min = 1, max = 3 }: { min?: number; max?: number }) {
    const [n, setN] = useState(1);
    return <Stepper value={n} onChange={setN} min={min} max={max} />;
  }

  it('shows x{n} and respects min and max', () => {
    render(<Harness />);
    const dec = screen.getByRole('button', { name: 'Menge verringern' });
    const inc = screen.getByRole('button', { name: 'Menge erhöhen' });
    expect(screen.getByText('x1')).toBeTruthy();
    expect((dec as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(inc);
    fireEvent.click(inc);
    expect(screen.getByText('x3')).toBeTruthy();
    expect((inc as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(inc);
    expect(screen.getByText('x3')).toBeTruthy();
    fireEvent.click(dec);
    expect(screen.getByText('x2')).toBeTruthy();
  });
});

describe('Price, Spinner, Button, VisuallyHidden', () => {
  it('formats cents as de-DE euro', () => {
    const { container } = render(<Price cents={123450} originalCents={150000} />);
    const text = container.textContent!.replace(/\u00a0/g, ' ');
    expect(text).toContain('1.234,50 €');
    expect(container.querySelector('s')!.textContent!.replace(/\u00a0/g, ' ')).toBe('1.500,00 €');
  });

  it('spinner has the alt text Ladeanzeige', () => {
    render(<Spinner />);
    expect(screen.getByRole('img', { name: 'Ladeanzeige' })).toBeTruthy();
  });

  it('button is type=button, busy while loading and ignores clicks then', () => {
    const onClick = jest.fn();
    const { rerender } = render(<Button onClick={onClick}>IN DEN WARENKORB</Button>);
    const b = screen.getByRole('button', { name: 'IN DEN WARENKORB' });
    expect(b.getAttribute('type')).toBe('button');
    fireEvent.click(b);
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button onClick={onClick} loading>
        IN DEN WARENKORB
      </Button>,
    );
    expect(b.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(b);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('visually hidden text stays in the accessibility tree', () => {
    render(<VisuallyHidden>Nur für Screenreader</VisuallyHidden>);
    expect(screen.getByText('Nur für Screenreader').className).toBe('tl-visually-hidden');
  });
});

describe('Toast', () => {
  it('is a status that hides itself after 5000 ms by default', () => {
    jest.useFakeTimers();
    const onHide = jest.fn();
    render(
      <Toast open onHide={onHide}>
        Gespeichert
      </Toast>,
    );
    expect(screen.getByRole('status').textContent).toBe('Gespeichert');
    act(() => {
      jest.advanceTimersByTime(4999);
    });
    expect(onHide).not.toHaveBeenCalled();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('honours a custom duration', () => {
    jest.useFakeTimers();
    const onHide = jest.fn();
    render(
      <Toast open onHide={onHide} duration={1000}>
        OK
      </Toast>,
    );
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(onHide).toHaveBeenCalledTimes(1);
  });
});

describe('uiCss', () => {
  it('contains the theme properties, focus styles, touch targets and reduced motion', () => {
    for (const s of ['--tl-primary', '--tl-accent', '--tl-bg', '--tl-fg', '--tl-radius', ':focus-visible', 'min-height:44px', 'prefers-reduced-motion']) {
      expect(uiCss).toContain(s);
    }
  });

  it("leaves the dialogs' CSS to the dialogs (adopted when one opens), with the phones' full-screen sheet", () => {
    expect(uiCss).not.toContain('.tl-dialog{');
    expect(dialogCss).toContain('.tl-dialog--shake');
    expect(dialogCss).toMatch(/@media \(max-width:599\.98px\)\{\s*\.tl-dialog\{[^}]*height:100dvh/);
  });
});
