/** Every capability's toolset, in the order tools are listed. `--tools search,edit` selects among them. */
import type { Toolset } from "../core/index.js";
import { toolset as edit } from "../edit/index.js";
import { toolset as memory } from "../memory/index.js";
import { toolset as router } from "../router/index.js";
import { toolset as search } from "../search/index.js";
import { toolset as units } from "../units/index.js";

export const TOOLSETS: readonly Toolset[] = [search, edit, units, memory, router];
