// A dwim writer that stops itself (SIGSTOP) while it holds the edit lock, after checking that it still holds it and
// just before its rename: the worst moment to be paused. Run by paused-holder.test.ts against the built dist/.
// Usage: node lock-holder.mjs <root> <file> <old> <new>
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { locate } from "../../dist/core/beneath.js";
import { replaceAt, withFileLock } from "../../dist/core/files.js";

const [root, file, oldText, newText] = process.argv.slice(2);
const target = locate(file, [root], root, { open: true });
await withFileLock(target.dir, target.name, async (lock) => {
  const before = readFileSync(join(root, file), "utf8");
  const stat = target.file.stat;
  await replaceAt(target.dir, target.name, Buffer.from(before.replace(oldText, newText)), stat, {
    beforeRename: () => {
      if (!lock.held()) throw new Error("lost the lock");
      process.stdout.write("stopping\n");
      process.kill(process.pid, "SIGSTOP");
    },
  });
});
process.stdout.write("written\n");
