import path from "node:path";

/**
 * Whether `file` lies strictly inside `dir` (both absolute; `dir` itself is not inside). A child
 * whose name starts with two dots (`dir/..bin`) is inside: path.relative spells it `..bin`, which a
 * check for a leading `..` took for a way out.
 */
export function isInside(file: string, dir: string): boolean {
  return isInsideNormalized(path.resolve(file), path.resolve(dir));
}

/**
 * isInside for paths already absolute and normalised, as path.resolve and realpath give them: a
 * string compare, for checks that run per PATH entry against every closed root.
 */
export function isInsideNormalized(file: string, dir: string): boolean {
  return file !== dir && file.startsWith(dir.endsWith(path.sep) ? dir : `${dir}${path.sep}`);
}
