import { parseEnvList } from "./env-list.js";

/**
 * Which GitHub App installations the functions act for. A public App can be installed by anyone, and
 * every installation spends our model budget, so the list ships empty: nothing runs until the operator
 * names installation ids (or writes `*` to accept every installation, knowingly).
 */
export interface InstallationAllowList {
  allows(installationId: number | undefined): boolean;
  /** For logs and docs: the ids, `*`, or `none`. */
  readonly description: string;
}

export class InstallationAllowListError extends Error {
  override readonly name = "InstallationAllowListError";
}

/** `ALLOWED_INSTALLATIONS`: comma- or space-separated numeric installation ids, or `*`; empty = none. */
export function parseInstallationAllowList(
  value: string | undefined,
  name = "ALLOWED_INSTALLATIONS",
): InstallationAllowList {
  const items = parseEnvList(value);
  if (items.includes("*")) {
    if (items.length > 1)
      throw new InstallationAllowListError(`${name} mixes "*" with installation ids; use one or the other`);
    return { allows: (id) => id !== undefined, description: "*" };
  }
  const ids = new Set<number>();
  for (const item of items) {
    if (!/^[1-9][0-9]*$/.test(item))
      throw new InstallationAllowListError(
        `${name} must list numeric installation ids (or "*"); got "${item}"`,
      );
    ids.add(Number(item));
  }
  return {
    allows: (id) => id !== undefined && ids.has(id),
    description: ids.size === 0 ? "none" : [...ids].join(","),
  };
}
