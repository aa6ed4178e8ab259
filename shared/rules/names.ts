// Names: group name and own name need at least 3 characters.
import { GROUP_NAME_TOO_SHORT, OWN_NAME_TOO_SHORT } from '@shared/i18n';

export const NAME_MIN_LENGTH = 3;

/** At least 3 characters after trimming (own reading: '  ab ' is too short). */
export function validateName(name: unknown): boolean {
  return typeof name === 'string' && [...name.trim()].length >= NAME_MIN_LENGTH;
}

/** The spec's message for a too short group name or own name; null when valid. */
export function nameError(kind: 'group' | 'own', name: unknown): string | null {
  if (validateName(name)) return null;
  return kind === 'group' ? GROUP_NAME_TOO_SHORT : OWN_NAME_TOO_SHORT;
}
