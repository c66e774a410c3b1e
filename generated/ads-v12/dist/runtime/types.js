/** Types shared by the client runtime and the generated operation table. */
export {};
