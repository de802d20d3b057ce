import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback server speaking the two AWS JSON-1.1 actions the functions use to read secrets:
 * Secrets Manager `GetSecretValue` and SSM `GetParameter`. No npm package serves these offline, and
 * the real SDK clients plus Powertools parameters run unchanged against it.
 */
export class SecretsDouble {
  readonly requests: { target: string; id: string }[] = [];

  private constructor(
    private readonly server: Server,
    readonly endpoint: string,
    private readonly values: Map<string, string>,
  ) {}

  static async start(values: Record<string, string>): Promise<SecretsDouble> {
    const map = new Map(Object.entries(values));
    let self: SecretsDouble | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const target = String(req.headers["x-amz-target"] ?? "");
        const input = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as {
          SecretId?: string;
          Name?: string;
        };
        const id = input.SecretId ?? input.Name ?? "";
        self?.requests.push({ target, id });
        const value = map.get(id);
        res.setHeader("content-type", "application/x-amz-json-1.1");
        if (value === undefined) {
          const type = target.startsWith("AmazonSSM") ? "ParameterNotFound" : "ResourceNotFoundException";
          res.statusCode = 400;
          res.end(JSON.stringify({ __type: type, message: `${id} not found` }));
          return;
        }
        if (target === "secretsmanager.GetSecretValue") {
          res.end(
            JSON.stringify({
              ARN: `arn:aws:secretsmanager:us-east-1:000000000000:secret:${id}`,
              Name: id,
              SecretString: value,
              VersionId: "v1",
            }),
          );
        } else if (target === "AmazonSSM.GetParameter") {
          res.end(
            JSON.stringify({ Parameter: { Name: id, Type: "SecureString", Value: value, Version: 1 } }),
          );
        } else {
          res.statusCode = 400;
          res.end(JSON.stringify({ __type: "UnknownOperationException", message: target }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    self = new SecretsDouble(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, map);
    return self;
  }

  set(id: string, value: string): void {
    this.values.set(id, value);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
