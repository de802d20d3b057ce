// `npm test`'s first step: installs the locked dependencies (`npm ci`) when node_modules has none yet,
// or when package-lock.json changed after the last install, so that the one command works on a fresh
// clone and costs nothing on an installed one. npm writes node_modules/.package-lock.json at every
// install; a package-lock.json newer than it (a pull, a checkout) means the tree may not match.
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";

const installedAt = statSync("node_modules/.package-lock.json", { throwIfNoEntry: false })?.mtimeMs;
const lockedAt = statSync("package-lock.json").mtimeMs;
if (installedAt === undefined || lockedAt > installedAt) {
  const why = installedAt === undefined ? "none are installed yet" : "package-lock.json changed since";
  console.error(`Installing the locked dependencies with npm ci: ${why}.`);
  execFileSync("npm", ["ci"], { stdio: "inherit" });
}
