#!/usr/bin/env node
import { endQuietlyOnClosedPipe } from "./output.js";
import { buildProgram } from "./program.js";

endQuietlyOnClosedPipe();
buildProgram()
  .parseAsync(process.argv)
  .catch((e: unknown) => {
    process.stderr.write(`dwim: ${(e as Error).message}\n`);
    process.exit(1);
  });
