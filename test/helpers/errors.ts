/** The ToolError a promise rejects with; fails the test when it resolves or rejects with anything else. */
import { isToolError, type ToolError } from "../../src/core/index.js";

export async function rejectionOf(p: Promise<unknown>): Promise<ToolError> {
  try {
    await p;
  } catch (e) {
    if (isToolError(e)) return e;
    throw e;
  }
  throw new Error("expected a ToolError");
}
