import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);
import {
  HttpRequest,
  HttpResponse,
  LazyJsonString,
  NormalizedSchema,
  NumericValue,
  TypeRegistry,
  Uint8ArrayBlobAdapter,
  _parseEpochTimestamp,
  _parseRfc3339DateTimeWithOffset,
  _parseRfc7231DateTime,
  client_exports,
  dateToUtcString,
  deref,
  fromBase64,
  fromUtf8,
  generateIdempotencyToken,
  getSmithyContext,
  hasOwn,
  init_client,
  init_schema,
  init_serde,
  init_transport,
  isValidHostname,
  parseEpochTimestamp,
  parseQueryString,
  parseRfc3339DateTimeWithOffset,
  parseRfc7231DateTime,
  parseUrl,
  quoteHeader,
  require_dist_cjs,
  sdkStreamMixin,
  serde_exports,
  splitEvery,
  splitHeader,
  toBase64,
  toUtf8,
  translateTraits,
  writeKey
} from "./chunk-U6TOKP37.js";
import {
  __commonJS,
  __esm,
  __export,
  __toCommonJS,
  __toESM
} from "./chunk-WAR6A6MM.js";

// node_modules/@smithy/core/dist-es/submodules/protocols/collect-stream-body.js
var collectBody;
var init_collect_stream_body = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/collect-stream-body.js"() {
    init_serde();
    collectBody = async (streamBody = new Uint8Array(), context) => {
      if (streamBody instanceof Uint8Array) {
        return Uint8ArrayBlobAdapter.mutate(streamBody);
      }
      if (!streamBody) {
        return Uint8ArrayBlobAdapter.mutate(new Uint8Array());
      }
      const fromContext = context.streamCollector(streamBody);
      return Uint8ArrayBlobAdapter.mutate(await fromContext);
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/extended-encode-uri-component.js
function extendedEncodeURIComponent(str) {
  if (/^[\w.~-]+$/.test(str)) {
    return str;
  }
  return encodeURIComponent(str).replace(/[!'()*]/g, function(c) {
    return "%" + c.charCodeAt(0).toString(16).toUpperCase();
  });
}
var init_extended_encode_uri_component = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/extended-encode-uri-component.js"() {
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/HttpBindingNormalizedSchema.js
var HTTP_BINDINGS, HttpBindingNormalizedSchema, buildHttpBindings, buildPathSegments, buildHttpOperationBindings, EMPTY_BINDINGS, getHttpOperationBindings, createBodySchema;
var init_HttpBindingNormalizedSchema = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/HttpBindingNormalizedSchema.js"() {
    init_schema();
    init_serde();
    HTTP_BINDINGS = /* @__PURE__ */ Symbol.for("@smithy/schema-x");
    HttpBindingNormalizedSchema = class _HttpBindingNormalizedSchema extends NormalizedSchema {
      static identity = /* @__PURE__ */ Symbol.for("@smithy/HttpBindingNormalizedSchema");
      identity = _HttpBindingNormalizedSchema.identity;
      bindings;
      constructor(schema) {
        super(schema);
      }
      static of(schema) {
        const ns = NormalizedSchema.of(schema);
        if (ns.identity === _HttpBindingNormalizedSchema.identity) {
          return ns;
        }
        const schemaCache = ns.isMemberSchema() ? ns : ns.getSchema();
        const cache = typeof schemaCache === "object" && schemaCache !== null ? schemaCache : ns;
        return cache[HTTP_BINDINGS] ??= new _HttpBindingNormalizedSchema(ns);
      }
      getHttpBindingLocation(traits) {
        if (traits.httpPayload) {
          return 36;
        }
        if (traits.httpLabel) {
          return 33;
        }
        if (traits.httpHeader) {
          return 38;
        }
        if (typeof traits.httpPrefixHeaders === "string") {
          return 39;
        }
        if (traits.httpQuery) {
          return 34;
        }
        if (traits.httpQueryParams) {
          return 35;
        }
        if (traits.httpResponseCode) {
          return 37;
        }
        return 32;
      }
      getHttpBindingValue(location, traits, nested = false) {
        const raw = this.getSchema();
        const type = typeof raw === "number" ? raw & 255 : this.isListSchema() ? 64 : 255;
        const slot = location & 7;
        const media = traits.mediaType ? traits.mediaType === "application/json" || traits.mediaType.endsWith("+json") ? 2 : 1 : 0;
        const stream = traits.streaming || type === 42 ? this.isStructSchema() ? 2 : 1 : 0;
        const timestamp = type >= 4 && type <= 7 ? slot >= 6 ? 2 : slot > 0 && slot < 4 ? 1 : 0 : 0;
        let flags = type | media << 8 | (traits.idempotencyToken ? 1 : 0) << 10 | stream << 11 | (traits.sparse ? 1 : 0) << 13 | timestamp << 14 | (traits.hostLabel ? 1 : 0) << 17 | (location === 36 && typeof raw !== "object" ? 1 : 0) << 18;
        const category = type & 192;
        const collectionValue = slot & 2 && (category === 64 || !nested && slot & 1) ? this.getHttpBindingCollectionValue(location, traits) : void 0;
        const valueType = (collectionValue?.[1] ?? 0) & 255;
        flags |= (slot >= 6 && (valueType === 4 || valueType === 6) ? 1 : 0) << 16;
        return [this, flags, collectionValue];
      }
      getHttpBindingCollectionValue(location, traits = this.getMergedTraits()) {
        const valueSchema = _HttpBindingNormalizedSchema.of(this.getValueSchema());
        return valueSchema.getHttpBindingValue(location, { ...valueSchema.getMergedTraits(), ...traits }, true);
      }
      getHttpBindings() {
        const source = this.getSchema();
        return typeof source !== "object" || source === null ? EMPTY_BINDINGS : this.bindings ??= buildHttpBindings(this);
      }
    };
    buildHttpBindings = (schema) => {
      const bodyMemberNames = [];
      const bodyMemberSchemas = [];
      const requestBodyMemberNames = [];
      const requestBodyMemberSchemas = [];
      const memberBindings = [];
      const byName = {};
      const headers = {};
      const prefixHeaders = [];
      const responseBindings = { headers, prefixHeaders };
      const bindings = {
        request: { memberBindings, byName },
        response: {
          bodyMemberNames,
          bindings: responseBindings
        }
      };
      const { request, response } = bindings;
      for (const [name, member] of schema.structIterator()) {
        const bindingSchema = HttpBindingNormalizedSchema.of(member);
        const traits = bindingSchema.getMergedTraits();
        const location = bindingSchema.getHttpBindingLocation(traits);
        const wireName = traits.httpHeader?.toLowerCase() ?? traits.httpPrefixHeaders?.toLowerCase() ?? traits.httpQuery;
        const value = bindingSchema.getHttpBindingValue(location, traits);
        const binding = [name, value, location, wireName];
        if (name === "__proto__") {
          writeKey(byName);
        }
        byName[name] = binding;
        if (value[1] >> 10 & 1) {
          request.hasIdempotency = true;
        }
        memberBindings.push(binding);
        const slot = location & 7;
        if (slot === 0) {
          requestBodyMemberNames.push(name);
          requestBodyMemberSchemas.push(member);
        }
        if ((slot & 4) === 0) {
          bodyMemberNames.push(name);
          bodyMemberSchemas.push(member);
        } else if ((slot & 6) === 4) {
          if (slot & 1) {
            responseBindings.statusCode = binding;
          } else {
            responseBindings.payload = binding;
            const type = value[1] & 255;
            request.contentTypeInstruction = traits.mediaType ?? (type === 0 ? "text/plain" : type === 21 || type === 42 ? "application/octet-stream" : null);
          }
        } else if (slot & 1) {
          request.hasPrefixHeaders = true;
          prefixHeaders.push(binding);
        } else {
          if (wireName === "__proto__") {
            writeKey(headers);
          }
          headers[wireName] = binding;
        }
      }
      if (request.contentTypeInstruction === void 0 && requestBodyMemberNames.length) {
        request.contentTypeInstruction = null;
      }
      request.syntheticBodySchema = createBodySchema(schema, requestBodyMemberNames, requestBodyMemberSchemas);
      response.syntheticBodySchema = createBodySchema(schema, bodyMemberNames, bodyMemberSchemas);
      return bindings;
    };
    buildPathSegments = (path) => {
      const segments = [];
      let offset = 0;
      for (const match of path.matchAll(/\{([^{}+]+)(\+)?\}/g)) {
        if (match.index > offset) {
          segments.push([path.slice(offset, match.index), 0]);
        }
        segments.push([match[1], match[2] ? 2 : 1]);
        offset = match.index + match[0].length;
      }
      if (segments.length && offset < path.length) {
        segments.push([path.slice(offset), 0]);
      }
      return segments.length ? segments : void 0;
    };
    buildHttpOperationBindings = (schema) => {
      const { http, endpoint } = translateTraits(schema.traits ?? {});
      const [path, search] = http?.[1].split("?") ?? [];
      return [
        http?.[0],
        path,
        search ? [...new URLSearchParams(search)] : [],
        path ? buildPathSegments(path) : void 0,
        endpoint?.[0]
      ];
    };
    EMPTY_BINDINGS = {
      request: { memberBindings: [], byName: {} },
      response: {
        bodyMemberNames: [],
        bindings: { headers: {}, prefixHeaders: [] }
      }
    };
    getHttpOperationBindings = (schema) => schema[HTTP_BINDINGS] ??= buildHttpOperationBindings(schema);
    createBodySchema = (schema, memberNames, memberSchemas) => {
      if (!memberNames.length) {
        return void 0;
      }
      const source = schema.getSchema();
      const body = [
        3,
        source[1],
        source[2],
        schema.getMergedTraits(),
        memberNames,
        memberSchemas
      ];
      const required = source[6];
      const bodyRequired = required && memberNames.reduce((count, name) => count + (source[4].indexOf(name) < required ? 1 : 0), 0);
      if (bodyRequired) {
        body[6] = bodyRequired;
      }
      return body;
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/SerdeContext.js
var SerdeContext;
var init_SerdeContext = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/SerdeContext.js"() {
    SerdeContext = class {
      serdeContext;
      setSerdeContext(serdeContext) {
        this.serdeContext = serdeContext;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/HttpProtocol.js
var HttpProtocol;
var init_HttpProtocol = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/HttpProtocol.js"() {
    init_transport();
    init_schema();
    init_SerdeContext();
    init_HttpBindingNormalizedSchema();
    HttpProtocol = class extends SerdeContext {
      options;
      compositeErrorRegistry;
      constructor(options) {
        super();
        this.options = options;
        this.compositeErrorRegistry = new TypeRegistry(options.defaultNamespace);
        for (const etr of options.errorTypeRegistries ?? []) {
          this.compositeErrorRegistry.copyFrom(etr);
        }
      }
      getRequestType() {
        return HttpRequest;
      }
      getResponseType() {
        return HttpResponse;
      }
      setSerdeContext(serdeContext) {
        this.serdeContext = serdeContext;
        this.serializer.setSerdeContext(serdeContext);
        this.deserializer.setSerdeContext(serdeContext);
        if (this.getPayloadCodec()) {
          this.getPayloadCodec().setSerdeContext(serdeContext);
        }
      }
      updateServiceEndpoint(request, endpoint) {
        if ("url" in endpoint) {
          request.protocol = endpoint.url.protocol;
          request.hostname = endpoint.url.hostname;
          request.port = endpoint.url.port ? Number(endpoint.url.port) : void 0;
          request.path = endpoint.url.pathname;
          request.fragment = endpoint.url.hash || void 0;
          request.username = endpoint.url.username || void 0;
          request.password = endpoint.url.password || void 0;
          if (!request.query) {
            request.query = {};
          }
          for (const [k, v] of endpoint.url.searchParams.entries()) {
            request.query[k] = v;
          }
          if (endpoint.headers) {
            for (const name in endpoint.headers) {
              if (!hasOwn(endpoint.headers, name)) {
                continue;
              }
              request.headers[name] = endpoint.headers[name].join(", ");
            }
          }
          return request;
        } else {
          request.protocol = endpoint.protocol;
          request.hostname = endpoint.hostname;
          request.port = endpoint.port ? Number(endpoint.port) : void 0;
          request.path = endpoint.path;
          request.query = {
            ...endpoint.query
          };
          if (endpoint.headers) {
            for (const name in endpoint.headers) {
              if (!hasOwn(endpoint.headers, name)) {
                continue;
              }
              request.headers[name] = endpoint.headers[name];
            }
          }
          return request;
        }
      }
      setHostPrefix(request, operationSchema, input, operation = getHttpOperationBindings(operationSchema)) {
        if (this.serdeContext?.disableHostPrefix) {
          return;
        }
        const hostPrefix = operation[4];
        if (typeof hostPrefix !== "string") {
          return;
        }
        let resolvedHostPrefix = hostPrefix;
        for (const [name, [, flags]] of HttpBindingNormalizedSchema.of(operationSchema.input).getHttpBindings().request.memberBindings) {
          if (!(flags >> 17 & 1)) {
            continue;
          }
          const replacement = input[name];
          if (typeof replacement !== "string") {
            throw new Error(`@smithy/core/schema - ${name} in input must be a string as hostLabel.`);
          }
          resolvedHostPrefix = resolvedHostPrefix.replace(`{${name}}`, replacement);
        }
        request.hostname = resolvedHostPrefix + request.hostname;
        if (!isValidHostname(request.hostname)) {
          throw new Error(`[${request.hostname}] is not a valid hostname.`);
        }
      }
      deserializeMetadata(output) {
        return {
          httpStatusCode: output.statusCode,
          requestId: output.headers["x-amzn-requestid"] ?? output.headers["x-amzn-request-id"] ?? output.headers["x-amz-request-id"],
          extendedRequestId: output.headers["x-amz-id-2"],
          cfId: output.headers["x-amz-cf-id"]
        };
      }
      resolveError(name, namespaces, registries) {
        const defaultErrorSchema = [-3, "", "Error", 0, [], [], 0];
        let schema;
        for (const registry of registries) {
          for (const ns of namespaces) {
            try {
              if (ns === "*") {
                schema = registry.getSchema(name);
              } else {
                schema = registry.getSchema(ns + "#" + name);
              }
              const errorCtor = registry.getErrorCtor(schema);
              if (errorCtor) {
                return [schema, errorCtor, "modeled"];
              } else {
                const syntheticErrorSchema = registry.getBaseException();
                if (syntheticErrorSchema) {
                  const syntheticErrorCtor = registry.getErrorCtor(syntheticErrorSchema);
                  if (syntheticErrorCtor) {
                    return [schema, syntheticErrorCtor, "synthetic"];
                  }
                }
              }
            } catch (ignored) {
            }
          }
        }
        for (const registry of registries) {
          const syntheticErrorSchema = registry.getBaseException();
          if (syntheticErrorSchema) {
            const syntheticErrorCtor = registry.getErrorCtor(syntheticErrorSchema);
            if (syntheticErrorCtor) {
              return [syntheticErrorSchema, syntheticErrorCtor, "synthetic"];
            }
          }
        }
        return [defaultErrorSchema, Error, "native"];
      }
      async serializeEventStream({ eventStream, requestSchema, initialRequest }) {
        const eventStreamSerde = await this.loadEventStreamCapability();
        return eventStreamSerde.serializeEventStream({
          eventStream,
          requestSchema,
          initialRequest
        });
      }
      async deserializeEventStream({ response, responseSchema, initialResponseContainer }) {
        const eventStreamSerde = await this.loadEventStreamCapability();
        return eventStreamSerde.deserializeEventStream({
          response,
          responseSchema,
          initialResponseContainer
        });
      }
      async loadEventStreamCapability() {
        const { EventStreamSerde, eventStreamSerdeProvider } = await import("./event-streams-TWZOVHIX.js");
        const marshaller = this.resolveEventStreamMarshaller(eventStreamSerdeProvider);
        return new EventStreamSerde({
          marshaller,
          serializer: this.serializer,
          deserializer: this.deserializer,
          serdeContext: this.serdeContext,
          defaultContentType: this.getDefaultContentType(),
          compositeErrorRegistry: this.compositeErrorRegistry
        });
      }
      getDefaultContentType() {
        throw new Error(`@smithy/core/protocols - ${this.constructor.name} getDefaultContentType() implementation missing.`);
      }
      async deserializeHttpMessage(schema, context, response, arg4, arg5) {
        void schema;
        void context;
        void response;
        void arg4;
        void arg5;
        return [];
      }
      getEventStreamMarshaller() {
        const context = this.serdeContext;
        if (!context.eventStreamMarshaller) {
          throw new Error("@smithy/core - HttpProtocol: eventStreamMarshaller missing in serdeContext.");
        }
        return context.eventStreamMarshaller;
      }
      resolveEventStreamMarshaller(importedProvider) {
        const context = this.serdeContext;
        if (context.eventStreamMarshaller) {
          return context.eventStreamMarshaller;
        }
        return importedProvider(this.serdeContext);
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/HttpBindingProtocol.js
var HttpBindingProtocol;
var init_HttpBindingProtocol = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/HttpBindingProtocol.js"() {
    init_transport();
    init_serde();
    init_HttpBindingNormalizedSchema();
    init_HttpProtocol();
    init_collect_stream_body();
    init_extended_encode_uri_component();
    HttpBindingProtocol = class extends HttpProtocol {
      async serializeRequest(operationSchema, _input, context) {
        const input = _input && typeof _input === "object" ? _input : {};
        const query = {};
        const headers = {};
        const endpoint = await context.endpoint();
        const ns = HttpBindingNormalizedSchema.of(operationSchema?.input);
        const bindings = ns.getHttpBindings().request;
        const operation = getHttpOperationBindings(operationSchema);
        const request = new HttpRequest({ query, headers });
        if (endpoint) {
          this.updateServiceEndpoint(request, endpoint);
          this.setHostPrefix(request, operationSchema, input, operation);
          const [method, path, staticQuery] = operation;
          if (method) {
            request.method = method;
            request.path = request.path === "/" ? path : request.path + path;
            for (const [key, value] of staticQuery) {
              query[key] = value;
            }
          }
        }
        request.query = query;
        const eventStream = this.serializeHttpBindings(input, request, bindings, operation);
        if (eventStream) {
          request.body = await this.serializeEventStream({ eventStream, requestSchema: ns });
        }
        return request;
      }
      serializeHttpBindings(input, request, bindings, operation) {
        const serializer = this.serializer;
        const directSerializer = typeof serializer.writeCodec === "function" ? serializer : void 0;
        const query = request.query;
        const headers = request.headers;
        const bodySchema = bindings.syntheticBodySchema;
        let hasBodyValue = false;
        let payload;
        let eventStream;
        let labels;
        const names = Object.getOwnPropertyNames(input);
        const prototype = Object.getPrototypeOf(input);
        const sparse = (prototype === Object.prototype || prototype === null) && !bindings.hasIdempotency && !bindings.hasPrefixHeaders && names.length * 2 < bindings.memberBindings.length;
        const length = sparse ? names.length : bindings.memberBindings.length;
        for (let i = 0; i < length; ++i) {
          const binding = sparse ? hasOwn(bindings.byName, names[i]) ? bindings.byName[names[i]] : void 0 : bindings.memberBindings[i];
          if (!binding) {
            continue;
          }
          const value = binding[1];
          const memberName = binding[0];
          const memberNs = value[0];
          const flags = value[1];
          const collectionValue = value[2];
          const location = binding[2];
          const wireName = binding[3];
          const inputMemberValue = input[memberName];
          if (inputMemberValue == null && !(flags >> 10 & 1)) {
            continue;
          }
          if (location === 36) {
            const stream = flags >> 11 & 3;
            if (stream) {
              if (stream === 2) {
                eventStream = inputMemberValue || void 0;
              } else {
                payload = inputMemberValue;
              }
            } else {
              if (directSerializer) {
                directSerializer.writeCodec(memberNs, inputMemberValue);
              } else {
                serializer.write(memberNs, inputMemberValue);
              }
              payload = serializer.flush();
            }
          } else if (location === 33 || location === 38) {
            const serialized = this.serializeHttpValue(value, inputMemberValue, location, directSerializer);
            if (location === 33) {
              (labels ??= /* @__PURE__ */ Object.create(null))[memberName] = serialized;
            } else {
              headers[wireName] = serialized;
            }
          } else if (location === 39) {
            for (const key in inputMemberValue) {
              if (!hasOwn(inputMemberValue, key)) {
                continue;
              }
              const amalgam = wireName + key;
              headers[amalgam.toLowerCase()] = this.serializeHttpValue(collectionValue, inputMemberValue[key], 38, directSerializer, directSerializer ? collectionValue[0] : [collectionValue[0], { httpHeader: amalgam }]);
            }
          } else if ((location & 62) === 34) {
            this.serializeQuery(value, inputMemberValue, wireName, query, directSerializer);
          } else {
            hasBodyValue = true;
          }
        }
        const operationPath = operation[1];
        const pathSegments = operation[3];
        if (operationPath && pathSegments && request.path.endsWith(operationPath)) {
          request.path = request.path.slice(0, -operationPath.length) + this.serializePath(pathSegments, labels, bindings);
        }
        if (hasBodyValue && bodySchema) {
          if (directSerializer) {
            directSerializer.writeCodec(bodySchema, input);
          } else {
            serializer.write(bodySchema, input);
          }
          payload = serializer.flush();
        }
        request.body = payload;
        return eventStream;
      }
      serializeQuery(value, data, wireName, query, directSerializer) {
        const [ns, flags, collectionValue] = value;
        const traits = directSerializer ? void 0 : ns.getMergedTraits();
        if (wireName === void 0) {
          for (const key in data) {
            if (!hasOwn(data, key) || key in query) {
              continue;
            }
            if (!directSerializer) {
              Object.assign(collectionValue[0].getMergedTraits(), {
                ...traits,
                httpQuery: key,
                httpQueryParams: void 0
              });
            }
            this.serializeQuery(collectionValue, data[key], key, query, directSerializer);
          }
          return;
        }
        if ((flags & 192) === 64) {
          const buffer = [];
          for (const item of data) {
            const serialized = this.serializeHttpValue(collectionValue, item, 34, directSerializer, directSerializer ? collectionValue[0] : [collectionValue[0], traits]);
            if (flags >> 13 & 1 || serialized !== void 0) {
              buffer.push(serialized);
            }
          }
          query[wireName] = buffer;
        } else {
          query[wireName] = this.serializeHttpValue(value, data, 34, directSerializer, directSerializer ? ns : [ns, traits]);
        }
      }
      serializeHttpValue(value, data, location, directSerializer, schema = value[0]) {
        const flags = value[1];
        const type = flags & 255;
        if (directSerializer && !(flags & 1792) && (type <= 2 || type === 17 || type === 19)) {
          return String(data);
        }
        if (directSerializer) {
          directSerializer.writeHttpBinding(value, data, location);
        } else {
          this.serializer.write(schema, data);
        }
        return this.serializer.flush();
      }
      serializePath(segments, labels, bindings) {
        let path = "";
        for (const [value, kind] of segments) {
          if (kind === 0) {
            path += value;
            continue;
          }
          const replacement = labels?.[value];
          if (replacement === void 0) {
            if (hasOwn(bindings.byName, value) && bindings.byName[value][2] === 33) {
              throw new Error(`No value provided for input HTTP label: ${value}.`);
            }
            path += `{${value}${kind === 2 ? "+" : ""}}`;
          } else {
            path += kind === 2 ? replacement.split("/").map(extendedEncodeURIComponent).join("/") : extendedEncodeURIComponent(replacement);
          }
        }
        return path;
      }
      async deserializeResponse(operationSchema, context, response) {
        const deserializer = this.deserializer;
        const directDeserializer = typeof deserializer.readCodec === "function" ? deserializer : void 0;
        const ns = HttpBindingNormalizedSchema.of(operationSchema.output);
        const responseBindings = ns.getHttpBindings().response;
        const dataObject = {};
        if (response.statusCode >= 300) {
          const bytes = await collectBody(response.body, context);
          if (bytes.byteLength > 0) {
            Object.assign(dataObject, await deserializer.read(15, bytes));
          }
          await this.handleError(operationSchema, context, response, dataObject, this.deserializeMetadata(response));
          throw new Error("@smithy/core/protocols - HTTP Protocol error handler failed to throw.");
        }
        const nonHttpBindingMembers = await this.deserializeHttpMessage(ns, context, response, dataObject);
        if (nonHttpBindingMembers.length) {
          const bytes = await collectBody(response.body, context);
          if (bytes.byteLength > 0) {
            const dataFromBody = await (directDeserializer ? directDeserializer.readCodec(responseBindings.syntheticBodySchema, bytes) : deserializer.read(responseBindings.syntheticBodySchema, bytes));
            for (const member of nonHttpBindingMembers) {
              if (dataFromBody[member] != null) {
                dataObject[member] = dataFromBody[member];
              }
            }
          }
        } else if (!responseBindings.bindings.payload) {
          await collectBody(response.body, context);
        }
        dataObject.$metadata = this.deserializeMetadata(response);
        return dataObject;
      }
      async deserializeHttpMessage(schema, context, response, arg4, arg5) {
        const dataObject = arg4 instanceof Set ? arg5 : arg4;
        const deserializer = this.deserializer;
        const directDeserializer = typeof deserializer.readCodec === "function" ? deserializer : void 0;
        const ns = HttpBindingNormalizedSchema.of(schema);
        const { bodyMemberNames, bindings: { payload, statusCode, headers: responseHeaders, prefixHeaders } } = ns.getHttpBindings().response;
        const headers = response.headers;
        if (payload) {
          const [memberName, value] = payload;
          const [memberSchema, flags] = value;
          const stream = flags >> 11 & 3;
          if (stream) {
            if (stream === 2) {
              dataObject[memberName] = await this.deserializeEventStream({
                response,
                responseSchema: ns
              });
            } else {
              dataObject[memberName] = sdkStreamMixin(response.body);
            }
          } else if (response.body) {
            const bytes = await collectBody(response.body, context);
            if (bytes.byteLength > 0) {
              dataObject[memberName] = await (directDeserializer ? directDeserializer.readPayload(value, bytes) : deserializer.read(memberSchema, bytes));
            }
          }
        }
        for (const header in headers) {
          if (!hasOwn(headers, header)) {
            continue;
          }
          const lower = header.toLowerCase();
          const headerValue = headers[header];
          if (lower !== header) {
            delete headers[header];
            headers[lower] = headerValue;
          }
          const binding = hasOwn(responseHeaders, lower) ? responseHeaders[lower] : void 0;
          if (!binding) {
            continue;
          }
          const [memberName, [memberSchema, flags, collectionValue], , wireName] = binding;
          if (collectionValue) {
            const sections = flags >> 16 & 1 ? splitEvery(headerValue, ",", 2) : splitHeader(headerValue);
            const list = [];
            for (const section of sections) {
              list.push(directDeserializer ? directDeserializer.readHttpBinding(collectionValue, section.trim(), 38) : await deserializer.read([collectionValue[0], { httpHeader: wireName }], section.trim()));
            }
            dataObject[memberName] = list;
          } else {
            dataObject[memberName] = directDeserializer ? directDeserializer.readHttpBinding(binding[1], headerValue, 38) : await deserializer.read(memberSchema, headerValue);
          }
        }
        for (const [memberName, [, , collectionValue], , wireName] of prefixHeaders) {
          dataObject[memberName] = {};
          for (const header in headers) {
            if (!hasOwn(headers, header)) {
              continue;
            }
            if (!header.startsWith(wireName)) {
              continue;
            }
            const headerValue = headers[header];
            dataObject[memberName][header.slice(wireName.length)] = directDeserializer ? directDeserializer.readHttpBinding(collectionValue, headerValue, 38) : await deserializer.read([collectionValue[0], { httpHeader: header }], headerValue);
          }
        }
        if (statusCode) {
          dataObject[statusCode[0]] = response.statusCode;
        }
        return bodyMemberNames;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/RpcProtocol.js
var RpcProtocol;
var init_RpcProtocol = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/RpcProtocol.js"() {
    init_transport();
    init_schema();
    init_transport();
    init_HttpProtocol();
    init_collect_stream_body();
    RpcProtocol = class extends HttpProtocol {
      async serializeRequest(operationSchema, _input, context) {
        const serializer = this.serializer;
        const query = {};
        const headers = {};
        const endpoint = await context.endpoint();
        const ns = NormalizedSchema.of(operationSchema?.input);
        const schema = ns.getSchema();
        let payload;
        const input = _input && typeof _input === "object" ? _input : {};
        const request = new HttpRequest({
          protocol: "",
          hostname: "",
          port: void 0,
          path: "/",
          fragment: void 0,
          query,
          headers,
          body: void 0
        });
        if (endpoint) {
          this.updateServiceEndpoint(request, endpoint);
          this.setHostPrefix(request, operationSchema, input);
        }
        if (input) {
          const eventStreamMember = ns.getEventStreamMember();
          if (eventStreamMember) {
            if (input[eventStreamMember]) {
              const initialRequest = {};
              for (const [memberName] of ns.structIterator()) {
                if (memberName !== eventStreamMember && input[memberName] != null) {
                  initialRequest[memberName] = input[memberName];
                }
              }
              payload = await this.serializeEventStream({
                eventStream: input[eventStreamMember],
                requestSchema: ns,
                initialRequest
              });
            }
          } else {
            serializer.write(schema, input);
            payload = serializer.flush();
          }
        }
        request.headers = Object.assign(request.headers, headers);
        request.query = query;
        request.body = payload;
        request.method = "POST";
        return request;
      }
      async deserializeResponse(operationSchema, context, response) {
        const deserializer = this.deserializer;
        const ns = NormalizedSchema.of(operationSchema.output);
        const dataObject = {};
        if (this.isErrorResponse(response.statusCode)) {
          const bytes = await collectBody(response.body, context);
          if (bytes.byteLength > 0) {
            Object.assign(dataObject, await deserializer.read(15, bytes));
          }
          await this.handleError(operationSchema, context, response, dataObject, this.deserializeMetadata(response));
          throw new Error("@smithy/core/protocols - RPC Protocol error handler failed to throw.");
        }
        for (const header in response.headers) {
          if (!hasOwn(response.headers, header)) {
            continue;
          }
          const value = response.headers[header];
          delete response.headers[header];
          response.headers[header.toLowerCase()] = value;
        }
        const eventStreamMember = ns.getEventStreamMember();
        if (eventStreamMember) {
          dataObject[eventStreamMember] = await this.deserializeEventStream({
            response,
            responseSchema: ns,
            initialResponseContainer: dataObject
          });
        } else {
          const bytes = await collectBody(response.body, context);
          if (bytes.byteLength > 0) {
            Object.assign(dataObject, await deserializer.read(ns, bytes));
          }
        }
        dataObject.$metadata = this.deserializeMetadata(response);
        return dataObject;
      }
      isErrorResponse(statusCode) {
        return statusCode >= 300;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/AbstractRpcV2Protocol.js
var AbstractRpcV2Protocol;
var init_AbstractRpcV2Protocol = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/AbstractRpcV2Protocol.js"() {
    init_schema();
    init_transport();
    init_RpcProtocol();
    AbstractRpcV2Protocol = class extends RpcProtocol {
      constructor({ defaultNamespace, errorTypeRegistries }) {
        super({ defaultNamespace, errorTypeRegistries });
      }
      async serializeRequest(operationSchema, input, context) {
        const request = await super.serializeRequest(operationSchema, input, context);
        Object.assign(request.headers, {
          "content-type": this.getDefaultContentType(),
          "smithy-protocol": this.getSmithyProtocolHeaderValue(),
          accept: this.getDefaultContentType()
        });
        if (deref(operationSchema.input) === "unit") {
          delete request.body;
          delete request.headers["content-type"];
        } else {
          this.applyEmptyBody(request);
        }
        const { service, operation } = getSmithyContext(context);
        const path = `/service/${service}/operation/${operation}`;
        if (request.path.endsWith("/")) {
          request.path += path.slice(1);
        } else {
          request.path += path;
        }
        return request;
      }
      isErrorResponse(statusCode) {
        return statusCode !== 200;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/resolve-path.js
var resolvedPath;
var init_resolve_path = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/resolve-path.js"() {
    init_extended_encode_uri_component();
    resolvedPath = (resolvedPath2, input, memberName, labelValueProvider, uriLabel, isGreedyLabel) => {
      if (input != null && input[memberName] !== void 0) {
        const labelValue = labelValueProvider();
        if (labelValue == null || labelValue.length <= 0) {
          throw new Error("Empty value provided for input HTTP label: " + memberName + ".");
        }
        resolvedPath2 = resolvedPath2.replace(uriLabel, isGreedyLabel ? labelValue.split("/").map((segment) => extendedEncodeURIComponent(segment)).join("/") : extendedEncodeURIComponent(labelValue));
      } else {
        throw new Error("No value provided for input HTTP label: " + memberName + ".");
      }
      return resolvedPath2;
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/requestBuilder.js
function requestBuilder(input, context) {
  return new RequestBuilder(input, context);
}
var RequestBuilder;
var init_requestBuilder = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/requestBuilder.js"() {
    init_transport();
    init_resolve_path();
    RequestBuilder = class {
      input;
      context;
      query = {};
      method = "";
      headers = {};
      path = "";
      body = null;
      hostname = "";
      resolvePathStack = [];
      constructor(input, context) {
        this.input = input;
        this.context = context;
      }
      async build() {
        const { hostname, protocol = "https", port, path: basePath } = await this.context.endpoint();
        this.path = basePath;
        for (const resolvePath of this.resolvePathStack) {
          resolvePath(this.path);
        }
        return new HttpRequest({
          protocol,
          hostname: this.hostname || hostname,
          port,
          method: this.method,
          path: this.path,
          query: this.query,
          body: this.body,
          headers: this.headers
        });
      }
      hn(hostname) {
        this.hostname = hostname;
        return this;
      }
      bp(uriLabel) {
        this.resolvePathStack.push((basePath) => {
          this.path = `${basePath?.endsWith("/") ? basePath.slice(0, -1) : basePath || ""}` + uriLabel;
        });
        return this;
      }
      p(memberName, labelValueProvider, uriLabel, isGreedyLabel) {
        this.resolvePathStack.push((path) => {
          this.path = resolvedPath(path, this.input, memberName, labelValueProvider, uriLabel, isGreedyLabel);
        });
        return this;
      }
      h(headers) {
        this.headers = headers;
        return this;
      }
      q(query) {
        this.query = query;
        return this;
      }
      b(body) {
        this.body = body;
        return this;
      }
      m(method) {
        this.method = method;
        return this;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/serde/FromStringShapeDeserializer.js
var FromStringShapeDeserializer;
var init_FromStringShapeDeserializer = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/serde/FromStringShapeDeserializer.js"() {
    init_serde();
    init_HttpBindingNormalizedSchema();
    init_SerdeContext();
    FromStringShapeDeserializer = class extends SerdeContext {
      settings;
      constructor(settings) {
        super();
        this.settings = settings;
      }
      read(_schema, data) {
        const ns = HttpBindingNormalizedSchema.of(_schema);
        const traits = ns.getMergedTraits();
        const location = ns.getHttpBindingLocation(traits);
        return this.readHttpBinding(ns.getHttpBindingValue(location, traits), data, location);
      }
      readHttpBinding([ns, flags, collectionValue], data, location) {
        const schema = flags & 255;
        if ((schema & 192) === 64) {
          collectionValue ??= ns.getHttpBindingCollectionValue(location);
          return splitHeader(data).map((item) => this.readHttpBinding(collectionValue, item, location));
        }
        switch (schema) {
          case 21:
          case 42:
            return (this.serdeContext?.base64Decoder ?? fromBase64)(data);
          case 4:
          case 5:
          case 6:
          case 7: {
            const bindingFormat = this.settings.httpBindings ? flags >> 14 & 3 : 0;
            const format = this.settings.timestampFormat.useTrait && schema > 4 ? schema : bindingFormat ? bindingFormat + 4 : this.settings.timestampFormat.default;
            switch (format) {
              case 5:
                return _parseRfc3339DateTimeWithOffset(data);
              case 6:
                return _parseRfc7231DateTime(data);
              case 7:
                return _parseEpochTimestamp(data);
              default:
                console.warn("Missing timestamp format, parsing value with Date constructor:", data);
                return new Date(data);
            }
          }
          case 0: {
            const media = flags >> 8 & 3;
            if (!media) {
              return data;
            }
            let intermediateValue = data;
            if ((location & 6) === 6) {
              intermediateValue = (this.serdeContext?.utf8Encoder ?? toUtf8)((this.serdeContext?.base64Decoder ?? fromBase64)(intermediateValue));
            }
            return media === 2 ? LazyJsonString.from(intermediateValue) : intermediateValue;
          }
          case 1:
            return Number(data);
          case 2:
            return data.toLowerCase() === "true";
          case 17:
            return BigInt(data);
          case 19:
            return new NumericValue(data, "bigDecimal");
          default:
            return data;
        }
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/serde/HttpInterceptingShapeDeserializer.js
var HttpInterceptingShapeDeserializer;
var init_HttpInterceptingShapeDeserializer = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/serde/HttpInterceptingShapeDeserializer.js"() {
    init_serde();
    init_HttpBindingNormalizedSchema();
    init_SerdeContext();
    init_FromStringShapeDeserializer();
    HttpInterceptingShapeDeserializer = class extends SerdeContext {
      codecDeserializer;
      stringDeserializer;
      constructor(codecDeserializer, codecSettings) {
        super();
        this.codecDeserializer = codecDeserializer;
        this.stringDeserializer = new FromStringShapeDeserializer(codecSettings);
      }
      setSerdeContext(serdeContext) {
        this.stringDeserializer.setSerdeContext(serdeContext);
        this.codecDeserializer.setSerdeContext(serdeContext);
        this.serdeContext = serdeContext;
      }
      read(schema, data) {
        const ns = HttpBindingNormalizedSchema.of(schema);
        const traits = ns.getMergedTraits();
        if (traits.httpHeader || traits.httpResponseCode) {
          const value = ns.getHttpBindingValue(38, traits);
          return this.readHttpBinding(value, data, 38);
        }
        if (traits.httpPayload) {
          return this.readPayload(ns.getHttpBindingValue(36, traits), data);
        }
        return this.readCodec(ns, data);
      }
      readHttpBinding(binding, data, location) {
        const value = typeof data === "string" ? data : (this.serdeContext?.utf8Encoder ?? toUtf8)(data);
        return this.stringDeserializer.readHttpBinding(binding, value, location);
      }
      readPayload([schema, flags], data) {
        const type = flags & 255;
        if (type === 21 || type === 42) {
          return typeof data === "string" ? (this.serdeContext?.utf8Decoder ?? fromUtf8)(data) : data;
        }
        if (type === 0) {
          return typeof data === "string" ? data : (this.serdeContext?.utf8Encoder ?? toUtf8)(data);
        }
        return this.readCodec(schema, data);
      }
      readCodec(schema, data) {
        return this.codecDeserializer.read(schema, data);
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/serde/ToStringShapeSerializer.js
var ToStringShapeSerializer;
var init_ToStringShapeSerializer = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/serde/ToStringShapeSerializer.js"() {
    init_serde();
    init_HttpBindingNormalizedSchema();
    init_SerdeContext();
    ToStringShapeSerializer = class extends SerdeContext {
      settings;
      stringBuffer = "";
      constructor(settings) {
        super();
        this.settings = settings;
      }
      write(schema, value) {
        const ns = HttpBindingNormalizedSchema.of(schema);
        const traits = ns.getMergedTraits();
        const location = ns.getHttpBindingLocation(traits);
        this.writeHttpBinding(ns.getHttpBindingValue(location, traits), value, location);
      }
      writeHttpBinding([ns, flags, collectionValue], value, location) {
        const schema = flags & 255;
        switch (typeof value) {
          case "object":
            if (value === null) {
              this.stringBuffer = "null";
              return;
            }
            if (schema >= 4 && schema <= 7) {
              if (!(value instanceof Date)) {
                throw new Error(`@smithy/core/protocols - received non-Date value ${value} when schema expected Date in ${ns.getName(true)}`);
              }
              const bindingFormat = this.settings.httpBindings ? flags >> 14 & 3 : 0;
              const format = this.settings.timestampFormat.useTrait && schema > 4 ? schema : bindingFormat ? bindingFormat + 4 : this.settings.timestampFormat.default;
              switch (format) {
                case 5:
                  this.stringBuffer = value.toISOString().replace(".000Z", "Z");
                  break;
                case 6:
                  this.stringBuffer = dateToUtcString(value);
                  break;
                case 7:
                  this.stringBuffer = String(value.getTime() / 1e3);
                  break;
                default:
                  console.warn("Missing timestamp format, using epoch seconds", value);
                  this.stringBuffer = String(value.getTime() / 1e3);
              }
              return;
            }
            if ((schema === 21 || schema === 42) && "byteLength" in value) {
              this.stringBuffer = (this.serdeContext?.base64Encoder ?? toBase64)(value);
              return;
            }
            if ((schema & 192) === 64 && Array.isArray(value)) {
              collectionValue ??= ns.getHttpBindingCollectionValue(location);
              const valueSchemaType = collectionValue[1] & 255;
              const isTimestamp = valueSchemaType >= 4 && valueSchemaType <= 7;
              let buffer = "";
              for (const item of value) {
                this.writeHttpBinding(collectionValue, item, location);
                const headerItem = this.flush();
                if (buffer) {
                  buffer += ", ";
                }
                buffer += isTimestamp ? headerItem : quoteHeader(headerItem);
              }
              this.stringBuffer = buffer;
              return;
            }
            this.stringBuffer = JSON.stringify(value, null, 2);
            break;
          case "string":
            const media = flags >> 8 & 3;
            let intermediateValue = value;
            if (media === 2) {
              intermediateValue = LazyJsonString.from(intermediateValue);
            }
            if (media && (location & 6) === 6) {
              this.stringBuffer = (this.serdeContext?.base64Encoder ?? toBase64)(intermediateValue.toString());
              return;
            }
            this.stringBuffer = value;
            break;
          default:
            this.stringBuffer = flags >> 10 & 1 ? generateIdempotencyToken() : String(value);
        }
      }
      flush() {
        const buffer = this.stringBuffer;
        this.stringBuffer = "";
        return buffer;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/serde/HttpInterceptingShapeSerializer.js
var HttpInterceptingShapeSerializer;
var init_HttpInterceptingShapeSerializer = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/serde/HttpInterceptingShapeSerializer.js"() {
    init_HttpBindingNormalizedSchema();
    init_ToStringShapeSerializer();
    HttpInterceptingShapeSerializer = class {
      codecSerializer;
      stringSerializer;
      buffer;
      constructor(codecSerializer, codecSettings, stringSerializer = new ToStringShapeSerializer(codecSettings)) {
        this.codecSerializer = codecSerializer;
        this.stringSerializer = stringSerializer;
      }
      setSerdeContext(serdeContext) {
        this.codecSerializer.setSerdeContext(serdeContext);
        this.stringSerializer.setSerdeContext(serdeContext);
      }
      write(schema, value) {
        const ns = HttpBindingNormalizedSchema.of(schema);
        const traits = ns.getMergedTraits();
        if (traits.httpHeader || traits.httpLabel || traits.httpQuery) {
          const location = ns.getHttpBindingLocation(traits);
          this.writeHttpBinding(ns.getHttpBindingValue(location, traits), value, location);
          return;
        }
        this.writeCodec(ns, value);
      }
      writeHttpBinding(binding, value, location) {
        this.stringSerializer.writeHttpBinding(binding, value, location);
        this.buffer = this.stringSerializer.flush();
      }
      writeCodec(schema, value) {
        this.codecSerializer.write(schema, value);
      }
      flush() {
        if (this.buffer !== void 0) {
          const buffer = this.buffer;
          this.buffer = void 0;
          return buffer;
        }
        return this.codecSerializer.flush();
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/serde/determineTimestampFormat.js
function determineTimestampFormat(ns, settings) {
  if (settings.timestampFormat.useTrait) {
    const schema = ns.getSchema();
    if (schema === 5 || schema === 6 || schema === 7) {
      return schema;
    }
  }
  const { httpLabel, httpPrefixHeaders, httpHeader, httpQuery } = ns.getMergedTraits();
  const bindingFormat = settings.httpBindings ? typeof httpPrefixHeaders === "string" || Boolean(httpHeader) ? 6 : Boolean(httpQuery) || Boolean(httpLabel) ? 5 : void 0 : void 0;
  return bindingFormat ?? settings.timestampFormat.default;
}
var init_determineTimestampFormat = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/serde/determineTimestampFormat.js"() {
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/protocol-http/Field.js
var import_types, Field;
var init_Field = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/protocol-http/Field.js"() {
    import_types = __toESM(require_dist_cjs());
    Field = class {
      name;
      kind;
      values;
      constructor({ name, kind = import_types.FieldPosition.HEADER, values = [] }) {
        this.name = name;
        this.kind = kind;
        this.values = values;
      }
      add(value) {
        this.values.push(value);
      }
      set(values) {
        this.values = values;
      }
      remove(value) {
        this.values = this.values.filter((v) => v !== value);
      }
      toString() {
        return this.values.map((v) => v.includes(",") || v.includes(" ") ? `"${v}"` : v).join(", ");
      }
      get() {
        return this.values;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/protocol-http/Fields.js
var Fields;
var init_Fields = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/protocol-http/Fields.js"() {
    Fields = class {
      entries = {};
      encoding;
      constructor({ fields = [], encoding = "utf-8" }) {
        fields.forEach(this.setField.bind(this));
        this.encoding = encoding;
      }
      setField(field) {
        this.entries[field.name.toLowerCase()] = field;
      }
      getField(name) {
        return this.entries[name.toLowerCase()];
      }
      removeField(name) {
        delete this.entries[name.toLowerCase()];
      }
      getByType(kind) {
        return Object.values(this.entries).filter((field) => field.kind === kind);
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/protocol-http/extensions/httpExtensionConfiguration.js
var getHttpHandlerExtensionConfiguration, resolveHttpHandlerRuntimeConfig;
var init_httpExtensionConfiguration = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/protocol-http/extensions/httpExtensionConfiguration.js"() {
    getHttpHandlerExtensionConfiguration = (runtimeConfig) => {
      if (runtimeConfig.logger && runtimeConfig.logger.constructor?.name !== "NoOpLogger") {
        runtimeConfig.requestHandler?.updateHttpClientConfig?.(/* @__PURE__ */ Symbol.for("logger"), runtimeConfig.logger);
      }
      if (runtimeConfig.defaultSocketTimeout) {
        runtimeConfig.requestHandler?.updateHttpClientConfig?.(/* @__PURE__ */ Symbol.for("@smithy/defaultSocketTimeout"), runtimeConfig.defaultSocketTimeout);
      }
      return {
        setHttpHandler(handler) {
          runtimeConfig.requestHandler = handler;
        },
        httpHandler() {
          return runtimeConfig.requestHandler;
        },
        updateHttpClientConfig(key, value) {
          runtimeConfig.requestHandler?.updateHttpClientConfig(key, value);
        },
        httpHandlerConfigs() {
          return runtimeConfig.requestHandler.httpHandlerConfigs();
        }
      };
    };
    resolveHttpHandlerRuntimeConfig = (httpHandlerExtensionConfiguration) => {
      return {
        requestHandler: httpHandlerExtensionConfiguration.httpHandler()
      };
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/middleware-content-length/contentLengthMiddleware.js
function contentLengthMiddleware(bodyLengthChecker) {
  return (next) => async (args) => {
    const request = args.request;
    if (HttpRequest.isInstance(request)) {
      const { body, headers } = request;
      if (body && Object.keys(headers).map((str) => str.toLowerCase()).indexOf(CONTENT_LENGTH_HEADER) === -1) {
        try {
          const length = bodyLengthChecker(body);
          if (length != null) {
            request.headers = {
              ...request.headers,
              [CONTENT_LENGTH_HEADER]: String(length)
            };
          }
        } catch (ignored) {
        }
      }
    }
    return next({
      ...args,
      request
    });
  };
}
var CONTENT_LENGTH_HEADER, contentLengthMiddlewareOptions, getContentLengthPlugin;
var init_contentLengthMiddleware = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/middleware-content-length/contentLengthMiddleware.js"() {
    init_transport();
    CONTENT_LENGTH_HEADER = "content-length";
    contentLengthMiddlewareOptions = {
      step: "build",
      tags: ["SET_CONTENT_LENGTH", "CONTENT_LENGTH"],
      name: "contentLengthMiddleware",
      override: true
    };
    getContentLengthPlugin = (options) => ({
      applyToStack: (clientStack) => {
        clientStack.add(contentLengthMiddleware(options.bodyLengthChecker), contentLengthMiddlewareOptions);
      }
    });
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/util-uri-escape/escape-uri.js
var escapeUri, hexEncode;
var init_escape_uri = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/util-uri-escape/escape-uri.js"() {
    escapeUri = (uri) => encodeURIComponent(uri).replace(/[!'()*]/g, hexEncode);
    hexEncode = (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/util-uri-escape/escape-uri-path.js
var escapeUriPath;
var init_escape_uri_path = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/util-uri-escape/escape-uri-path.js"() {
    init_escape_uri();
    escapeUriPath = (uri) => uri.split("/").map(escapeUri).join("/");
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/querystring-builder/buildQueryString.js
function buildQueryString(query) {
  const parts = [];
  for (let key of Object.keys(query).sort()) {
    const value = query[key];
    key = escapeUri(key);
    if (Array.isArray(value)) {
      for (let i = 0, iLen = value.length; i < iLen; i++) {
        parts.push(`${key}=${escapeUri(value[i])}`);
      }
    } else {
      let qsEntry = key;
      if (value || typeof value === "string") {
        qsEntry += `=${escapeUri(value)}`;
      }
      parts.push(qsEntry);
    }
  }
  return parts.join("&");
}
var init_buildQueryString = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/querystring-builder/buildQueryString.js"() {
    init_escape_uri();
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/ConfigurableSerdeContext.js
var SerdeContextConfig;
var init_ConfigurableSerdeContext = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/ConfigurableSerdeContext.js"() {
    SerdeContextConfig = class {
      serdeContext;
      setSerdeContext(serdeContext) {
        this.serdeContext = serdeContext;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/UnionSerde.js
var UnionSerde;
var init_UnionSerde = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/UnionSerde.js"() {
    UnionSerde = class {
      from;
      to;
      keys;
      constructor(from, to) {
        this.from = from;
        this.to = to;
        const keys = Object.keys(this.from);
        const set = new Set(keys);
        set.delete("__type");
        this.keys = set;
      }
      mark(key) {
        this.keys.delete(key);
      }
      hasUnknown() {
        return this.keys.size === 1 && Object.keys(this.to).length === 0;
      }
      writeUnknown() {
        if (this.hasUnknown()) {
          const k = this.keys.values().next().value;
          const v = this.from[k];
          this.to.$unknown = [k, v];
        }
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/json/detectBufferParsing.js
function detectBufferParsing() {
  if (canParseBuffer === void 0) {
    try {
      if (typeof Buffer !== "function") {
        canParseBuffer = false;
      } else {
        const result = JSON.parse(Buffer.from([123, 125]));
        canParseBuffer = result !== null && typeof result === "object";
      }
    } catch {
      canParseBuffer = false;
    }
  }
  return canParseBuffer;
}
var canParseBuffer;
var init_detectBufferParsing = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/json/detectBufferParsing.js"() {
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/json/jsonReviver.js
function jsonReviver(key, value, context) {
  if (context?.source) {
    const numericString = context.source;
    if (typeof value === "number") {
      const inSafeRange = value <= Number.MAX_SAFE_INTEGER && value >= Number.MIN_SAFE_INTEGER;
      if (inSafeRange) {
        if (isRepresentable(numericString, value)) {
          return value;
        }
        return new NumericValue(numericString, "bigDecimal");
      } else {
        if (isFractionalBigNumeric(numericString)) {
          return new NumericValue(numericString, "bigDecimal");
        }
        if (/[eE]/.test(numericString)) {
          return expandExponentToBigInt(numericString);
        }
        return BigInt(numericString);
      }
    }
  }
  return value;
}
function isFractionalBigNumeric(s) {
  const dotIndex = s.indexOf(".");
  if (dotIndex === -1) {
    return false;
  }
  const eIndex = s.search(/[eE]/);
  if (eIndex === -1) {
    return true;
  }
  const fracDigits = eIndex - dotIndex - 1;
  const exp = parseInt(s.slice(eIndex + 1), 10);
  return exp < fracDigits;
}
function isRepresentable(numericString, value) {
  if (numericString === String(value)) {
    return true;
  }
  if (Object.is(value, -0)) {
    return true;
  }
  if (/[eE]/.test(numericString)) {
    return expandToDecimal(numericString) === expandToDecimal(String(value));
  }
  const normalized = numericString.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");
  const canonical = String(value);
  if (normalized === canonical) {
    return true;
  }
  if (/[eE]/.test(canonical)) {
    return normalized === expandToDecimal(canonical);
  }
  return false;
}
function expandToDecimal(s) {
  const negative = s.startsWith("-");
  const abs = negative ? s.slice(1) : s;
  const eIndex = abs.search(/[eE]/);
  let result;
  if (eIndex === -1) {
    result = abs;
  } else {
    const exp = parseInt(abs.slice(eIndex + 1), 10);
    const mantissa = abs.slice(0, eIndex);
    const dotIndex = mantissa.indexOf(".");
    let digits;
    let intLen;
    if (dotIndex === -1) {
      digits = mantissa;
      intLen = mantissa.length;
    } else {
      digits = mantissa.slice(0, dotIndex) + mantissa.slice(dotIndex + 1);
      intLen = dotIndex;
    }
    digits = digits.replace(/0+$/, "") || "0";
    const newDotPos = intLen + exp;
    if (digits === "0") {
      result = "0";
    } else if (newDotPos <= 0) {
      result = "0." + "0".repeat(-newDotPos) + digits;
    } else if (newDotPos >= digits.length) {
      result = digits + "0".repeat(newDotPos - digits.length);
    } else {
      result = digits.slice(0, newDotPos) + "." + digits.slice(newDotPos);
    }
  }
  if (result.includes(".")) {
    result = result.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");
  }
  return (negative ? "-" : "") + result;
}
function expandExponentToBigInt(s) {
  const eIndex = s.search(/[eE]/);
  const exp = parseInt(s.slice(eIndex + 1), 10);
  const negative = s.startsWith("-");
  const mantissa = s.slice(negative ? 1 : 0, eIndex);
  const dotIndex = mantissa.indexOf(".");
  let digits;
  let shift;
  if (dotIndex === -1) {
    digits = mantissa;
    shift = exp;
  } else {
    digits = mantissa.slice(0, dotIndex) + mantissa.slice(dotIndex + 1);
    const fracDigits = mantissa.length - dotIndex - 1;
    shift = exp - fracDigits;
  }
  digits = digits.replace(/0+$/, "") || "0";
  const result = BigInt(digits) * 10n ** BigInt(shift + (mantissa.replace(".", "").length - digits.length));
  return negative ? -result : result;
}
var init_jsonReviver = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/json/jsonReviver.js"() {
    init_serde();
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/json/needsReviver.js
function needsReviver(schema) {
  const ns = NormalizedSchema.of(schema);
  const raw = ns.getSchema();
  if (Array.isArray(raw) && ns.isStructSchema()) {
    if (REVIVER_SYMBOL in raw) {
      return raw[REVIVER_SYMBOL];
    }
    const result = _check(ns, /* @__PURE__ */ new Set());
    raw[REVIVER_SYMBOL] = result;
    return result;
  }
  return _check(ns, /* @__PURE__ */ new Set());
}
function _check(ns, seen) {
  const raw = ns.getSchema();
  if (seen.has(raw)) {
    return false;
  }
  seen.add(raw);
  if (ns.isBigIntegerSchema() || ns.isBigDecimalSchema()) {
    return true;
  }
  if (ns.isStructSchema()) {
    for (const [, memberSchema] of ns.structIterator()) {
      if (_check(memberSchema, seen)) {
        return true;
      }
    }
  } else if (ns.isListSchema() || ns.isMapSchema()) {
    if (_check(ns.getValueSchema(), seen)) {
      return true;
    }
  } else if (ns.isDocumentSchema()) {
    return true;
  }
  return false;
}
var REVIVER_SYMBOL;
var init_needsReviver = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/json/needsReviver.js"() {
    init_schema();
    REVIVER_SYMBOL = /* @__PURE__ */ Symbol.for("@aws-sdk/reviver");
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/common.js
var collectBodyString;
var init_common = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/common.js"() {
    init_collect_stream_body();
    init_serde();
    collectBodyString = (streamBody, context) => collectBody(streamBody, context).then((body) => (context?.utf8Encoder ?? toUtf8)(body));
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/json/parseJsonBody.js
async function parseJsonBody(streamBody, context, schema) {
  let parsingInput;
  if (detectBufferParsing() && typeof streamBody?.[Symbol.asyncIterator] === "function") {
    const buffer = await collectBody(streamBody, context);
    if (typeof Buffer === "function") {
      if (Buffer.isBuffer(buffer)) {
        parsingInput = buffer;
      } else {
        parsingInput = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      }
    }
  }
  if (!parsingInput) {
    parsingInput = await collectBodyString(streamBody, context);
  }
  if (parsingInput.length === 0) {
    return {};
  }
  const reviver = schema && needsReviver(schema) ? jsonReviver : void 0;
  try {
    return JSON.parse(parsingInput, reviver);
  } catch (e) {
    if (e?.name === "SyntaxError") {
      Object.defineProperty(e, "$responseBodyText", {
        value: typeof parsingInput === "string" ? parsingInput : parsingInput.toString("utf8")
      });
    }
    throw e;
  }
}
var parseJsonErrorBody, findKey, sanitizeErrorCode, loadRestJsonErrorCode, loadJsonRpcErrorCode, loadSmithyRpcV2JsonErrorCode, loadErrorCode;
var init_parseJsonBody = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/json/parseJsonBody.js"() {
    init_collect_stream_body();
    init_common();
    init_detectBufferParsing();
    init_jsonReviver();
    init_needsReviver();
    parseJsonErrorBody = async (errorBody, context) => {
      const value = await parseJsonBody(errorBody, context);
      value.message = value.message ?? value.Message;
      return value;
    };
    findKey = (object, key) => Object.keys(object).find((k) => k.toLowerCase() === key.toLowerCase());
    sanitizeErrorCode = (rawValue) => {
      let cleanValue = rawValue;
      if (typeof cleanValue === "number") {
        cleanValue = cleanValue.toString();
      }
      if (cleanValue.indexOf(",") >= 0) {
        cleanValue = cleanValue.split(",")[0];
      }
      if (cleanValue.indexOf(":") >= 0) {
        cleanValue = cleanValue.split(":")[0];
      }
      if (cleanValue.indexOf("#") >= 0) {
        cleanValue = cleanValue.split("#")[1];
      }
      return cleanValue;
    };
    loadRestJsonErrorCode = (output, data) => {
      return loadErrorCode(output, data, ["header", "code", "type"]);
    };
    loadJsonRpcErrorCode = (output, data, queryCompat = false) => {
      return loadErrorCode(output, data, queryCompat ? ["code", "header", "type"] : ["type", "code", "header"]);
    };
    loadSmithyRpcV2JsonErrorCode = (output, data) => {
      if (data?.__type !== void 0) {
        let cleanValue = data.__type;
        if (typeof cleanValue === "number") {
          cleanValue = cleanValue.toString();
        }
        if (cleanValue.indexOf(",") >= 0) {
          cleanValue = cleanValue.split(",")[0];
        }
        if (cleanValue.indexOf(":") >= 0) {
          cleanValue = cleanValue.split(":")[0];
        }
        return cleanValue;
      }
    };
    loadErrorCode = ({ headers }, data, order) => {
      while (order.length > 0) {
        const location = order.shift();
        switch (location) {
          case "header":
            const headerKey = findKey(headers ?? {}, "x-amzn-errortype");
            if (headerKey !== void 0) {
              return sanitizeErrorCode(headers[headerKey]);
            }
            break;
          case "code":
            const codeKey = findKey(data ?? {}, "code");
            if (codeKey && data[codeKey] !== void 0) {
              return sanitizeErrorCode(data[codeKey]);
            }
            break;
          case "type":
            if (data?.__type !== void 0) {
              return sanitizeErrorCode(data.__type);
            }
            break;
        }
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v2/JsonShapeDeserializer2.js
var JsonShapeDeserializer2;
var init_JsonShapeDeserializer2 = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v2/JsonShapeDeserializer2.js"() {
    init_determineTimestampFormat();
    init_schema();
    init_serde();
    init_ConfigurableSerdeContext();
    init_UnionSerde();
    init_detectBufferParsing();
    init_jsonReviver();
    init_needsReviver();
    init_parseJsonBody();
    init_transport();
    JsonShapeDeserializer2 = class extends SerdeContextConfig {
      settings;
      constructor(settings) {
        super();
        this.settings = settings;
      }
      async read(schema, data) {
        const reviver = needsReviver(schema) ? jsonReviver : void 0;
        let parsed;
        if (typeof data === "string") {
          if (data.length === 0) {
            return {};
          }
          parsed = JSON.parse(data, reviver);
        } else if (data instanceof Uint8Array && detectBufferParsing()) {
          if (data.byteLength === 0) {
            return {};
          }
          const buf = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
          parsed = JSON.parse(buf, reviver);
        } else {
          parsed = await parseJsonBody(data, this.serdeContext, schema);
        }
        return this._read(schema, parsed);
      }
      readObject(schema, data) {
        return this._read(schema, data);
      }
      _read(schema, value) {
        const isObject = value !== null && typeof value === "object";
        const ns = NormalizedSchema.of(schema);
        if (isObject) {
          if (ns.isStructSchema()) {
            return this._readStruct(ns, value);
          }
          if (Array.isArray(value) && ns.isListSchema()) {
            const listMember = ns.getValueSchema();
            if (this.needsTransform(listMember)) {
              for (let i = 0; i < value.length; ++i) {
                value[i] = this._read(listMember, value[i]);
              }
            }
            return value;
          }
          if (ns.isMapSchema()) {
            const mapMember = ns.getValueSchema();
            const map = value;
            if (this.needsTransform(mapMember)) {
              for (const k in map) {
                if (!hasOwn(map, k)) {
                  continue;
                }
                if (k === "__proto__") {
                  writeKey(map);
                }
                map[k] = this._read(mapMember, map[k]);
              }
            }
            return map;
          }
        }
        if (ns.isBlobSchema() && typeof value === "string") {
          return fromBase64(value);
        }
        const mediaType = ns.getMergedTraits().mediaType;
        if (ns.isStringSchema() && typeof value === "string" && mediaType) {
          const isJson = mediaType === "application/json" || mediaType.endsWith("+json");
          if (isJson) {
            return LazyJsonString.from(value);
          }
          return value;
        }
        if (ns.isTimestampSchema() && value != null) {
          const format = determineTimestampFormat(ns, this.settings);
          switch (format) {
            case 5:
              return parseRfc3339DateTimeWithOffset(value);
            case 6:
              return parseRfc7231DateTime(value);
            case 7:
              return parseEpochTimestamp(value);
            default:
              console.warn("Missing timestamp format, parsing value with Date constructor:", value);
              return new Date(value);
          }
        }
        if (ns.isBigIntegerSchema() && (typeof value === "number" || typeof value === "string")) {
          return BigInt(value);
        }
        if (ns.isBigDecimalSchema() && value != void 0) {
          if (value instanceof NumericValue) {
            return value;
          }
          const untyped = value;
          if (untyped.type === "bigDecimal" && "string" in untyped) {
            return new NumericValue(untyped.string, untyped.type);
          }
          return new NumericValue(String(value), "bigDecimal");
        }
        if (ns.isNumericSchema() && typeof value === "string") {
          switch (value) {
            case "Infinity":
              return Infinity;
            case "-Infinity":
              return -Infinity;
            case "NaN":
              return NaN;
          }
          return value;
        }
        if (ns.isDocumentSchema()) {
          if (isObject) {
            if (Array.isArray(value)) {
              for (let i = 0; i < value.length; ++i) {
                const v = value[i];
                if (!(v instanceof NumericValue)) {
                  value[i] = this._read(ns, v);
                }
              }
            } else {
              const doc = value;
              for (const k in doc) {
                if (!hasOwn(doc, k)) {
                  continue;
                }
                if (k === "__proto__") {
                  writeKey(doc);
                }
                const v = doc[k];
                if (!(v instanceof NumericValue)) {
                  doc[k] = this._read(ns, v);
                }
              }
            }
          }
        }
        return value;
      }
      _readStruct(ns, record) {
        const union = ns.isUnionSchema();
        const out = {};
        let nameMap;
        const hasType = typeof record.__type === "string";
        const { jsonName } = this.settings;
        if (jsonName && hasType) {
          nameMap = {};
        }
        let unionSerde;
        if (union) {
          unionSerde = new UnionSerde(record, out);
        }
        for (const [memberName, memberSchema] of ns.structIterator()) {
          let fromKey = memberName;
          if (jsonName) {
            fromKey = memberSchema.getMergedTraits().jsonName ?? fromKey;
            if (hasType) {
              nameMap[fromKey] = memberName;
            }
          }
          if (union) {
            unionSerde.mark(fromKey);
          }
          if (record[fromKey] != null) {
            out[memberName] = this._read(memberSchema, record[fromKey]);
          }
        }
        if (union) {
          unionSerde.writeUnknown();
        } else if (hasType) {
          for (const k in record) {
            if (!hasOwn(record, k)) {
              continue;
            }
            const v = record[k];
            const t = jsonName ? nameMap[k] ?? k : k;
            if (!(t in out)) {
              out[t] = v;
            }
          }
        }
        return out;
      }
      needsTransform(ns) {
        if (ns.isBlobSchema() || ns.isTimestampSchema() || ns.isBigIntegerSchema() || ns.isBigDecimalSchema() || ns.isNumericSchema()) {
          return true;
        }
        if (ns.isDocumentSchema() || ns.isStructSchema() || ns.isListSchema() || ns.isMapSchema()) {
          return true;
        }
        if (ns.isStringSchema() && ns.getMergedTraits().mediaType) {
          return true;
        }
        return false;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v2/JsonBytesStringAdapter.js
var JsonBytesStringAdapter, warned;
var init_JsonBytesStringAdapter = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v2/JsonBytesStringAdapter.js"() {
    init_serde();
    JsonBytesStringAdapter = class _JsonBytesStringAdapter extends Uint8Array {
      string = null;
      static allocUnsafe(bytes) {
        if (typeof Buffer === "function") {
          const buffer = Buffer.allocUnsafe(bytes);
          return new _JsonBytesStringAdapter(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        }
        return new _JsonBytesStringAdapter(bytes);
      }
      toString() {
        return this.s();
      }
      valueOf() {
        return this.s();
      }
      includes(searchString, position) {
        if (typeof searchString === "string") {
          return this.s().includes(searchString, position);
        }
        return Uint8Array.prototype.includes.call(this, searchString, position);
      }
      indexOf(searchString, position) {
        if (typeof searchString === "string") {
          return this.s().indexOf(searchString, position);
        }
        return Uint8Array.prototype.indexOf.call(this, searchString, position);
      }
      lastIndexOf(searchString, position) {
        if (typeof searchString === "string") {
          return this.s().lastIndexOf(searchString, position);
        }
        const fn = Uint8Array.prototype.lastIndexOf;
        if (position !== void 0) {
          return fn.call(this, searchString, position);
        }
        return fn.call(this, searchString);
      }
      startsWith(searchString, position) {
        return this.s().startsWith(searchString, position);
      }
      endsWith(searchString, endPosition) {
        return this.s().endsWith(searchString, endPosition);
      }
      match(regexp) {
        return this.s().match(regexp);
      }
      replace(searchValue, replaceValue) {
        return this.s().replace(searchValue, replaceValue);
      }
      search(regexp) {
        return this.s().search(regexp);
      }
      split(separator, limit) {
        return this.s().split(separator, limit);
      }
      substring(start, end) {
        return this.s().substring(start, end);
      }
      trim() {
        return this.s().trim();
      }
      trimStart() {
        return this.s().trimStart();
      }
      trimEnd() {
        return this.s().trimEnd();
      }
      charAt(pos) {
        return this.s().charAt(pos);
      }
      charCodeAt(index) {
        return this.s().charCodeAt(index);
      }
      padStart(maxLength, fillString) {
        return this.s().padStart(maxLength, fillString);
      }
      padEnd(maxLength, fillString) {
        return this.s().padEnd(maxLength, fillString);
      }
      repeat(count) {
        return this.s().repeat(count);
      }
      toUpperCase() {
        return this.s().toUpperCase();
      }
      toLowerCase() {
        return this.s().toLowerCase();
      }
      s() {
        if (this.string == null) {
          const n = Date.now();
          if (n > warned + 6e4) {
            console.warn("@aws-sdk/core/protocols - WARN - JsonCodec2: you have called a string method on a Uint8Array request body. It has been automatically converted to string. In a future version this will throw an error.");
            warned = n;
          }
          this.string = toUtf8(this);
        }
        return this.string;
      }
    };
    warned = 0;
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v2/JsonShapeSerializer2.js
function alloc(size) {
  return JsonBytesStringAdapter.allocUnsafe(size);
}
var encoder, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, QUOTE, COLON, COMMA, BACKSLASH, TRUE, FALSE, NULL, ESCAPE_TABLE, INITIAL_BUFFER_SIZE, JsonShapeSerializer2;
var init_JsonShapeSerializer2 = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v2/JsonShapeSerializer2.js"() {
    init_determineTimestampFormat();
    init_schema();
    init_serde();
    init_ConfigurableSerdeContext();
    init_transport();
    init_JsonBytesStringAdapter();
    encoder = new TextEncoder();
    OPEN_BRACE = 123;
    CLOSE_BRACE = 125;
    OPEN_BRACKET = 91;
    CLOSE_BRACKET = 93;
    QUOTE = 34;
    COLON = 58;
    COMMA = 44;
    BACKSLASH = 92;
    TRUE = new Uint8Array([116, 114, 117, 101]);
    FALSE = new Uint8Array([102, 97, 108, 115, 101]);
    NULL = new Uint8Array([110, 117, 108, 108]);
    ESCAPE_TABLE = new Array(128).fill(null);
    ESCAPE_TABLE[8] = "b";
    ESCAPE_TABLE[9] = "t";
    ESCAPE_TABLE[10] = "n";
    ESCAPE_TABLE[12] = "f";
    ESCAPE_TABLE[13] = "r";
    ESCAPE_TABLE[34] = '"';
    ESCAPE_TABLE[92] = "\\";
    for (let i = 0; i < 32; i++) {
      if (ESCAPE_TABLE[i] === null) {
        ESCAPE_TABLE[i] = "u00" + i.toString(16).padStart(2, "0");
      }
    }
    INITIAL_BUFFER_SIZE = 2048;
    JsonShapeSerializer2 = class _JsonShapeSerializer2 extends SerdeContextConfig {
      settings;
      json;
      i = 0;
      rootSchema;
      rawValue;
      passthrough = false;
      constructor(settings) {
        super();
        this.settings = settings;
        this.json = alloc(INITIAL_BUFFER_SIZE);
      }
      write(schema, value) {
        this.i = 0;
        this.rawValue = value;
        this.rootSchema = NormalizedSchema.of(schema);
        this.passthrough = this.rootSchema.isBlobSchema() || this.rootSchema.isStringSchema();
        if (!this.passthrough) {
          this.writeValue(this.rootSchema, value, void 0);
        }
      }
      writeDiscriminatedDocument(schema, value) {
        this.i = 0;
        this.rootSchema = NormalizedSchema.of(schema);
        const ns = this.rootSchema;
        if (ns.isStructSchema() && value != null && typeof value === "object") {
          this.writeValue(ns, value, void 0);
          const prefix = `"__type":"${ns.getName(true) ?? "Unknown"}",`;
          const z = prefix.length;
          this.ensure(z);
          this.json.copyWithin(1 + z, 1, this.i);
          encoder.encodeInto(prefix, this.json.subarray(1));
          this.i += z;
        } else {
          this.writeValue(ns, value, void 0);
        }
      }
      flush() {
        this.rootSchema = void 0;
        const finalPosition = this.i;
        this.i = 0;
        const raw = this.rawValue;
        this.rawValue = void 0;
        if (finalPosition === 0) {
          return raw;
        }
        const result = this.json.subarray(0, finalPosition);
        this.json = alloc(INITIAL_BUFFER_SIZE);
        return result;
      }
      ensure(byteCount) {
        const { i, json } = this;
        if (i + byteCount > json.length) {
          let newSize = json.length * 2;
          while (newSize < i + byteCount) {
            newSize *= 2;
          }
          const next = alloc(newSize);
          next.set(this.json);
          this.json = next;
        }
      }
      writeAscii(s) {
        const z = s.length;
        this.ensure(z);
        let { i, json } = this;
        for (let j = 0; j < z; ++j) {
          json[i] = s.charCodeAt(j);
          i += 1;
        }
        this.i = i;
      }
      writeAsciiQuoted(s) {
        const z = s.length;
        this.ensure(z + 4);
        let { json, i } = this;
        json[i++] = QUOTE;
        for (let j = 0; j < z; ++j) {
          json[i++] = s.charCodeAt(j);
        }
        json[i++] = QUOTE;
        this.i = i;
      }
      writeJsonString(s) {
        const z = s.length;
        this.ensure(z * 3 + 2);
        this.json[this.i++] = QUOTE;
        for (let j = 0; j < z; ++j) {
          const c = s.charCodeAt(j);
          if (c > 34 && c < 92) {
            this.json[this.i++] = c;
          } else if (c < 128) {
            const esc = ESCAPE_TABLE[c];
            if (esc !== null) {
              this.ensure(esc.length + 1 + (z - j - 1) * 3 + 1);
              this.json[this.i++] = BACKSLASH;
              for (let k = 0; k < esc.length; k++) {
                this.json[this.i++] = esc.charCodeAt(k);
              }
            } else {
              this.json[this.i++] = c;
            }
          } else if (c >= 55296 && c <= 56319) {
            const next = j + 1 < z ? s.charCodeAt(j + 1) : 0;
            if (next >= 56320 && next <= 57343) {
              this.ensure(4);
              const { written } = encoder.encodeInto(s.substring(j, j + 2), this.json.subarray(this.i));
              this.i += written;
              ++j;
            } else {
              this.ensure(6 + (z - j - 1) * 3 + 1);
              this.writeUnicodeEscape(c);
            }
          } else if (c >= 56320 && c <= 57343) {
            this.ensure(6 + (z - j - 1) * 3 + 1);
            this.writeUnicodeEscape(c);
          } else {
            let { i, json } = this;
            if (c < 2048) {
              json[i++] = 192 | c >> 6;
              json[i++] = 128 | c & 63;
            } else {
              json[i++] = 224 | c >> 12;
              json[i++] = 128 | c >> 6 & 63;
              json[i++] = 128 | c & 63;
            }
            this.i = i;
          }
        }
        this.json[this.i++] = QUOTE;
      }
      writeUnicodeEscape(code) {
        let { json, i } = this;
        json[i++] = BACKSLASH;
        json[i++] = 117;
        const hex = code.toString(16).padStart(4, "0");
        for (let j = 0; j < 4; ++j) {
          json[i++] = hex.charCodeAt(j);
        }
        this.i = i;
      }
      static B64 = (() => {
        const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        const table = new Uint8Array(64);
        for (let i = 0; i < 64; ++i) {
          table[i] = chars.charCodeAt(i);
        }
        return table;
      })();
      writeBase64(data) {
        const b64Len = Math.ceil(data.length / 3) * 4;
        this.ensure(b64Len + 2);
        const json = this.json;
        const B64 = _JsonShapeSerializer2.B64;
        let i = this.i;
        json[i++] = QUOTE;
        const len = data.length;
        const remainder = len % 3;
        const mainLen = len - remainder;
        for (let j = 0; j < mainLen; j += 3) {
          const a = data[j];
          const b = data[j + 1];
          const c = data[j + 2];
          json[i++] = B64[a >> 2];
          json[i++] = B64[(a & 3) << 4 | b >> 4];
          json[i++] = B64[(b & 15) << 2 | c >> 6];
          json[i++] = B64[c & 63];
        }
        if (remainder === 2) {
          const a = data[mainLen];
          const b = data[mainLen + 1];
          json[i++] = B64[a >> 2];
          json[i++] = B64[(a & 3) << 4 | b >> 4];
          json[i++] = B64[(b & 15) << 2];
          json[i++] = 61;
        } else if (remainder === 1) {
          const a = data[mainLen];
          json[i++] = B64[a >> 2];
          json[i++] = B64[(a & 3) << 4];
          json[i++] = 61;
          json[i++] = 61;
        }
        json[i++] = QUOTE;
        this.i = i;
      }
      writeValue(schema, value, container) {
        if (value == null) {
          if (container?.isStructSchema()) {
            if (value === void 0) {
              const ns2 = NormalizedSchema.of(schema);
              if (ns2.isIdempotencyToken()) {
                this.writeAsciiQuoted(generateIdempotencyToken());
                return;
              }
            }
            return;
          }
          this.ensure(4);
          this.json.set(NULL, this.i);
          this.i += 4;
          return;
        }
        const ns = NormalizedSchema.of(schema);
        const isObject = typeof value === "object";
        if (ns.isStringSchema()) {
          const mediaType = ns.getMergedTraits().mediaType;
          if (mediaType) {
            const isJson = mediaType === "application/json" || mediaType.endsWith("+json");
            if (isJson) {
              this.writeJsonString(LazyJsonString.from(value).toString());
              return;
            }
          }
        }
        if (this.settings.bigNumberAsString && value != null && (ns.isBigIntegerSchema() || ns.isBigDecimalSchema())) {
          const asString = value instanceof NumericValue ? value.string : String(value);
          this.writeAsciiQuoted(asString);
          return;
        }
        if (isObject) {
          if (ns.isStructSchema()) {
            this.writeStruct(ns, value);
            return;
          }
          if (Array.isArray(value) && (ns.isListSchema() || ns.isDocumentSchema())) {
            this.writeList(ns, value, ns.isDocumentSchema());
            return;
          }
          if (ns.isMapSchema()) {
            this.writeMap(ns, value, false);
            return;
          }
          if (value instanceof Uint8Array && (ns.isBlobSchema() || ns.isDocumentSchema())) {
            this.writeBase64(value);
            return;
          }
          if (value instanceof Date && (ns.isTimestampSchema() || ns.isDocumentSchema())) {
            this.writeTimestamp(ns, value);
            return;
          }
          if (value instanceof NumericValue) {
            this.writeAscii(value.string);
            return;
          }
          if (ns.isDocumentSchema()) {
            if (Array.isArray(value)) {
              this.writeList(ns, value, true);
            } else {
              this.writeMap(ns, value, true);
            }
            return;
          }
          const json = JSON.stringify(value);
          this.writeAscii(json);
          return;
        }
        if (typeof value === "string") {
          if (ns.isBlobSchema()) {
            const b64 = (this.serdeContext?.base64Encoder ?? toBase64)(value);
            this.writeAsciiQuoted(b64);
            return;
          }
          this.writeJsonString(value);
          return;
        }
        if (typeof value === "number") {
          if (Math.abs(value) === Infinity || Number.isNaN(value)) {
            this.writeAsciiQuoted(String(value));
            return;
          }
          const numStr = String(value);
          this.writeAscii(numStr);
          return;
        }
        if (typeof value === "boolean") {
          this.ensure(5);
          let { i, json } = this;
          if (value) {
            json.set(TRUE, i);
            i += 4;
          } else {
            json.set(FALSE, i);
            i += 5;
          }
          this.i = i;
          return;
        }
        if (typeof value === "bigint") {
          this.writeAscii(value.toString());
          return;
        }
        this.writeAscii(String(value));
      }
      writeStruct(ns, value) {
        this.ensure(2);
        this.json[this.i++] = OPEN_BRACE;
        let wroteAny = false;
        const hasType = typeof value.__type === "string";
        let writtenKeys;
        if (hasType) {
          writtenKeys = /* @__PURE__ */ new Set();
        }
        for (const [memberName, memberSchema] of ns.structIterator()) {
          const item = value[memberName];
          if (item == null && !memberSchema.isIdempotencyToken()) {
            continue;
          }
          if (wroteAny) {
            this.ensure(1);
            this.json[this.i++] = COMMA;
          }
          wroteAny = true;
          const targetKey = this.settings.jsonName ? memberSchema.getMergedTraits().jsonName ?? memberName : memberName;
          if (writtenKeys) {
            writtenKeys.add(memberName);
            writtenKeys.add(targetKey);
          }
          this.writeAsciiQuoted(targetKey);
          this.json[this.i++] = COLON;
          this.writeValue(memberSchema, item, ns);
        }
        if (!wroteAny && ns.isUnionSchema()) {
          const { $unknown } = value;
          if (Array.isArray($unknown)) {
            const [k, v] = $unknown;
            this.writeAsciiQuoted(k);
            this.ensure(1);
            this.json[this.i++] = COLON;
            this.writeValue(15, v, ns);
          }
        } else if (hasType) {
          for (const k in value) {
            if (writtenKeys.has(k)) {
              continue;
            }
            writtenKeys.add(k);
            const v = value[k];
            if (wroteAny) {
              this.ensure(1);
              this.json[this.i++] = COMMA;
            }
            wroteAny = true;
            this.writeAsciiQuoted(k);
            this.ensure(1);
            this.json[this.i++] = COLON;
            this.writeValue(15, v, void 0);
          }
        }
        this.ensure(1);
        this.json[this.i++] = CLOSE_BRACE;
      }
      writeList(ns, value, isDocument) {
        const sparse = !!ns.getMergedTraits().sparse;
        const valueSchema = ns.getValueSchema();
        if (!isDocument) {
          if (valueSchema.isStringSchema() || valueSchema.isNumericSchema() || valueSchema.isBooleanSchema()) {
            let hasSpecials = false;
            for (let i = 0; i < value.length; ++i) {
              const v = value[i];
              if (Number.isNaN(v) || v === Infinity || v === -Infinity || v == null && !sparse) {
                hasSpecials = true;
                break;
              }
            }
            let json;
            if (!hasSpecials) {
              json = JSON.stringify(value);
            } else {
              const out = [];
              for (let i = 0; i < value.length; ++i) {
                const v = value[i];
                if (v == null && !sparse) {
                  continue;
                }
                if (Number.isNaN(v) || v === Infinity || v === -Infinity) {
                  out.push(String(v));
                } else {
                  out.push(v);
                }
              }
              json = JSON.stringify(out);
            }
            this.ensure(json.length * 3);
            this.i += encoder.encodeInto(json, this.json.subarray(this.i)).written;
            return;
          }
        }
        this.ensure(2);
        this.json[this.i++] = OPEN_BRACKET;
        let wroteFirstItem = false;
        for (let i = 0; i < value.length; ++i) {
          const item = value[i];
          if (isDocument ? item === void 0 : item == null && !sparse) {
            continue;
          }
          if (wroteFirstItem) {
            this.ensure(1);
            this.json[this.i++] = COMMA;
          }
          this.writeValue(valueSchema, item, void 0);
          wroteFirstItem = true;
        }
        this.ensure(1);
        this.json[this.i++] = CLOSE_BRACKET;
      }
      writeMap(ns, value, isDocument) {
        const sparse = !!ns.getMergedTraits().sparse;
        const valueSchema = ns.getValueSchema();
        if (!isDocument) {
          if (valueSchema.isStringSchema() || valueSchema.isNumericSchema() || valueSchema.isBooleanSchema()) {
            let modifications;
            for (const k in value) {
              if (!hasOwn(value, k)) {
                continue;
              }
              const v = value[k];
              if (Number.isNaN(v) || v === Infinity || v === -Infinity) {
                (modifications ??= {})[k] = v;
                value[k] = String(v);
              } else if (v === null && !sparse) {
                (modifications ??= {})[k] = null;
                value[k] = void 0;
              }
            }
            const json = JSON.stringify(value);
            if (modifications) {
              Object.assign(value, modifications);
            }
            this.ensure(json.length * 3);
            this.i += encoder.encodeInto(json, this.json.subarray(this.i)).written;
            return;
          }
        }
        this.ensure(2);
        this.json[this.i++] = OPEN_BRACE;
        let first = true;
        for (const k in value) {
          if (!hasOwn(value, k)) {
            continue;
          }
          const v = value[k];
          if (isDocument ? v === void 0 : v == null && !sparse) {
            continue;
          }
          if (!first) {
            this.ensure(1);
            this.json[this.i++] = COMMA;
          }
          first = false;
          this.writeJsonString(k);
          this.ensure(1);
          this.json[this.i++] = COLON;
          this.writeValue(valueSchema, v, void 0);
        }
        this.ensure(1);
        this.json[this.i++] = CLOSE_BRACE;
      }
      writeTimestamp(ns, value) {
        const format = determineTimestampFormat(ns, this.settings);
        switch (format) {
          case 5: {
            const iso = value.toISOString().replace(".000Z", "Z");
            this.writeAsciiQuoted(iso);
            return;
          }
          case 6: {
            this.writeAsciiQuoted(dateToUtcString(value));
            return;
          }
          case 7: {
            const epochSecs = String(value.getTime() / 1e3);
            this.writeAscii(epochSecs);
            return;
          }
          default: {
            const epochSecs = String(value.getTime() / 1e3);
            this.writeAscii(epochSecs);
            return;
          }
        }
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v2/JsonCodec2.js
var JsonCodec2;
var init_JsonCodec2 = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v2/JsonCodec2.js"() {
    init_ConfigurableSerdeContext();
    init_JsonShapeDeserializer2();
    init_JsonShapeSerializer2();
    JsonCodec2 = class extends SerdeContextConfig {
      settings;
      constructor(settings) {
        super();
        this.settings = settings;
      }
      createSerializer() {
        const serializer = new JsonShapeSerializer2(this.settings);
        serializer.setSerdeContext(this.serdeContext);
        return serializer;
      }
      createDeserializer() {
        const deserializer = new JsonShapeDeserializer2(this.settings);
        deserializer.setSerdeContext(this.serdeContext);
        return deserializer;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/json/SmithyRpcV2JsonProtocol.js
var SmithyRpcV2JsonProtocol;
var init_SmithyRpcV2JsonProtocol = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/json/SmithyRpcV2JsonProtocol.js"() {
    init_AbstractRpcV2Protocol();
    init_schema();
    init_JsonCodec2();
    init_parseJsonBody();
    SmithyRpcV2JsonProtocol = class extends AbstractRpcV2Protocol {
      codec = new JsonCodec2({
        timestampFormat: {
          useTrait: false,
          default: 7
        },
        jsonName: false,
        bigNumberAsString: true
      });
      serializer = this.codec.createSerializer();
      deserializer = this.codec.createDeserializer();
      getShapeId() {
        return "smithy.protocols#rpcv2Json";
      }
      getPayloadCodec() {
        return this.codec;
      }
      getSmithyProtocolHeaderValue() {
        return "rpc-v2-json";
      }
      applyEmptyBody(request) {
        if (!request.body) {
          request.body = "{}";
        }
      }
      async handleError(operationSchema, context, response, dataObject, metadata) {
        const errorName = loadSmithyRpcV2JsonErrorCode(response, dataObject) ?? "Unknown";
        const errorMetadata = {
          $metadata: metadata,
          $fault: response.statusCode <= 500 ? "client" : "server"
        };
        let namespace = this.options.defaultNamespace;
        if (errorName.includes("#")) {
          [namespace] = errorName.split("#");
        }
        const registry = this.compositeErrorRegistry;
        const nsRegistry = TypeRegistry.for(namespace);
        registry.copyFrom(nsRegistry);
        let errorSchema;
        try {
          errorSchema = registry.getSchema(errorName);
        } catch (ignored) {
          if (dataObject.Message) {
            dataObject.message = dataObject.Message;
          }
          const syntheticRegistry = TypeRegistry.for("smithy.ts.sdk.synthetic." + namespace);
          registry.copyFrom(syntheticRegistry);
          const baseExceptionSchema = registry.getBaseException();
          if (baseExceptionSchema) {
            const ErrorCtor2 = registry.getErrorCtor(baseExceptionSchema);
            throw Object.assign(new ErrorCtor2({ name: errorName }), errorMetadata, dataObject);
          }
          throw Object.assign(new Error(errorName), errorMetadata, dataObject);
        }
        const ns = NormalizedSchema.of(errorSchema);
        const ErrorCtor = registry.getErrorCtor(errorSchema);
        const message = dataObject.message ?? dataObject.Message ?? "Unknown";
        const exception = new ErrorCtor({});
        const output = {};
        const errorDeserializer = this.codec.createDeserializer();
        for (const [name, member] of ns.structIterator()) {
          if (dataObject[name] != null) {
            output[name] = errorDeserializer.readObject(member, dataObject[name]);
          }
        }
        throw Object.assign(exception, errorMetadata, {
          $fault: ns.getMergedTraits().error,
          message
        }, output);
      }
      getDefaultContentType() {
        return "application/json";
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v1/JsonShapeDeserializer.js
var JsonShapeDeserializer;
var init_JsonShapeDeserializer = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v1/JsonShapeDeserializer.js"() {
    init_determineTimestampFormat();
    init_schema();
    init_serde();
    init_serde();
    init_transport();
    init_ConfigurableSerdeContext();
    init_UnionSerde();
    init_jsonReviver();
    init_needsReviver();
    init_parseJsonBody();
    JsonShapeDeserializer = class extends SerdeContextConfig {
      settings;
      constructor(settings) {
        super();
        this.settings = settings;
      }
      async read(schema, data) {
        const reviver = needsReviver(schema) ? jsonReviver : void 0;
        return this._read(schema, typeof data === "string" ? JSON.parse(data, reviver) : await parseJsonBody(data, this.serdeContext, schema));
      }
      readObject(schema, data) {
        return this._read(schema, data);
      }
      _read(schema, value) {
        const isObject = value !== null && typeof value === "object";
        const ns = NormalizedSchema.of(schema);
        if (isObject) {
          if (ns.isStructSchema()) {
            const record = value;
            const union = ns.isUnionSchema();
            const out = {};
            let nameMap = void 0;
            const { jsonName } = this.settings;
            if (jsonName) {
              nameMap = {};
            }
            let unionSerde;
            if (union) {
              unionSerde = new UnionSerde(record, out);
            }
            for (const [memberName, memberSchema] of ns.structIterator()) {
              let fromKey = memberName;
              if (jsonName) {
                fromKey = memberSchema.getMergedTraits().jsonName ?? fromKey;
                nameMap[fromKey] = memberName;
              }
              if (union) {
                unionSerde.mark(fromKey);
              }
              if (record[fromKey] != null) {
                out[memberName] = this._read(memberSchema, record[fromKey]);
              }
            }
            if (union) {
              unionSerde.writeUnknown();
            } else if (typeof record.__type === "string") {
              for (const k in record) {
                if (!hasOwn(record, k)) {
                  continue;
                }
                const v = record[k];
                const t = jsonName ? nameMap[k] ?? k : k;
                if (!(t in out)) {
                  out[t] = v;
                }
              }
            }
            return out;
          }
          if (Array.isArray(value) && ns.isListSchema()) {
            const listMember = ns.getValueSchema();
            const out = [];
            for (const item of value) {
              out.push(this._read(listMember, item));
            }
            return out;
          }
          if (ns.isMapSchema()) {
            const mapMember = ns.getValueSchema();
            const out = {};
            for (const _k in value) {
              if (!hasOwn(value, _k)) {
                continue;
              }
              if (_k === "__proto__") {
                writeKey(out);
              }
              out[_k] = this._read(mapMember, value[_k]);
            }
            return out;
          }
        }
        if (ns.isBlobSchema() && typeof value === "string") {
          return fromBase64(value);
        }
        const mediaType = ns.getMergedTraits().mediaType;
        if (ns.isStringSchema() && typeof value === "string" && mediaType) {
          const isJson = mediaType === "application/json" || mediaType.endsWith("+json");
          if (isJson) {
            return LazyJsonString.from(value);
          }
          return value;
        }
        if (ns.isTimestampSchema() && value != null) {
          const format = determineTimestampFormat(ns, this.settings);
          switch (format) {
            case 5:
              return parseRfc3339DateTimeWithOffset(value);
            case 6:
              return parseRfc7231DateTime(value);
            case 7:
              return parseEpochTimestamp(value);
            default:
              console.warn("Missing timestamp format, parsing value with Date constructor:", value);
              return new Date(value);
          }
        }
        if (ns.isBigIntegerSchema() && (typeof value === "number" || typeof value === "string")) {
          return BigInt(value);
        }
        if (ns.isBigDecimalSchema() && value != void 0) {
          if (value instanceof NumericValue) {
            return value;
          }
          const untyped = value;
          if (untyped.type === "bigDecimal" && "string" in untyped) {
            return new NumericValue(untyped.string, untyped.type);
          }
          return new NumericValue(String(value), "bigDecimal");
        }
        if (ns.isNumericSchema() && typeof value === "string") {
          switch (value) {
            case "Infinity":
              return Infinity;
            case "-Infinity":
              return -Infinity;
            case "NaN":
              return NaN;
          }
          return value;
        }
        if (ns.isDocumentSchema()) {
          if (isObject) {
            const out = Array.isArray(value) ? [] : {};
            for (const k in value) {
              if (!hasOwn(value, k)) {
                continue;
              }
              if (k === "__proto__") {
                writeKey(out);
              }
              const v = value[k];
              if (v instanceof NumericValue) {
                out[k] = v;
              } else {
                out[k] = this._read(ns, v);
              }
            }
            return out;
          } else {
            return structuredClone(value);
          }
        }
        return value;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/json/jsonReplacer.js
var NUMERIC_CONTROL_CHAR, JsonReplacer;
var init_jsonReplacer = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/json/jsonReplacer.js"() {
    init_serde();
    NUMERIC_CONTROL_CHAR = String.fromCharCode(925);
    JsonReplacer = class {
      values = /* @__PURE__ */ new Map();
      counter = 0;
      stage = 0;
      createReplacer() {
        if (this.stage === 1) {
          throw new Error("@aws-sdk/core/protocols - JsonReplacer already created.");
        }
        if (this.stage === 2) {
          throw new Error("@aws-sdk/core/protocols - JsonReplacer exhausted.");
        }
        this.stage = 1;
        return (key, value) => {
          if (value instanceof NumericValue) {
            const v = `${NUMERIC_CONTROL_CHAR + "nv" + this.counter++}_` + value.string;
            this.values.set(`"${v}"`, value.string);
            return v;
          }
          if (typeof value === "bigint") {
            const s = value.toString();
            const v = `${NUMERIC_CONTROL_CHAR + "b" + this.counter++}_` + s;
            this.values.set(`"${v}"`, s);
            return v;
          }
          return value;
        };
      }
      replaceInJson(json) {
        if (this.stage === 0) {
          throw new Error("@aws-sdk/core/protocols - JsonReplacer not created yet.");
        }
        if (this.stage === 2) {
          throw new Error("@aws-sdk/core/protocols - JsonReplacer exhausted.");
        }
        this.stage = 2;
        if (this.counter === 0) {
          return json;
        }
        for (const [key, value] of this.values) {
          json = json.replace(key, value);
        }
        return json;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v1/JsonShapeSerializer.js
var JsonShapeSerializer;
var init_JsonShapeSerializer = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v1/JsonShapeSerializer.js"() {
    init_determineTimestampFormat();
    init_schema();
    init_serde();
    init_ConfigurableSerdeContext();
    init_jsonReplacer();
    init_transport();
    JsonShapeSerializer = class extends SerdeContextConfig {
      settings;
      buffer;
      useReplacer = false;
      rootSchema;
      constructor(settings) {
        super();
        this.settings = settings;
      }
      write(schema, value) {
        this.rootSchema = NormalizedSchema.of(schema);
        this.buffer = this._write(this.rootSchema, value);
      }
      flush() {
        const { rootSchema, useReplacer } = this;
        this.rootSchema = void 0;
        this.useReplacer = false;
        if (rootSchema?.isStructSchema() || rootSchema?.isDocumentSchema()) {
          if (!useReplacer) {
            return JSON.stringify(this.buffer);
          }
          const replacer = new JsonReplacer();
          return replacer.replaceInJson(JSON.stringify(this.buffer, replacer.createReplacer(), 0));
        }
        return this.buffer;
      }
      writeDiscriminatedDocument(schema, value) {
        this.write(schema, value);
        if (typeof this.buffer === "object") {
          this.buffer.__type = NormalizedSchema.of(schema).getName(true);
        }
      }
      _write(schema, value, container) {
        const isObject = value !== null && typeof value === "object";
        const ns = NormalizedSchema.of(schema);
        if (isObject) {
          if (ns.isStructSchema()) {
            const record = value;
            const out = {};
            const { jsonName } = this.settings;
            let nameMap = void 0;
            if (jsonName) {
              nameMap = {};
            }
            let outCount = 0;
            for (const [memberName, memberSchema] of ns.structIterator()) {
              const serializableValue = this._write(memberSchema, record[memberName], ns);
              if (serializableValue !== void 0) {
                let targetKey = memberName;
                if (jsonName) {
                  targetKey = memberSchema.getMergedTraits().jsonName ?? memberName;
                  nameMap[memberName] = targetKey;
                }
                out[targetKey] = serializableValue;
                outCount++;
              }
            }
            if (ns.isUnionSchema() && outCount === 0) {
              const { $unknown } = record;
              if (Array.isArray($unknown)) {
                const [k, v] = $unknown;
                if (k === "__proto__") {
                  writeKey(out);
                }
                out[k] = this._write(15, v);
              }
            } else if (typeof record.__type === "string") {
              for (const k in record) {
                if (!hasOwn(record, k)) {
                  continue;
                }
                const v = record[k];
                const targetKey = jsonName ? nameMap[k] ?? k : k;
                if (!(targetKey in out)) {
                  out[targetKey] = this._write(15, v);
                }
              }
            }
            return out;
          }
          if (Array.isArray(value) && ns.isListSchema()) {
            const listMember = ns.getValueSchema();
            const out = [];
            const sparse = !!ns.getMergedTraits().sparse;
            for (const item of value) {
              if (sparse || item != null) {
                out.push(this._write(listMember, item));
              }
            }
            return out;
          }
          if (ns.isMapSchema()) {
            const mapMember = ns.getValueSchema();
            const out = {};
            const sparse = !!ns.getMergedTraits().sparse;
            for (const _k in value) {
              if (!hasOwn(value, _k)) {
                continue;
              }
              const _v = value[_k];
              if (sparse || _v != null) {
                if (_k === "__proto__") {
                  writeKey(out);
                }
                out[_k] = this._write(mapMember, _v);
              }
            }
            return out;
          }
          if (value instanceof Uint8Array && ns.isBlobSchema()) {
            if (ns === this.rootSchema) {
              return value;
            }
            return (this.serdeContext?.base64Encoder ?? toBase64)(value);
          }
          if (value instanceof Date && (ns.isTimestampSchema() || ns.isDocumentSchema())) {
            const format = determineTimestampFormat(ns, this.settings);
            switch (format) {
              case 5:
                return value.toISOString().replace(".000Z", "Z");
              case 6:
                return dateToUtcString(value);
              case 7:
                return value.getTime() / 1e3;
              default:
                console.warn("Missing timestamp format, using epoch seconds", value);
                return value.getTime() / 1e3;
            }
          }
          if (value instanceof NumericValue) {
            this.useReplacer = true;
          }
        }
        if (value === null && container?.isStructSchema()) {
          return void 0;
        }
        if (ns.isStringSchema()) {
          if (typeof value === "undefined" && ns.isIdempotencyToken()) {
            return generateIdempotencyToken();
          }
          const mediaType = ns.getMergedTraits().mediaType;
          if (value != null && mediaType) {
            const isJson = mediaType === "application/json" || mediaType.endsWith("+json");
            if (isJson) {
              return LazyJsonString.from(value);
            }
          }
          return value;
        }
        if (typeof value === "number") {
          if (Math.abs(value) === Infinity || isNaN(value)) {
            return String(value);
          }
          return value;
        }
        if (typeof value === "string" && ns.isBlobSchema()) {
          if (ns === this.rootSchema) {
            return value;
          }
          return (this.serdeContext?.base64Encoder ?? toBase64)(value);
        }
        if (typeof value === "bigint") {
          this.useReplacer = true;
        }
        if (ns.isDocumentSchema()) {
          if (isObject) {
            if (value instanceof Uint8Array) {
              return (this.serdeContext?.base64Encoder ?? toBase64)(value);
            }
            const out = Array.isArray(value) ? [] : {};
            for (const k in value) {
              if (!hasOwn(value, k)) {
                continue;
              }
              const v = value[k];
              if (k === "__proto__") {
                writeKey(out);
              }
              if (v instanceof NumericValue) {
                this.useReplacer = true;
                out[k] = v;
              } else {
                out[k] = this._write(ns, v);
              }
            }
            return out;
          } else {
            return structuredClone(value);
          }
        }
        return value;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v1/JsonCodec.js
var JsonCodec;
var init_JsonCodec = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v1/JsonCodec.js"() {
    init_ConfigurableSerdeContext();
    init_JsonShapeDeserializer();
    init_JsonShapeSerializer();
    JsonCodec = class extends SerdeContextConfig {
      settings;
      constructor(settings) {
        super();
        this.settings = settings;
      }
      createSerializer() {
        const serializer = new JsonShapeSerializer(this.settings);
        serializer.setSerdeContext(this.serdeContext);
        return serializer;
      }
      createDeserializer() {
        const deserializer = new JsonShapeDeserializer(this.settings);
        deserializer.setSerdeContext(this.serdeContext);
        return deserializer;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/protocols/index.js
var protocols_exports = {};
__export(protocols_exports, {
  AbstractRpcV2Protocol: () => AbstractRpcV2Protocol,
  Field: () => Field,
  Fields: () => Fields,
  FromStringShapeDeserializer: () => FromStringShapeDeserializer,
  HttpBindingProtocol: () => HttpBindingProtocol,
  HttpInterceptingShapeDeserializer: () => HttpInterceptingShapeDeserializer,
  HttpInterceptingShapeSerializer: () => HttpInterceptingShapeSerializer,
  HttpProtocol: () => HttpProtocol,
  HttpRequest: () => HttpRequest,
  HttpResponse: () => HttpResponse,
  JsonCodec: () => JsonCodec,
  JsonCodec2: () => JsonCodec2,
  JsonShapeDeserializer: () => JsonShapeDeserializer,
  JsonShapeDeserializer2: () => JsonShapeDeserializer2,
  JsonShapeSerializer: () => JsonShapeSerializer,
  JsonShapeSerializer2: () => JsonShapeSerializer2,
  RequestBuilder: () => RequestBuilder,
  RpcProtocol: () => RpcProtocol,
  SerdeContext: () => SerdeContext,
  SmithyRpcV2JsonProtocol: () => SmithyRpcV2JsonProtocol,
  ToStringShapeSerializer: () => ToStringShapeSerializer,
  buildQueryString: () => buildQueryString,
  collectBody: () => collectBody,
  contentLengthMiddleware: () => contentLengthMiddleware,
  contentLengthMiddlewareOptions: () => contentLengthMiddlewareOptions,
  determineTimestampFormat: () => determineTimestampFormat,
  escapeUri: () => escapeUri,
  escapeUriPath: () => escapeUriPath,
  extendedEncodeURIComponent: () => extendedEncodeURIComponent,
  getContentLengthPlugin: () => getContentLengthPlugin,
  getHttpHandlerExtensionConfiguration: () => getHttpHandlerExtensionConfiguration,
  isValidHostname: () => isValidHostname,
  loadJsonRpcErrorCode: () => loadJsonRpcErrorCode,
  loadRestJsonErrorCode: () => loadRestJsonErrorCode,
  loadSmithyRpcV2JsonErrorCode: () => loadSmithyRpcV2JsonErrorCode,
  parseJsonBody: () => parseJsonBody,
  parseJsonErrorBody: () => parseJsonErrorBody,
  parseQueryString: () => parseQueryString,
  parseUrl: () => parseUrl,
  requestBuilder: () => requestBuilder,
  resolveHttpHandlerRuntimeConfig: () => resolveHttpHandlerRuntimeConfig,
  resolvedPath: () => resolvedPath
});
var init_protocols = __esm({
  "node_modules/@smithy/core/dist-es/submodules/protocols/index.js"() {
    init_collect_stream_body();
    init_extended_encode_uri_component();
    init_HttpBindingProtocol();
    init_HttpProtocol();
    init_RpcProtocol();
    init_AbstractRpcV2Protocol();
    init_requestBuilder();
    init_resolve_path();
    init_FromStringShapeDeserializer();
    init_HttpInterceptingShapeDeserializer();
    init_HttpInterceptingShapeSerializer();
    init_ToStringShapeSerializer();
    init_determineTimestampFormat();
    init_SerdeContext();
    init_Field();
    init_Fields();
    init_transport();
    init_transport();
    init_transport();
    init_httpExtensionConfiguration();
    init_contentLengthMiddleware();
    init_escape_uri();
    init_escape_uri_path();
    init_buildQueryString();
    init_transport();
    init_transport();
    init_SmithyRpcV2JsonProtocol();
    init_parseJsonBody();
    init_JsonCodec();
    init_JsonShapeSerializer();
    init_JsonShapeDeserializer();
    init_JsonCodec2();
    init_JsonShapeSerializer2();
    init_JsonShapeDeserializer2();
  }
});

// node_modules/@smithy/signature-v4/dist-cjs/index.js
var require_dist_cjs2 = __commonJS({
  "node_modules/@smithy/signature-v4/dist-cjs/index.js"(exports) {
    var { hasOwn: hasOwn2, fromUtf8: fromUtf82, fromHex, toHex, toUint8Array, writeKey: writeKey2, isArrayBuffer } = (init_serde(), __toCommonJS(serde_exports));
    var { normalizeProvider } = (init_client(), __toCommonJS(client_exports));
    var { escapeUri: escapeUri2, HttpRequest: HttpRequest2 } = (init_protocols(), __toCommonJS(protocols_exports));
    var HeaderFormatter = class {
      format(headers) {
        const chunks = [];
        for (const headerName in headers) {
          if (!hasOwn2(headers, headerName)) {
            continue;
          }
          const bytes = fromUtf82(headerName);
          chunks.push(Uint8Array.from([bytes.byteLength]), bytes, this.formatHeaderValue(headers[headerName]));
        }
        const out = new Uint8Array(chunks.reduce((carry, bytes) => carry + bytes.byteLength, 0));
        let position = 0;
        for (const chunk of chunks) {
          out.set(chunk, position);
          position += chunk.byteLength;
        }
        return out;
      }
      formatHeaderValue(header) {
        switch (header.type) {
          case "boolean":
            return Uint8Array.from([header.value ? 0 : 1]);
          case "byte":
            return Uint8Array.from([2, header.value]);
          case "short":
            const shortView = new DataView(new ArrayBuffer(3));
            shortView.setUint8(0, 3);
            shortView.setInt16(1, header.value, false);
            return new Uint8Array(shortView.buffer);
          case "integer":
            const intView = new DataView(new ArrayBuffer(5));
            intView.setUint8(0, 4);
            intView.setInt32(1, header.value, false);
            return new Uint8Array(intView.buffer);
          case "long":
            const longBytes = new Uint8Array(9);
            longBytes[0] = 5;
            longBytes.set(header.value.bytes, 1);
            return longBytes;
          case "binary":
            const binView = new DataView(new ArrayBuffer(3 + header.value.byteLength));
            binView.setUint8(0, 6);
            binView.setUint16(1, header.value.byteLength, false);
            const binBytes = new Uint8Array(binView.buffer);
            binBytes.set(header.value, 3);
            return binBytes;
          case "string":
            const utf8Bytes = fromUtf82(header.value);
            const strView = new DataView(new ArrayBuffer(3 + utf8Bytes.byteLength));
            strView.setUint8(0, 7);
            strView.setUint16(1, utf8Bytes.byteLength, false);
            const strBytes = new Uint8Array(strView.buffer);
            strBytes.set(utf8Bytes, 3);
            return strBytes;
          case "timestamp":
            const tsBytes = new Uint8Array(9);
            tsBytes[0] = 8;
            tsBytes.set(Int64.fromNumber(header.value.valueOf()).bytes, 1);
            return tsBytes;
          case "uuid":
            if (!UUID_PATTERN.test(header.value)) {
              throw new Error(`Invalid UUID received: ${header.value}`);
            }
            const uuidBytes = new Uint8Array(17);
            uuidBytes[0] = 9;
            uuidBytes.set(fromHex(header.value.replace(/-/g, "")), 1);
            return uuidBytes;
        }
      }
    };
    var HEADER_VALUE_TYPE;
    (function(HEADER_VALUE_TYPE2) {
      HEADER_VALUE_TYPE2[HEADER_VALUE_TYPE2["boolTrue"] = 0] = "boolTrue";
      HEADER_VALUE_TYPE2[HEADER_VALUE_TYPE2["boolFalse"] = 1] = "boolFalse";
      HEADER_VALUE_TYPE2[HEADER_VALUE_TYPE2["byte"] = 2] = "byte";
      HEADER_VALUE_TYPE2[HEADER_VALUE_TYPE2["short"] = 3] = "short";
      HEADER_VALUE_TYPE2[HEADER_VALUE_TYPE2["integer"] = 4] = "integer";
      HEADER_VALUE_TYPE2[HEADER_VALUE_TYPE2["long"] = 5] = "long";
      HEADER_VALUE_TYPE2[HEADER_VALUE_TYPE2["byteArray"] = 6] = "byteArray";
      HEADER_VALUE_TYPE2[HEADER_VALUE_TYPE2["string"] = 7] = "string";
      HEADER_VALUE_TYPE2[HEADER_VALUE_TYPE2["timestamp"] = 8] = "timestamp";
      HEADER_VALUE_TYPE2[HEADER_VALUE_TYPE2["uuid"] = 9] = "uuid";
    })(HEADER_VALUE_TYPE || (HEADER_VALUE_TYPE = {}));
    var UUID_PATTERN = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/;
    var Int64 = class _Int64 {
      bytes;
      constructor(bytes) {
        this.bytes = bytes;
        if (bytes.byteLength !== 8) {
          throw new Error("Int64 buffers must be exactly 8 bytes");
        }
      }
      static fromNumber(number) {
        if (number > 9223372036854776e3 || number < -9223372036854776e3) {
          throw new Error(`${number} is too large (or, if negative, too small) to represent as an Int64`);
        }
        const bytes = new Uint8Array(8);
        for (let i = 7, remaining = Math.abs(Math.round(number)); i > -1 && remaining > 0; i--, remaining /= 256) {
          bytes[i] = remaining;
        }
        if (number < 0) {
          negate(bytes);
        }
        return new _Int64(bytes);
      }
      valueOf() {
        const bytes = this.bytes.slice(0);
        const negative = bytes[0] & 128;
        if (negative) {
          negate(bytes);
        }
        return parseInt(toHex(bytes), 16) * (negative ? -1 : 1);
      }
      toString() {
        return String(this.valueOf());
      }
    };
    function negate(bytes) {
      for (let i = 0; i < 8; i++) {
        bytes[i] ^= 255;
      }
      for (let i = 7; i > -1; i--) {
        bytes[i]++;
        if (bytes[i] !== 0) {
          break;
        }
      }
    }
    var ALGORITHM_QUERY_PARAM = "X-Amz-Algorithm";
    var CREDENTIAL_QUERY_PARAM = "X-Amz-Credential";
    var AMZ_DATE_QUERY_PARAM = "X-Amz-Date";
    var SIGNED_HEADERS_QUERY_PARAM = "X-Amz-SignedHeaders";
    var EXPIRES_QUERY_PARAM = "X-Amz-Expires";
    var SIGNATURE_QUERY_PARAM = "X-Amz-Signature";
    var TOKEN_QUERY_PARAM = "X-Amz-Security-Token";
    var REGION_SET_PARAM = "X-Amz-Region-Set";
    var AUTH_HEADER = "authorization";
    var AMZ_DATE_HEADER = AMZ_DATE_QUERY_PARAM.toLowerCase();
    var DATE_HEADER = "date";
    var GENERATED_HEADERS = [AUTH_HEADER, AMZ_DATE_HEADER, DATE_HEADER];
    var SIGNATURE_HEADER = SIGNATURE_QUERY_PARAM.toLowerCase();
    var SHA256_HEADER = "x-amz-content-sha256";
    var TOKEN_HEADER = TOKEN_QUERY_PARAM.toLowerCase();
    var HOST_HEADER = "host";
    var ALWAYS_UNSIGNABLE_HEADERS = {
      authorization: true,
      "cache-control": true,
      connection: true,
      expect: true,
      from: true,
      "keep-alive": true,
      "max-forwards": true,
      pragma: true,
      referer: true,
      te: true,
      trailer: true,
      "transfer-encoding": true,
      upgrade: true,
      "user-agent": true,
      "x-amzn-trace-id": true
    };
    var PROXY_HEADER_PATTERN = /^proxy-/;
    var SEC_HEADER_PATTERN = /^sec-/;
    var UNSIGNABLE_PATTERNS = [/^proxy-/i, /^sec-/i];
    var ALGORITHM_IDENTIFIER = "AWS4-HMAC-SHA256";
    var ALGORITHM_IDENTIFIER_V4A = "AWS4-ECDSA-P256-SHA256";
    var EVENT_ALGORITHM_IDENTIFIER = "AWS4-HMAC-SHA256-PAYLOAD";
    var UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
    var MAX_CACHE_SIZE = 50;
    var KEY_TYPE_IDENTIFIER = "aws4_request";
    var MAX_PRESIGNED_TTL = 60 * 60 * 24 * 7;
    var getCanonicalQuery = ({ query = {} }) => {
      const keys = [];
      const serialized = {};
      for (const key in query) {
        if (!hasOwn2(query, key)) {
          continue;
        }
        if (key.toLowerCase() === SIGNATURE_HEADER) {
          continue;
        }
        const encodedKey = escapeUri2(key);
        keys.push(encodedKey);
        const value = query[key];
        if (typeof value === "string") {
          serialized[encodedKey] = `${encodedKey}=${escapeUri2(value)}`;
        } else if (Array.isArray(value)) {
          serialized[encodedKey] = value.slice(0).reduce((encoded, value2) => encoded.concat([`${encodedKey}=${escapeUri2(value2)}`]), []).sort().join("&");
        }
      }
      return keys.sort().map((key) => serialized[key]).filter((serialized2) => serialized2).join("&");
    };
    var iso8601 = (time) => toDate(time).toISOString().replace(/\.\d{3}Z$/, "Z");
    var toDate = (time) => {
      if (typeof time === "number") {
        return new Date(time * 1e3);
      }
      if (typeof time === "string") {
        if (Number(time)) {
          return new Date(Number(time) * 1e3);
        }
        return new Date(time);
      }
      return time;
    };
    var SignatureV4Base = class {
      service;
      regionProvider;
      credentialProvider;
      sha256;
      uriEscapePath;
      applyChecksum;
      constructor({ applyChecksum, credentials, region, service, sha256, uriEscapePath = true }) {
        this.service = service;
        this.sha256 = sha256;
        this.uriEscapePath = uriEscapePath;
        this.applyChecksum = typeof applyChecksum === "boolean" ? applyChecksum : true;
        this.regionProvider = normalizeProvider(region);
        this.credentialProvider = normalizeProvider(credentials);
      }
      createCanonicalRequest(request, canonicalHeaders, payloadHash) {
        const sortedHeaders = Object.keys(canonicalHeaders).sort();
        return `${request.method}
${this.getCanonicalPath(request)}
${getCanonicalQuery(request)}
${sortedHeaders.map((name) => `${name}:${canonicalHeaders[name]}`).join("\n")}

${sortedHeaders.join(";")}
${payloadHash}`;
      }
      async createStringToSign(longDate, credentialScope, canonicalRequest, algorithmIdentifier) {
        const hash = new this.sha256();
        hash.update(toUint8Array(canonicalRequest));
        const hashedRequest = await hash.digest();
        return `${algorithmIdentifier}
${longDate}
${credentialScope}
${toHex(hashedRequest)}`;
      }
      getCanonicalPath({ path }) {
        if (this.uriEscapePath) {
          const normalizedPathSegments = [];
          for (const pathSegment of path.split("/")) {
            if (pathSegment?.length === 0) {
              continue;
            }
            if (pathSegment === ".") {
              continue;
            }
            if (pathSegment === "..") {
              normalizedPathSegments.pop();
            } else {
              normalizedPathSegments.push(pathSegment);
            }
          }
          const normalizedPath = `${path?.startsWith("/") ? "/" : ""}${normalizedPathSegments.join("/")}${normalizedPathSegments.length > 0 && path?.endsWith("/") ? "/" : ""}`;
          const doubleEncoded = escapeUri2(normalizedPath);
          return doubleEncoded.replace(/%2F/g, "/");
        }
        return path;
      }
      validateResolvedCredentials(credentials) {
        if (typeof credentials !== "object" || typeof credentials.accessKeyId !== "string" || typeof credentials.secretAccessKey !== "string") {
          throw new Error("Resolved credential object is not valid");
        }
      }
      formatDate(now) {
        const longDate = iso8601(now).replace(/[-:]/g, "");
        return {
          longDate,
          shortDate: longDate.slice(0, 8)
        };
      }
      getCanonicalHeaderList(headers) {
        return Object.keys(headers).sort().join(";");
      }
    };
    var signingKeyCache = {};
    var cacheQueue = [];
    var createScope = (shortDate, region, service) => `${shortDate}/${region}/${service}/${KEY_TYPE_IDENTIFIER}`;
    var getSigningKey = async (sha256Constructor, credentials, shortDate, region, service) => {
      const credsHash = await hmac(sha256Constructor, credentials.secretAccessKey, credentials.accessKeyId);
      const cacheKey = `${shortDate}:${region}:${service}:${toHex(credsHash)}:${credentials.sessionToken}`;
      if (cacheKey in signingKeyCache) {
        return signingKeyCache[cacheKey];
      }
      cacheQueue.push(cacheKey);
      while (cacheQueue.length > MAX_CACHE_SIZE) {
        delete signingKeyCache[cacheQueue.shift()];
      }
      let key = `AWS4${credentials.secretAccessKey}`;
      for (const signable of [shortDate, region, service, KEY_TYPE_IDENTIFIER]) {
        key = await hmac(sha256Constructor, key, signable);
      }
      return signingKeyCache[cacheKey] = key;
    };
    var clearCredentialCache = () => {
      cacheQueue.length = 0;
      Object.keys(signingKeyCache).forEach((cacheKey) => {
        delete signingKeyCache[cacheKey];
      });
    };
    var hmac = (ctor, secret, data) => {
      const hash = new ctor(secret);
      hash.update(toUint8Array(data));
      return hash.digest();
    };
    var getCanonicalHeaders = ({ headers }, unsignableHeaders, signableHeaders) => {
      const canonical = {};
      for (const headerName of Object.keys(headers).sort()) {
        if (headers[headerName] == void 0) {
          continue;
        }
        const canonicalHeaderName = headerName.toLowerCase();
        if (hasOwn2(ALWAYS_UNSIGNABLE_HEADERS, canonicalHeaderName) || unsignableHeaders?.has(canonicalHeaderName) || PROXY_HEADER_PATTERN.test(canonicalHeaderName) || SEC_HEADER_PATTERN.test(canonicalHeaderName)) {
          if (!signableHeaders || signableHeaders && !signableHeaders.has(canonicalHeaderName)) {
            continue;
          }
        }
        if (canonicalHeaderName === "__proto__") {
          writeKey2(canonical);
        }
        canonical[canonicalHeaderName] = headers[headerName].replace(/[\r\n]/g, " ").replace(/[ \t]+/g, " ").replace(/^ | $/g, "");
      }
      return canonical;
    };
    var getPayloadHash = async ({ headers, body }, hashConstructor) => {
      for (const headerName in headers) {
        if (!hasOwn2(headers, headerName)) {
          continue;
        }
        if (headerName.toLowerCase() === SHA256_HEADER) {
          return headers[headerName];
        }
      }
      if (body == void 0) {
        return "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
      } else if (typeof body === "string" || ArrayBuffer.isView(body) || isArrayBuffer(body)) {
        const hashCtor = new hashConstructor();
        hashCtor.update(toUint8Array(body));
        return toHex(await hashCtor.digest());
      }
      return UNSIGNED_PAYLOAD;
    };
    var hasHeader = (soughtHeader, headers) => {
      soughtHeader = soughtHeader.toLowerCase();
      for (const headerName in headers) {
        if (!hasOwn2(headers, headerName)) {
          continue;
        }
        if (soughtHeader === headerName.toLowerCase()) {
          return true;
        }
      }
      return false;
    };
    var moveHeadersToQuery = (request, options = {}) => {
      const { headers, query = {} } = HttpRequest2.clone(request);
      for (const name in headers) {
        if (!hasOwn2(headers, name)) {
          continue;
        }
        const lname = name.toLowerCase();
        if (lname.slice(0, 6) === "x-amz-" && !options.unhoistableHeaders?.has(lname) || options.hoistableHeaders?.has(lname)) {
          query[name] = headers[name];
          delete headers[name];
        }
      }
      return {
        ...request,
        headers,
        query
      };
    };
    var prepareRequest = (request) => {
      request = HttpRequest2.clone(request);
      for (const headerName in request.headers) {
        if (!hasOwn2(request.headers, headerName)) {
          continue;
        }
        if (GENERATED_HEADERS.indexOf(headerName.toLowerCase()) > -1) {
          delete request.headers[headerName];
        }
      }
      return request;
    };
    var SignatureV4 = class extends SignatureV4Base {
      headerFormatter = new HeaderFormatter();
      constructor({ applyChecksum, credentials, region, service, sha256, uriEscapePath = true }) {
        super({
          applyChecksum,
          credentials,
          region,
          service,
          sha256,
          uriEscapePath
        });
      }
      async presign(originalRequest, options = {}) {
        const { signingDate = /* @__PURE__ */ new Date(), expiresIn = 3600, unsignableHeaders, unhoistableHeaders, signableHeaders, hoistableHeaders, signingRegion, signingService } = options;
        const credentials = await this.credentialProvider();
        this.validateResolvedCredentials(credentials);
        const region = signingRegion ?? await this.regionProvider();
        const { longDate, shortDate } = this.formatDate(signingDate);
        if (expiresIn > MAX_PRESIGNED_TTL) {
          return Promise.reject("Signature version 4 presigned URLs must have an expiration date less than one week in the future");
        }
        const scope = createScope(shortDate, region, signingService ?? this.service);
        const request = moveHeadersToQuery(prepareRequest(originalRequest), { unhoistableHeaders, hoistableHeaders });
        if (credentials.sessionToken) {
          request.query[TOKEN_QUERY_PARAM] = credentials.sessionToken;
        }
        request.query[ALGORITHM_QUERY_PARAM] = ALGORITHM_IDENTIFIER;
        request.query[CREDENTIAL_QUERY_PARAM] = `${credentials.accessKeyId}/${scope}`;
        request.query[AMZ_DATE_QUERY_PARAM] = longDate;
        request.query[EXPIRES_QUERY_PARAM] = expiresIn.toString(10);
        const canonicalHeaders = getCanonicalHeaders(request, unsignableHeaders, signableHeaders);
        request.query[SIGNED_HEADERS_QUERY_PARAM] = this.getCanonicalHeaderList(canonicalHeaders);
        request.query[SIGNATURE_QUERY_PARAM] = await this.getSignature(longDate, scope, this.getSigningKey(credentials, region, shortDate, signingService), this.createCanonicalRequest(request, canonicalHeaders, await getPayloadHash(originalRequest, this.sha256)));
        return request;
      }
      async sign(toSign, options) {
        if (typeof toSign === "string") {
          return this.signString(toSign, options);
        } else if (toSign.headers && toSign.payload) {
          return this.signEvent(toSign, options);
        } else if (toSign.message) {
          return this.signMessage(toSign, options);
        } else {
          return this.signRequest(toSign, options);
        }
      }
      async signEvent({ headers, payload }, { signingDate = /* @__PURE__ */ new Date(), priorSignature, signingRegion, signingService, eventStreamCredentials }) {
        const region = signingRegion ?? await this.regionProvider();
        const { shortDate, longDate } = this.formatDate(signingDate);
        const scope = createScope(shortDate, region, signingService ?? this.service);
        const hashedPayload = await getPayloadHash({ headers: {}, body: payload }, this.sha256);
        const hash = new this.sha256();
        hash.update(headers);
        const hashedHeaders = toHex(await hash.digest());
        const stringToSign = [
          EVENT_ALGORITHM_IDENTIFIER,
          longDate,
          scope,
          priorSignature,
          hashedHeaders,
          hashedPayload
        ].join("\n");
        return this.signString(stringToSign, {
          signingDate,
          signingRegion: region,
          signingService,
          eventStreamCredentials
        });
      }
      async signMessage(signableMessage, { signingDate = /* @__PURE__ */ new Date(), signingRegion, signingService, eventStreamCredentials }) {
        const promise = this.signEvent({
          headers: this.headerFormatter.format(signableMessage.message.headers),
          payload: signableMessage.message.body
        }, {
          signingDate,
          signingRegion,
          signingService,
          priorSignature: signableMessage.priorSignature,
          eventStreamCredentials
        });
        return promise.then((signature) => {
          return { message: signableMessage.message, signature };
        });
      }
      async signString(stringToSign, { signingDate = /* @__PURE__ */ new Date(), signingRegion, signingService, eventStreamCredentials } = {}) {
        const credentials = eventStreamCredentials ?? await this.credentialProvider();
        this.validateResolvedCredentials(credentials);
        const region = signingRegion ?? await this.regionProvider();
        const { shortDate } = this.formatDate(signingDate);
        const hash = new this.sha256(await this.getSigningKey(credentials, region, shortDate, signingService));
        hash.update(toUint8Array(stringToSign));
        return toHex(await hash.digest());
      }
      async signRequest(requestToSign, { signingDate = /* @__PURE__ */ new Date(), signableHeaders, unsignableHeaders, signingRegion, signingService } = {}) {
        const credentials = await this.credentialProvider();
        this.validateResolvedCredentials(credentials);
        const region = signingRegion ?? await this.regionProvider();
        const request = prepareRequest(requestToSign);
        const { longDate, shortDate } = this.formatDate(signingDate);
        const scope = createScope(shortDate, region, signingService ?? this.service);
        request.headers[AMZ_DATE_HEADER] = longDate;
        if (credentials.sessionToken) {
          request.headers[TOKEN_HEADER] = credentials.sessionToken;
        }
        const payloadHash = await getPayloadHash(request, this.sha256);
        if (!hasHeader(SHA256_HEADER, request.headers) && this.applyChecksum) {
          request.headers[SHA256_HEADER] = payloadHash;
        }
        const canonicalHeaders = getCanonicalHeaders(request, unsignableHeaders, signableHeaders);
        const signature = await this.getSignature(longDate, scope, this.getSigningKey(credentials, region, shortDate, signingService), this.createCanonicalRequest(request, canonicalHeaders, payloadHash));
        request.headers[AUTH_HEADER] = `${ALGORITHM_IDENTIFIER} Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${this.getCanonicalHeaderList(canonicalHeaders)}, Signature=${signature}`;
        return request;
      }
      async getSignature(longDate, credentialScope, keyPromise, canonicalRequest) {
        const stringToSign = await this.createStringToSign(longDate, credentialScope, canonicalRequest, ALGORITHM_IDENTIFIER);
        const hash = new this.sha256(await keyPromise);
        hash.update(toUint8Array(stringToSign));
        return toHex(await hash.digest());
      }
      getSigningKey(credentials, region, shortDate, service) {
        return getSigningKey(this.sha256, credentials, shortDate, region, service || this.service);
      }
    };
    var signatureV4aContainer = {
      SignatureV4a: null
    };
    exports.ALGORITHM_IDENTIFIER = ALGORITHM_IDENTIFIER;
    exports.ALGORITHM_IDENTIFIER_V4A = ALGORITHM_IDENTIFIER_V4A;
    exports.ALGORITHM_QUERY_PARAM = ALGORITHM_QUERY_PARAM;
    exports.ALWAYS_UNSIGNABLE_HEADERS = ALWAYS_UNSIGNABLE_HEADERS;
    exports.AMZ_DATE_HEADER = AMZ_DATE_HEADER;
    exports.AMZ_DATE_QUERY_PARAM = AMZ_DATE_QUERY_PARAM;
    exports.AUTH_HEADER = AUTH_HEADER;
    exports.CREDENTIAL_QUERY_PARAM = CREDENTIAL_QUERY_PARAM;
    exports.DATE_HEADER = DATE_HEADER;
    exports.EVENT_ALGORITHM_IDENTIFIER = EVENT_ALGORITHM_IDENTIFIER;
    exports.EXPIRES_QUERY_PARAM = EXPIRES_QUERY_PARAM;
    exports.GENERATED_HEADERS = GENERATED_HEADERS;
    exports.HOST_HEADER = HOST_HEADER;
    exports.KEY_TYPE_IDENTIFIER = KEY_TYPE_IDENTIFIER;
    exports.MAX_CACHE_SIZE = MAX_CACHE_SIZE;
    exports.MAX_PRESIGNED_TTL = MAX_PRESIGNED_TTL;
    exports.PROXY_HEADER_PATTERN = PROXY_HEADER_PATTERN;
    exports.REGION_SET_PARAM = REGION_SET_PARAM;
    exports.SEC_HEADER_PATTERN = SEC_HEADER_PATTERN;
    exports.SHA256_HEADER = SHA256_HEADER;
    exports.SIGNATURE_HEADER = SIGNATURE_HEADER;
    exports.SIGNATURE_QUERY_PARAM = SIGNATURE_QUERY_PARAM;
    exports.SIGNED_HEADERS_QUERY_PARAM = SIGNED_HEADERS_QUERY_PARAM;
    exports.SignatureV4 = SignatureV4;
    exports.SignatureV4Base = SignatureV4Base;
    exports.TOKEN_HEADER = TOKEN_HEADER;
    exports.TOKEN_QUERY_PARAM = TOKEN_QUERY_PARAM;
    exports.UNSIGNABLE_PATTERNS = UNSIGNABLE_PATTERNS;
    exports.UNSIGNED_PAYLOAD = UNSIGNED_PAYLOAD;
    exports.clearCredentialCache = clearCredentialCache;
    exports.createScope = createScope;
    exports.getCanonicalHeaders = getCanonicalHeaders;
    exports.getCanonicalQuery = getCanonicalQuery;
    exports.getPayloadHash = getPayloadHash;
    exports.getSigningKey = getSigningKey;
    exports.hasHeader = hasHeader;
    exports.moveHeadersToQuery = moveHeadersToQuery;
    exports.prepareRequest = prepareRequest;
    exports.signatureV4aContainer = signatureV4aContainer;
  }
});

export {
  collectBody,
  extendedEncodeURIComponent,
  HttpBindingProtocol,
  RpcProtocol,
  requestBuilder,
  FromStringShapeDeserializer,
  HttpInterceptingShapeDeserializer,
  HttpInterceptingShapeSerializer,
  determineTimestampFormat,
  getHttpHandlerExtensionConfiguration,
  resolveHttpHandlerRuntimeConfig,
  getContentLengthPlugin,
  loadRestJsonErrorCode,
  loadJsonRpcErrorCode,
  JsonCodec2,
  protocols_exports,
  init_protocols,
  require_dist_cjs2 as require_dist_cjs
};
