// Jest runs the unit and component tests (`npm run test:unit`). ts-jest only transpiles
// (tsconfig has isolatedModules); types are checked by `npm run typecheck`.
// Tests run in Node; files that render React or touch the DOM say so in their first line:
//   /** @jest-environment ./tests/jest/jsdom-env.cjs */   (jsdom plus Node's fetch API)

// Dependencies shipped only as ES modules; ts-jest turns them into CommonJS like our own code.
const ESM_ONLY = ['nanostores', '@nanostores/react', 'ofetch', 'destr', 'ufo', 'node-fetch-native'];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/shared', '<rootDir>/server', '<rootDir>/remotes', '<rootDir>/shell', '<rootDir>/tests/arch', '<rootDir>/tests/docs'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: { '^@shared/(.*)$': '<rootDir>/shared/$1' },
  transform: {
    // PGlite's CommonJS build imports Node built-ins with import(); see the transformer
    '/node_modules/@electric-sql/pglite/dist/index\\.cjs$': '<rootDir>/tests/jest/builtin-import.cjs',
    '^.+\\.(tsx?|m?js)$': [
      'ts-jest',
      {
        tsconfig: {
          module: 'CommonJS',
          moduleResolution: 'Node10',
          ignoreDeprecations: '6.0',
          isolatedModules: true,
          allowJs: true,
          jsx: 'react-jsx',
        },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')}|@electric-sql/pglite)/)`],
  // the page address jsdom tests run on (as under Vitest before)
  testEnvironmentOptions: { url: 'http://localhost:3000/' },
  // findBy*/waitFor: 5 s for a condition (tests/jest/testing-library.cjs)
  setupFilesAfterEnv: ['<rootDir>/tests/jest/testing-library.cjs'],
  testTimeout: 20000,
  maxWorkers: 2,
};
