// A section with unsaved input (the menu editor) asks before the staff app leaves it through its
// own links (the navigation, the alarm's 'Zu den Bestellungen', 'Abmelden'): those change the
// section without unloading the page, so the browser's 'beforeunload' question never comes.
let warning: string | null = null;

/** The question to ask before leaving the current section; null: nothing would be lost */
export function setLeaveWarning(question: string | null): void {
  warning = question;
}

/** True when the staff app may leave the section: nothing unsaved, or the user said so */
export function mayLeave(ask: (question: string) => boolean = (q) => confirm(q)): boolean {
  return warning === null || ask(warning);
}
