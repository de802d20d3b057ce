// Entry of the GitHub Action (action.yml → dist/index.js). All work happens in runAction.
import * as core from "@actions/core";
import { runAction } from "./run-action.js";

await runAction(process.env).catch((error: unknown) => {
  core.setFailed(
    `claude-pr-runner crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
});
