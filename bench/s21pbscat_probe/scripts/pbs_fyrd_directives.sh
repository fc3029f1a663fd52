#!/bin/bash
# Job script written by a workflow tool with resource lines missing their -l (MikeDacre/fyrd#62).
#PBS -l nodes=1:ppn=1
#PBS mem=4000MB
#PBS -q myqueue
#PBS -e /home/icooke/ls.0.1493c48f.cluster.err
#PBS -o /home/icooke/ls.0.1493c48f.cluster.out
#PBS walltime=04:00:00
mkdir -p $LOCAL_SCRATCH > /dev/null 2>/dev/null
cd /home/icooke
ls .
