// Writes <out>/package.json and <out>/package-lock.json holding only the Claude Code CLI as the
// repository's package-lock.json pins it (version, resolved URL, integrity, platform packages), so the
// worker image installs the CLI with `npm ci` from the lockfile instead of resolving a version again.
// Usage: node lambda/worker/cli-lock.mjs <repo package-lock.json> <out dir>
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [lockPath, out] = process.argv.slice(2);
if (!lockPath || !out) throw new Error("usage: cli-lock.mjs <package-lock.json> <out dir>");
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const NAME = "@anthropic-ai/claude-code";
const cli = lock.packages[`node_modules/${NAME}`];
if (!cli?.version || !cli.integrity) throw new Error(`${NAME} is not pinned in ${lockPath}`);
const packages = {
  "": { name: "claude-pr-runner-cli", dependencies: { [NAME]: cli.version } },
  [`node_modules/${NAME}`]: cli,
};
for (const dependency of Object.keys(cli.optionalDependencies ?? {})) {
  const entry = lock.packages[`node_modules/${dependency}`];
  if (!entry?.integrity) throw new Error(`${dependency} is not pinned in ${lockPath}`);
  packages[`node_modules/${dependency}`] = entry;
}
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, "package.json"),
  `${JSON.stringify({ name: "claude-pr-runner-cli", private: true, dependencies: { [NAME]: cli.version } }, null, 2)}\n`,
);
writeFileSync(
  join(out, "package-lock.json"),
  `${JSON.stringify({ name: "claude-pr-runner-cli", lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
);
