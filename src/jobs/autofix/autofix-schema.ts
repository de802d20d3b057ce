/**
 * What an autofix session must report when it ends (docs/protocol.md#seed-references: structured output). The files it claims
 * to have changed are compared with `git status` afterwards: the working tree is the truth, the
 * report explains it.
 */
export const AUTOFIX_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["summary", "files_changed", "commands_run", "commit_message"],
  properties: {
    summary: { type: "string", minLength: 1, maxLength: 4000 },
    files_changed: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["path", "reason"],
        properties: { path: { type: "string", minLength: 1 }, reason: { type: "string", minLength: 1 } },
      },
    },
    commands_run: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["command", "result"],
        properties: {
          command: { type: "string", minLength: 1 },
          result: { type: "string", enum: ["passed", "failed", "not_run"] },
          detail: { type: "string" },
        },
      },
    },
    commit_message: {
      type: "string",
      minLength: 1,
      maxLength: 2000,
      description:
        "A conventional git commit message: a subject of at most 72 characters, a blank line, then the body.",
    },
  },
} as const;

export interface AutofixReport {
  summary: string;
  filesChanged: { path: string; reason: string }[];
  commandsRun: { command: string; result: "passed" | "failed" | "not_run"; detail?: string }[];
  commitMessage: string;
}

export function autofixReportFromStructuredOutput(value: unknown): AutofixReport {
  const raw = value as {
    summary: string;
    files_changed: { path: string; reason: string }[];
    commands_run: AutofixReport["commandsRun"];
    commit_message: string;
  };
  return {
    summary: raw.summary,
    filesChanged: raw.files_changed,
    commandsRun: raw.commands_run,
    commitMessage: raw.commit_message,
  };
}
