/**
 * The Action's stdout as a person reads it in a terminal: the workflow commands a runner would act on
 * (`::debug::`, `::add-mask::`, `::error::`...) are not for a terminal, so `::error::`, `::warning::` and
 * `::notice::` keep their message and every other command line is dropped.
 */
export function terminalLog(stdout: string): string[] {
  const lines: string[] = [];
  for (const raw of stdout.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (line.trim() === "") continue;
    const command = /^::([a-z-]+)(?: [^:]*)?::(.*)$/.exec(line);
    if (!command) {
      lines.push(line);
      continue;
    }
    const [, name, message] = command;
    if (name === "error" || name === "warning" || name === "notice") lines.push(`${name}: ${message}`);
  }
  return lines;
}
