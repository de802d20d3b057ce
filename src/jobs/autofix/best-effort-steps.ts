/**
 * Publishing steps that must all run even when one of them fails (the label still goes, the check run
 * is still completed): each failure becomes a note on the result instead of an exception.
 */
export class BestEffortSteps {
  readonly notes: string[] = [];

  async attempt<T>(step: string, fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (error) {
      this.notes.push(`${step} failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}
