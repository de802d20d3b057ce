import { createGitHubClient, type GitHubClient } from "../../src/github/github-client.js";
import { BASE_FILES, HEAD_FILES } from "../action/action-run-fixture.js";
import { createTempRepo, type TempRepo } from "../fixtures/git-repo.js";
import { GitHubDouble } from "../github-double/index.js";
import { ManagedAgentsDouble } from "../managed-agents-double/managed-agents-double.js";
import { LoopbackDynamoDb } from "./support/loopback-dynamodb.js";
import { type FifoQueuePair, LoopbackSqs } from "./support/loopback-sqs.js";

/**
 * The loopback world of the managed-agents Lambda functions called directly (no worker pipeline): the
 * Managed Agents double, the GitHub double with an unpaced client on it, dynalite, fauxqs with the
 * settle FIFO queue (and its dead-letter queue), and a scratch repository for the PR's commits.
 * Tables are the test's own: each file's functions keep their records differently.
 */
export class ManagedAgentsLoopback {
  private constructor(
    readonly double: ManagedAgentsDouble,
    readonly github: GitHubDouble,
    readonly octokit: GitHubClient,
    readonly dynamo: LoopbackDynamoDb,
    readonly sqs: LoopbackSqs,
    readonly settleQueue: FifoQueuePair,
    readonly repo: TempRepo,
  ) {}

  /** `apiKey` is the key the double accepts (its default when omitted). */
  static async start(options: { apiKey?: string } = {}): Promise<ManagedAgentsLoopback> {
    const double = await ManagedAgentsDouble.start(options);
    const github = await GitHubDouble.start();
    const octokit = createGitHubClient({
      token: github.token,
      baseUrl: github.url,
      writeSpacingMs: 0,
      notificationSpacingMs: 0,
      retryAfterBaseMs: 1,
    });
    const dynamo = await LoopbackDynamoDb.start();
    const sqs = await LoopbackSqs.start();
    const settleQueue = await sqs.createFifoQueueWithDlq("settle", {
      maxReceiveCount: 3,
      visibilityTimeoutSeconds: 30,
    });
    return new ManagedAgentsLoopback(double, github, octokit, dynamo, sqs, settleQueue, createTempRepo());
  }

  /**
   * Pull requests `numbers` of octo/app, all from one `feature` commit over the base (the shared
   * action fixture's files: `sub()` adds instead of subtracting). Returns the head SHA.
   */
  openPullRequests(...numbers: number[]): string {
    const { repo, github } = this;
    for (const [path, content] of Object.entries(BASE_FILES)) repo.write(path, content);
    const baseSha = repo.commitAll("base");
    repo.git("checkout", "-q", "-b", "feature");
    for (const [path, content] of Object.entries(HEAD_FILES)) repo.write(path, content);
    const headSha = repo.commitAll("add sub");
    // GitHub reads the repository's own objects (its contents, and the compare of a later push).
    github.addRepo("octo", "app", { gitDir: `${repo.dir}/.git` });
    const diff = repo.git("diff", `${baseSha}...${headSha}`);
    for (const number of numbers)
      github.addPullRequest({ owner: "octo", repo: "app", number, diff, headSha, baseSha });
    return headSha;
  }

  async close(): Promise<void> {
    await this.double.close();
    await this.github.close();
    await this.sqs.close();
    await this.dynamo.close();
    this.repo.remove();
  }
}
