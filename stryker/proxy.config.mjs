// The credential proxy's gate (issue #21, security scope): which token it accepts (x-api-key or a
// bearer, compared in constant time), refusing unknown and revoked tokens, revoking when the job
// ends (the listening server's close), the upstream 401/403 stop and the spend cap. Forwarding,
// streaming and metering are proved by credential-proxy.test.ts and usage-meter.test.ts but left out
// here: nearly every request there passes the gate, so each gate mutant would rerun them, and a
// mutant that breaks a response hangs its request until the timeout (12 minutes instead of ~2). The
// real-CLI proxy session (run-session.credential-proxy) proves the same gate end to end.
import { mutationScope } from "./mutation-scope.mjs";

export default mutationScope({
  name: "proxy",
  mutate: [
    "src/sandbox/credential-proxy/proxy-gate.ts",
    "src/sandbox/credential-proxy/job-token.ts",
    "src/sandbox/credential-proxy/start-credential-proxy.ts",
    // Issue #29: the allowlist of method and normalised path.
    "src/sandbox/credential-proxy/forwardable-request.ts",
  ],
  tests: [
    "test/sandbox/proxy-gate.test.ts",
    "test/sandbox/start-credential-proxy.test.ts",
    "test/sandbox/forwardable-request.test.ts",
  ],
  breakAt: 90,
});
