import { splitSettingList } from "../../src/jobs/settings/setting-schema.js";

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

/**
 * `ALLOWED_INSTALLATIONS` as read by the functions' settings schema (lambda-variables.ts): numeric
 * installation ids, or `*` alone; empty = none.
 */
export function installationAllowList(
  items: readonly string[],
  name = "ALLOWED_INSTALLATIONS",
): InstallationAllowList {
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

/** The same list from its text (comma- or space-separated), for tests and wiring that hold a string. */
export function parseInstallationAllowList(
  value: string | undefined,
  name = "ALLOWED_INSTALLATIONS",
): InstallationAllowList {
  return installationAllowList(splitSettingList(value, "commas-or-spaces"), name);
}
