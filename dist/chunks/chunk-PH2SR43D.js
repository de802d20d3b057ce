import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);
import {
  __commonJS
} from "./chunk-WAR6A6MM.js";

// scripts/node-http-builtin.cjs
var require_node_http_builtin = __commonJS({
  "scripts/node-http-builtin.cjs"(exports, module) {
    module.exports = process.getBuiltinModule("node:http");
  }
});

export {
  require_node_http_builtin
};
