import type { ProgressChecklist } from "../../github/progress-checklist.js";
import type { ProgressEvent } from "../../runner/progress-event.js";
import type { JobSettings } from "./job-settings.js";

/**
 * Moves a job's checklist along with its session's own progress events: "session" under way at the
 * spawn and done at init (with the model), "reading" counting the files read and the searches, done
 * at the result. Both ids must be milestones of the checklist; `afterResult` starts the job's next step.
 */
export function followSession(
  progress: ProgressChecklist,
  options: { afterResult?: string } = {},
): (event: ProgressEvent) => void {
  const read = new Set<string>();
  let searches = 0;
  const readingDetail = () =>
    [
      `${read.size} file${read.size === 1 ? "" : "s"} read`,
      ...(searches > 0 ? [`${searches} search${searches === 1 ? "" : "es"}`] : []),
    ].join(", ");
  return (event) => {
    switch (event.kind) {
      case "spawned":
        progress.active("session");
        return;
      case "init":
        progress.done("session", `model ${event.model}`);
        progress.active("reading", readingDetail());
        return;
      case "tool_call":
        if (event.toolName === "Read") read.add(event.subject);
        else if (event.toolName === "Grep" || event.toolName === "Glob") searches++;
        else return;
        progress.detail("reading", readingDetail());
        return;
      case "result":
        progress.done("reading", readingDetail());
        if (options.afterResult) progress.active(options.afterResult);
        return;
      default:
        return;
    }
  };
}

/** The settings with `follow` told of every progress event too (the door's own logging stays). */
export function followedSettings(settings: JobSettings, follow: (event: ProgressEvent) => void): JobSettings {
  return {
    ...settings,
    onProgress: (event) => {
      settings.onProgress?.(event);
      follow(event);
    },
  };
}
