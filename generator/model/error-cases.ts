import type { OperationModel } from './types.ts';

/** One answer an `ApiError` of an operation may carry: its status (undefined: any number) and body type (undefined: none). */
export interface ErrorCase {
  code: number | undefined;
  typeName: string | undefined;
}

/**
 * The answers an `ApiError` of the operation may carry, as `ApiError.status` narrows them: one case
 * per documented body (`code` undefined for a range or `default`, where the status is any number),
 * and, unless `default` types every other status, a case with no body for the statuses it leaves out.
 * A range and `default` with the same body are one case.
 */
export function errorCases(op: Pick<OperationModel, 'errorBodies'>): ErrorCase[] {
  const cases: ErrorCase[] = [];
  const add = (c: ErrorCase) => {
    if (!cases.some((o) => o.code === c.code && o.typeName === c.typeName)) cases.push(c);
  };
  for (const b of op.errorBodies) add({ code: b.code, typeName: b.typeName });
  if (!op.errorBodies.some((b) => b.status === 'default')) add({ code: undefined, typeName: undefined });
  return cases;
}
