import type { GitHubClient } from "./github-client.js";
import { httpStatusOf } from "./http-status.js";

export type RepositoryPermission = "admin" | "write" | "read" | "none";

/**
 * The actor's permission on the repository through the collaborators API. Someone who is not a
 * collaborator (404) has `none`; other failures propagate, so a GitHub outage never reads as "allowed".
 */
export async function getActorPermission(
  octokit: GitHubClient,
  target: { owner: string; repo: string; username: string },
): Promise<RepositoryPermission> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel(target);
    const p = data.permission;
    return p === "admin" || p === "write" || p === "read" ? p : "none";
  } catch (error) {
    if (httpStatusOf(error) === 404) return "none";
    throw error;
  }
}

/** Write or admin: allowed to trigger jobs that push or publish. */
export async function hasWriteAccess(
  octokit: GitHubClient,
  target: { owner: string; repo: string; username: string },
): Promise<boolean> {
  const permission = await getActorPermission(octokit, target);
  return permission === "write" || permission === "admin";
}
