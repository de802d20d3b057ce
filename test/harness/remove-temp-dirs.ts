import { afterAll } from "vitest";
import { removeTempDirs } from "./temp-dir.js";

// A setup file of every test file (vitest.config.ts): what makeTempDir made goes once the file is done.
afterAll(removeTempDirs);
