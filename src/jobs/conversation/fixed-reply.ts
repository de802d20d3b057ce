import type { TriggerRun } from "../triggers/decide-trigger.js";
import { closedReply, helpReply, refusalReply, usageReply } from "../triggers/trigger-replies.js";
import type { TriggerSettings } from "../triggers/trigger-settings.js";

/** The text of a reply that needs no model: help, usage, the closed notice or a refusal. */
export function fixedReplyText(
  run: TriggerRun,
  reply: "help" | "usage" | "closed" | "refuse",
  settings: Pick<TriggerSettings, "commandPrefix" | "mention">,
  repository: string,
): string {
  if (reply === "help") return helpReply(settings);
  if (reply === "usage") return usageReply(settings, run);
  if (reply === "closed") return closedReply(run);
  return refusalReply(run, repository);
}
