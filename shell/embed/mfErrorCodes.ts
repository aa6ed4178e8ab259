// The stand-in for @module-federation/error-codes (webpack.config.ts swaps it in for the embed
// runtime and every remote's entry): the same codes and the same message shape, without the library's English
// descriptions of each code (≈ 0.5 KB gzip on a restaurant's page). A federation error still names
// its code, its arguments, the original error and the page of the library's docs that explains it.
// shell/embed/mfErrorCodes.test.ts checks it exports what the library exports.
export const RUNTIME_001 = 'RUNTIME-001';
export const RUNTIME_002 = 'RUNTIME-002';
export const RUNTIME_003 = 'RUNTIME-003';
export const RUNTIME_004 = 'RUNTIME-004';
export const RUNTIME_005 = 'RUNTIME-005';
export const RUNTIME_006 = 'RUNTIME-006';
export const RUNTIME_007 = 'RUNTIME-007';
export const RUNTIME_008 = 'RUNTIME-008';
export const RUNTIME_009 = 'RUNTIME-009';
export const RUNTIME_010 = 'RUNTIME-010';
export const RUNTIME_011 = 'RUNTIME-011';
export const RUNTIME_012 = 'RUNTIME-012';
export const RUNTIME_013 = 'RUNTIME-013';
export const RUNTIME_014 = 'RUNTIME-014';
export const RUNTIME_015 = 'RUNTIME-015';
export const TYPE_001 = 'TYPE-001';
export const BUILD_001 = 'BUILD-001';
export const BUILD_002 = 'BUILD-002';

/** The descriptions: none here (the docs page named in each message has them). */
export const runtimeDescMap: Record<string, string> = {};
export const typeDescMap = runtimeDescMap;
export const buildDescMap = runtimeDescMap;
export const errorDescMap = runtimeDescMap;

export function getShortErrorMsg(code: string, descMap: Record<string, string>, args?: unknown, original?: string): string {
  return [
    `${descMap[code] ?? ''} #${code}`,
    args ? `args: ${JSON.stringify(args)}` : '',
    `https://module-federation.io/guide/troubleshooting/${code.split('-')[0].toLowerCase()}#${code.toLowerCase()}`,
    original ? `Original Error Message:\n ${original}` : '',
  ].filter(Boolean).join('\n');
}

/** `@module-federation/error-codes/browser`'s one function. */
export function logAndReport<T>(code: string, descMap: Record<string, string>, args: unknown, logger: (msg: string) => T, original?: string): T {
  return logger(getShortErrorMsg(code, descMap, args, original));
}
