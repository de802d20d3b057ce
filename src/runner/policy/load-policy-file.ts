import { readFile } from "node:fs/promises";
import { parsePolicyDocument } from "./parse-policy-document.js";
import { PolicyFileError } from "./policy-file-error.js";
import { ToolPolicy } from "./tool-policy.js";

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
