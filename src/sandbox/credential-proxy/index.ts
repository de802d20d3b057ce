export { bedrockSigV4Auth } from "./bedrock-sigv4-auth.js";
export {
  CredentialProxy,
  type CredentialProxyOptions,
  type CredentialProxyStats,
} from "./credential-proxy.js";
export { type ForwardDecision, forwardableRequest } from "./forwardable-request.js";
export { JobToken } from "./job-token.js";
export {
  costOf,
  MODEL_PRICES,
  type ModelPrice,
  priceOf,
  type TokenUsage,
  UNKNOWN_MODEL_PRICE,
} from "./model-prices.js";
export {
  PROXY_MESSAGE_PREFIX,
  ProxyGate,
  type ProxyGateOptions,
  type ProxyRefusal,
  presentedToken,
} from "./proxy-gate.js";
export type { ProxyStopReason } from "./proxy-stop-reason.js";
export { type RunningCredentialProxy, startCredentialProxy } from "./start-credential-proxy.js";
export {
  bearerTokenAuth,
  staticCredentialAuth,
  type UpstreamAuth,
  type UpstreamRequest,
} from "./upstream-auth.js";
export {
  applyUpstreamCredential,
  credentialSecret,
  OAUTH_BETA,
  type UpstreamCredential,
} from "./upstream-credential.js";
export {
  loadEventStreamCodec,
  type ResponseFormat,
  responseFormat,
  UsageMeter,
  usageMeterFor,
} from "./usage-meter.js";
