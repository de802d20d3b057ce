import { CAT, GREP, HEAD, LS, PWD, TAIL, WC } from "./coreutils-allowlists.js";
import {
  GIT_BLAME,
  GIT_DIFF,
  GIT_GREP,
  GIT_LOG,
  GIT_LS_FILES,
  GIT_SHOW,
  GIT_STATUS,
} from "./git-allowlists.js";
import type { OptionGrammar } from "./option-grammar.js";

/** `find` has its own expression grammar (find-allowlist.ts); the others share getopt syntax. */
export type CommandGrammar = OptionGrammar | "find";

/** Every command a policy rule may allow through `commands`, by its command words. */
export const COMMAND_ALLOWLISTS: Readonly<Record<string, CommandGrammar>> = {
  ls: LS,
  cat: CAT,
  head: HEAD,
  tail: TAIL,
  wc: WC,
  pwd: PWD,
  grep: GREP,
  find: "find",
  "git diff": GIT_DIFF,
  "git log": GIT_LOG,
  "git show": GIT_SHOW,
  "git status": GIT_STATUS,
  "git ls-files": GIT_LS_FILES,
  "git blame": GIT_BLAME,
  "git grep": GIT_GREP,
};

export const ALLOWLISTED_COMMAND_NAMES = Object.keys(COMMAND_ALLOWLISTS);
