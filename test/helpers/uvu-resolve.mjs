// A module-resolution hook for test/run.ts (registered with node:module's register): test files that
// import 'uvu' get test/helpers/uvu-guard.ts instead, which records what a suite's hooks throw.
// uvu itself and the guard still get the real uvu, so there is one uvu instance.
let guard = '';

export function initialize(data) {
  guard = data.guard;
}

export async function resolve(specifier, context, next) {
  const parent = context.parentURL ?? '';
  if (specifier === 'uvu' && guard && parent !== guard && !parent.includes('/node_modules/'))
    return next(guard, context);
  return next(specifier, context);
}
