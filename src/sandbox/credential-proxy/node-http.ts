import type * as NodeHttp from "node:http";

/**
 * Node's http module, taken as CommonJS. `import … from "node:http"` makes Node 24 build the module's
 * ES facade, which reads every export, and its lazy `WebSocket` getter loads Node's bundled undici:
 * about 30 ms of CPU and 10 MB for a proxy that never opens a WebSocket (nodejs/node#59686). Bundles
 * get the same for their packages' imports from scripts/node-http-builtin.cjs (dist/'s build plugin,
 * the zip functions' alias); this covers our source, run as is or bundled.
 */
export const nodeHttp: typeof NodeHttp = process.getBuiltinModule("node:http");
