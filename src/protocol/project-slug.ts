// Verified against the real CLI 2.1.235: it keys transcripts by the REAL path of its cwd (symlinks
// resolved), with every non [A-Za-z0-9] UTF-16 unit replaced by "-". Slugs longer than 200 units are
// cut to 200 and suffixed with "-" + a 32-bit string hash in base 36 (test/sessions/project-slug.test.ts
// checks a 256-character path against the binary).
const MAX_SLUG = 200;

function stringHash36(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i++) {
    hash = ((hash << 5) - hash + text.charCodeAt(i)) | 0;
  }
  return Math.abs(hash).toString(36);
}

/** The directory name the CLI uses under `<CLAUDE_CONFIG_DIR>/projects/` for an (already real) cwd. */
export function projectSlug(realCwd: string): string {
  const slug = realCwd.replace(/[^a-zA-Z0-9]/g, "-");
  if (slug.length <= MAX_SLUG) return slug;
  return `${slug.slice(0, MAX_SLUG)}-${stringHash36(realCwd)}`;
}
