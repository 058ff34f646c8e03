/** Every capability's toolset, in the order tools are listed. `--tools search,edit` selects among them. */
import type { Toolset } from "../core/index.js";

export const TOOLSETS: readonly Toolset[] = [];
