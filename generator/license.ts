/*
 * The generated package.json's `license` from a spec's `info.license`. npm (and publint) read it as an
 * SPDX identifier or expression; a license the spec names in words (X's "X Developer Agreement and
 * Policy") is none, and npm's word for terms that grant no open licence is `UNLICENSED`.
 */

/** An SPDX identifier (`MIT`, `Apache-2.0`, `LicenseRef-x`) or an expression of them (`MIT OR Apache-2.0`). */
const SPDX = /^\(?[A-Za-z0-9][A-Za-z0-9.+-]*\)?(?: (?:AND|OR|WITH) \(?[A-Za-z0-9][A-Za-z0-9.+-]*\)?)*$/;

/** Whether `text` has the form of an SPDX identifier or expression. */
export function isSpdx(text: string): boolean {
  return SPDX.test(text);
}

/**
 * `license.identifier` (OpenAPI 3.1) when it is SPDX, else a `name` that is (`MIT`); a license named
 * only in words is `UNLICENSED`; none stated, none given.
 */
export function packageLicense(
  license: { identifier?: unknown; name?: unknown } | undefined,
): string | undefined {
  if (!license) return undefined;
  const stated = [license.identifier, license.name]
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (stated.length === 0) return undefined;
  return stated.find(isSpdx) ?? 'UNLICENSED';
}
