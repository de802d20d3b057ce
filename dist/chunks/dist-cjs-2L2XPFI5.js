import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);
import {
  AwsJson1_1Protocol,
  AwsSdkSigV4Signer,
  DEFAULT_RETRY_MODE,
  DefaultIdentityProviderConfig,
  NODE_APP_ID_CONFIG_OPTIONS,
  NODE_AUTH_SCHEME_PREFERENCE_OPTIONS,
  NODE_MAX_ATTEMPT_CONFIG_OPTIONS,
  NODE_RETRY_MODE_CONFIG_OPTIONS,
  NoAuthSigner,
  awsEndpointFunctions,
  client_exports,
  createDefaultUserAgentProvider,
  dist_es_exports,
  emitWarningIfUnsupportedVersion as emitWarningIfUnsupportedVersion2,
  getAwsRegionExtensionConfiguration,
  getDefaultSocketTimeout,
  getHostHeaderPlugin,
  getHttpAuthSchemeEndpointRuleSetPlugin,
  getHttpSigningPlugin,
  getLoggerPlugin,
  getRecursionDetectionPlugin,
  getRetryPlugin,
  getUserAgentPlugin,
  init_client as init_client2,
  init_dist_es,
  init_httpAuthSchemes,
  init_package,
  init_protocols as init_protocols2,
  init_retry,
  init_sts,
  package_default,
  require_dist_cjs,
  require_dist_cjs10 as require_dist_cjs9,
  require_dist_cjs11 as require_dist_cjs10,
  require_dist_cjs2,
  require_dist_cjs3,
  require_dist_cjs4,
  require_dist_cjs6 as require_dist_cjs5,
  require_dist_cjs7 as require_dist_cjs6,
  require_dist_cjs8 as require_dist_cjs7,
  require_dist_cjs9 as require_dist_cjs8,
  resolveAwsRegionExtensionConfiguration,
  resolveAwsSdkSigV4Config,
  resolveHostHeaderConfig,
  resolveRetryConfig,
  resolveUserAgentConfig,
  sts_exports
} from "./chunk-HBPC2R4E.js";
import {
  getContentLengthPlugin,
  getHttpHandlerExtensionConfiguration,
  init_protocols,
  resolveHttpHandlerRuntimeConfig
} from "./chunk-GPEHOJGG.js";
import {
  Sha256Node,
  init_checksum
} from "./chunk-FQEOMBEB.js";
import {
  BinaryDecisionDiagram,
  Client,
  Command,
  EndpointCache,
  NODE_REGION_CONFIG_FILE_OPTIONS,
  NODE_REGION_CONFIG_OPTIONS,
  NODE_USE_DUALSTACK_ENDPOINT_CONFIG_OPTIONS,
  NODE_USE_FIPS_ENDPOINT_CONFIG_OPTIONS,
  NoOpLogger,
  ServiceException,
  TypeRegistry,
  calculateBodyLength,
  config_exports,
  createAggregatedClient,
  customEndpointFunctions,
  decideEndpoint,
  emitWarningIfUnsupportedVersion,
  fromBase64,
  fromUtf8,
  getDefaultExtensionConfiguration,
  getEndpointPlugin,
  getSchemaSerdePlugin,
  getSmithyContext,
  init_client,
  init_config,
  init_endpoints,
  init_schema,
  init_serde,
  loadConfig,
  loadConfigsForDefaultMode,
  makeBuilder,
  normalizeProvider,
  parseUrl,
  resolveDefaultRuntimeConfig,
  resolveDefaultsModeConfig,
  resolveEndpointConfig,
  resolveRegionConfig,
  toBase64,
  toUtf8
} from "./chunk-U6TOKP37.js";
import {
  __commonJS,
  __esm,
  __export,
  __toCommonJS,
  __toESM
} from "./chunk-WAR6A6MM.js";

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/auth/httpAuthSchemeProvider.js
function createAwsAuthSigv4HttpAuthOption(authParameters) {
  return {
    schemeId: "aws.auth#sigv4",
    signingProperties: {
      name: "cognito-identity",
      region: authParameters.region
    },
    propertiesExtractor: (config, context) => ({
      signingProperties: {
        config,
        context
      }
    })
  };
}
function createSmithyApiNoAuthHttpAuthOption(authParameters) {
  return {
    schemeId: "smithy.api#noAuth"
  };
}
var defaultCognitoIdentityHttpAuthSchemeParametersProvider, defaultCognitoIdentityHttpAuthSchemeProvider, resolveHttpAuthSchemeConfig;
var init_httpAuthSchemeProvider = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/auth/httpAuthSchemeProvider.js"() {
    init_httpAuthSchemes();
    init_client();
    defaultCognitoIdentityHttpAuthSchemeParametersProvider = async (config, context, input) => {
      return {
        operation: getSmithyContext(context).operation,
        region: await normalizeProvider(config.region)() || (() => {
          throw new Error("expected `region` to be configured for `aws.auth#sigv4`");
        })()
      };
    };
    defaultCognitoIdentityHttpAuthSchemeProvider = (authParameters) => {
      const options = [];
      switch (authParameters.operation) {
        case "GetCredentialsForIdentity":
          {
            options.push(createSmithyApiNoAuthHttpAuthOption(authParameters));
            break;
          }
          ;
        case "GetId":
          {
            options.push(createSmithyApiNoAuthHttpAuthOption(authParameters));
            break;
          }
          ;
        default: {
          options.push(createAwsAuthSigv4HttpAuthOption(authParameters));
        }
      }
      return options;
    };
    resolveHttpAuthSchemeConfig = (config) => {
      const config_0 = resolveAwsSdkSigV4Config(config);
      return Object.assign(config_0, {
        authSchemePreference: normalizeProvider(config.authSchemePreference ?? [])
      });
    };
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/endpoint/EndpointParameters.js
var resolveClientEndpointParameters, commonParams;
var init_EndpointParameters = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/endpoint/EndpointParameters.js"() {
    resolveClientEndpointParameters = (options) => {
      return Object.assign(options, {
        useDualstackEndpoint: options.useDualstackEndpoint ?? false,
        useFipsEndpoint: options.useFipsEndpoint ?? false,
        defaultSigningName: "cognito-identity"
      });
    };
    commonParams = {
      UseFIPS: { type: "builtInParams", name: "useFipsEndpoint" },
      Endpoint: { type: "builtInParams", name: "endpoint" },
      Region: { type: "builtInParams", name: "region" },
      UseDualStack: { type: "builtInParams", name: "useDualstackEndpoint" }
    };
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/endpoint/bdd.js
var m, a, b, c, d, e, f, g, h, i, j, k, l, _data, root, r, nodes, bdd;
var init_bdd = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/endpoint/bdd.js"() {
    init_endpoints();
    m = "ref";
    a = -1;
    b = true;
    c = "isSet";
    d = "PartitionResult";
    e = "booleanEquals";
    f = "getAttr";
    g = "stringEquals";
    h = { [m]: "Endpoint" };
    i = { [m]: d };
    j = { [m]: "Region" };
    k = {};
    l = [j];
    _data = {
      conditions: [
        [c, [h]],
        [c, l],
        ["aws.partition", l, d],
        [e, [{ [m]: "UseFIPS" }, b]],
        [e, [{ fn: f, argv: [i, "supportsFIPS"] }, b]],
        [e, [{ [m]: "UseDualStack" }, b]],
        [e, [{ fn: f, argv: [i, "supportsDualStack"] }, b]],
        [g, [{ fn: f, argv: [i, "name"] }, "aws"]],
        [g, [j, "us-east-1"]],
        [g, [j, "us-east-2"]],
        [g, [j, "us-west-1"]],
        [g, [j, "us-west-2"]]
      ],
      results: [
        [a],
        [a, "Invalid Configuration: FIPS and custom endpoint are not supported"],
        [a, "Invalid Configuration: Dualstack and custom endpoint are not supported"],
        [h, k],
        ["https://cognito-identity-fips.us-east-1.amazonaws.com", k],
        ["https://cognito-identity-fips.us-east-2.amazonaws.com", k],
        ["https://cognito-identity-fips.us-west-1.amazonaws.com", k],
        ["https://cognito-identity-fips.us-west-2.amazonaws.com", k],
        ["https://cognito-identity-fips.{Region}.{PartitionResult#dualStackDnsSuffix}", k],
        [a, "FIPS and DualStack are enabled, but this partition does not support one or both"],
        ["https://cognito-identity-fips.{Region}.{PartitionResult#dnsSuffix}", k],
        [a, "FIPS is enabled but this partition does not support FIPS"],
        ["https://cognito-identity.{Region}.amazonaws.com", k],
        ["https://cognito-identity.{Region}.{PartitionResult#dualStackDnsSuffix}", k],
        [a, "DualStack is enabled but this partition does not support DualStack"],
        ["https://cognito-identity.{Region}.{PartitionResult#dnsSuffix}", k],
        [a, "Invalid Configuration: Missing Region"]
      ]
    };
    root = 2;
    r = 1e8;
    nodes = new Int32Array([
      -1,
      1,
      -1,
      0,
      17,
      3,
      1,
      4,
      r + 16,
      2,
      5,
      r + 16,
      3,
      9,
      6,
      5,
      7,
      r + 15,
      6,
      8,
      r + 14,
      7,
      r + 12,
      r + 13,
      4,
      11,
      10,
      5,
      r + 9,
      r + 11,
      5,
      12,
      r + 10,
      6,
      13,
      r + 9,
      8,
      r + 4,
      14,
      9,
      r + 5,
      15,
      10,
      r + 6,
      16,
      11,
      r + 7,
      r + 8,
      3,
      r + 1,
      18,
      5,
      r + 2,
      r + 3
    ]);
    bdd = BinaryDecisionDiagram.from(nodes, root, _data.conditions, _data.results);
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/endpoint/endpointResolver.js
var cache, defaultEndpointResolver;
var init_endpointResolver = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/endpoint/endpointResolver.js"() {
    init_client2();
    init_endpoints();
    init_bdd();
    cache = new EndpointCache({
      size: 50,
      params: ["Endpoint", "Region", "UseDualStack", "UseFIPS"]
    });
    defaultEndpointResolver = (endpointParams, context = {}) => {
      return cache.get(endpointParams, () => decideEndpoint(bdd, {
        endpointParams,
        logger: context.logger
      }));
    };
    customEndpointFunctions.aws = awsEndpointFunctions;
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/models/CognitoIdentityServiceException.js
var CognitoIdentityServiceException;
var init_CognitoIdentityServiceException = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/models/CognitoIdentityServiceException.js"() {
    init_client();
    CognitoIdentityServiceException = class _CognitoIdentityServiceException extends ServiceException {
      static shapeId = "smithy.ts.sdk.synthetic.com.amazonaws.cognitoidentity#CognitoIdentityServiceException";
      constructor(options) {
        super(options);
        Object.setPrototypeOf(this, _CognitoIdentityServiceException.prototype);
      }
    };
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/models/errors.js
var ExternalServiceException, InternalErrorException, InvalidIdentityPoolConfigurationException, InvalidParameterException, NotAuthorizedException, ResourceConflictException, ResourceNotFoundException, TooManyRequestsException, LimitExceededException;
var init_errors = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/models/errors.js"() {
    init_CognitoIdentityServiceException();
    ExternalServiceException = class _ExternalServiceException extends CognitoIdentityServiceException {
      static shapeId = "com.amazonaws.cognitoidentity#ExternalServiceException";
      name = "ExternalServiceException";
      $fault = "client";
      constructor(opts) {
        super({
          name: "ExternalServiceException",
          $fault: "client",
          ...opts
        });
        Object.setPrototypeOf(this, _ExternalServiceException.prototype);
      }
    };
    InternalErrorException = class _InternalErrorException extends CognitoIdentityServiceException {
      static shapeId = "com.amazonaws.cognitoidentity#InternalErrorException";
      name = "InternalErrorException";
      $fault = "server";
      constructor(opts) {
        super({
          name: "InternalErrorException",
          $fault: "server",
          ...opts
        });
        Object.setPrototypeOf(this, _InternalErrorException.prototype);
      }
    };
    InvalidIdentityPoolConfigurationException = class _InvalidIdentityPoolConfigurationException extends CognitoIdentityServiceException {
      static shapeId = "com.amazonaws.cognitoidentity#InvalidIdentityPoolConfigurationException";
      name = "InvalidIdentityPoolConfigurationException";
      $fault = "client";
      constructor(opts) {
        super({
          name: "InvalidIdentityPoolConfigurationException",
          $fault: "client",
          ...opts
        });
        Object.setPrototypeOf(this, _InvalidIdentityPoolConfigurationException.prototype);
      }
    };
    InvalidParameterException = class _InvalidParameterException extends CognitoIdentityServiceException {
      static shapeId = "com.amazonaws.cognitoidentity#InvalidParameterException";
      name = "InvalidParameterException";
      $fault = "client";
      constructor(opts) {
        super({
          name: "InvalidParameterException",
          $fault: "client",
          ...opts
        });
        Object.setPrototypeOf(this, _InvalidParameterException.prototype);
      }
    };
    NotAuthorizedException = class _NotAuthorizedException extends CognitoIdentityServiceException {
      static shapeId = "com.amazonaws.cognitoidentity#NotAuthorizedException";
      name = "NotAuthorizedException";
      $fault = "client";
      constructor(opts) {
        super({
          name: "NotAuthorizedException",
          $fault: "client",
          ...opts
        });
        Object.setPrototypeOf(this, _NotAuthorizedException.prototype);
      }
    };
    ResourceConflictException = class _ResourceConflictException extends CognitoIdentityServiceException {
      static shapeId = "com.amazonaws.cognitoidentity#ResourceConflictException";
      name = "ResourceConflictException";
      $fault = "client";
      constructor(opts) {
        super({
          name: "ResourceConflictException",
          $fault: "client",
          ...opts
        });
        Object.setPrototypeOf(this, _ResourceConflictException.prototype);
      }
    };
    ResourceNotFoundException = class _ResourceNotFoundException extends CognitoIdentityServiceException {
      static shapeId = "com.amazonaws.cognitoidentity#ResourceNotFoundException";
      name = "ResourceNotFoundException";
      $fault = "client";
      constructor(opts) {
        super({
          name: "ResourceNotFoundException",
          $fault: "client",
          ...opts
        });
        Object.setPrototypeOf(this, _ResourceNotFoundException.prototype);
      }
    };
    TooManyRequestsException = class _TooManyRequestsException extends CognitoIdentityServiceException {
      static shapeId = "com.amazonaws.cognitoidentity#TooManyRequestsException";
      name = "TooManyRequestsException";
      $fault = "client";
      constructor(opts) {
        super({
          name: "TooManyRequestsException",
          $fault: "client",
          ...opts
        });
        Object.setPrototypeOf(this, _TooManyRequestsException.prototype);
      }
    };
    LimitExceededException = class _LimitExceededException extends CognitoIdentityServiceException {
      static shapeId = "com.amazonaws.cognitoidentity#LimitExceededException";
      name = "LimitExceededException";
      $fault = "client";
      constructor(opts) {
        super({
          name: "LimitExceededException",
          $fault: "client",
          ...opts
        });
        Object.setPrototypeOf(this, _LimitExceededException.prototype);
      }
    };
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/schemas/schemas_0.js
var _AI, _AKI, _C, _CRA, _E, _ESE, _GCFI, _GCFII, _GCFIR, _GI, _GII, _GIR, _IEE, _II, _IIPCE, _IPE, _IPI, _IPT, _L, _LEE, _LM, _NAE, _RCE, _RNFE, _SK, _SKS, _ST, _TMRE, _c, _e, _hE, _m, _s, _se, n0, _s_registry, CognitoIdentityServiceException$, n0_registry, ExternalServiceException$, InternalErrorException$, InvalidIdentityPoolConfigurationException$, InvalidParameterException$, LimitExceededException$, NotAuthorizedException$, ResourceConflictException$, ResourceNotFoundException$, TooManyRequestsException$, errorTypeRegistries, IdentityProviderToken, SecretKeyString, Credentials$, GetCredentialsForIdentityInput$, GetCredentialsForIdentityResponse$, GetIdInput$, GetIdResponse$, LoginsMap, GetCredentialsForIdentity$, GetId$;
var init_schemas_0 = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/schemas/schemas_0.js"() {
    init_schema();
    init_CognitoIdentityServiceException();
    init_errors();
    _AI = "AccountId";
    _AKI = "AccessKeyId";
    _C = "Credentials";
    _CRA = "CustomRoleArn";
    _E = "Expiration";
    _ESE = "ExternalServiceException";
    _GCFI = "GetCredentialsForIdentity";
    _GCFII = "GetCredentialsForIdentityInput";
    _GCFIR = "GetCredentialsForIdentityResponse";
    _GI = "GetId";
    _GII = "GetIdInput";
    _GIR = "GetIdResponse";
    _IEE = "InternalErrorException";
    _II = "IdentityId";
    _IIPCE = "InvalidIdentityPoolConfigurationException";
    _IPE = "InvalidParameterException";
    _IPI = "IdentityPoolId";
    _IPT = "IdentityProviderToken";
    _L = "Logins";
    _LEE = "LimitExceededException";
    _LM = "LoginsMap";
    _NAE = "NotAuthorizedException";
    _RCE = "ResourceConflictException";
    _RNFE = "ResourceNotFoundException";
    _SK = "SecretKey";
    _SKS = "SecretKeyString";
    _ST = "SessionToken";
    _TMRE = "TooManyRequestsException";
    _c = "client";
    _e = "error";
    _hE = "httpError";
    _m = "message";
    _s = "smithy.ts.sdk.synthetic.com.amazonaws.cognitoidentity";
    _se = "server";
    n0 = "com.amazonaws.cognitoidentity";
    _s_registry = new TypeRegistry(_s);
    CognitoIdentityServiceException$ = [-3, _s, "CognitoIdentityServiceException", 0, [], []];
    _s_registry.registerError(CognitoIdentityServiceException$, CognitoIdentityServiceException);
    n0_registry = new TypeRegistry(n0);
    ExternalServiceException$ = [
      -3,
      n0,
      _ESE,
      { [_e]: _c, [_hE]: 400 },
      [_m],
      [0]
    ];
    n0_registry.registerError(ExternalServiceException$, ExternalServiceException);
    InternalErrorException$ = [
      -3,
      n0,
      _IEE,
      { [_e]: _se },
      [_m],
      [0]
    ];
    n0_registry.registerError(InternalErrorException$, InternalErrorException);
    InvalidIdentityPoolConfigurationException$ = [
      -3,
      n0,
      _IIPCE,
      { [_e]: _c, [_hE]: 400 },
      [_m],
      [0]
    ];
    n0_registry.registerError(InvalidIdentityPoolConfigurationException$, InvalidIdentityPoolConfigurationException);
    InvalidParameterException$ = [
      -3,
      n0,
      _IPE,
      { [_e]: _c, [_hE]: 400 },
      [_m],
      [0]
    ];
    n0_registry.registerError(InvalidParameterException$, InvalidParameterException);
    LimitExceededException$ = [
      -3,
      n0,
      _LEE,
      { [_e]: _c, [_hE]: 400 },
      [_m],
      [0]
    ];
    n0_registry.registerError(LimitExceededException$, LimitExceededException);
    NotAuthorizedException$ = [
      -3,
      n0,
      _NAE,
      { [_e]: _c, [_hE]: 403 },
      [_m],
      [0]
    ];
    n0_registry.registerError(NotAuthorizedException$, NotAuthorizedException);
    ResourceConflictException$ = [
      -3,
      n0,
      _RCE,
      { [_e]: _c, [_hE]: 409 },
      [_m],
      [0]
    ];
    n0_registry.registerError(ResourceConflictException$, ResourceConflictException);
    ResourceNotFoundException$ = [
      -3,
      n0,
      _RNFE,
      { [_e]: _c, [_hE]: 404 },
      [_m],
      [0]
    ];
    n0_registry.registerError(ResourceNotFoundException$, ResourceNotFoundException);
    TooManyRequestsException$ = [
      -3,
      n0,
      _TMRE,
      { [_e]: _c, [_hE]: 429 },
      [_m],
      [0]
    ];
    n0_registry.registerError(TooManyRequestsException$, TooManyRequestsException);
    errorTypeRegistries = [
      _s_registry,
      n0_registry
    ];
    IdentityProviderToken = [0, n0, _IPT, 8, 0];
    SecretKeyString = [0, n0, _SKS, 8, 0];
    Credentials$ = [
      3,
      n0,
      _C,
      0,
      [_AKI, _SK, _ST, _E],
      [0, [() => SecretKeyString, 0], 0, 4]
    ];
    GetCredentialsForIdentityInput$ = [
      3,
      n0,
      _GCFII,
      0,
      [_II, _L, _CRA],
      [0, [() => LoginsMap, 0], 0],
      1
    ];
    GetCredentialsForIdentityResponse$ = [
      3,
      n0,
      _GCFIR,
      0,
      [_II, _C],
      [0, [() => Credentials$, 0]]
    ];
    GetIdInput$ = [
      3,
      n0,
      _GII,
      0,
      [_IPI, _AI, _L],
      [0, 0, [() => LoginsMap, 0]],
      1
    ];
    GetIdResponse$ = [
      3,
      n0,
      _GIR,
      0,
      [_II],
      [0]
    ];
    LoginsMap = [
      2,
      n0,
      _LM,
      0,
      [
        0,
        0
      ],
      [
        () => IdentityProviderToken,
        0
      ]
    ];
    GetCredentialsForIdentity$ = [
      9,
      n0,
      _GCFI,
      0,
      () => GetCredentialsForIdentityInput$,
      () => GetCredentialsForIdentityResponse$
    ];
    GetId$ = [
      9,
      n0,
      _GI,
      0,
      () => GetIdInput$,
      () => GetIdResponse$
    ];
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/runtimeConfig.shared.js
var getRuntimeConfig;
var init_runtimeConfig_shared = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/runtimeConfig.shared.js"() {
    init_httpAuthSchemes();
    init_protocols2();
    init_dist_es();
    init_checksum();
    init_client();
    init_protocols();
    init_serde();
    init_httpAuthSchemeProvider();
    init_endpointResolver();
    init_schemas_0();
    getRuntimeConfig = (config) => {
      return {
        apiVersion: "2014-06-30",
        base64Decoder: config?.base64Decoder ?? fromBase64,
        base64Encoder: config?.base64Encoder ?? toBase64,
        disableHostPrefix: config?.disableHostPrefix ?? false,
        endpointProvider: config?.endpointProvider ?? defaultEndpointResolver,
        extensions: config?.extensions ?? [],
        httpAuthSchemeProvider: config?.httpAuthSchemeProvider ?? defaultCognitoIdentityHttpAuthSchemeProvider,
        httpAuthSchemes: config?.httpAuthSchemes ?? [
          {
            schemeId: "aws.auth#sigv4",
            identityProvider: (ipc) => ipc.getIdentityProvider("aws.auth#sigv4"),
            signer: new AwsSdkSigV4Signer()
          },
          {
            schemeId: "smithy.api#noAuth",
            identityProvider: (ipc) => ipc.getIdentityProvider("smithy.api#noAuth") || (async () => ({})),
            signer: new NoAuthSigner()
          }
        ],
        logger: config?.logger ?? new NoOpLogger(),
        protocol: config?.protocol ?? AwsJson1_1Protocol,
        protocolSettings: config?.protocolSettings ?? {
          defaultNamespace: "com.amazonaws.cognitoidentity",
          errorTypeRegistries,
          xmlNamespace: "http://cognito-identity.amazonaws.com/doc/2014-06-30/",
          version: "2014-06-30",
          serviceTarget: "AWSCognitoIdentityService"
        },
        serviceId: config?.serviceId ?? "Cognito Identity",
        sha256: config?.sha256 ?? Sha256Node,
        urlParser: config?.urlParser ?? parseUrl,
        utf8Decoder: config?.utf8Decoder ?? fromUtf8,
        utf8Encoder: config?.utf8Encoder ?? toUtf8
      };
    };
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/runtimeConfig.js
var import_node_http_handler, getRuntimeConfig2;
var init_runtimeConfig = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/runtimeConfig.js"() {
    init_package();
    init_client2();
    init_httpAuthSchemes();
    init_client();
    init_config();
    init_retry();
    init_serde();
    import_node_http_handler = __toESM(require_dist_cjs());
    init_runtimeConfig_shared();
    getRuntimeConfig2 = (config) => {
      emitWarningIfUnsupportedVersion(process.version);
      const defaultsMode = resolveDefaultsModeConfig(config);
      const defaultConfigProvider = () => defaultsMode().then(loadConfigsForDefaultMode);
      const clientSharedValues = getRuntimeConfig(config);
      emitWarningIfUnsupportedVersion2(process.version);
      const loaderConfig = {
        profile: config?.profile,
        logger: clientSharedValues.logger
      };
      return {
        ...clientSharedValues,
        ...config,
        runtime: "node",
        defaultsMode,
        authSchemePreference: config?.authSchemePreference ?? loadConfig(NODE_AUTH_SCHEME_PREFERENCE_OPTIONS, loaderConfig),
        bodyLengthChecker: config?.bodyLengthChecker ?? calculateBodyLength,
        defaultSocketTimeout: getDefaultSocketTimeout(config?.requestHandler, 3e5),
        defaultUserAgentProvider: config?.defaultUserAgentProvider ?? createDefaultUserAgentProvider({ serviceId: clientSharedValues.serviceId, clientVersion: package_default.version }),
        maxAttempts: config?.maxAttempts ?? loadConfig(NODE_MAX_ATTEMPT_CONFIG_OPTIONS, config),
        region: config?.region ?? loadConfig(NODE_REGION_CONFIG_OPTIONS, { ...NODE_REGION_CONFIG_FILE_OPTIONS, ...loaderConfig }),
        requestHandler: import_node_http_handler.NodeHttpHandler.create(config?.requestHandler ?? defaultConfigProvider),
        retryMode: config?.retryMode ?? loadConfig({
          ...NODE_RETRY_MODE_CONFIG_OPTIONS,
          default: async () => (await defaultConfigProvider()).retryMode || DEFAULT_RETRY_MODE
        }, config),
        streamCollector: config?.streamCollector ?? import_node_http_handler.streamCollector,
        useDualstackEndpoint: config?.useDualstackEndpoint ?? loadConfig(NODE_USE_DUALSTACK_ENDPOINT_CONFIG_OPTIONS, loaderConfig),
        useFipsEndpoint: config?.useFipsEndpoint ?? loadConfig(NODE_USE_FIPS_ENDPOINT_CONFIG_OPTIONS, loaderConfig),
        userAgentAppId: config?.userAgentAppId ?? loadConfig(NODE_APP_ID_CONFIG_OPTIONS, loaderConfig)
      };
    };
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/auth/httpAuthExtensionConfiguration.js
var getHttpAuthExtensionConfiguration, resolveHttpAuthRuntimeConfig;
var init_httpAuthExtensionConfiguration = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/auth/httpAuthExtensionConfiguration.js"() {
    getHttpAuthExtensionConfiguration = (runtimeConfig) => {
      const _httpAuthSchemes = runtimeConfig.httpAuthSchemes;
      let _httpAuthSchemeProvider = runtimeConfig.httpAuthSchemeProvider;
      let _credentials = runtimeConfig.credentials;
      return {
        setHttpAuthScheme(httpAuthScheme) {
          const index = _httpAuthSchemes.findIndex((scheme) => scheme.schemeId === httpAuthScheme.schemeId);
          if (index === -1) {
            _httpAuthSchemes.push(httpAuthScheme);
          } else {
            _httpAuthSchemes.splice(index, 1, httpAuthScheme);
          }
        },
        httpAuthSchemes() {
          return _httpAuthSchemes;
        },
        setHttpAuthSchemeProvider(httpAuthSchemeProvider) {
          _httpAuthSchemeProvider = httpAuthSchemeProvider;
        },
        httpAuthSchemeProvider() {
          return _httpAuthSchemeProvider;
        },
        setCredentials(credentials) {
          _credentials = credentials;
        },
        credentials() {
          return _credentials;
        }
      };
    };
    resolveHttpAuthRuntimeConfig = (config) => {
      return {
        httpAuthSchemes: config.httpAuthSchemes(),
        httpAuthSchemeProvider: config.httpAuthSchemeProvider(),
        credentials: config.credentials()
      };
    };
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/runtimeExtensions.js
var resolveRuntimeExtensions;
var init_runtimeExtensions = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/runtimeExtensions.js"() {
    init_client2();
    init_client();
    init_protocols();
    init_httpAuthExtensionConfiguration();
    resolveRuntimeExtensions = (runtimeConfig, extensions) => {
      const extensionConfiguration = Object.assign(getAwsRegionExtensionConfiguration(runtimeConfig), getDefaultExtensionConfiguration(runtimeConfig), getHttpHandlerExtensionConfiguration(runtimeConfig), getHttpAuthExtensionConfiguration(runtimeConfig));
      extensions.forEach((extension) => extension.configure(extensionConfiguration));
      return Object.assign(runtimeConfig, resolveAwsRegionExtensionConfiguration(extensionConfiguration), resolveDefaultRuntimeConfig(extensionConfiguration), resolveHttpHandlerRuntimeConfig(extensionConfiguration), resolveHttpAuthRuntimeConfig(extensionConfiguration));
    };
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/CognitoIdentityClient.js
var CognitoIdentityClient;
var init_CognitoIdentityClient = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/CognitoIdentityClient.js"() {
    init_client2();
    init_dist_es();
    init_client();
    init_config();
    init_endpoints();
    init_protocols();
    init_retry();
    init_schema();
    init_httpAuthSchemeProvider();
    init_EndpointParameters();
    init_runtimeConfig();
    init_runtimeExtensions();
    CognitoIdentityClient = class extends Client {
      config;
      constructor(...[configuration]) {
        const _config_0 = getRuntimeConfig2(configuration || {});
        super(_config_0);
        this.initConfig = _config_0;
        const _config_1 = resolveClientEndpointParameters(_config_0);
        const _config_2 = resolveUserAgentConfig(_config_1);
        const _config_3 = resolveRetryConfig(_config_2);
        const _config_4 = resolveRegionConfig(_config_3);
        const _config_5 = resolveHostHeaderConfig(_config_4);
        const _config_6 = resolveEndpointConfig(_config_5);
        const _config_7 = resolveHttpAuthSchemeConfig(_config_6);
        const _config_8 = resolveRuntimeExtensions(_config_7, configuration?.extensions || []);
        this.config = _config_8;
        this.middlewareStack.use(getSchemaSerdePlugin(this.config));
        this.middlewareStack.use(getUserAgentPlugin(this.config));
        this.middlewareStack.use(getRetryPlugin(this.config));
        this.middlewareStack.use(getContentLengthPlugin(this.config));
        this.middlewareStack.use(getHostHeaderPlugin(this.config));
        this.middlewareStack.use(getLoggerPlugin(this.config));
        this.middlewareStack.use(getRecursionDetectionPlugin(this.config));
        this.middlewareStack.use(getHttpAuthSchemeEndpointRuleSetPlugin(this.config, {
          httpAuthSchemeParametersProvider: defaultCognitoIdentityHttpAuthSchemeParametersProvider,
          identityProviderConfigProvider: async (config) => new DefaultIdentityProviderConfig({
            "aws.auth#sigv4": config.credentials
          })
        }));
        this.middlewareStack.use(getHttpSigningPlugin(this.config));
      }
      destroy() {
        super.destroy();
      }
    };
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/commandBuilder.js
var command, _ep0, _mw0;
var init_commandBuilder = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/commandBuilder.js"() {
    init_client();
    init_endpoints();
    init_EndpointParameters();
    command = makeBuilder(commonParams, "AWSCognitoIdentityService", "CognitoIdentityClient", getEndpointPlugin);
    _ep0 = {};
    _mw0 = (Command2, cs, config, o) => [];
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/commands/GetCredentialsForIdentityCommand.js
var GetCredentialsForIdentityCommand;
var init_GetCredentialsForIdentityCommand = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/commands/GetCredentialsForIdentityCommand.js"() {
    init_commandBuilder();
    init_schemas_0();
    GetCredentialsForIdentityCommand = class extends command(_ep0, _mw0, "GetCredentialsForIdentity", GetCredentialsForIdentity$) {
    };
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/commands/GetIdCommand.js
var GetIdCommand;
var init_GetIdCommand = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/commands/GetIdCommand.js"() {
    init_commandBuilder();
    init_schemas_0();
    GetIdCommand = class extends command(_ep0, _mw0, "GetId", GetId$) {
    };
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/CognitoIdentity.js
var commands, CognitoIdentity;
var init_CognitoIdentity = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/CognitoIdentity.js"() {
    init_client();
    init_CognitoIdentityClient();
    init_GetCredentialsForIdentityCommand();
    init_GetIdCommand();
    commands = {
      GetCredentialsForIdentityCommand,
      GetIdCommand
    };
    CognitoIdentity = class extends CognitoIdentityClient {
    };
    createAggregatedClient(commands, CognitoIdentity);
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/commands/index.js
var init_commands = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/commands/index.js"() {
    init_GetCredentialsForIdentityCommand();
    init_GetIdCommand();
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/models/models_0.js
var init_models_0 = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/models/models_0.js"() {
  }
});

