/** jest 30 + @swc/jest: TS/TSX to CommonJS. ESM-only packages are transformed too. */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];
module.exports = {
  testEnvironment: 'node',
  testEnvironmentOptions: { globalsCleanup: 'off' },
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  // ESM-only packages jest's CommonJS runtime cannot load as they are: compiled by @swc/jest like
  // the sources. oidc-provider (the customer-account emulator) and openid-client (the shop's
  // OAuth client) bring jose and oauth4webapi. Node itself require()s them natively (the bundle).
  transformIgnorePatterns: [
    '/node_modules/(?!(@portabletext|@sanity|groq-js|get-it|nanoid|lru-cache|cookie|oidc-provider|openid-client|oauth4webapi|jose|cockatiel)/)',
  ],
  testMatch: ['<rootDir>/tests/**/*.test.ts', '<rootDir>/tests/**/*.test.tsx'],
  testTimeout: 30000,
  maxWorkers: 2,
};
