// 'Loose' e-mail pattern (something@something.something, no spaces): one pattern for an e-mail address (checkout form, pages, account).
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
