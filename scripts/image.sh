#!/usr/bin/env bash
# Builds LootQueue's container image with podman, from Debian's packages alone, and tries it.
#
#   scripts/image.sh base    debian:trixie-slim made here (mmdebstrap), when podman has no such image
#   scripts/image.sh build   the image (localhost/lootqueue:latest, or $LQ_IMAGE) from the Dockerfile; more
#                            arguments go to podman build (CI: --layers=false, nothing to reuse later)
#   scripts/image.sh test    runs it on the embedded database and on PostgreSQL, signing up through it
#                            (e2e/image.journey.ts)
#   scripts/image.sh         all three
#
# Where an image registry is reachable, `podman build .` or `docker build .` builds the same Dockerfile from
# the registry's debian:trixie-slim; `base` is for machines that reach Debian's packages and no registry.
# Seen with Debian 12's podman 4.3 on a host with hybrid cgroups: crun refuses them, so runc runs the
# containers, and the ulimits are given explicitly: podman's defaults, and any nproc over 32768, exceed what
# such a host allows. Open files: the host's own limit (an event stream holds one each); processes: 4096,
# plenty for Node's few threads.
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${LQ_IMAGE:-localhost/lootqueue:latest}
BASE=docker.io/library/debian:trixie-slim
# What every podman build and run here passes: see above. Exported for the journey that runs the image.
export LQ_PODMAN_FLAGS="--runtime runc --ulimit nofile=$(ulimit -Hn):$(ulimit -Hn) --ulimit nproc=4096:4096"

timed() {
  local started=$SECONDS
  "$@"
  echo "image.sh: $1 took $((SECONDS - started)) s"
}

base() {
  if podman image exists "$BASE"; then
    echo "image.sh: $BASE is there already"
    return
  fi
  local tar
  tar=$(mktemp --suffix=.tar)
  # minbase: Essential and apt, as the official slim image; its documentation folders are left out too.
  mmdebstrap --variant=minbase --quiet \
    --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    trixie "$tar"
  podman import --change 'CMD ["bash"]' "$tar" "$BASE" >/dev/null
  rm -f "$tar"
  echo "image.sh: imported $BASE"
}

build() {
  # The host's npm cache, when there is one (CI's `npm install` has just filled it), is lent to the build's
  # RUN steps: `npm ci` then reads the packages from it instead of the registry. The image is the same; the
  # cache stays out of it.
  local cache=()
  [ -d "$HOME/.npm/_cacache" ] && cache=(--volume "$HOME/.npm:/root/.npm")
  # The certificate authorities the host's Node.js or npm trusts beyond their own (a proxy that re-signs TLS,
  # as on the project's machines), lent the same way, for the build's fetch of npm and of any package the
  # cache lacks.
  local authority=() ca_file=${NODE_EXTRA_CA_CERTS:-}
  [ -n "$ca_file" ] || ca_file=$(npm config get cafile 2>/dev/null || true)
  if [ -n "$ca_file" ] && [ -f "$ca_file" ]; then
    authority=(--volume "$ca_file:/run/host-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/host-ca.crt)
  fi
  # shellcheck disable=SC2086 # LQ_PODMAN_FLAGS is a list of flags
  # --format docker: the OCI format has no HEALTHCHECK.
  podman build --pull=never --network host --format docker $LQ_PODMAN_FLAGS "${cache[@]}" "${authority[@]}" "$@" --tag "$IMAGE" .
  podman image inspect --format 'image.sh: {{.Id}} {{.Size}} bytes' "$IMAGE"
}

test_image() {
  LQ_IMAGE=$IMAGE npx vitest run --config e2e/image.vitest.config.ts
}

command=${1:-all}
shift || true
case "$command" in
  base) timed base ;;
  build) timed build "$@" ;;
  test) timed test_image ;;
  all)
    timed base
    timed build
    timed test_image
    ;;
  *)
    echo "usage: scripts/image.sh [base|build|test|all]" >&2
    exit 2
    ;;
esac
