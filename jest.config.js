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
  transformIgnorePatterns: ['/node_modules/(?!(@portabletext|@sanity|groq-js|get-it|nanoid|lru-cache|cookie)/)'],
  testMatch: ['<rootDir>/tests/**/*.test.ts', '<rootDir>/tests/**/*.test.tsx'],
  testTimeout: 30000,
  maxWorkers: 2,
};
