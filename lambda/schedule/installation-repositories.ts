import { Octokit } from "@octokit/rest";
import type { InstallationTokenProvider } from "../shared/github-app-auth.js";

export interface InstallationRepository {
  owner: string;
  repo: string;
  installationId: number;
}

/**
 * The App's view of where it is installed: every repository of every installation, or the
 * installation of one named repository. Archived and disabled repositories are left out: nothing
 * can be published to them.
 */
export class InstallationRepositories {
  constructor(
    private readonly tokens: InstallationTokenProvider,
    private readonly baseUrl: string,
  ) {}

  async all(): Promise<InstallationRepository[]> {
    const app = new Octokit({ baseUrl: this.baseUrl, auth: await this.tokens.appJwt() });
    const installations = await app.paginate(app.rest.apps.listInstallations, { per_page: 100 });
    const out: InstallationRepository[] = [];
    for (const installation of installations) {
      if (installation.suspended_at) continue;
      const client = new Octokit({
        baseUrl: this.baseUrl,
        auth: await this.tokens.installationToken(installation.id),
      });
      const repos = await client.paginate(client.rest.apps.listReposAccessibleToInstallation, {
        per_page: 100,
      });
      for (const r of repos) {
        if (r.archived || r.disabled) continue;
        out.push({ owner: r.owner.login, repo: r.name, installationId: installation.id });
      }
    }
    return out;
  }

  /** Undefined when the App is not installed on that repository. */
  async find(owner: string, repo: string): Promise<InstallationRepository | undefined> {
    const app = new Octokit({ baseUrl: this.baseUrl, auth: await this.tokens.appJwt() });
    try {
      const { data } = await app.rest.apps.getRepoInstallation({ owner, repo });
      return { owner, repo, installationId: data.id };
    } catch (error) {
      if ((error as { status?: number }).status === 404) return undefined;
      throw error;
    }
  }
}
