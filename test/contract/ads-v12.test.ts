/**
 * Contract: every operation of spec/ads-v12.yaml, called through AdsClient with the spec's example
 * values, against Stoplight Prism mocking the same spec with `--errors` (see harness.ts). The ads spec
 * has no streaming or browser-only operation, so every operation is called.
 */
import { contractSuite } from './contract-suite.ts';
import { adsTarget } from './targets.ts';

contractSuite(adsTarget());
