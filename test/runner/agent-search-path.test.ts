import { chmod, mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agentSearchPath,
  SYSTEM_SEARCH_PATH,
  systemToolsEnvironment,
  withClosedSearchPath,
} from "../../src/runner/isolation/agent-search-path.js";

// What the CLI starts through each entry is proved on the binary in
// test/red-team/path-from-the-checkout.test.ts.
let root: string;
let checkout: string;
let tools: string;
beforeAll(async () => {
  // Outside the shared temp dirs (which are closed whatever lies in them), as a runner's checkout is.
  root = await mkdtemp("/var/lib/cpr-search-path-");
  tools = "/usr/local/bin";
  checkout = path.join(root, "checkout");
  await mkdir(path.join(checkout, "node_modules/.bin"), { recursive: true });
  await symlink(path.join(checkout, "node_modules/.bin"), path.join(root, "bin-link"));
  await mkdir(path.join(root, "open"));
  await chmod(path.join(root, "open"), 0o777);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("agentSearchPath", () => {
  it("keeps absolute directories outside the checkout, in order and once each", () => {
    expect(agentSearchPath(`${tools}:/usr/bin:${tools}:/bin`, [checkout])).toEqual({
      path: `${tools}:/usr/bin:/bin`,
      leftOut: [],
    });
  });

  it.each([
    ["an empty entry (the working directory)", ""],
    ["a relative entry", "node_modules/.bin"],
    ["a dot", "."],
    ["the checkout itself", "CHECKOUT"],
    ["a directory in the checkout", "CHECKOUT/node_modules/.bin"],
    ["a directory in the checkout whose name starts with two dots", "CHECKOUT/..bin"],
    ["a link to a directory in the checkout", "ROOT/bin-link"],
    ["a climb back into the checkout", "/usr/../CHECKOUT/node_modules/.bin"],
    ["a shared temp directory", "/tmp"],
    ["a directory in a shared temp directory", "/var/tmp/bin"],
    ["a directory writable by all", "ROOT/open"],
  ])("leaves out %s", (_name, written) => {
    const entry = written.replace("CHECKOUT", checkout.slice(1)).replace("ROOT", root);
    const spelled = written.startsWith("CHECKOUT") ? `/${entry}` : entry;
    expect(agentSearchPath(`/usr/bin:${spelled}:/bin`, [checkout])).toEqual({
      path: "/usr/bin:/bin",
      leftOut: [spelled],
    });
  });

  it("falls back to the system's directories when nothing may stay, and reads no PATH as none", () => {
    expect(agentSearchPath(`:node_modules/.bin:${checkout}`, [checkout])).toEqual({
      path: SYSTEM_SEARCH_PATH,
      leftOut: ["", "node_modules/.bin", checkout],
    });
    expect(agentSearchPath("", [checkout])).toEqual({ path: SYSTEM_SEARCH_PATH, leftOut: [] });
  });

  it("keeps a directory that does not exist outside what is closed", () => {
    expect(agentSearchPath("/opt/none/bin:/usr/bin", [checkout]).path).toBe("/opt/none/bin:/usr/bin");
  });

  it("gives the host's git the same PATH, closed to the directory it runs in, and keeps the rest", () => {
    const env = { PATH: `node_modules/.bin:${checkout}/node_modules/.bin:/usr/bin`, HOME: "/home/r" };
    expect(withClosedSearchPath(env, [undefined, `${checkout}/sub/..`])).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/r",
    });
    expect(withClosedSearchPath({ HOME: "/home/r" }, [checkout])).toEqual({
      PATH: SYSTEM_SEARCH_PATH,
      HOME: "/home/r",
    });
  });

  it("gives the runner's own helpers the system's directories and nothing else", () => {
    expect(systemToolsEnvironment()).toEqual({ PATH: SYSTEM_SEARCH_PATH });
  });
});
