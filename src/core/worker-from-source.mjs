// A worker thread's entry when dwim runs from its TypeScript source (tests, `node --import tsx` scripts): tsx compiles
// the worker module named in workerData.entry and what it imports. Built code starts its dist/*.js worker directly
// (see worker-thread.ts).
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
