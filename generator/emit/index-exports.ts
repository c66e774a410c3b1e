import type { ApiModel } from '../model/types.ts';

/** One export declaration of `index.ts`: named exports, or all of a module (`export * from`) without `namedExports`. */
export interface IndexExport {
  moduleSpecifier: string;
  namedExports?: string[];
  isTypeOnly?: boolean;
}

/** What `index.ts` exports, as the model lists it (model/public-exports.ts), in the form its printer takes. */
export function indexExports(model: ApiModel): IndexExport[] {
  return model.publicExports.map((e) => ({
    moduleSpecifier: `./${e.module}.js`,
    ...(e.names ? { namedExports: e.names.map((n) => (n.kind === 'type' ? `type ${n.name}` : n.name)) } : {}),
    ...(e.typeOnly ? { isTypeOnly: true } : {}),
  }));
}
