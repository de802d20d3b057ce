import { Octokit } from "@octokit/rest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepFailedDeliveries } from "../../lambda/schedule/sweep-failed-deliveries.js";
import { githubAppAuth } from "../../lambda/shared/github-app-auth.js";
import { GitHubDouble } from "../github-double/index.js";
import { appPrivateKeyPem } from "./support/app-private-key.js";

// The lost-delivery sweeper against the GitHub double's `/app/hook/deliveries`: each failed event is
// redelivered exactly once; delivered, already-redelivered and old events are left alone.
let gh: GitHubDouble;
beforeAll(async () => {
  gh = await GitHubDouble.start();
});
afterAll(async () => {
  await gh?.close();
});

describe("sweepFailedDeliveries", () => {
  it("redelivers each failed event once, and never again on the next sweep", async () => {
    const now = Date.parse("2026-12-03T12:00:00Z");
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    const failedTwice = gh.addHookDelivery({ guid: "a", deliveredAt: at(50), statusCode: 502 });
    gh.addHookDelivery({ guid: "a", deliveredAt: at(40), statusCode: 0 });
    gh.addHookDelivery({ guid: "b", deliveredAt: at(30), statusCode: 500 });
    gh.addHookDelivery({ guid: "b", deliveredAt: at(20), statusCode: 500, redelivery: true });
    gh.addHookDelivery({ guid: "c", deliveredAt: at(10), statusCode: 202 });
    gh.addHookDelivery({ guid: "d", deliveredAt: at(600), statusCode: 500 });
    const tokens = githubAppAuth({
      appId: "12345",
      baseUrl: gh.url,
      privateKey: async () => appPrivateKeyPem(),
    });
    const app = new Octokit({ baseUrl: gh.url, auth: await tokens.appJwt() });

    const first = await sweepFailedDeliveries(app, { since: new Date(now - 180 * 60_000) });
    // "a": the latest of its two failed attempts is sent again; "b" already had its one redelivery.
    expect(first.redelivered).toEqual([failedTwice + 1]);
    expect(first.gaveUp).toEqual(["b"]);
    expect(gh.callsTo("apps/redeliver-webhook-delivery")).toHaveLength(1);

    const second = await sweepFailedDeliveries(app, { since: new Date(now - 180 * 60_000) });
    expect(second.redelivered).toEqual([]);
    expect(gh.callsTo("apps/redeliver-webhook-delivery")).toHaveLength(1);
  });
});
