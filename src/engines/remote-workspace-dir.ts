/**
 * The working directory a plan names when no local checkout exists (a session begun on a detached
 * engine): policies resolve paths against it, and nothing is there, so no path of the host matches.
 */
export const NO_LOCAL_WORKSPACE = "/nonexistent-remote-workspace";
