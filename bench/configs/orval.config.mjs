// orval with its fetch client, one file, no prettier: the closest match to a typed fetch SDK.
// The generation benchmark sets BENCH_SPEC and BENCH_OUT for each run.
export default {
  bench: {
    input: { target: process.env.BENCH_SPEC },
    output: {
      target: `${process.env.BENCH_OUT}/client.ts`,
      client: 'fetch',
      mode: 'single',
      prettier: false,
    },
  },
};
