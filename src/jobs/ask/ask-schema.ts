/** The answer to a question, enforced by the CLI's StructuredOutput tool and checked again here. */
export const ASK_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["answer"],
  properties: {
    answer: {
      type: "string",
      minLength: 1,
      maxLength: 12000,
      description: "The answer in GitHub Markdown: short, concrete, pointing at files and lines.",
    },
  },
} as const;

export function answerFromStructuredOutput(value: unknown): string | undefined {
  const answer = (value as { answer?: unknown } | undefined)?.answer;
  return typeof answer === "string" && answer.trim() !== "" ? answer : undefined;
}
