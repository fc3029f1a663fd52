#!/bin/bash
#PBS -l select=2:ngpus=4
#PBS -l walltime=01:00:00
#PBS -A myproj
cd ${PBS_O_WORKDIR}
NP=$(wc -l < $PBS_NODEFILE)
cat > run.cfg <<END
steps: 10
END
mpiexec -n 8 --ppn 4 python train.py --config run.cfg --np $NP
status=$?
echo "done: $status" > status.txt
exit $status
