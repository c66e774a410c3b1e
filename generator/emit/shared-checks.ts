import { memberName, NameTable } from '../model/names.ts';
import { type StatementStructures, StructureKind, VariableDeclarationKind } from './structures.ts';
import { PURE, Raw } from './source.ts';

/** The parameter of a check maker that stands for its enum. */
export const ENUM_PARAMETER = 'values';

/** A constant of the shared checks: its statement, and the names its code refers to. */
export interface SharedDeclaration {
  name: string;
  statement: StatementStructures;
  uses: ReadonlySet<string>;
}

/**
 * Checks of named schemas, each written once as a `const` (declared after those it refers to) and
 * imported by the descriptors that use it; and the runtime values descriptors refer to (body
 * encoders, check makers), imported under names no descriptor takes.
 *
 * It also records which of these names the code being rendered refers to (`use`, `capture`), so
 * that each file of descriptors imports exactly what it uses.
 */
export class SharedChecks {
  readonly declarations: SharedDeclaration[] = [];
  /** Runtime values imported from `runtime/<module>.ts`, by name: module and local name. */
  readonly imports = new Map<string, { module: string; local: string }>();
  private readonly byContent = new Map<string, string>();
  private readonly names: NameTable;
  /** The names referred to by each code being rendered, innermost last. */
  private readonly scopes: Set<string>[] = [new Set()];

  constructor(taken: Iterable<string>) {
    this.names = new NameTable(taken);
  }

  /** Records that the code being rendered refers to `name`: a runtime value, a constant here, an enum. */
  use(name: string): void {
    this.scopes[this.scopes.length - 1]!.add(name);
  }

  /** Records every name of `names` as referred to by the code being rendered. */
  useAll(names: Iterable<string>): void {
    for (const name of names) this.use(name);
  }

  /** Runs `render` with a record of its own: its value, and the names the code it rendered refers to. */
  capture<T>(render: () => T): { value: T; uses: Set<string> } {
    const uses = new Set<string>();
    this.scopes.push(uses);
    try {
      return { value: render(), uses };
    } finally {
      this.scopes.pop();
    }
  }

  /** A runtime value the descriptors refer to, by its local name. */
  runtime(name: string, module: string): Raw {
    let entry = this.imports.get(name);
    if (!entry) this.imports.set(name, (entry = { module, local: this.names.claim(name) }));
    this.use(entry.local);
    return new Raw(entry.local);
  }

  /**
   * A local maker of the checks rendered as `template` (which refers to `uses`), whose enum is its
   * parameter: declared here, called by each parameter that has these checks with its own enum.
   */
  maker(template: string, uses: ReadonlySet<string>): Raw {
    const name = this.names.claim(template.startsWith(`${PURE}array(`) ? 'enumListChecks' : 'enumChecks');
    this.declarations.push({
      name,
      uses,
      statement: {
        kind: StructureKind.VariableStatement,
        isExported: true,
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
      },
    });
    return new Raw(name);
  }

  /** The constant holding these checks (the same content, depth-limited or not, always gets one name). */
  refer(schema: string, code: string, uses: ReadonlySet<string>): Raw {
    return this.share(
      `${memberName(schema)}Checks`,
      code,
      `What a \`${schema}\` value must meet before it is sent.`,
      uses,
    );
  }

  /**
   * The constant holding checks rendered as `code` (which refers to `uses`), declared (as `name`, or
   * a free variant of it) on first use.
   */
  share(name: string, code: string, description: string, uses: ReadonlySet<string>): Raw {
    let claimed = this.byContent.get(code);
    if (!claimed) {
      claimed = this.names.claim(name);
      this.byContent.set(code, claimed);
      this.declarations.push({
        name: claimed,
        uses,
        statement: {
          kind: StructureKind.VariableStatement,
          isExported: true,
          declarationKind: VariableDeclarationKind.Const,
          docs: [{ description }],
          declarations: [{ name: claimed, type: 'ValueCheck', initializer: code }],
        },
      });
    }
    this.use(claimed);
    return new Raw(claimed);
  }
}
