/**
 * Every file `npm run codegen` writes, with the generator that writes it. A test renders each one and fails when the
 * file in the repository differs, so a generated file is never stale.
 */
import { TOOLSETS } from "../../src/server/toolsets.js";
import { renderManifest } from "./manifest.js";
import { renderPrecompiled } from "./precompiled.js";
import { generateToolDocs, replaceToolDocs } from "./readme.js";

export interface GeneratedFile {
  /** Path from the repository root. */
  path: string;
  /** The file's content as it should be, given its current content (a README keeps everything but its block). */
  render: (current: string) => string;
}

export const GENERATED_FILES: readonly GeneratedFile[] = [
  { path: "src/generated/server/manifest.ts", render: () => renderManifest(TOOLSETS) },
  { path: "src/generated/units/precompiled.ts", render: () => renderPrecompiled() },
  { path: "README.md", render: (current) => replaceToolDocs(current, generateToolDocs(TOOLSETS)) },
];
