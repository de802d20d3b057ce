import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);
import {
  child_process,
  crypto,
  fs,
  os,
  path,
  stream,
  util
} from "./chunk-AGMKINQS.js";
import "./chunk-WAR6A6MM.js";
export {
  child_process,
  crypto,
  fs,
  os,
  path,
  stream,
  util
};
