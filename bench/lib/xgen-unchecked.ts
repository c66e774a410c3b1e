/**
 * xgen's stages up to format, without compile (so without its type-check), written to a folder.
 * The quality benchmark uses it to count the tsc errors of a package xgen refused to write.
 * Usage: node --import tsx bench/lib/xgen-unchecked.ts <spec> <out>
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { emitPackage } from '../../generator/run/emit.ts';
import { formatFiles } from '../../generator/format/index.ts';
import { loadSpec } from '../../generator/load/index.ts';
import { buildModel } from '../../generator/model/index.ts';

const [spec, out] = process.argv.slice(2);
if (!spec || !out) throw new Error('usage: xgen-unchecked.ts <spec> <out>');
const loaded = loadSpec(spec);
const model = buildModel(loaded, { packageName: '@xgen/unchecked', clientName: 'XClient' });
const files = await formatFiles(await emitPackage(model, loaded.version, {}));
for (const [path, text] of files) {
  mkdirSync(dirname(join(out, path)), { recursive: true });
  writeFileSync(join(out, path), text);
}
// Tells the quality benchmark that this is not a package xgen wrote.
writeFileSync(
  join(out, 'UNCHECKED'),
  'xgen refused to write this package: it does not type-check. Written by bench/lib/xgen-unchecked.ts.\n',
);
