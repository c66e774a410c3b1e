/**
 * test/run.ts runs the files that talk HTTP twice, through node:http and then through the global fetch
 * (the xgen-fetch condition). What the transport cannot change (a consumer's compile against the
 * package's declarations, which name no transport) is checked in the first pass only: the second
 * would check the same thing again. A file run in one pass alone (XGEN_TEST_TRANSPORT set by the user,
 * or started without the runner) checks everything.
 */

/** Whether this process is the fetch pass of files whose node pass the same run makes. */
export const secondPass = process.env.XGEN_TEST_SECOND_PASS === '1';
