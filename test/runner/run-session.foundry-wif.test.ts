import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  builtInPolicy,
  type ProgressEvent,
  runSession,
  type SessionOptions,
} from "../../src/runner/index.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import { FoundryDouble, VertexDouble } from "../harness/cloud-model-doubles.js";
import type { Script } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";

const FOUNDRY_KEY = "foundry-resource-key-0123456789abcdef0123";
const ENTRA_TOKEN = "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.entra-test-token.sig";
const OIDC_JWT = "eyJhbGciOiJSUzI1NiJ9.github-oidc-subject-token.sig";
const WIF_ACCESS_TOKEN = "ya29.wif-minted-access-token-0123456789";
const AUDIENCE = "//iam.googleapis.com/projects/123/locations/global/workloadIdentityPools/gh/providers/gh";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function environOf(pid: number): string {
  return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").join("\n");
}

/** Reads the CLI's environment from /proc while it waits on its first answer, then finishes. */
function scriptReadingEnviron(progress: ProgressEvent[], seen: { environ?: string }): Script {
  return (_request, mainIndex) => {
    if (mainIndex === 0) {
      const spawned = progress.find((e) => e.kind === "spawned");
      if (spawned?.kind === "spawned") seen.environ = environOf(spawned.pid);
      return { kind: "tool_use", name: "Read", input: { file_path: "notes.txt" } };
    }
    return { kind: "text", text: "provider done" };
  };
}

async function options(progress: ProgressEvent[], extra: Partial<SessionOptions>): Promise<SessionOptions> {
  const cwd = await makeTempDir("foundry-ws");
  await writeFile(path.join(cwd, "notes.txt"), "hello\n");
  return {
    prompt: "Read notes.txt.",
    cwd,
    claudePath: CLAUDE_BIN,
    policy: builtInPolicy("review", { workspace: cwd }),
    onProgress: (event) => progress.push(event),
    lifecycle: { reapGraceMs: 3000, interruptGraceMs: 3000, termGraceMs: 2000 },
    sourceEnv: process.env,
    ...extra,
  };
}

describe("foundry through the credential proxy (real CLI)", () => {
  it.each([
    ["the resource key", { ANTHROPIC_FOUNDRY_API_KEY: FOUNDRY_KEY }, { xApiKey: FOUNDRY_KEY }, FOUNDRY_KEY],
    [
      "an Entra ID token",
      { ANTHROPIC_FOUNDRY_AUTH_TOKEN: ENTRA_TOKEN },
      { authorization: `Bearer ${ENTRA_TOKEN}` },
      ENTRA_TOKEN,
    ],
  ])(
    "%s reaches the Foundry upstream on every request; the CLI never holds it",
    async (_name, credential, expected, secret) => {
      const progress: ProgressEvent[] = [];
      const seen: { environ?: string } = {};
      const double = await FoundryDouble.start(scriptReadingEnviron(progress, seen), {
        apiKey: FOUNDRY_KEY,
        entraToken: ENTRA_TOKEN,
      });
      cleanups.push(() => double.close());
      const outcome = await runSession(
        await options(progress, {
          provider: "foundry",
          sourceEnv: {
            PATH: process.env.PATH,
            ANTHROPIC_FOUNDRY_BASE_URL: `${double.url}/anthropic`,
            ...credential,
          },
        }),
      ).outcome;

      expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
      expect(outcome.resultText).toBe("provider done");
      expect(double.invocations.filter((i) => i.refused)).toEqual([]);
      const messages = double.received.filter((r) => r.path === "/anthropic/v1/messages");
      expect(messages.length).toBeGreaterThanOrEqual(2);
      // Exactly the host's credential, never the proxy's job token next to it.
      for (const request of messages)
        expect(request).toEqual({ path: "/anthropic/v1/messages", ...expected });

      const environ = seen.environ as string;
      expect(environ).toContain("CLAUDE_CODE_USE_FOUNDRY=1");
      expect(environ).toMatch(/ANTHROPIC_FOUNDRY_BASE_URL=http:\/\/127\.0\.0\.1:\d+/);
      expect(environ).not.toContain(double.url);
      expect(environ).not.toContain(secret);
      expect(environ).not.toContain("ANTHROPIC_FOUNDRY_AUTH_TOKEN");
    },
  );
});

/**
 * GitHub's OIDC token endpoint and Google's STS on loopback: google-auth-library's external-account
 * (Workload Identity Federation) client reads the subject token from `credential_source.url` and
 * exchanges it at `token_url`, as google-github-actions/auth sets it up.
 */
