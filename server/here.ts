// This folder, under both module systems: tsx runs the server as CommonJS (package.json has
// no "type"), vitest as ESM.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR: string =
  typeof __dirname !== 'undefined' ? __dirname : dirname(fileURLToPath(import.meta.url));
