#!/usr/bin/env node
// The published entry point: runs the compiled generator.
import { main } from '../dist/generator/cli.js';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
