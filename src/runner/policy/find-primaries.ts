/*
 * The `find` allowlist as data: primaries that only test or print names, with the number of
 * argument words each takes; primaries and leading options that stay denied, with the reason the
 * model is told. Read by find-allowlist.ts.
 */

/** Number of argument words an allowed primary consumes, and whether that argument names a file. */
export interface Primary {
  args: number;
  pathArgument?: boolean;
}

export const ALLOWED_PRIMARIES: Readonly<Record<string, Primary>> = {
  "-name": { args: 1 },
  "-iname": { args: 1 },
  "-path": { args: 1 },
  "-ipath": { args: 1 },
  "-wholename": { args: 1 },
  "-iwholename": { args: 1 },
  "-regex": { args: 1 },
  "-iregex": { args: 1 },
  "-regextype": { args: 1 },
  "-lname": { args: 1 },
  "-ilname": { args: 1 },
  "-type": { args: 1 },
  "-xtype": { args: 1 },
  "-maxdepth": { args: 1 },
  "-mindepth": { args: 1 },
  "-size": { args: 1 },
  "-mtime": { args: 1 },
  "-mmin": { args: 1 },
  "-atime": { args: 1 },
  "-amin": { args: 1 },
  "-ctime": { args: 1 },
  "-cmin": { args: 1 },
  "-perm": { args: 1 },
  "-links": { args: 1 },
  "-newer": { args: 1, pathArgument: true },
  "-empty": { args: 0 },
  "-executable": { args: 0 },
  "-readable": { args: 0 },
  "-writable": { args: 0 },
  "-true": { args: 0 },
  "-false": { args: 0 },
  "-prune": { args: 0 },
  "-quit": { args: 0 },
  "-depth": { args: 0 },
  "-d": { args: 0 },
  "-mount": { args: 0 },
  "-xdev": { args: 0 },
  "-noleaf": { args: 0 },
  "-ignore_readdir_race": { args: 0 },
  "-print": { args: 0 },
  "-print0": { args: 0 },
  "-printf": { args: 1 },
  "-ls": { args: 0 },
  "-not": { args: 0 },
  "-and": { args: 0 },
  "-a": { args: 0 },
  "-or": { args: 0 },
  "-o": { args: 0 },
  "!": { args: 0 },
  "(": { args: 0 },
  ")": { args: 0 },
  ",": { args: 0 },
};

const RUNS = "it runs a program";
const WRITES = "it writes a file";
const FOLLOWS = "it follows symlinks, including links that leave the workspace";

export const DENIED_PRIMARIES: Readonly<Record<string, string>> = {
  "-exec": RUNS,
  "-execdir": RUNS,
  "-ok": RUNS,
  "-okdir": RUNS,
  "-delete": "it deletes files",
  "-fprint": WRITES,
  "-fprint0": WRITES,
  "-fprintf": WRITES,
  "-fls": WRITES,
  "-follow": FOLLOWS,
  "-files0-from": "it reads start paths from a file, which the path check cannot see",
};

export const LEADING_OPTIONS: Readonly<Record<string, string | undefined>> = {
  "-P": undefined,
  "-H": "it follows symlinks named on the command line",
  "-L": FOLLOWS,
  "-D": "debug output is not needed for a review",
  "-O": "optimisation levels are not needed for a review",
};
