import type { GitHubClient } from "../../github/github-client.js";
import type { GitCheckout } from "../shared/git-checkout.js";

export type TriggerPin =
  | { pinned: true }
  | { pinned: false; reason: "checkout_differs" | "head_moved"; currentSha: string; message: string };

/** What the PR is told when its head is no longer the commit autofix was asked for on. */
export function headMovedMessage(requestedSha: string, currentSha: string): string {
  return `Claude's autofix did not run: the pull request's head moved from \`${shortSha(requestedSha)}\` (when autofix was requested) to \`${shortSha(currentSha)}\`. Nothing was pushed. Request it again to fix the new head.`;
}

const shortSha = (sha: string) => sha.slice(0, 12);

/**
 * Autofix runs on the commit the trusted actor saw when asking for it: the head SHA in the triggering
 * event. A push after that (by the PR's author, say) must not ride along into a session that edits,
 * runs test commands and pushes with write power. Checked before the session starts, so a moved head
 * costs no model call: the checkout must be that commit, and so must the PR's head on GitHub now.
 */
export async function checkTriggerPin(
  github: GitHubClient,
  checkout: GitCheckout,
  target: { owner: string; repo: string; pullNumber: number; headSha: string },
): Promise<TriggerPin> {
  const local = (await checkout.git(["rev-parse", "HEAD"])).trim();
  if (local !== target.headSha) {
    return {
      pinned: false,
      reason: "checkout_differs",
      currentSha: local,
      message: `Claude's autofix did not run: the checkout is at \`${shortSha(local)}\`, not at \`${shortSha(target.headSha)}\`, the head when autofix was requested. Check out the event's head SHA (\`github.event.pull_request.head.sha\`).`,
    };
  }
  const { data } = await github.rest.pulls.get({
    owner: target.owner,
    repo: target.repo,
    pull_number: target.pullNumber,
  });
  if (data.head.sha !== target.headSha) {
    return {
      pinned: false,
      reason: "head_moved",
      currentSha: data.head.sha,
      message: headMovedMessage(target.headSha, data.head.sha),
    };
  }
  return { pinned: true };
}
