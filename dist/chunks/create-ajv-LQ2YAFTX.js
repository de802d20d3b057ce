import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);
import {
  createAjv
} from "./chunk-WK3ONETB.js";
import "./chunk-WAR6A6MM.js";
export {
  createAjv
};
