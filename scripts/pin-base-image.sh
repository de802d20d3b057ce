#!/usr/bin/env bash
# Pins the worker image's base (ARG BASE_IMAGE in lambda/worker/Dockerfile) to the digest its tag
# points at now, keeping the tag in front for readers: public.ecr.aws/lambda/nodejs:24@sha256:<digest>.
# The digest is the multi-platform index, so the same pin serves x86_64 and arm64 builds.
# Needs registry access and one of: crane (go-containerregistry) or docker buildx.
#
#   scripts/pin-base-image.sh [image:tag] [Dockerfile]
#
# Defaults: the tag already in the Dockerfile, and lambda/worker/Dockerfile. Review the diff and
# commit it; `cdk synth`/`cdk deploy` refuse a base image that is not pinned by digest.
set -euo pipefail
cd "$(dirname "$0")/.."
dockerfile="${2:-lambda/worker/Dockerfile}"
current="$(sed -n 's/^ARG BASE_IMAGE=//p' "$dockerfile" | head -n1)"
if [ -z "$current" ]; then
  echo "no 'ARG BASE_IMAGE=' line in $dockerfile" >&2
  exit 1
fi
image="${1:-${current%%@*}}"
image="${image%%@*}"

if command -v crane >/dev/null; then
  digest="$(crane digest "$image")"
elif command -v docker >/dev/null && docker buildx version >/dev/null 2>&1; then
  digest="$(docker buildx imagetools inspect "$image" --format '{{json .Manifest}}' |
    node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s).digest))')"
else
  echo "needs crane or docker buildx to resolve the digest of $image" >&2
  exit 1
fi
if ! [[ "$digest" =~ ^sha256:[0-9a-f]{64}$ ]]; then
  echo "unexpected digest for $image: '$digest'" >&2
  exit 1
fi
pinned="$image@$digest"
tmp="$(mktemp)"
sed "s|^ARG BASE_IMAGE=.*|ARG BASE_IMAGE=$pinned|" "$dockerfile" >"$tmp"
cat "$tmp" >"$dockerfile"
rm -f "$tmp"
echo "$dockerfile: BASE_IMAGE=$pinned (resolved $(date -u +%Y-%m-%dT%H:%MZ))"
