import type { Subcommand } from "./CliIo.js";
import { reviewCommand } from "./reviewCommand.js";
import { runCommand } from "./runCommand.js";
import { sessionsCommand } from "./sessionsCommand.js";

/**
 * Every subcommand of `claude-pr-runner`, one file each. To add one (e.g. `review`, `sessions`),
 * export a `Subcommand` from its own file and list it here.
 */
export const subcommands: Subcommand[] = [reviewCommand, runCommand, sessionsCommand];
