import {
  flagSetting,
  textSetting,
  wholeNumberSetting,
  withoutDefault,
} from "../jobs/settings/setting-values.js";
import { sessionsList, sessionsPrune, sessionsShow } from "../sessions/commands.js";
import type { Subcommand } from "./cli-io.js";
import { cliOptionsReader } from "./cli-settings.js";
import { openCliStore } from "./open-cli-store.js";
import { UsageError } from "./usage-error.js";

const HELP = `Usage: claude-pr-runner sessions <list|show|prune> [options]

Inspect and prune stored session lineages (transcripts forked per PR branch).

  list                      One line per lineage: entries, latest session and head, total cost
  show <lineage>            Every entry of a lineage, e.g. octo/app/pr/12 or octo/app/branch/main
  prune [<lineage>]         Keep the newest --keep-last entries (all lineages when none is named)
      --keep-last <k>       Entries to keep per lineage (default 10)
      --delete              Delete the named lineage entirely (what happens when a PR closes)
      --dry-run             Say what would be removed, remove nothing

Store (default: the local review store under ./.git/claude-pr-runner/sessions):
  --store <dir|s3://bucket/prefix>   Filesystem directory or S3 location (AWS credentials from the environment)
  --repository <owner/repo>          list: only this repository's lineages
  --json                             Print JSON instead of text
`;

const readSessionsOptions = cliOptionsReader(
  {
    store: { setting: textSetting },
    repository: { setting: textSetting },
    "keep-last": { setting: withoutDefault(wholeNumberSetting(0, 10)) },
    delete: { setting: flagSetting(false) },
    "dry-run": { setting: flagSetting(false) },
    json: { setting: flagSetting(false) },
    help: { setting: flagSetting(false), short: "h" },
  },
  { allowPositionals: true },
);

/** `claude-pr-runner sessions list|show|prune` over the filesystem or S3 store. */
export const sessionsCommand: Subcommand = {
  name: "sessions",
  summary: "List, show or prune stored session lineages",
  async run(args, io) {
    try {
      const { values, positionals } = readSessionsOptions(args);
      const [action, lineage] = positionals;
      if (values.help || !action) {
        io.stdout.write(HELP);
        return values.help ? 0 : 2;
      }
      const store = await openCliStore(values.store, io);
      let output: { text: string; json: unknown };
      if (action === "list") {
        output = await sessionsList({
          store,
          ...(values.repository ? { repository: values.repository } : {}),
        });
      } else if (action === "show") {
        if (!lineage) throw new UsageError("sessions show needs a lineage, e.g. octo/app/pr/12");
        output = await sessionsShow({ store, lineage });
      } else if (action === "prune") {
        const keepLast = values["keep-last"] ?? (values.delete ? undefined : 10);
        if (values.delete && !lineage) throw new UsageError("--delete needs the lineage to delete");
        output = await sessionsPrune({
          store,
          ...(lineage ? { lineage } : {}),
          ...(keepLast !== undefined ? { keepLast } : {}),
          deleteLineage: values.delete,
          dryRun: values["dry-run"],
        });
      } else {
        throw new UsageError(`unknown sessions action "${action}"; expected list, show or prune`);
      }
      io.stdout.write(values.json ? `${JSON.stringify(output.json, null, 2)}\n` : output.text);
      return 0;
    } catch (error) {
      io.stderr.write(`claude-pr-runner sessions: ${(error as Error).message}\n`);
      return 2;
    }
  },
};
