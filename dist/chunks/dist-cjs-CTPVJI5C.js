import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);
import {
  init_serde,
  serde_exports
} from "./chunk-U6TOKP37.js";
import {
  __commonJS,
  __toCommonJS
} from "./chunk-WAR6A6MM.js";

// node_modules/@smithy/hash-node/dist-cjs/index.js
var require_dist_cjs = __commonJS({
  "node_modules/@smithy/hash-node/dist-cjs/index.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.Hash = void 0;
    var serde_1 = (init_serde(), __toCommonJS(serde_exports));
    Object.defineProperty(exports, "Hash", { enumerable: true, get: function() {
      return serde_1.Hash;
    } });
  }
});
export default require_dist_cjs();
