// Turns a compatibility run into a short text summary: one line per conformance file (passed /
// failed), then each failing test with its expected/received diff. The JSON report (vitest
// --reporter=json) says what failed; the default reporter's log holds the diffs, which the JSON
// report leaves out.
// Usage: node scripts/compat-summary.mjs <vitest-report.json> <vitest-log> <version> [reported version]
import { readFileSync } from "node:fs";
import path from "node:path";

const MAX_BLOCK_LINES = 40;
const [reportPath, logPath, version, reported] = process.argv.slice(2);
if (!reportPath || !logPath || !version) {
  console.error(
    "usage: node scripts/compat-summary.mjs <vitest-report.json> <vitest-log> <version> [reported]",
  );
  process.exit(2);
}

const report = readJson(reportPath);
const log = stripAnsi(readText(logPath));

const lines = [
  `Conformance suite against @anthropic-ai/claude-code@${version} (claude --version: ${reported ?? "?"})`,
  `run at ${new Date(report.startTime ?? Date.now()).toISOString()}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests ?? 0} skipped`,
  "",
];
const failures = [];
const files = [...report.testResults].sort((a, b) => a.name.localeCompare(b.name));
for (const file of files) {
  const name = path.basename(file.name);
  const passed = file.assertionResults.filter((t) => t.status === "passed").length;
  const failed = file.assertionResults.filter((t) => t.status === "failed");
  const verdict = failed.length === 0 && file.status !== "failed" ? "PASS" : "FAIL";
  lines.push(`${verdict}  ${name}  (${passed} passed, ${failed.length} failed)`);
  if (failed.length === 0 && file.status === "failed") {
    failures.push({ name, title: "(file)", block: file.message ?? "the file failed outside a test" });
  }
  for (const test of failed) {
    const fullName = [...(test.ancestorTitles ?? []), test.title].join(" > ");
    failures.push({
      name,
      title: fullName,
      block: blockFromLog(file.name, fullName) ?? firstLines(test.failureMessages.join("\n")),
    });
  }
}
if (failures.length > 0) lines.push("", "Failures (expected = the 2.1.235 behaviour the suite pins):");
for (const failure of failures) {
  lines.push("", `- ${failure.name} > ${failure.title}`);
  for (const line of failure.block.split("\n")) lines.push(`    ${line.slice(0, 400)}`);
}
console.log(lines.join("\n"));

/** The reporter's block for one failing test: from its " FAIL  file > title" header to the code frame. */
function blockFromLog(filePath, fullName) {
  const relative = path.relative(process.cwd(), filePath);
  const header = ` FAIL  ${relative} > ${fullName}`;
  const start = log.indexOf(`${header}\n`);
  if (start === -1) return undefined;
  const body = log.slice(start + header.length + 1).split("\n");
  const end = body.findIndex((line) => line.startsWith(" ❯ ") || line.startsWith("⎯"));
  return body
    .slice(0, end === -1 ? MAX_BLOCK_LINES : end)
    .filter((line) => line.trim() !== "")
    .slice(0, MAX_BLOCK_LINES)
    .join("\n");
}

function firstLines(message) {
  return stripAnsi(message)
    .split("\n")
    .filter((line) => line.trim() !== "" && !/^\s+at /.test(line))
    .slice(0, 8)
    .join("\n");
}

function readText(file) {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    console.error(`cannot read ${file}: ${error.message}`);
    process.exit(2);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readText(file));
  } catch (error) {
    console.error(`the vitest report ${file} is not JSON: ${error.message}`);
    process.exit(2);
  }
}

function stripAnsi(text) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes start with ESC
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}
