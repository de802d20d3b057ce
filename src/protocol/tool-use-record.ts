/**
 * One tool call the agent made, as the job's finish reads it afterwards (what the review looked at).
 * Both engines fill it from their own surface, each with its own parser: the CLI from its stdout
 * frames (`assistant` tool_use blocks, `user` tool_result blocks), Managed Agents from its
 * `agent.tool_use` events. This is only the shape they share; it parses nothing.
 */
export interface ToolUseRecord {
  id: string;
  /** The tool's name as the engine spells it (`Read`, `Bash` on the CLI; `read`, `bash` remotely). */
  name: string;
  input: Record<string, unknown>;
  /** The tool's text result, kept only for tools whose output says where they looked (Grep). */
  result?: string;
  /** The tool reported an error (a file that does not exist, a refused command). */
  isError?: boolean;
}

/** Past this many calls the rest are not kept: a session this long is summarised by what it kept. */
export const MAX_TOOL_USE_RECORDS = 2_000;
/** A kept result is cut here (a Grep over a large tree can print megabytes). */
export const MAX_TOOL_RESULT_CHARS = 64_000;

/** Tools whose result is kept (lower-cased names): their output lists the lines they matched. */
export function keepsToolResult(name: string): boolean {
  return name.toLowerCase() === "grep";
}
