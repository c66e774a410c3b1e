import { memberName, NameTable } from '../model/names.ts';
import { type StatementStructures, StructureKind, VariableDeclarationKind } from './structures.ts';
import { PURE, Raw } from './source.ts';

/** The parameter of a check maker that stands for its enum. */
export const ENUM_PARAMETER = 'values';

/**
 * Checks of named schemas, each written once as a `const` before the descriptors that use it; and
 * the runtime values descriptors refer to (body encoders), imported under names no descriptor takes.
 */
export class SharedChecks {
  readonly statements: StatementStructures[] = [];
  /** Runtime values imported from `runtime/<module>.ts`, by name: module and local name. */
  readonly imports = new Map<string, { module: string; local: string }>();
  private readonly byContent = new Map<string, string>();
  private readonly names: NameTable;

  constructor(taken: Iterable<string>) {
    this.names = new NameTable(taken);
  }

  /** A runtime value the descriptors refer to, by its local name. */
  runtime(name: string, module: string): Raw {
    let entry = this.imports.get(name);
    if (!entry) this.imports.set(name, (entry = { module, local: this.names.claim(name) }));
    return new Raw(entry.local);
  }

  /**
   * A local maker of the checks rendered as `template`, whose enum is its parameter: declared here,
   * called by each parameter that has these checks with its own enum.
   */
  maker(template: string): Raw {
    const name = this.names.claim(template.startsWith(`${PURE}array(`) ? 'enumListChecks' : 'enumChecks');
    this.statements.push({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        {
          description: `The checks that several parameters share, each with its own enum as \`${ENUM_PARAMETER}\`.`,
        },
      ],
      declarations: [
        {
          name,
          initializer: `(${ENUM_PARAMETER}: readonly EnumValue[]): ValueCheck => ${template.slice(PURE.length)}`,
        },
      ],
    });
    return new Raw(name);
  }

  /** The constant holding these checks (the same content, depth-limited or not, always gets one name). */
  refer(schema: string, code: string): Raw {
    return this.share(
      `${memberName(schema)}Checks`,
      code,
      `What a \`${schema}\` value must meet before it is sent.`,
    );
  }

  /** The constant holding checks rendered as `code`, declared (as `name`, or a free variant of it) on first use. */
  share(name: string, code: string, description: string): Raw {
    let claimed = this.byContent.get(code);
    if (!claimed) {
      claimed = this.names.claim(name);
      this.byContent.set(code, claimed);
      this.statements.push({
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        docs: [{ description }],
        declarations: [{ name: claimed, type: 'ValueCheck', initializer: code }],
      });
    }
    return new Raw(claimed);
  }
}
