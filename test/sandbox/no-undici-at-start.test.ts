import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// Node 24's ES module facade of node:http loads the bundled undici (its lazy WebSocket getter):
// about 30 ms of CPU and 10 MB for a process that never fetches. The credential proxy, dist/cli.js
// and dist/index.js start without it, and a proxy forwards a request without it.

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "../..");
// Node 24 (npm scripts' node), as users and the Action run it; the facade cost is Node 24's.
const NODE = process.execPath;
/** A preload that reports, at exit, whether undici was ever loaded. */
const REPORT = `data:text/javascript,${encodeURIComponent(
  'process.on("exit", () => process.stderr.write("\\nundici:" + process.moduleLoadList.some((m) => m.includes("undici"))));',
)}`;

function undiciOf(stderr: string): boolean {
  const line = stderr.trim().split("\n").at(-1) ?? "";
  expect(line).toMatch(/^undici:(true|false)$/);
  return line === "undici:true";
}

describe("no undici at start", () => {
  it("the credential proxy starts, forwards a request upstream and stops without loading undici", async () => {
    const script = `
      const { startCredentialProxy } = await import("./src/sandbox/credential-proxy/start-credential-proxy.ts");
      const upstream = process.getBuiltinModule("node:http").createServer((req, res) => { res.writeHead(200, { "content-type": "application/json" }); res.end(JSON.stringify({ key: req.headers["x-api-key"] })); });
      await new Promise((resolve) => upstream.listen(0, "127.0.0.1", resolve));
      const running = await startCredentialProxy({ upstreamUrl: "http://127.0.0.1:" + upstream.address().port, credential: { kind: "api-key", apiKey: "sk-real" } });
      const answer = await new Promise((resolve, reject) => {
        const req = process.getBuiltinModule("node:http").request(running.url + "/v1/messages", { method: "POST", headers: { "x-api-key": running.proxy.token.value, "content-type": "application/json" } }, (res) => { let body = ""; res.on("data", (c) => (body += c)); res.on("end", () => resolve(res.statusCode + " " + body)); });
        req.on("error", reject);
        req.end("{}");
      });
      process.stdout.write(String(answer));
      await running.close();
      upstream.close();
    `;
    const { stdout, stderr } = await run(
      NODE,
      ["--import", "tsx", "--import", REPORT, "--input-type=module", "-e", script],
      {
        cwd: ROOT,
      },
    );
    // Forwarded with the real key in the job token's place.
    expect(stdout).toBe('200 {"key":"sk-real"}');
    expect(undiciOf(stderr)).toBe(false);
  });

  it("dist/cli.js and dist/index.js start without loading undici", async () => {
    expect(existsSync(join(ROOT, "dist/cli.js"))).toBe(true);
    const cli = await run(NODE, ["--import", REPORT, "dist/cli.js", "--help"], { cwd: ROOT });
    expect(cli.stdout).toContain("claude-pr-runner");
    expect(undiciOf(cli.stderr)).toBe(false);
    // The Action with no environment stops at its missing-input check, having loaded every module.
    const action = await run(NODE, ["--import", REPORT, "dist/index.js"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH },
    }).catch((error: { stdout: string; stderr: string }) => error);
    expect(action.stdout).toMatch(/::error::|Input required|GITHUB_/);
    expect(undiciOf(action.stderr)).toBe(false);
  });

  it("dist/ redirects only static imports of node:http: a dynamic one stays Node's own, never a chunk read after the agent starts", async () => {
    const files = [join(ROOT, "dist/index.js"), join(ROOT, "dist/cli.js"), ...(await chunkFiles())];
    const texts = await Promise.all(files.map((f) => readFile(f, "utf8")));
    const all = texts.join("\n");
    // Some package looks up instance metadata behind `await import("node:http")`: it is left alone.
    expect(all).toMatch(/await import\("node:http"\)/);
    // No chunk is the shim behind a dynamic import, and nothing imports node:http statically as a module.
    expect(all).not.toMatch(/import\("\.\/[^"]*node-http-builtin/);
    expect(all).not.toMatch(/^import [^\n]* from "(node:)?http";$/m);
  });

  it("the check sees undici when the facade is built: importing node:http as an ES module loads it", async () => {
    const { stderr } = await run(
      NODE,
      ["--import", REPORT, "--input-type=module", "-e", 'await import("node:http");'],
      {
        cwd: ROOT,
      },
    );
    expect(undiciOf(stderr)).toBe(true);
  });
});

async function chunkFiles(): Promise<string[]> {
  const dir = join(ROOT, "dist/chunks");
  return (await readdir(dir)).filter((f) => f.endsWith(".js")).map((f) => join(dir, f));
}
