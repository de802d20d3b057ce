/** Splits a comma- or whitespace-separated environment value ("a, b c") into its non-empty items. */
export function parseEnvList(value: string | undefined): string[] {
  return (value ?? "")
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}
