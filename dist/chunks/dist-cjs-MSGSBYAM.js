import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);
import {
  require_dist_cjs
} from "./chunk-GPEHOJGG.js";
import "./chunk-U6TOKP37.js";
import "./chunk-WAR6A6MM.js";
export default require_dist_cjs();
