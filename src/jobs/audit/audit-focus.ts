/** The named focuses an audit can take; anything else is free text from the workflow owner. */
export const AUDIT_FOCUS_NAMES = ["security", "dependencies", "dead-code", "tests"] as const;
export type AuditFocusName = (typeof AUDIT_FOCUS_NAMES)[number];

export type AuditFocus =
  | { kind: "general" }
  | { kind: AuditFocusName; instructions: string }
  | { kind: "custom"; instructions: string };

const INSTRUCTIONS: Record<AuditFocusName, string> = {
  security:
    "Focus on security: injection (SQL, shell, path, template), missing authentication or authorization checks, secrets in the code, unsafe deserialization, weak cryptography, SSRF, and trust in user input.",
  dependencies:
    "Focus on dependencies: manifests and lock files, pinned versus floating versions, packages that are unused, duplicated, deprecated or abandoned, and install scripts that run code.",
  "dead-code":
    "Focus on dead code: exported symbols nothing imports, unreachable branches, unused files, configuration and feature flags nobody reads. Show how you checked that nothing uses it.",
  tests:
    "Focus on tests: risky logic without tests, tests that cannot fail (no assertion, mocked-away subject), skipped tests, and flaky patterns such as sleeps and shared state.",
};

const ALIASES: Record<string, AuditFocusName> = {
  security: "security",
  dependencies: "dependencies",
  deps: "dependencies",
  "dead-code": "dead-code",
  "dead code": "dead-code",
  deadcode: "dead-code",
  dead_code: "dead-code",
  tests: "tests",
  test: "tests",
  testing: "tests",
};

/** Longest free-text focus accepted; a focus is a direction, not a document. */
export const MAX_FOCUS_CHARS = 2_000;

export class AuditFocusError extends Error {
  override readonly name = "AuditFocusError";
}

/**
 * Reads the `focus` input: empty means a general audit, one of the names (or a common alias) picks
 * built-in instructions, anything else is taken as the owner's own instructions.
 */
export function parseAuditFocus(input: string | undefined): AuditFocus {
  const text = (input ?? "").trim();
  if (text === "") return { kind: "general" };
  const name = ALIASES[text.toLowerCase()];
  if (name) return { kind: name, instructions: INSTRUCTIONS[name] };
  if (text.length > MAX_FOCUS_CHARS) {
    throw new AuditFocusError(
      `the audit focus is ${text.length} characters long; use one of ${AUDIT_FOCUS_NAMES.join(", ")} or at most ${MAX_FOCUS_CHARS} characters of free text`,
    );
  }
  return { kind: "custom", instructions: text };
}
