import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);
import {
  require_dist2 as require_dist
} from "./chunk-BOFEJNHV.js";
import "./chunk-WAR6A6MM.js";
export default require_dist();
