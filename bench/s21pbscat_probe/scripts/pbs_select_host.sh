#!/bin/bash
# PBS Pro job pinned to one host (nextflow-io/nextflow#911 shape: qsub -l select=... -l host=...).
#PBS -N TEST3
#PBS -l select=1:ncpus=1:mem=1mb
#PBS -l walltime=1:00:00
#PBS -l host=hpcnode001
cd ${PBS_O_WORKDIR}
sleep 30
