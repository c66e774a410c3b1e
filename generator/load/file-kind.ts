/**
 * What a file that is not text is, from its first bytes, so that a JPEG named `.json` is called a JPEG
 * image rather than invalid YAML. Undefined for text (YAML and JSON are UTF-8 text without NUL bytes).
 */
const SIGNATURES: [bytes: number[], kind: string][] = [
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x52, 0x49, 0x46, 0x46], 'a RIFF file (WebP image, WAV or AVI)'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  [[0x50, 0x4b, 0x03, 0x04], 'a ZIP archive (or a file packed as one: .docx, .xlsx, .jar)'],
  [[0x1f, 0x8b], 'a gzip archive'],
  [[0x42, 0x5a, 0x68], 'a bzip2 archive'],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], 'an xz archive'],
  [[0x7f, 0x45, 0x4c, 0x46], 'an ELF executable'],
  [[0x00, 0x61, 0x73, 0x6d], 'a WebAssembly module'],
];

export function binaryKind(bytes: Uint8Array): string | undefined {
  for (const [signature, kind] of SIGNATURES) {
    if (signature.every((b, i) => bytes[i] === b)) return kind;
  }
  // UTF-16 text starts with a byte-order mark; anything else with a NUL byte early on is binary.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return 'UTF-16 text (save it as UTF-8)';
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return 'a binary file';
  return undefined;
}

/** The message for a spec that is not text: what it is and what xgen reads. */
export function notASpecReason(kind: string): string {
  return `this is ${kind}, not an OpenAPI document: a spec is YAML or JSON text`;
}
