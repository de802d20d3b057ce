import type { GitHubClient } from "../../github/github-client.js";
import { httpStatusOf } from "../../github/http-status.js";
import type { AutofixRequest } from "./autofix-request.js";

/** Removes the trigger label; false when it was already gone. */
export async function removeAutofixLabel(github: GitHubClient, request: AutofixRequest): Promise<boolean> {
  try {
    await github.rest.issues.removeLabel({
      owner: request.repository.owner,
      repo: request.repository.name,
      issue_number: request.pullRequest.number,
      name: request.label || "autofix",
    });
    return true;
  } catch (error) {
    // Someone removed it already: the goal is reached.
    if (httpStatusOf(error) === 404) return false;
    throw error;
  }
}
