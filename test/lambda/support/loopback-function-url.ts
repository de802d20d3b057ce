import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";

export type FunctionUrlHandler = (
  event: APIGatewayProxyEventV2,
) => Promise<APIGatewayProxyStructuredResultV2>;

export interface LoopbackFunctionUrl {
  /** Where a webhook sender (the Managed Agents double) posts. */
  url: string;
  close(): Promise<void>;
}

/**
 * A Lambda Function URL in front of a webhook function, on 127.0.0.1: each POST reaches the handler with
 * its raw headers and body, as Lambda hands them (payload format 2.0). `base64: false` hands the body as
 * text, the way a Function URL delivers a JSON body; the default base64 is how it delivers any other.
 */
export async function startLoopbackFunctionUrl(
  handler: FunctionUrlHandler,
  options: { base64?: boolean } = {},
): Promise<LoopbackFunctionUrl> {
  const base64 = options.base64 ?? true;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const result = await handler({
      version: "2.0",
      rawPath: "/",
      headers: req.headers as Record<string, string>,
      body: raw.toString(base64 ? "base64" : "utf8"),
      isBase64Encoded: base64,
    } as unknown as APIGatewayProxyEventV2);
    res.writeHead(result.statusCode ?? 500).end(result.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
