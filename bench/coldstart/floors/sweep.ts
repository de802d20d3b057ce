// The least the delivery sweep must load: the App's token and GitHub's REST client.
import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { createAppAuth } from "@octokit/auth-app";
import { Octokit } from "@octokit/rest";

export const handler = async () => [createAppAuth, Octokit, new SecretsManagerClient({})].length;
