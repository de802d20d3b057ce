/** Requests an agent holding the job token may send to the credential proxy, and why each is refused. */
export const HOSTILE_TARGETS: Array<[string, string, RegExp]> = [
  ["POST", "/v1/messages/batches?beta=true", /not a model endpoint/],
  ["POST", "/v1/files?beta=true", /query|not a model endpoint/],
  ["GET", "/v1/models", /method GET/],
  ["POST", "/v1/skills", /not a model endpoint/],
  ["POST", "/v1/messages/../files", /dot segment/],
  ["POST", "/v1/messages/%2e%2e/files", /dot segment/],
  ["POST", "/v1/messages/%2E%2e/%2e%2E/organizations", /dot segment/],
  ["POST", "/v1/%2fmessages", /encoded slash/],
  ["POST", "/v1/messages%5c..%5cfiles", /encoded slash/],
  ["POST", "/v1//messages", /empty/],
  ["POST", "/v1/messages#x", /fragment/],
  ["POST", "/v1/messages?beta=true#frag", /fragment/],
  ["POST", "/v1/messages?beta=true&x=1", /query/],
  ["POST", "http://evil.example/v1/messages", /origin-form/],
  ["POST", "/v1/messages/%zz", /percent escape|unexpected/],
  ["DELETE", "/v1/messages", /method DELETE/],
];
