/** `dwim memory export|import`: move a project's memory between the SQLite file and a PostgreSQL database (JSONL). */
import { closeSync, createReadStream, fsyncSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Command } from "commander";
import type { MemoryContext } from "../memory/index.js";
import { writeOut } from "./output.js";

function fail(e: unknown): void {
  const hints = (e as { payload?: { hints?: string[] } }).payload?.hints ?? [];
  process.stderr.write(`dwim memory: ${(e as Error).message}\n`);
  for (const h of hints) process.stderr.write(`  hint: ${h}\n`);
  process.exitCode = 1;
}

/**
 * The project's memory as configured (imported when a memory command runs, so `dwim --help` stays light).
 * `create: false`: a project without a database is read as empty and nothing is created.
 */
async function openProjectMemory(
  create: boolean,
): Promise<{ mc: MemoryContext; memory: typeof import("../memory/index.js") }> {
  const { loadConfig } = await import("../core/config.js");
  const { allSectionKeys } = await import("../server/load.js");
  const memory = await import("../memory/index.js");
  const root = process.cwd();
  const config = loadConfig({ cwd: root, sections: [memory.memorySection], otherSections: allSectionKeys() });
  return { mc: await memory.openMemory({ config, root, create }), memory };
}

/** Writes to a temporary file beside `path` and renames it into place once complete (never a half-written export). */
async function writeAtomically(path: string, fill: (write: (line: string) => void) => Promise<void>): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const fd = openSync(temp, "w", 0o600);
  try {
    await fill((line) => {
      writeSync(fd, `${line}\n`);
    });
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, path);
  } catch (e) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw e;
  }
}

export function addMemoryCommand(program: Command): void {
  const memory = program
    .command("memory")
    .description(
      "Move the project's memory between backends as JSONL (the backend is the configured one: DWIM_MEMORY_URL or the SQLite file)",
    );
  memory
    .command("export")
    .description("Write every memory (tags, outcomes, supersession links, times) as JSONL")
    .option("--out <file>", "write to this file (default: standard output)")
    .action(async (opts: { out?: string }) => {
      let close = async () => {};
      try {
        const { mc, memory } = await openProjectMemory(false);
        close = memory.closeAllStores;
        let count = 0;
        if (opts.out) {
          await writeAtomically(opts.out, async (write) => {
            count = (await memory.exportMemories(mc, write)).count;
          });
        } else count = (await memory.exportMemories(mc, (line) => writeOut(`${line}\n`))).count;
        process.stderr.write(`dwim memory: exported ${count} memories from ${mc.absent ?? mc.store.path}\n`);
      } catch (e) {
        fail(e);
      } finally {
        await close();
      }
    });
  memory
    .command("import")
    .description(
      "Read a `dwim memory export` file into the configured memory (re-running an interrupted import is safe)",
    )
    .argument("<file>", "the JSONL file ('-' for standard input)")
    .option("--json", "print the summary as JSON")
    .action(async (file: string, opts: { json?: boolean }) => {
      let close = async () => {};
      try {
        const { parseExport } = await import("../memory/transfer.js");
        const input = file === "-" ? process.stdin : createReadStream(file, { encoding: "utf8" });
        // readline only here: loading it at the top would cost every dwim command its start-up time.
        const { createInterface } = await import("node:readline");
        const records = await parseExport(createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY }));
        const { mc, memory } = await openProjectMemory(true);
        close = memory.closeAllStores;
        const summary = await memory.importMemories(mc, records);
        if (opts.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
        else {
          const renumbered = Object.keys(summary.renumbered).length;
          process.stdout.write(
            `Imported ${summary.imported} memories into ${mc.store.path}; ${summary.skipped} already present` +
              `${renumbered > 0 ? `; ${renumbered} renumbered (their ids were taken)` : ""}\n`,
          );
          for (const w of summary.warnings) process.stdout.write(`  warning: ${w}\n`);
        }
      } catch (e) {
        fail(e);
      } finally {
        await close();
      }
    });
}
