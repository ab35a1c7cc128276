#!/usr/bin/env bash
# Installs code-server (VS Code served to a browser) from npm into a cache folder, once.
#
# Why not a plain `npm install code-server`: as root its postinstall needs unsafe-perm; its
# native modules need Debian's -dev packages; and @vscode/ripgrep's postinstall downloads `rg`
# from GitHub, which CI cannot reach, after which npm rolls everything back.  So: install with
# scripts off, seed ripgrep's download cache with Debian's `rg` (same 13.0.0 release), then run
# the install scripts with `npm rebuild`.
#
# Usage: install-code-server.sh  -> prints the path of the code-server executable on stdout.
set -euo pipefail

VERSION="${CODE_SERVER_VERSION:-4.100.3}"  # the newest release that runs on Node 20
CACHE="${DOCREF_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/docref-e2e}"
DEST="$CACHE/code-server-$VERSION"
BIN="$DEST/node_modules/code-server/out/node/entry.js"

if [[ -f "$DEST/.complete" && -f "$BIN" ]]; then
  echo "$DEST/node_modules/.bin/code-server"
  exit 0
fi

node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [[ "$node_major" != 20 ]]; then
  echo "install-code-server: code-server $VERSION needs Node 20, this is Node $node_major" >&2
  exit 1
fi

missing=()
for pkg in chromium ripgrep libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "install-code-server: installing Debian packages: ${missing[*]}" >&2
  if [[ "$(id -u)" == 0 ]]; then SUDO=(); else SUDO=(sudo); fi
  "${SUDO[@]}" apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -q "${missing[@]}" >&2
fi
RG="$(command -v rg)"

rm -rf "$DEST"
mkdir -p "$DEST/tmp"
cd "$DEST"
echo '{"name":"docref-e2e-code-server","private":true}' > package.json
echo "install-code-server: npm install code-server@$VERSION (scripts off)" >&2
npm install --no-audit --no-fund --ignore-scripts --omit=dev "code-server@$VERSION" >&2

# the ripgrep version code-server's VS Code pins decides the cache folder name
RG_PKG="$(node -p 'require("./node_modules/code-server/lib/vscode/npm-shrinkwrap.json").packages["node_modules/@vscode/ripgrep"].version')"
SEED="$DEST/tmp/vscode-ripgrep-cache-$RG_PKG"
mkdir -p "$SEED/stage"
cp "$RG" "$SEED/stage/rg"
tar -C "$SEED/stage" -czf "$SEED/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" rg

echo "install-code-server: running install scripts (native modules build here, a few minutes)" >&2
# node-pty runs `npx node-gyp`, which a user npmrc with yes=false cancels
TMPDIR="$DEST/tmp" npm_config_unsafe_perm=true npm_config_yes=true npm rebuild --no-audit --no-fund >&2

test -x "$DEST/node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg"
rm -rf "$DEST/tmp"
touch "$DEST/.complete"
echo "$DEST/node_modules/.bin/code-server"
