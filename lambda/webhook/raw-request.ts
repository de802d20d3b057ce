import type { APIGatewayProxyEventV2 } from "aws-lambda";

/**
 * What the handler needs from a Function URL / HTTP API v2 event: the exact bytes GitHub signed and
 * case-insensitive headers. Function URLs base64-encode bodies they consider binary, so the body is
 * decoded before the signature is checked (the signature covers the original bytes).
 */
export interface RawRequest {
  body: string;
  byteLength: number;
  header(name: string): string | undefined;
}

export function readRawRequest(event: APIGatewayProxyEventV2): RawRequest {
  const bytes = event.isBase64Encoded
    ? Buffer.from(event.body ?? "", "base64")
    : Buffer.from(event.body ?? "", "utf8");
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined) headers.set(name.toLowerCase(), value);
  }
  return {
    body: bytes.toString("utf8"),
    byteLength: bytes.byteLength,
    header: (name) => headers.get(name.toLowerCase()),
  };
}
