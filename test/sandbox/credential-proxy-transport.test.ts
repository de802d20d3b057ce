import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// The credential proxy reaches its upstream over https (the model API) or plain http (a gateway on
// loopback). Node's https module, with tls, is about 5 MB and 10 ms of a host's start, so it is taken
// only for an https upstream. Each case runs in a process of its own: NODE_EXTRA_CA_CERTS, which makes
// the test certificate trusted, is read when Node starts, and the modules loaded are the process's.

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "../..");
const FIXTURES = join(ROOT, "test/fixtures");

/** Starts an upstream (http or https), forwards one request through a proxy and prints what it saw. */
const SCRIPT = `
  const tls = process.argv.at(-1) === "https";
  const { readFileSync } = process.getBuiltinModule("node:fs");
  const { startCredentialProxy } = await import("./src/sandbox/credential-proxy/start-credential-proxy.ts");
  const answer = (req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ key: req.headers["x-api-key"], encrypted: req.socket.encrypted === true }));
  };
  const upstream = tls
    ? process.getBuiltinModule("node:https").createServer(
        { key: readFileSync("${FIXTURES}/loopback-tls.key"), cert: readFileSync("${FIXTURES}/loopback-tls.crt") },
        answer,
      )
    : process.getBuiltinModule("node:http").createServer(answer);
  await new Promise((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const running = await startCredentialProxy({
    upstreamUrl: (tls ? "https" : "http") + "://127.0.0.1:" + upstream.address().port,
    credential: { kind: "api-key", apiKey: "sk-real" },
  });
  const reply = await new Promise((resolve, reject) => {
    const req = process.getBuiltinModule("node:http").request(
      running.url + "/v1/messages",
      { method: "POST", headers: { "x-api-key": running.proxy.token.value, "content-type": "application/json" } },
      (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve(res.statusCode + " " + body));
      },
    );
    req.on("error", reject);
    req.end("{}");
  });
  await running.close();
  upstream.close();
  const tlsLoaded = process.moduleLoadList.some((m) => m === "NativeModule tls" || m === "NativeModule https");
  process.stdout.write(reply + " tls-loaded:" + tlsLoaded);
`;

async function forwardOnce(scheme: "http" | "https"): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", SCRIPT, scheme],
    { cwd: ROOT, env: { PATH: process.env.PATH, NODE_EXTRA_CA_CERTS: join(FIXTURES, "loopback-tls.crt") } },
  );
  return stdout;
}

describe("the credential proxy's upstream transport", () => {
  it("forwards to an https upstream over TLS, with the real key in the job token's place", async () => {
    expect(await forwardOnce("https")).toBe('200 {"key":"sk-real","encrypted":true} tls-loaded:true');
  });

  it("forwards to a plain http upstream without loading https or tls", async () => {
    expect(await forwardOnce("http")).toBe('200 {"key":"sk-real","encrypted":false} tls-loaded:false');
  });
});
