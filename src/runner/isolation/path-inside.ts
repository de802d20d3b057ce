import path from "node:path";

/** Whether `file` lies strictly inside `dir` (both absolute; `dir` itself is not inside). */
export function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}
