// The tool policy (issue #21, security scope): the decision logic, the shell word splitter, option
// parsing, path confinement and the symlink sweep. The allowlist tables (coreutils-, git-allowlists.ts,
// find-primaries.ts) are data, not logic: a test compares them with the installed tools' own option
// lists, and the red-team corpus pins every entry it attacks. The real-CLI red-team session covers the
// same decisions end to end but costs ~25 s a run; its cases are decided here by red-team-decisions.
import { mutationScope } from "./mutation-scope.mjs";

export default mutationScope({
  name: "policy",
  mutate: [
    "src/runner/policy/tool-policy.ts",
    "src/runner/policy/built-in-policy.ts",
    "src/runner/policy/shell-words.ts",
    "src/runner/policy/confine-path.ts",
    "src/runner/policy/confine-argument.ts",
    "src/runner/policy/option-grammar.ts",
    "src/runner/policy/check-allowlisted-command.ts",
    "src/runner/policy/find-allowlist.ts",
    "src/runner/policy/command-allowlists.ts",
    "src/runner/policy/open-code.ts",
    "src/runner/policy/foreground-bash.ts",
    "src/sandbox/drop-escaping-symlinks.ts",
  ],
  tests: ["test/runner/policy/**/*.test.ts", "test/sandbox/drop-escaping-symlinks.test.ts"],
  breakAt: 90,
});
