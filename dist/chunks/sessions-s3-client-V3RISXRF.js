import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);
import {
  require_dist_cjs
} from "./chunk-AIH2BU7Y.js";
import "./chunk-HBPC2R4E.js";
import "./chunk-GPEHOJGG.js";
import "./chunk-DPW3YIMI.js";
import "./chunk-FQEOMBEB.js";
import "./chunk-U6TOKP37.js";
import {
  __toESM
} from "./chunk-WAR6A6MM.js";

// src/sessions/sessions-s3-client.ts
var import_client_s3 = __toESM(require_dist_cjs(), 1);
function sessionsS3Client(location) {
  return new import_client_s3.S3Client({
    ...location.region ? { region: location.region } : {},
    ...location.endpoint ? { endpoint: location.endpoint, forcePathStyle: true } : {}
  });
}
export {
  sessionsS3Client
};
