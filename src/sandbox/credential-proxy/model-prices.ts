/**
 * Anthropic list prices in USD per million tokens, used by the proxy to meter a job's spend from the
 * usage the API reports (docs/security.md#credential-proxy). Cache writes cost 1.25× input (5-minute
 * cache) and cache reads 0.1× input. An unknown model is priced as the most expensive one, so a new
 * model name can make the cap trip early but never late.
 */
export interface ModelPrice {
  input: number;
  output: number;
}

/** First match wins: more specific prefixes come before their family. */
export const MODEL_PRICES: ReadonlyArray<{ pattern: RegExp; price: ModelPrice }> = [
  { pattern: /opus-4-(?:[5-9]|[1-9]\d)(?!\d)/, price: { input: 5, output: 25 } },
  { pattern: /opus-4|opus-3|3-opus/, price: { input: 15, output: 75 } },
  { pattern: /sonnet/, price: { input: 3, output: 15 } },
  { pattern: /haiku-4|haiku-5/, price: { input: 1, output: 5 } },
  { pattern: /3-5-haiku|haiku-3-5/, price: { input: 0.8, output: 4 } },
  { pattern: /haiku/, price: { input: 0.25, output: 1.25 } },
];

export const UNKNOWN_MODEL_PRICE: ModelPrice = { input: 15, output: 75 };

export const CACHE_WRITE_FACTOR = 1.25;
export const CACHE_READ_FACTOR = 0.1;

export function priceOf(model: string | undefined): ModelPrice {
  if (model) for (const { pattern, price } of MODEL_PRICES) if (pattern.test(model)) return price;
  return UNKNOWN_MODEL_PRICE;
}

export interface TokenUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

export function costOf(model: string | undefined, usage: TokenUsage): number {
  const price = priceOf(model);
  const input =
    (usage.input_tokens ?? 0) +
    (usage.cache_creation_input_tokens ?? 0) * CACHE_WRITE_FACTOR +
    (usage.cache_read_input_tokens ?? 0) * CACHE_READ_FACTOR;
  return (input * price.input + (usage.output_tokens ?? 0) * price.output) / 1_000_000;
}
