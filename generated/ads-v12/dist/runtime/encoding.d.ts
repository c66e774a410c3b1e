/**
 * The encodings OAuth and webhook signatures share: RFC 3986 percent-encoding and standard base64.
 * Dependency-free, so it runs in Node 20+, browsers and edge runtimes.
 */
/**
 * Percent-encode per RFC 3986 / RFC 5849 section 3.6: unreserved characters
 * (`A-Z a-z 0-9 - . _ ~`) are kept, every other UTF-8 byte becomes `%XX` with
 * uppercase hex. Lone surrogates are encoded as U+FFFD (`%EF%BF%BD`), never thrown.
 */
export declare function percentEncode(value: string): string;
/** Standard base64 with padding (what `btoa` gives for the same bytes). */
export declare function base64(bytes: Uint8Array): string;
