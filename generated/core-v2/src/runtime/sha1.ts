/**
 * SHA-1 (RFC 3174) and HMAC-SHA1 (RFC 2104), synchronous, dependency-free and allocation-light:
 * OAuth 1.0a signatures (oauth1.ts) are HMAC-SHA1, and `crypto.subtle` is neither synchronous nor
 * present outside a secure context. Strings are hashed as their UTF-8 bytes (lone surrogates as
 * U+FFFD, as TextEncoder does).
 */

/** Bytes of the message being hashed, with room for the SHA-1 padding; reused between calls. */
let scratch = new Uint8Array(1024);

/** Inputs larger than this get a one-off buffer instead of growing the shared one for good. */
const MAX_SCRATCH = 64 * 1024;
const W = new Int32Array(80);
const IV: readonly number[] = [0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476, 0xc3d2e1f0 | 0];
let encoder: TextEncoder | undefined;

/** A buffer of at least `size` bytes: the shared scratch buffer, grown if needed, or a one-off. */
function bufferFor(size: number): Uint8Array {
  if (size <= scratch.length) return scratch;
  if (size > MAX_SCRATCH) return new Uint8Array(size);
  scratch = new Uint8Array(Math.min(MAX_SCRATCH, Math.max(size, scratch.length * 2)));
  return scratch;
}

/** The smallest multiple of 64 that holds `length` bytes, the 0x80 marker and the 8-byte length. */
function paddedLength(length: number): number {
  return (Math.floor((length + 8) / 64) + 1) * 64;
}

/** Puts `input`'s bytes (UTF-8 for a string) in a buffer with room for the padding. */
function load(input: string | Uint8Array): { buffer: Uint8Array; length: number } {
  if (typeof input !== 'string') {
    const buffer = bufferFor(paddedLength(input.length));
    buffer.set(input);
    return { buffer, length: input.length };
  }
  const n = input.length;
  let buffer = bufferFor(paddedLength(n));
  // ASCII fast path (OAuth base strings and keys are percent-encoded, so always ASCII).
  let i = 0;
  for (; i < n; i++) {
    const code = input.charCodeAt(i);
    if (code >= 0x80) break;
    buffer[i] = code;
  }
  if (i === n) return { buffer, length: n };
  const bytes = (encoder ??= new TextEncoder()).encode(input);
  buffer = bufferFor(paddedLength(bytes.length));
  buffer.set(bytes);
  return { buffer, length: bytes.length };
}

/** One SHA-1 compression of the 64-byte block at `offset` into the five words of `h`. */
function compress(h: Int32Array, block: Uint8Array, offset: number): void {
  const w = W;
  for (let i = 0, j = offset; i < 16; i++, j += 4) {
    w[i] = (block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!;
  }
  for (let i = 16; i < 80; i++) {
    const x = w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!;
    w[i] = (x << 1) | (x >>> 31);
  }
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let t: number;
  for (let i = 0; i < 20; i++) {
    t = (((a << 5) | (a >>> 27)) + ((b & c) | (~b & d)) + e + w[i]! + 0x5a827999) | 0;
    e = d;
    d = c;
    c = (b << 30) | (b >>> 2);
    b = a;
    a = t;
  }
  for (let i = 20; i < 40; i++) {
    t = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + w[i]! + 0x6ed9eba1) | 0;
    e = d;
    d = c;
    c = (b << 30) | (b >>> 2);
    b = a;
    a = t;
  }
  for (let i = 40; i < 60; i++) {
    t = (((a << 5) | (a >>> 27)) + ((b & c) | (b & d) | (c & d)) + e + w[i]! + 0x8f1bbcdc) | 0;
    e = d;
    d = c;
    c = (b << 30) | (b >>> 2);
    b = a;
    a = t;
  }
  for (let i = 60; i < 80; i++) {
    t = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + w[i]! + 0xca62c1d6) | 0;
    e = d;
    d = c;
    c = (b << 30) | (b >>> 2);
    b = a;
    a = t;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
}

