import { readFile } from "node:fs/promises";
import { PolicyFileError } from "./PolicyFileError.js";
import { parsePolicyDocument } from "./parsePolicyDocument.js";
import { ToolPolicy } from "./ToolPolicy.js";

/** Loads a custom policy from a `.json`, `.yaml` or `.yml` file; throws PolicyFileError when unusable. */
export async function loadPolicyFile(
  path: string,
  options: { workspace?: string } = {},
): Promise<ToolPolicy> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new PolicyFileError(path, [
      `cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    ]);
  }
  return new ToolPolicy(await parsePolicyDocument(text, path), options);
}
