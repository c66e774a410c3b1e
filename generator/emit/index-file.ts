import { printSourceFile, type StatementStructures, StructureKind } from './structures.ts';
import type { ApiModel } from '../model/types.ts';
import { indexExports } from './index-exports.ts';
import { GENERATED_HEADER } from './source.ts';

/** `index.ts`: the package's public surface (see index-exports.ts). */
export function emitIndex(model: ApiModel): string {
  const statements: StatementStructures[] = indexExports(model).map((e) => ({
    kind: StructureKind.ExportDeclaration,
    ...e,
  }));
  return printSourceFile({ leadingTrivia: `/** ${GENERATED_HEADER} */\n\n`, statements });
}
