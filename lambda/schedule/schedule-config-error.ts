/** The schedule's or the delivery sweep's environment is missing or wrong; thrown at cold start. */
export class ScheduleConfigError extends Error {
  override readonly name = "ScheduleConfigError";
}
