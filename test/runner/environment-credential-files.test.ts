import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  credentialFilesNamedBy,
  environmentCredentialPaths,
} from "../../src/runner/isolation/environment-credential-files.js";
import { leaveOutNamedFiles } from "../../src/runner/isolation/workspace-credential-files.js";
import { makeTempDir } from "../harness/temp-dir.js";

describe("credentialFilesNamedBy: the credentials files the host's environment names", () => {
  it("reads the file variables, each entry of KUBECONFIG, and the directory variables, by real path", async () => {
    const root = await makeTempDir("env-credentials");
    const at = (name: string) => path.join(root, name);
    for (const file of ["gcp.json", "kube-a", "kube-b", "netrc", "real-gitconfig"])
      await writeFile(at(file), "x");
    await mkdir(at("docker"));
    await writeFile(at("docker/config.json"), "{}");
    await mkdir(at("gcloud"));
    await symlink(at("real-gitconfig"), at("gitconfig-link"));

    const found = await credentialFilesNamedBy({
      GOOGLE_APPLICATION_CREDENTIALS: at("gcp.json"),
      KUBECONFIG: [at("kube-a"), "relative/kube", at("missing"), at("kube-b")].join(path.delimiter),
      NETRC: at("netrc"),
      GIT_CONFIG_GLOBAL: at("gitconfig-link"),
      DOCKER_CONFIG: at("docker"),
      CLOUDSDK_CONFIG: at("gcloud"),
      // Names nothing to keep from anyone: a device, a directory where a file is meant, a relative path.
      PGPASSFILE: "/dev/null",
      BOTO_CONFIG: at("gcloud"),
      PIP_CONFIG_FILE: "pip.conf",
      UNRELATED: at("gcp.json"),
    });
    expect(found).toEqual(
      [
        at("docker/config.json"),
        at("gcloud"),
        at("gcp.json"),
        at("kube-a"),
        at("kube-b"),
        at("netrc"),
        at("real-gitconfig"),
      ].sort(),
    );
    expect(await environmentCredentialPaths({ NETRC: at("netrc") })).toEqual({
      paths: [at("netrc")],
      description: "1 credentials file the environment names",
    });
    expect(await environmentCredentialPaths({})).toBeUndefined();
  });
});

describe("leaveOutNamedFiles: the agent's copy without them", () => {
  it("removes from the copy those inside the checkout, and nothing else", async () => {
    const source = await makeTempDir("env-source");
    const copy = await makeTempDir("env-copy");
    const outside = await makeTempDir("env-outside");
    for (const dir of [source, copy]) {
      await mkdir(path.join(dir, "deploy"));
      await writeFile(path.join(dir, "deploy", "kubeconfig"), "token");
      await writeFile(path.join(dir, "README.md"), "readme");
    }
    await writeFile(path.join(outside, "kubeconfig"), "token");

    const left = await leaveOutNamedFiles(source, copy, [
      path.join(source, "deploy", "kubeconfig"),
      path.join(outside, "kubeconfig"),
      path.join(source, "not-copied"),
      source,
    ]);
    expect(left).toEqual([path.join("deploy", "kubeconfig")]);
    await expect(credentialFilesNamedBy({ NETRC: path.join(copy, "deploy", "kubeconfig") })).resolves.toEqual(
      [],
    );
    await expect(credentialFilesNamedBy({ NETRC: path.join(copy, "README.md") })).resolves.toHaveLength(1);
    await expect(
      credentialFilesNamedBy({ NETRC: path.join(source, "deploy", "kubeconfig") }),
    ).resolves.toHaveLength(1);
  });
});
