/**
 * Contract: every operation of spec/core-v2.yaml, called through CoreClient with the spec's example
 * values, against Stoplight Prism mocking the same spec with `--errors` (see harness.ts).
 *
 * Not called, with the reason printed: activityStream and streamPosts (x-streaming: NDJSON streams
 * Prism cannot hold open), oauthAuthorize and oauthAuthenticate (x-browser-step: URL builders that
 * send nothing; their built URLs are still checked against Prism).
 */
import { contractSuite } from './contract-suite.ts';
import { coreTarget } from './targets.ts';

contractSuite(coreTarget());
