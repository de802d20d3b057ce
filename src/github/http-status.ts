/** The HTTP status of an octokit RequestError (or anything shaped like one); undefined otherwise. */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error === "object" && error !== null && "status" in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === "number") return status;
  }
  return undefined;
}
