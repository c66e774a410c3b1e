import { isObject, type LoadedSpec, type Location } from '../load/index.ts';
import { getAtPointer } from '../load/pointer.ts';
import type { ApiModel } from '../model/types.ts';
import type { Where } from './change.ts';

/**
 * Finds where a change shows in a spec, as `file:line:column`: the operation, the parameter or
 * body field, or the property of a named schema. Positions come from the load stage, which keeps
 * them for every file it read. A place it cannot pin down falls back to its operation.
 */
export class SpecLocator {
  private readonly componentAt = new Map<string, Location>();

  constructor(
    private readonly spec: LoadedSpec,
    private readonly model: ApiModel,
  ) {
    const root = spec.docs.root as Record<string, unknown>;
    const components =
      isObject(root.components) && isObject(root.components.schemas)
        ? Object.keys(root.components.schemas)
        : [];
    // The model names `components.schemas` first and in order: the n-th `spec` schema is the n-th key.
    const named = model.schemas.filter((s) => s.origin === 'spec');
    if (named.length === components.length) {
      named.forEach((s, i) =>
        this.componentAt.set(s.name, {
          file: spec.docs.rootFile,
          tokens: ['components', 'schemas', components[i] as string],
        }),
      );
    }
  }

  locate(where: Where): string | undefined {
    const at = this.find(where);
    if (!at) return undefined;
    const { docs } = this.spec;
    try {
      const { line, column } = docs.source(at.file).locate(at.tokens);
      return `${docs.display(at.file)}:${line}:${column}`;
    } catch {
      return undefined;
    }
  }

  private find(where: Where): Location | undefined {
    if (where.problem !== undefined) {
      const variant = this.model.problems?.variants.find((v) => v.type === where.problem);
      return variant ? this.find({ side: where.side, type: variant.schema }) : undefined;
    }
    if (where.auth !== undefined) {
      const scheme = this.model.securitySchemes.find((s) => s.kind === where.auth);
      return scheme
        ? { file: this.spec.docs.rootFile, tokens: ['components', 'securitySchemes', scheme.name] }
        : undefined;
    }
    if (where.server !== undefined) {
      const servers = (this.spec.docs.root as Record<string, unknown>).servers;
      const list = Array.isArray(servers) ? servers : [];
      const bare = (url: unknown) => String(url).replace(/\/$/, '');
      const i = list.findIndex((s) => isObject(s) && bare(s.url) === bare(where.server));
      if (list.length === 0) return undefined;
      return { file: this.spec.docs.rootFile, tokens: ['servers', ...(i >= 0 ? [String(i)] : [])] };
    }
    if (where.type) {
      const component = this.componentAt.get(where.type);
      if (component) {
        const schema = this.spec.docs.deref(getAtPointer(this.spec.docs.root, component.tokens), component);
        const property = where.field ? [...schema.tokens, 'properties', where.field] : undefined;
        const data = this.spec.docs.source(schema.file).data;
        if (property && getAtPointer(data, property) !== undefined)
          return { file: schema.file, tokens: property };
        return { file: schema.file, tokens: schema.tokens };
      }
    }
    const op = where.operationId ? this.operation(where.operationId) : undefined;
    if (!op) return undefined;
    if (where.param) return this.param(op, where.param) ?? op.at;
    return op.at;
  }

  private operation(
    id: string,
  ):
    | { at: Location; item: Location; raw: Record<string, unknown>; pathItem: Record<string, unknown> }
    | undefined {
    const model = this.model.operations.find((o) => o.id === id);
    if (!model) return undefined;
    const { docs } = this.spec;
    const paths = (docs.root as Record<string, unknown>).paths;
    if (!isObject(paths)) return undefined;
    const item = docs.deref(paths[model.path], { file: docs.rootFile, tokens: ['paths', model.path] });
    const method = model.method.toLowerCase();
    if (!isObject(item.value) || !isObject(item.value[method])) return undefined;
    return {
      at: { file: item.file, tokens: [...item.tokens, method] },
      item,
      raw: item.value[method] as Record<string, unknown>,
      pathItem: item.value,
    };
  }

  private param(
    op: { at: Location; item: Location; raw: Record<string, unknown>; pathItem: Record<string, unknown> },
    param: { in: string; wire: string },
  ): Location | undefined {
    const { docs } = this.spec;
    if (param.in === 'body') {
      if (op.raw.requestBody === undefined) return undefined;
      const body = docs.deref(op.raw.requestBody, { ...op.at, tokens: [...op.at.tokens, 'requestBody'] });
      const content = isObject(body.value) && isObject(body.value.content) ? body.value.content : {};
      const type = Object.keys(content).find((t) => /json/i.test(t)) ?? Object.keys(content)[0];
      if (type === undefined || !isObject(content[type])) return body;
      const schemaAt = { file: body.file, tokens: [...body.tokens, 'content', type, 'schema'] };
      const schema = docs.deref((content[type] as Record<string, unknown>).schema, schemaAt);
      const property = [...schema.tokens, 'properties', param.wire];
      return getAtPointer(docs.source(schema.file).data, property) !== undefined
        ? { file: schema.file, tokens: property }
        : schema;
    }
    // An operation's own parameter replaces the path item's: look there first.
    const lists: [unknown, Location][] = [
      [op.raw.parameters, { ...op.at, tokens: [...op.at.tokens, 'parameters'] }],
      [op.pathItem.parameters, { ...op.item, tokens: [...op.item.tokens, 'parameters'] }],
    ];
    for (const [list, at] of lists) {
      if (!Array.isArray(list)) continue;
      for (let i = 0; i < list.length; i++) {
        const resolved = docs.deref(list[i], { ...at, tokens: [...at.tokens, String(i)] });
        if (isObject(resolved.value) && resolved.value.name === param.wire && resolved.value.in === param.in)
          return resolved;
      }
    }
    return undefined;
  }
}