/**
 * Hashes the `length` message bytes at the start of `buffer` into `h`, which holds the state
 * after `prefix` bytes (a multiple of 64) were hashed already; pads in place.
 */
function finish(h: Int32Array, prefix: number, buffer: Uint8Array, length: number): void {
  const total = paddedLength(length);
  buffer[length] = 0x80;
  buffer.fill(0, length + 1, total - 8);
  const bits = (prefix + length) * 8;
  writeWord(buffer, total - 8, Math.floor(bits / 0x100000000));
  writeWord(buffer, total - 4, bits >>> 0);
  for (let offset = 0; offset < total; offset += 64) compress(h, buffer, offset);
}

function writeWord(buffer: Uint8Array, offset: number, word: number): void {
  buffer[offset] = word >>> 24;
  buffer[offset + 1] = word >>> 16;
  buffer[offset + 2] = word >>> 8;
  buffer[offset + 3] = word;
}

function digestBytes(h: Int32Array): Uint8Array {
  const out = new Uint8Array(20);
  for (let i = 0; i < 5; i++) writeWord(out, i * 4, h[i]!);
  return out;
}

/** SHA-1 of `data` (a string is hashed as UTF-8); 20 bytes. */
export function sha1(data: string | Uint8Array): Uint8Array {
  const h = Int32Array.from(IV);
  const { buffer, length } = load(data);
  finish(h, 0, buffer, length);
  return digestBytes(h);
}

/**
 * The HMAC states of a key: SHA-1 after the (key XOR ipad) block in words 0-4, after the
 * (key XOR opad) block in words 5-9. Caching them saves the pads and two compressions a signature.
 */
function keyState(key: string | Uint8Array): Int32Array {
  const loaded = load(key);
  let keyBytes = loaded.buffer.subarray(0, loaded.length);
  if (keyBytes.length > 64) keyBytes = sha1(keyBytes);
  const block = new Uint8Array(64);
  block.set(keyBytes);
  // The key's bytes do not linger in the shared buffer.
  loaded.buffer.fill(0, 0, loaded.length);
  const state = new Int32Array(10);
  for (let i = 0; i < 64; i++) block[i] = block[i]! ^ 0x36;
  const inner = Int32Array.from(IV);
  compress(inner, block, 0);
  for (let i = 0; i < 64; i++) block[i] = block[i]! ^ 0x36 ^ 0x5c;
  const outer = Int32Array.from(IV);
  compress(outer, block, 0);
  block.fill(0);
  state.set(inner, 0);
  state.set(outer, 5);
  return state;
}

/** Key states of recent keys (a signer reuses its consumer and token secrets), oldest first. */
const keyStates = new Map<string, Int32Array>();
const KEY_STATES_MAX = 16;

function cachedKeyState(key: string): Int32Array {
  let state = keyStates.get(key);
  if (state === undefined) {
    state = keyState(key);
    if (keyStates.size >= KEY_STATES_MAX) {
      const oldest = keyStates.keys().next();
      if (!oldest.done) keyStates.delete(oldest.value);
    }
    keyStates.set(key, state);
  }
  return state;
}

const hState = new Int32Array(5);

/** HMAC-SHA1 (RFC 2104) of `message` under `key` (strings as UTF-8); 20 bytes. */
export function hmacSha1(key: string | Uint8Array, message: string | Uint8Array): Uint8Array {
  const state = typeof key === 'string' ? cachedKeyState(key) : keyState(key);
  const h = hState;
  for (let i = 0; i < 5; i++) h[i] = state[i]!;
  const { buffer, length } = load(message);
  finish(h, 64, buffer, length);
  // Outer hash over the 20-byte inner digest.
  for (let i = 0; i < 5; i++) writeWord(buffer, i * 4, h[i]!);
  for (let i = 0; i < 5; i++) h[i] = state[i + 5]!;
  finish(h, 64, buffer, 20);
  return digestBytes(h);
}
