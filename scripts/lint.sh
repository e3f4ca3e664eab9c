#!/usr/bin/env bash
# `npm run lint`: ESLint on one core while Prettier, the import rules and the architecture's graphs
# are checked on the other; fails when any of them fails, after all have spoken.
set -u
cd "$(dirname "$0")/.."
bin=node_modules/.bin

"$bin/eslint" . &
eslint=$!

others=0
"$bin/prettier" --check --log-level warn . || others=1
"$bin/depcruise" src contract toolkit world sandbox emulator playground bench demo scripts sidebar test --config .dependency-cruiser.cjs || others=1
"$bin/tsx" scripts/architecture.ts --check || others=1

wait "$eslint" || { echo "eslint found problems"; exit 1; }
exit "$others"
