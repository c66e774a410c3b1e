// @hey-api/openapi-ts with its defaults spelled out: types, SDK functions, the fetch client; no log file.
// The generation benchmark sets BENCH_SPEC and BENCH_OUT for each run.
export default {
  input: process.env.BENCH_SPEC,
  output: process.env.BENCH_OUT,
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
  logs: { file: false, level: 'silent' },
};