// node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/index.js
var cognito_identity_exports = {};
__export(cognito_identity_exports, {
  $Command: () => Command,
  CognitoIdentity: () => CognitoIdentity,
  CognitoIdentityClient: () => CognitoIdentityClient,
  CognitoIdentityServiceException: () => CognitoIdentityServiceException,
  CognitoIdentityServiceException$: () => CognitoIdentityServiceException$,
  Credentials$: () => Credentials$,
  ExternalServiceException: () => ExternalServiceException,
  ExternalServiceException$: () => ExternalServiceException$,
  GetCredentialsForIdentity$: () => GetCredentialsForIdentity$,
  GetCredentialsForIdentityCommand: () => GetCredentialsForIdentityCommand,
  GetCredentialsForIdentityInput$: () => GetCredentialsForIdentityInput$,
  GetCredentialsForIdentityResponse$: () => GetCredentialsForIdentityResponse$,
  GetId$: () => GetId$,
  GetIdCommand: () => GetIdCommand,
  GetIdInput$: () => GetIdInput$,
  GetIdResponse$: () => GetIdResponse$,
  InternalErrorException: () => InternalErrorException,
  InternalErrorException$: () => InternalErrorException$,
  InvalidIdentityPoolConfigurationException: () => InvalidIdentityPoolConfigurationException,
  InvalidIdentityPoolConfigurationException$: () => InvalidIdentityPoolConfigurationException$,
  InvalidParameterException: () => InvalidParameterException,
  InvalidParameterException$: () => InvalidParameterException$,
  LimitExceededException: () => LimitExceededException,
  LimitExceededException$: () => LimitExceededException$,
  NotAuthorizedException: () => NotAuthorizedException,
  NotAuthorizedException$: () => NotAuthorizedException$,
  ResourceConflictException: () => ResourceConflictException,
  ResourceConflictException$: () => ResourceConflictException$,
  ResourceNotFoundException: () => ResourceNotFoundException,
  ResourceNotFoundException$: () => ResourceNotFoundException$,
  TooManyRequestsException: () => TooManyRequestsException,
  TooManyRequestsException$: () => TooManyRequestsException$,
  __Client: () => Client,
  errorTypeRegistries: () => errorTypeRegistries
});
var init_cognito_identity = __esm({
  "node_modules/@aws-sdk/nested-clients/dist-es/submodules/cognito-identity/index.js"() {
    init_CognitoIdentityClient();
    init_CognitoIdentity();
    init_commands();
    init_client();
    init_schemas_0();
    init_errors();
    init_models_0();
    init_CognitoIdentityServiceException();
  }
});

