/** What the mock knows of the spec beyond the operation descriptors: generated into `testing/spec.ts`. */
export {};
