import type { Octokit } from "@octokit/rest";

export interface SweepResult {
  /** Delivery ids asked to be sent again. */
  redelivered: number[];
  /** guids that failed but were already redelivered once: left for an operator. */
  gaveUp: string[];
}

interface Delivery {
  id: number;
  guid: string;
  delivered_at: string;
  redelivery: boolean;
  status_code: number;
}

/**
 * GitHub does not resend a webhook delivery that failed (our function down, a 5xx, a timeout). The
 * sweeper lists the App's recent deliveries and asks GitHub to redeliver each failed event once: an
 * event (guid) that never got a 2xx and has no redelivery yet. A redelivery carries the same body, so
 * the webhook's payload-identity idempotency keeps it from queueing a job twice. Stateless: GitHub's
 * own `redelivery` flag records that an event was already retried.
 */
export async function sweepFailedDeliveries(app: Octokit, options: { since: Date }): Promise<SweepResult> {
  const byGuid = new Map<string, Delivery[]>();
  for await (const page of app.paginate.iterator(app.rest.apps.listWebhookDeliveries, { per_page: 100 })) {
    const deliveries = page.data as Delivery[];
    for (const d of deliveries) {
      if (Date.parse(d.delivered_at) < options.since.getTime()) continue;
      byGuid.set(d.guid, [...(byGuid.get(d.guid) ?? []), d]);
    }
    // Newest first: once a page is entirely older than the window, nothing later is in it.
    if (
      deliveries.length > 0 &&
      deliveries.every((d) => Date.parse(d.delivered_at) < options.since.getTime())
    )
      break;
  }
  const result: SweepResult = { redelivered: [], gaveUp: [] };
  for (const [guid, attempts] of byGuid) {
    if (attempts.some((d) => d.status_code >= 200 && d.status_code < 300)) continue;
    if (attempts.some((d) => d.redelivery)) {
      result.gaveUp.push(guid);
      continue;
    }
    const latest = attempts.reduce((a, b) =>
      Date.parse(a.delivered_at) >= Date.parse(b.delivered_at) ? a : b,
    );
    await app.rest.apps.redeliverWebhookDelivery({ delivery_id: latest.id });
    result.redelivered.push(latest.id);
  }
  return result;
}
