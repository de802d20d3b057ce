// The layering of ARCHITECTURE.md, enforced by dependency-cruiser (test/architecture/layers.test.ts
// runs it on every `npm test`; `npx depcruise src lambda` prints the same report).
//
// Data flows downward only. Each layer lists the layers it may import besides itself; everything
// else under src/ or lambda/ is forbidden to it. TypeScript 7 has no compiler API that
// dependency-cruiser can load, so sources are parsed with swc (type-only imports count too: a type
// import still ties a layer to the one it names).

// The one Ajv factory (same options and formats everywhere) sits under every layer.
const foundation = ["src/json-schema"];
const belowEngines = [
  ...foundation,
  "src/protocol",
  "src/sandbox",
  "src/runner",
  "src/secrets",
  "src/sessions",
];
const belowJobs = [...belowEngines, "src/engines", "src/findings", "src/github"];
const belowDoors = [...belowJobs, "src/jobs"];

/** layer folder → the other layers it may import */
export const layers = {
  // The Ajv factory: imports only ajv and ajv-formats.
  "src/json-schema": [],
  // Pure: frames, the control channel, the CLI's flag rules. Nothing of ours below it but the Ajv factory.
  "src/protocol": foundation,
  // Pure: the Finding type, its validator, fingerprints, markdown.
  "src/findings": foundation,
  // What must never be logged or published: shared by the runner's logs and the publishers' sanitiser.
  "src/secrets": foundation,
  // Confinement of the agent process: credential proxy, agent uid, Bash confinement.
  "src/sandbox": [...foundation, "src/protocol"],
  // Drives one CLI session over the protocol.
  "src/runner": [...foundation, "src/protocol", "src/sandbox", "src/secrets"],
  // Transcript stores, lineage, resume and fork.
  "src/sessions": [...foundation, "src/protocol"],
  // One interface, two engines: the local CLI (with its lineage) and Claude Managed Agents.
  "src/engines": belowEngines,
  // Talks to GitHub: reviews, checks, issues, SARIF upload.
  "src/github": [...foundation, "src/findings", "src/secrets"],
  // review · autofix · audit: PR setup → run → publish plan.
  "src/jobs": belowJobs,
  // Doors: parse their input once, call a job, render its outcome. They never import each other.
  "src/action": belowDoors,
  "src/cli": belowDoors,
  // Validators compiled at build time (Ajv standalone code): they import only Ajv's runtime helpers.
  "lambda/generated": [],
  "lambda/shared": [...belowDoors, "lambda/generated"],
  "lambda/webhook": [...belowDoors, "lambda/shared", "lambda/generated"],
  "lambda/worker": [...belowDoors, "lambda/shared"],
  "lambda/schedule": [...belowDoors, "lambda/shared", "lambda/generated"],
  // The agent function (runs the CLI, holds no credential) and the model gateway (holds the key).
  "lambda/agent": [...belowDoors, "lambda/shared"],
  "lambda/gateway": [...belowDoors, "lambda/shared", "lambda/generated"],
  // Managed Agents without waiting: Anthropic's webhook, the settle worker, the session records.
  "lambda/managed-agents": [...belowDoors, "lambda/shared", "lambda/generated"],
  // The CDK app names the handlers by path; it imports none of their code.
  "lambda/infra": [],
};

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const anyOf = (folders) => `^(${folders.map(escapeRegExp).join("|")})/`;
const known = Object.keys(layers);

const layerRules = Object.entries(layers).map(([layer, allowed]) => ({
  name: `layer:${layer}`,
  comment: `${layer} may import only ${allowed.length === 0 ? "itself" : `itself and ${allowed.join(", ")}`}`,
  severity: "error",
  from: { path: `^${escapeRegExp(layer)}/` },
  to: { path: "^(src|lambda)/", pathNot: anyOf([layer, ...allowed]) },
}));

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    ...layerRules,
    {
      name: "layer:unknown",
      comment: "every folder under src/ and lambda/ has a place in the layers above (add new ones there)",
      severity: "error",
      from: { path: "^(src|lambda)/", pathNot: anyOf(known) },
      to: {},
    },
    {
      name: "no-circular",
      comment: "no import cycles, type-only ones included",
      severity: "error",
      from: { path: "^(src|lambda)/" },
      to: { circular: true },
    },
    {
      name: "jobs:shared-below-job-kinds",
      comment:
        "inside src/jobs, what every job kind shares (shared, settings, triggers) never imports a job kind (review, autofix, audit, ask, conversation); and every file of src/jobs sits in a folder",
      severity: "error",
      from: { path: "^src/jobs/(shared|settings|triggers)/" },
      to: { path: "^src/jobs/(ask|audit|autofix|conversation|review)/" },
    },
    {
      name: "jobs:no-loose-files",
      comment:
        "every module of src/jobs lives in a folder (a file at its top is neither shared nor a job kind)",
      severity: "error",
      from: { path: "^src/jobs/[^/]+\\.ts$" },
      to: {},
    },
    {
      name: "protocol-is-pure",
      comment: "src/protocol spawns no process and touches no file system or network",
      severity: "error",
      from: { path: "^src/protocol/" },
      to: {
        dependencyTypes: ["core"],
        path: "^(node:)?(child_process|fs|fs/promises|net|http|https|http2|dgram|tls|dns|worker_threads)$",
      },
    },
    {
      name: "not-to-unresolvable",
      comment: "an import that does not resolve hides an edge from every rule above",
      severity: "error",
      from: { path: "^(src|lambda)/" },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    parser: "swc",
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|cdk\\.out)/" },
    // Resolve packages the way Node resolves our ESM imports (package.json "exports").
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "node", "default"],
      mainFields: ["module", "main", "types"],
    },
  },
};
