#!/bin/sh
# maple_flow twin: per-rank environment of a site launcher, then the rank's program.
style=$1; shift
case "$style" in
  pals)
    export PALS_RANKID="$SLURM_PROCID" PALS_LOCAL_RANKID="$SLURM_LOCALID" \
      PALS_NODEID="$SLURM_NODEID" PMI_RANK="$SLURM_PROCID" PMI_SIZE="$SLURM_NTASKS" \
      PMI_LOCAL_RANK="$SLURM_LOCALID" PMI_LOCAL_SIZE="${MAPLE_TWIN_PPN:-1}"
    for v in $(env | sed -n 's/^\(SLURM[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done
    export SLURM_CONF="${MAPLE_TWIN_NO_SLURM_CONF:-/dev/null}" ;;
  pmi)
    export PMI_RANK="$SLURM_PROCID" PMI_SIZE="$SLURM_NTASKS" MPI_LOCALRANKID="$SLURM_LOCALID" ;;
  ompi)
    export OMPI_COMM_WORLD_RANK="$SLURM_PROCID" OMPI_COMM_WORLD_SIZE="$SLURM_NTASKS" \
      OMPI_COMM_WORLD_LOCAL_RANK="$SLURM_LOCALID" OMPI_COMM_WORLD_NODE_RANK="$SLURM_NODEID" \
      OMPI_COMM_WORLD_LOCAL_SIZE="${MAPLE_TWIN_PPN:-${SLURM_NTASKS_PER_NODE:-1}}" ;;
esac
unset MAPLE_TWIN_PPN
exec "$@"
