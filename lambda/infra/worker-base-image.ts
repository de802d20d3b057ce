import { readFileSync } from "node:fs";
import * as path from "node:path";

/** An image reference pinned to one content digest (a tag may stay in front of it for readers). */
const DIGEST_PINNED = /@sha256:[0-9a-f]{64}$/;

export function isDigestPinned(imageRef: string): boolean {
  return DIGEST_PINNED.test(imageRef.trim());
}

/**
 * The base image the worker Dockerfile builds on: every `FROM` must go through the `BASE_IMAGE`
 * build argument (so one pinned value covers both stages), and its default is what a build without
 * `-c workerBaseImage=…` uses.
 */
export function dockerfileBaseImage(dockerfile: string): string {
  const lines = dockerfile
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const froms = lines.filter((l) => /^FROM\s/i.test(l));
  if (froms.length === 0) throw new Error("the worker Dockerfile has no FROM line");
  for (const from of froms)
    if (!/^FROM\s+\$\{BASE_IMAGE\}(\s+AS\s+\S+)?$/i.test(from))
      throw new Error(`"${from}" must build on \${BASE_IMAGE}, the one place the base image is pinned`);
  const arg = lines.find((l) => /^ARG\s+BASE_IMAGE=/.test(l));
  if (!arg) throw new Error("the worker Dockerfile has no ARG BASE_IMAGE=<image> default");
  return arg.slice(arg.indexOf("=") + 1).trim();
}

export function workerDockerfileBaseImage(repoRoot: string): string {
  return dockerfileBaseImage(readFileSync(path.join(repoRoot, "lambda/worker/Dockerfile"), "utf8"));
}
