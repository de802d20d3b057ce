import type { Subcommand } from "./cli-io.js";
import { learningsCommand } from "./learnings-command.js";
import { reviewCommand } from "./review-command.js";
import { runCommand } from "./run-command.js";
import { sessionsCommand } from "./sessions-command.js";

/**
 * Every subcommand of `claude-pr-runner`, one file each. To add one (e.g. `review`, `sessions`),
 * export a `Subcommand` from its own file and list it here.
 */
export const subcommands: Subcommand[] = [reviewCommand, runCommand, sessionsCommand, learningsCommand];