async function startWifEndpoints(): Promise<{
  url: string;
  exchanges: URLSearchParams[];
  close(): Promise<void>;
}> {
  const exchanges: URLSearchParams[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === "GET" && req.url === "/oidc-token") {
      if (req.headers.authorization !== "bearer actions-request-token") {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ value: OIDC_JWT }));
      return;
    }
    if (req.method === "POST" && req.url === "/v1/token") {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      exchanges.push(form);
      if (form.get("subject_token") !== OIDC_JWT || form.get("audience") !== AUDIENCE) {
        res.writeHead(400, { "content-type": "application/json" }).end('{"error":"invalid_grant"}');
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          access_token: WIF_ACCESS_TOKEN,
          issued_token_type: "urn:ietf:params:oauth:token-type:access_token",
          token_type: "Bearer",
          expires_in: 3600,
        }),
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    exchanges,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("vertex with Workload Identity Federation (real google-auth-library, real CLI)", () => {
  it("the library mints the token from an external-account file; the proxy sends it; the CLI sees neither file nor token", async () => {
    const wif = await startWifEndpoints();
    cleanups.push(() => wif.close());
    const dir = await makeTempDir("wif");
    const credentialFile = path.join(dir, "gha-creds.json");
    await writeFile(
      credentialFile,
      JSON.stringify({
        type: "external_account",
        audience: AUDIENCE,
        subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
        token_url: `${wif.url}/v1/token`,
        credential_source: {
          url: `${wif.url}/oidc-token`,
          headers: { Authorization: "bearer actions-request-token" },
          format: { type: "json", subject_token_field_name: "value" },
        },
      }),
    );
    const progress: ProgressEvent[] = [];
    const seen: { environ?: string } = {};
    const double = await VertexDouble.start(scriptReadingEnviron(progress, seen), {
      accessToken: WIF_ACCESS_TOKEN,
      project: "proj-wif",
      region: "us-east5",
    });
    cleanups.push(() => double.close());

    const outcome = await runSession(
      await options(progress, {
        provider: "vertex",
        model: "claude-sonnet-4-5",
        sourceEnv: {
          PATH: process.env.PATH,
          ANTHROPIC_VERTEX_PROJECT_ID: "proj-wif",
          CLOUD_ML_REGION: "us-east5",
          ANTHROPIC_VERTEX_BASE_URL: `${double.url}/v1`,
          GOOGLE_APPLICATION_CREDENTIALS: credentialFile,
        },
      }),
    ).outcome;

    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    expect(double.invocations.filter((i) => i.refused)).toEqual([]);
    expect(double.invocations.length).toBeGreaterThanOrEqual(2);
    // The library did the STS exchange (cached afterwards: one exchange for the whole session).
    expect(wif.exchanges).toHaveLength(1);
    expect(wif.exchanges[0]?.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:token-exchange");
    expect(wif.exchanges[0]?.get("scope")).toBe("https://www.googleapis.com/auth/cloud-platform");
    const environ = seen.environ as string;
    expect(environ).not.toContain(WIF_ACCESS_TOKEN);
    expect(environ).not.toContain(credentialFile);
    expect(environ).not.toContain("GOOGLE_APPLICATION_CREDENTIALS");
  });

  it("a subject token the STS refuses is a configuration error before spawn", async () => {
    const wif = await startWifEndpoints();
    cleanups.push(() => wif.close());
    const dir = await makeTempDir("wif-bad");
    const credentialFile = path.join(dir, "gha-creds.json");
    await writeFile(
      credentialFile,
      JSON.stringify({
        type: "external_account",
        audience:
          "//iam.googleapis.com/projects/999/locations/global/workloadIdentityPools/other/providers/x",
        subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
        token_url: `${wif.url}/v1/token`,
        credential_source: {
          url: `${wif.url}/oidc-token`,
          headers: { Authorization: "bearer actions-request-token" },
          format: { type: "json", subject_token_field_name: "value" },
        },
      }),
    );
    const progress: ProgressEvent[] = [];
    const error = await runSession(
      await options(progress, {
        provider: "vertex",
        sourceEnv: {
          PATH: process.env.PATH,
          ANTHROPIC_VERTEX_PROJECT_ID: "p",
          CLOUD_ML_REGION: "us-east5",
          GOOGLE_APPLICATION_CREDENTIALS: credentialFile,
        },
      }),
    ).outcome.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(/provider vertex: no Google access token could be obtained/);
    expect(wif.exchanges).toHaveLength(1);
    expect(progress.some((e) => e.kind === "spawned")).toBe(false);
  });
});
