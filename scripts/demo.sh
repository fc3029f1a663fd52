#!/usr/bin/env bash
# The README's main job: install maple_flow, start the cluster twin, and port a working
# Perlmutter script to Polaris, Lonestar6 and Delta, each verified by running a mini-app
# through the ported script on that cluster's twin.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
.venv/bin/maple twin install
.venv/bin/maple twin up polaris lonestar6 delta
exec .venv/bin/maple port examples/perlmutter_vit_ddp.sbatch --to polaris,lonestar6,delta \
  --verify -o out/ported "$@"