// node_modules/@aws-sdk/credential-provider-cognito-identity/dist-cjs/loadCognitoIdentity-v413cIIq.js
var require_loadCognitoIdentity_v413cIIq = __commonJS({
  "node_modules/@aws-sdk/credential-provider-cognito-identity/dist-cjs/loadCognitoIdentity-v413cIIq.js"(exports) {
    var { CognitoIdentityClient: CognitoIdentityClient2, GetCredentialsForIdentityCommand: GetCredentialsForIdentityCommand2, GetIdCommand: GetIdCommand2 } = (init_cognito_identity(), __toCommonJS(cognito_identity_exports));
    exports.CognitoIdentityClient = CognitoIdentityClient2;
    exports.GetCredentialsForIdentityCommand = GetCredentialsForIdentityCommand2;
    exports.GetIdCommand = GetIdCommand2;
  }
});

// node_modules/@aws-sdk/credential-provider-cognito-identity/dist-cjs/index.js
var require_dist_cjs11 = __commonJS({
  "node_modules/@aws-sdk/credential-provider-cognito-identity/dist-cjs/index.js"(exports) {
    var { CredentialsProviderError } = (init_config(), __toCommonJS(config_exports));
    function resolveLogins(logins) {
      return Promise.all(Object.keys(logins).reduce((arr, name) => {
        const tokenOrProvider = logins[name];
        if (typeof tokenOrProvider === "string") {
          arr.push([name, tokenOrProvider]);
        } else {
          arr.push(tokenOrProvider().then((token) => [name, token]));
        }
        return arr;
      }, [])).then((resolvedPairs) => resolvedPairs.reduce((logins2, [key, value]) => {
        logins2[key] = value;
        return logins2;
      }, {}));
    }
    function fromCognitoIdentity(parameters) {
      return async (awsIdentityProperties) => {
        parameters.logger?.debug("@aws-sdk/credential-provider-cognito-identity - fromCognitoIdentity");
        const { GetCredentialsForIdentityCommand: GetCredentialsForIdentityCommand2, CognitoIdentityClient: CognitoIdentityClient2 } = require_loadCognitoIdentity_v413cIIq();
        const fromConfigs = (property) => parameters.clientConfig?.[property] ?? parameters.parentClientConfig?.[property] ?? awsIdentityProperties?.callerClientConfig?.[property];
        const { Credentials: { AccessKeyId = throwOnMissingAccessKeyId(parameters.logger), Expiration, SecretKey = throwOnMissingSecretKey(parameters.logger), SessionToken } = throwOnMissingCredentials(parameters.logger) } = await (parameters.client ?? new CognitoIdentityClient2(Object.assign({}, parameters.clientConfig ?? {}, {
          region: fromConfigs("region"),
          profile: fromConfigs("profile"),
          userAgentAppId: fromConfigs("userAgentAppId")
        }))).send(new GetCredentialsForIdentityCommand2({
          CustomRoleArn: parameters.customRoleArn,
          IdentityId: parameters.identityId,
          Logins: parameters.logins ? await resolveLogins(parameters.logins) : void 0
        }));
        return {
          identityId: parameters.identityId,
          accessKeyId: AccessKeyId,
          secretAccessKey: SecretKey,
          sessionToken: SessionToken,
          expiration: Expiration
        };
      };
    }
    function throwOnMissingAccessKeyId(logger) {
      throw new CredentialsProviderError("Response from Amazon Cognito contained no access key ID", { logger });
    }
    function throwOnMissingCredentials(logger) {
      throw new CredentialsProviderError("Response from Amazon Cognito contained no credentials", { logger });
    }
    function throwOnMissingSecretKey(logger) {
      throw new CredentialsProviderError("Response from Amazon Cognito contained no secret key", { logger });
    }
    var STORE_NAME = "IdentityIds";
    var IndexedDbStorage = class {
      dbName;
      constructor(dbName = "aws:cognito-identity-ids") {
        this.dbName = dbName;
      }
      getItem(key) {
        return this.withObjectStore("readonly", (store) => {
          const req = store.get(key);
          return new Promise((resolve) => {
            req.onerror = () => resolve(null);
            req.onsuccess = () => resolve(req.result ? req.result.value : null);
          });
        }).catch(() => null);
      }
      removeItem(key) {
        return this.withObjectStore("readwrite", (store) => {
          const req = store.delete(key);
          return new Promise((resolve, reject) => {
            req.onerror = () => reject(req.error);
            req.onsuccess = () => resolve();
          });
        });
      }
      setItem(id, value) {
        return this.withObjectStore("readwrite", (store) => {
          const req = store.put({ id, value });
          return new Promise((resolve, reject) => {
            req.onerror = () => reject(req.error);
            req.onsuccess = () => resolve();
          });
        });
      }
      getDb() {
        const openDbRequest = self.indexedDB.open(this.dbName, 1);
        return new Promise((resolve, reject) => {
          openDbRequest.onsuccess = () => {
            resolve(openDbRequest.result);
          };
          openDbRequest.onerror = () => {
            reject(openDbRequest.error);
          };
          openDbRequest.onblocked = () => {
            reject(new Error("Unable to access DB"));
          };
          openDbRequest.onupgradeneeded = () => {
            const db = openDbRequest.result;
            db.onerror = () => {
              reject(new Error("Failed to create object store"));
            };
            db.createObjectStore(STORE_NAME, { keyPath: "id" });
          };
        });
      }
      withObjectStore(mode, action) {
        return this.getDb().then((db) => {
          const tx = db.transaction(STORE_NAME, mode);
          tx.oncomplete = () => db.close();
          return new Promise((resolve, reject) => {
            tx.onerror = () => reject(tx.error);
            resolve(action(tx.objectStore(STORE_NAME)));
          }).catch((err) => {
            db.close();
            throw err;
          });
        });
      }
    };
    var InMemoryStorage = class {
      store;
      constructor(store = {}) {
        this.store = store;
      }
      getItem(key) {
        if (key in this.store) {
          return this.store[key];
        }
        return null;
      }
      removeItem(key) {
        delete this.store[key];
      }
      setItem(key, value) {
        this.store[key] = value;
      }
    };
    var inMemoryStorage = new InMemoryStorage();
    function localStorage() {
      if (typeof self === "object" && self.indexedDB) {
        return new IndexedDbStorage();
      }
      if (typeof window === "object" && window.localStorage) {
        return window.localStorage;
      }
      return inMemoryStorage;
    }
    function fromCognitoIdentityPool({ accountId, cache: cache2 = localStorage(), client, clientConfig, customRoleArn, identityPoolId, logins, userIdentifier = !logins || Object.keys(logins).length === 0 ? "ANONYMOUS" : void 0, logger, parentClientConfig }) {
      logger?.debug("@aws-sdk/credential-provider-cognito-identity - fromCognitoIdentity");
      const cacheKey = userIdentifier ? `aws:cognito-identity-credentials:${identityPoolId}:${userIdentifier}` : void 0;
      let provider = async (awsIdentityProperties) => {
        const { GetIdCommand: GetIdCommand2, CognitoIdentityClient: CognitoIdentityClient2 } = require_loadCognitoIdentity_v413cIIq();
        const fromConfigs = (property) => clientConfig?.[property] ?? parentClientConfig?.[property] ?? awsIdentityProperties?.callerClientConfig?.[property];
        const _client = client ?? new CognitoIdentityClient2(Object.assign({}, clientConfig ?? {}, {
          region: fromConfigs("region"),
          profile: fromConfigs("profile"),
          userAgentAppId: fromConfigs("userAgentAppId")
        }));
        let identityId = cacheKey && await cache2.getItem(cacheKey);
        if (!identityId) {
          const { IdentityId = throwOnMissingId(logger) } = await _client.send(new GetIdCommand2({
            AccountId: accountId,
            IdentityPoolId: identityPoolId,
            Logins: logins ? await resolveLogins(logins) : void 0
          }));
          identityId = IdentityId;
          if (cacheKey) {
            Promise.resolve(cache2.setItem(cacheKey, identityId)).catch(() => {
            });
          }
        }
        provider = fromCognitoIdentity({
          client: _client,
          customRoleArn,
          logins,
          identityId
        });
        return provider(awsIdentityProperties);
      };
      return (awsIdentityProperties) => provider(awsIdentityProperties).catch(async (err) => {
        if (cacheKey) {
          Promise.resolve(cache2.removeItem(cacheKey)).catch(() => {
          });
        }
        throw err;
      });
    }
    function throwOnMissingId(logger) {
      throw new CredentialsProviderError("Response from Amazon Cognito contained no identity ID", { logger });
    }
    exports.fromCognitoIdentity = fromCognitoIdentity;
    exports.fromCognitoIdentityPool = fromCognitoIdentityPool;
  }
});

