/**
 * The part of `msw` that `msw.ts` uses, declared for the package's own build (msw is an optional
 * peer dependency, absent where the package is generated). A consumer's compiler reads msw's own
 * types: the declarations the package ships name the module, not this file.
 */
declare module 'msw' {
  export interface HttpHandler {
    readonly info: unknown;
  }
  export const http: {
    all(path: string, resolver: (info: { request: Request }) => Promise<Response>): HttpHandler;
  };
}
