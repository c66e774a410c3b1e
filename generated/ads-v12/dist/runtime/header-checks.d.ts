/**
 * The header checks of a call: a header fetch would refuse, or one that could smuggle another, is
 * refused before sending; an error's text is scrubbed of every header value and credential.
 */
import type { ClientAuth } from './auth.js';
import type { OperationSpec } from './types.js';
/**
 * Refuses, before sending, a header fetch would refuse (its error would quote the value) or that
 * could smuggle another header: a ValidationError naming the option, never the value.
 */
export declare function checkHeaders(
  op: OperationSpec,
  headers: Record<string, string>,
  credentials: ClientAuth | undefined,
  call: Record<string, string> | undefined,
): void;
/** An error's text with every header value and credential taken out. */
export declare function scrub(
  text: string,
  headers: Record<string, string>,
  credentials: ClientAuth | undefined,
): string;
