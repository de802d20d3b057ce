import { forgetSuppression, readLearnings } from "../jobs/learnings/learnings-ledger.js";
import { activeRecords, type SuppressionRecord } from "../jobs/learnings/suppression-record.js";
import { flagSetting, textSetting } from "../jobs/settings/setting-values.js";
import type { Subcommand } from "./cli-io.js";
import { cliEnvironment, cliOptionsReader } from "./cli-settings.js";
import { openCliStore } from "./open-cli-store.js";
import { UsageError } from "./usage-error.js";

const HELP = `Usage: claude-pr-runner learnings <list|show|forget> --repository <owner/repo> [options]

The review noise memory: findings a repository's writers marked not useful (a 👎 on an inline
finding, its thread resolved with the code unchanged, or a reply that says so). Reviews do not
report them again and are told the rule.

  list                      One line per active learning: id, signal, who, file and finding
      --all                 Forgotten ones too
  show <id>                 One learning in full
  forget <id>               Stop applying it (kept as forgotten, so the same signal never brings it back)
      --by <login>          Who forgot it (default: $USER)

  --repository <owner/repo> The repository whose learnings to read (required)
  --store <dir|s3://bucket/prefix>   Where sessions are stored (default ./.git/claude-pr-runner/sessions)
  --json                    Print JSON instead of text
`;

const readLearningsOptions = cliOptionsReader(
  {
    store: { setting: textSetting },
    repository: { setting: textSetting },
    by: { setting: textSetting },
    all: { setting: flagSetting(false) },
    json: { setting: flagSetting(false) },
    help: { setting: flagSetting(false), short: "h" },
  },
  { allowPositionals: true },
);

/** `claude-pr-runner learnings list|show|forget` over the filesystem or S3 store. */
export const learningsCommand: Subcommand = {
  name: "learnings",
  summary: "List, show or forget what reviews learned not to report",
  async run(args, io) {
    try {
      const { values, positionals } = readLearningsOptions(args);
      const [action, id, ...extra] = positionals;
      if (values.help || !action) {
        io.stdout.write(HELP);
        return values.help ? 0 : 2;
      }
      if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
      const [owner, repo, ...rest] = (values.repository ?? "").split("/");
      if (!owner || !repo || rest.length > 0)
        throw new UsageError("--repository owner/repo is required (the repository whose learnings to read)");
      const place = { store: await openCliStore(values.store, io), owner, repo };
      let output: { text: string; json: unknown };
      if (action === "list") {
        const document = await readLearnings(place);
        const records = values.all ? document.records : activeRecords(document);
        output = {
          text:
            records.length === 0
              ? `No learnings for ${owner}/${repo}.\n`
              : `${records.map(listLine).join("\n")}\n`,
          json: records,
        };
      } else if (action === "show" || action === "forget") {
        if (!id) throw new UsageError(`learnings ${action} needs the learning's id (see learnings list)`);
        if (action === "show") {
          const record = (await readLearnings(place)).records.find((r) => r.id === id);
          if (!record) throw new UsageError(`no learning has the id "${id}" in ${owner}/${repo}`);
          output = { text: showText(record), json: record };
        } else {
          const by = values.by ?? cliEnvironment(io.env).USER ?? "cli";
          const record = await forgetSuppression(place, id, { by, at: new Date().toISOString() });
          output = { text: `Forgot ${record.id}: ${record.rule}\n`, json: record };
        }
      } else {
        throw new UsageError(`unknown learnings action "${action}"; expected list, show or forget`);
      }
      io.stdout.write(values.json ? `${JSON.stringify(output.json, null, 2)}\n` : output.text);
      return 0;
    } catch (error) {
      io.stderr.write(`claude-pr-runner learnings: ${(error as Error).message}\n`);
      return 2;
    }
  },
};

const SIGNAL_WORDS: Record<SuppressionRecord["signal"], string> = {
  thumbs_down: "👎",
  resolved_unchanged: "resolved",
  reply: "reply",
};

/** Plain words in the aligned list (an emoji's width differs between terminals). */
const LIST_WORDS: Record<SuppressionRecord["signal"], string> = {
  thumbs_down: "thumbs-down",
  resolved_unchanged: "resolved",
  reply: "reply",
};

function listLine(r: SuppressionRecord): string {
  const forgotten = r.forgotten ? ` (forgotten by @${r.forgotten.by})` : "";
  return `${r.id}  ${LIST_WORDS[r.signal].padEnd(11)} @${r.by}  ${r.path}  “${r.title}”${forgotten}`;
}

function showText(r: SuppressionRecord): string {
  return [
    `id:          ${r.id}`,
    `rule:        ${r.rule}`,
    `finding:     ${r.path} · ${r.category} · “${r.title}” (fingerprint ${r.fingerprint})`,
    `signal:      ${SIGNAL_WORDS[r.signal]} by @${r.by} on PR #${r.pullNumber} at ${r.at} (${r.source})`,
    `status:      ${r.forgotten ? `forgotten by @${r.forgotten.by} at ${r.forgotten.at}` : "active"}`,
    "",
  ].join("\n");
}