// node_modules/@aws-sdk/credential-providers/dist-cjs/loadSts-C4jOcYxJ.js
var require_loadSts_C4jOcYxJ = __commonJS({
  "node_modules/@aws-sdk/credential-providers/dist-cjs/loadSts-C4jOcYxJ.js"(exports) {
    var { AssumeRoleCommand, STSClient } = (init_sts(), __toCommonJS(sts_exports));
    exports.AssumeRoleCommand = AssumeRoleCommand;
    exports.STSClient = STSClient;
  }
});

// node_modules/@aws-sdk/credential-providers/dist-cjs/index.js
var require_dist_cjs12 = __commonJS({
  "node_modules/@aws-sdk/credential-providers/dist-cjs/index.js"(exports) {
    var { ProviderError, CredentialsProviderError, loadConfig: loadConfig2, NODE_REGION_CONFIG_FILE_OPTIONS: NODE_REGION_CONFIG_FILE_OPTIONS2 } = (init_config(), __toCommonJS(config_exports));
    var { normalizeProvider: normalizeProvider2 } = (init_dist_es(), __toCommonJS(dist_es_exports));
    var createCredentialChain = (...credentialProviders) => {
      let expireAfter = -1;
      const baseFunction = async (awsIdentityProperties) => {
        const credentials = await propertyProviderChain(...credentialProviders)(awsIdentityProperties);
        if (!credentials.expiration && expireAfter !== -1) {
          credentials.expiration = new Date(Date.now() + expireAfter);
        }
        return credentials;
      };
      const withOptions = Object.assign(baseFunction, {
        expireAfter(milliseconds) {
          if (milliseconds < 5 * 6e4) {
            throw new Error("@aws-sdk/credential-providers - createCredentialChain(...).expireAfter(ms) may not be called with a duration lower than five minutes.");
          }
          expireAfter = milliseconds;
          return withOptions;
        }
      });
      return withOptions;
    };
    var propertyProviderChain = (...providers) => async (awsIdentityProperties) => {
      if (providers.length === 0) {
        throw new ProviderError("No providers in chain", { tryNextLink: false });
      }
      let lastProviderError;
      for (const provider of providers) {
        try {
          return await provider(awsIdentityProperties);
        } catch (err) {
          lastProviderError = err;
          if (err?.tryNextLink) {
            continue;
          }
          throw err;
        }
      }
      throw lastProviderError;
    };
    var fromCognitoIdentity = (options) => {
      return async (args) => {
        const { fromCognitoIdentity: _fromCognitoIdentity } = require_dist_cjs11();
        return _fromCognitoIdentity(options)(args);
      };
    };
    var fromCognitoIdentityPool = (options) => {
      return async (args) => {
        const { fromCognitoIdentityPool: _fromCognitoIdentityPool } = require_dist_cjs11();
        return _fromCognitoIdentityPool(options)(args);
      };
    };
    var fromContainerMetadata = (init) => {
      return async (props) => {
        init?.logger?.debug("@smithy/credential-provider-imds", "fromContainerMetadata");
        const { fromContainerMetadata: _fromContainerMetadata } = require_dist_cjs2();
        return _fromContainerMetadata(init)();
      };
    };
    var fromEnv = (init) => {
      return async (args) => {
        const { fromEnv: _fromEnv } = require_dist_cjs3();
        return _fromEnv(init)(args);
      };
    };
    var fromHttp = (options = {}) => {
      return async (args) => {
        const { fromHttp: _fromHttp } = require_dist_cjs4();
        return _fromHttp(options)(args);
      };
    };
    var fromIni = (init = {}) => {
      return async (args) => {
        const { fromIni: _fromIni } = require_dist_cjs9();
        return _fromIni({ ...init })(args);
      };
    };
    var fromInstanceMetadata = (init) => {
      return async (props) => {
        init?.logger?.debug("@smithy/credential-provider-imds", "fromInstanceMetadata");
        const { setCredentialFeature } = (init_client2(), __toCommonJS(client_exports));
        const { fromInstanceMetadata: _fromInstanceMetadata } = require_dist_cjs2();
        return _fromInstanceMetadata(init)().then((creds) => setCredentialFeature(creds, "CREDENTIALS_IMDS", "0"));
      };
    };
    var fromLoginCredentials = (init) => {
      return async (args) => {
        const { fromLoginCredentials: _fromLoginCredentials } = require_dist_cjs5();
        return _fromLoginCredentials({ ...init })(args);
      };
    };
    var fromNodeProviderChain = (init = {}) => {
      let chain;
      return async (args) => {
        if (!chain) {
          const { defaultProvider } = require_dist_cjs10();
          chain = defaultProvider({ ...init });
        }
        return chain(args);
      };
    };
    var fromProcess = (init) => {
      return async (args) => {
        const { fromProcess: _fromProcess } = require_dist_cjs6();
        return _fromProcess(init)(args);
      };
    };
    var fromSSO = (init = {}) => {
      return async (args) => {
        const { fromSSO: _fromSSO } = require_dist_cjs7();
        return _fromSSO({ ...init })(args);
      };
    };
    var ASSUME_ROLE_DEFAULT_REGION = "us-east-1";
    var fromTemporaryCredentials$1 = (options, credentialDefaultProvider, regionProvider) => {
      let stsClient;
      return async (awsIdentityProperties = {}) => {
        const { callerClientConfig } = awsIdentityProperties;
        const profile = options.clientConfig?.profile ?? callerClientConfig?.profile;
        const logger = options.logger ?? callerClientConfig?.logger;
        logger?.debug("@aws-sdk/credential-providers - fromTemporaryCredentials (STS)");
        const params = { ...options.params, RoleSessionName: options.params.RoleSessionName ?? "aws-sdk-js-" + Date.now() };
        if (params?.SerialNumber) {
          if (!options.mfaCodeProvider) {
            throw new CredentialsProviderError(`Temporary credential requires multi-factor authentication, but no MFA code callback was provided.`, {
              tryNextLink: false,
              logger
            });
          }
          params.TokenCode = await options.mfaCodeProvider(params?.SerialNumber);
        }
        const { AssumeRoleCommand, STSClient } = require_loadSts_C4jOcYxJ();
        if (!stsClient) {
          const defaultCredentialsOrError = typeof credentialDefaultProvider === "function" ? credentialDefaultProvider() : void 0;
          const credentialSources = [
            options.masterCredentials,
            options.clientConfig?.credentials,
            void callerClientConfig?.credentials,
            callerClientConfig?.credentialDefaultProvider?.(),
            defaultCredentialsOrError
          ];
          let credentialSource = "STS client default credentials";
          if (credentialSources[0]) {
            credentialSource = "options.masterCredentials";
          } else if (credentialSources[1]) {
            credentialSource = "options.clientConfig.credentials";
          } else if (credentialSources[2]) {
            credentialSource = "caller client's credentials";
            throw new Error("fromTemporaryCredentials recursion in callerClientConfig.credentials");
          } else if (credentialSources[3]) {
            credentialSource = "caller client's credentialDefaultProvider";
          } else if (credentialSources[4]) {
            credentialSource = "AWS SDK default credentials";
          }
          const regionSources = [
            options.clientConfig?.region,
            callerClientConfig?.region,
            await regionProvider?.({
              profile
            }),
            ASSUME_ROLE_DEFAULT_REGION
          ];
          let regionSource = "default partition's default region";
          if (regionSources[0]) {
            regionSource = "options.clientConfig.region";
          } else if (regionSources[1]) {
            regionSource = "caller client's region";
          } else if (regionSources[2]) {
            regionSource = "file or env region";
          }
          const requestHandlerSources = [
            filterRequestHandler(options.clientConfig?.requestHandler),
            filterRequestHandler(callerClientConfig?.requestHandler)
          ];
          let requestHandlerSource = "STS default requestHandler";
          if (requestHandlerSources[0]) {
            requestHandlerSource = "options.clientConfig.requestHandler";
          } else if (requestHandlerSources[1]) {
            requestHandlerSource = "caller client's requestHandler";
          }
          logger?.debug?.(`@aws-sdk/credential-providers - fromTemporaryCredentials STS client init with ${regionSource}=${await normalizeProvider2(coalesce(regionSources))()}, ${credentialSource}, ${requestHandlerSource}.`);
          stsClient = new STSClient({
            userAgentAppId: callerClientConfig?.userAgentAppId,
            ...options.clientConfig,
            credentials: coalesce(credentialSources),
            logger,
            profile,
            region: coalesce(regionSources),
            requestHandler: coalesce(requestHandlerSources)
          });
        }
        if (options.clientPlugins) {
          for (const plugin of options.clientPlugins) {
            stsClient.middlewareStack.use(plugin);
          }
        }
        const { Credentials } = await stsClient.send(new AssumeRoleCommand(params));
        if (!Credentials || !Credentials.AccessKeyId || !Credentials.SecretAccessKey) {
          throw new CredentialsProviderError(`Invalid response from STS.assumeRole call with role ${params.RoleArn}`, {
            logger
          });
        }
        return {
          accessKeyId: Credentials.AccessKeyId,
          secretAccessKey: Credentials.SecretAccessKey,
          sessionToken: Credentials.SessionToken,
          expiration: Credentials.Expiration,
          credentialScope: Credentials.CredentialScope
        };
      };
    };
    var filterRequestHandler = (requestHandler) => {
      return requestHandler?.metadata?.handlerProtocol === "h2" ? void 0 : requestHandler;
    };
    var coalesce = (args) => {
      for (const item of args) {
        if (item !== void 0) {
          return item;
        }
      }
    };
    var fromTemporaryCredentials = (options) => {
      return fromTemporaryCredentials$1(options, fromNodeProviderChain, async ({ profile = process.env.AWS_PROFILE }) => loadConfig2({
        environmentVariableSelector: (env) => env.AWS_REGION,
        configFileSelector: (profileData) => {
          return profileData.region;
        },
        default: () => void 0
      }, { ...NODE_REGION_CONFIG_FILE_OPTIONS2, profile })());
    };
    var fromTokenFile = (init = {}) => {
      return async (args) => {
        const { fromTokenFile: _fromTokenFile } = require_dist_cjs8();
        return _fromTokenFile({ ...init })(args);
      };
    };
    var fromWebToken = (init) => {
      return async (args) => {
        const { fromWebToken: _fromWebToken } = require_dist_cjs8();
        return _fromWebToken({ ...init })(args);
      };
    };
    exports.createCredentialChain = createCredentialChain;
    exports.fromCognitoIdentity = fromCognitoIdentity;
    exports.fromCognitoIdentityPool = fromCognitoIdentityPool;
    exports.fromContainerMetadata = fromContainerMetadata;
    exports.fromEnv = fromEnv;
    exports.fromHttp = fromHttp;
    exports.fromIni = fromIni;
    exports.fromInstanceMetadata = fromInstanceMetadata;
    exports.fromLoginCredentials = fromLoginCredentials;
    exports.fromNodeProviderChain = fromNodeProviderChain;
    exports.fromProcess = fromProcess;
    exports.fromSSO = fromSSO;
    exports.fromTemporaryCredentials = fromTemporaryCredentials;
    exports.fromTokenFile = fromTokenFile;
    exports.fromWebToken = fromWebToken;
    exports.propertyProviderChain = propertyProviderChain;
  }
});
export default require_dist_cjs12();
