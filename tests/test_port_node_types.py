"""A source that asks for a GPU model or GPU memory lands on the target's node type that has it
(profiles' node_types: Delta's gpuA40x4/gpuA100x8/gpuH200x8, Perlmutter's hbm80g nodes,
Lonestar6's gpu-h100, Stampede3's h100, Bridges-2's h100-80/l40s-48, Anvil's ai), when the job
fits its queues; else the port stays on the profile's nodes and says which nodes have the GPUs
and why they were not taken (bench/s20portfacts_probe; scripts written here, not copied)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from maple_flow import port
from maple_flow.knowledge.clusters import all_profiles, get_profile, on_node_type
from maple_flow.models import ClusterProfile
from maple_flow.yamlio import load_yaml


def _job(gpu_lines: str, nodes: int = 1, gpus: int = 4, launch: str = "") -> str:
    run = launch or (f"torchrun --nproc_per_node={gpus} train.py --bs 64" if nodes == 1 else
                     f"srun torchrun --nnodes={nodes} --nproc_per_node={gpus} "
                     "--rdzv_backend=c10d --rdzv_endpoint=$(hostname):29500 train.py --bs 64")
    return (f"#!/bin/bash\n#SBATCH -J llm\n#SBATCH --nodes={nodes}\n#SBATCH --ntasks-per-node=1\n"
            f"{gpu_lines}\n#SBATCH --time=04:00:00\n\nsource ~/venv/bin/activate\n{run}\n")


def _header(script: str) -> list[str]:
    return [x for x in script.splitlines() if x.startswith("#SBATCH")]


def test_an_80gb_constraint_lands_on_perlmutters_hbm80g_nodes() -> None:
    r = port(_job("#SBATCH --gres=gpu:4\n#SBATCH --constraint=a100_80"), "perlmutter")["perlmutter"]
    assert r.status == "generated", r.notes
    assert "#SBATCH -C gpu&hbm80g" in _header(r.script)
    assert any(n.startswith("GPU nodes:") and "hbm80g" in n for n in r.notes)
    assert not any("LESS" in n for n in r.notes)


def test_a_job_asking_no_gpu_type_stays_on_the_default_nodes() -> None:
    r = port(_job("#SBATCH --gres=gpu:4"), "perlmutter")["perlmutter"]
    assert "#SBATCH -C gpu" in _header(r.script)
    assert not any(n.startswith("GPU nodes:") for n in r.notes)


def test_delta_has_no_80gb_a100_so_the_h200_nodes_take_a_job_that_fits_them() -> None:
    r = port(_job("#SBATCH --gres=gpu:a100_80gb:4"), "delta")["delta"]
    assert r.status == "generated", r.notes
    assert "#SBATCH -p gpuH200x8" in _header(r.script)
    assert any("gpuH200x8" in n and "another model" in n for n in r.notes)


def test_eight_ranks_fit_one_h200_node() -> None:
    r = port(_job("#SBATCH --gres=gpu:a100_80gb:4", nodes=2), "delta")["delta"]
    head = _header(r.script)
    assert "#SBATCH -p gpuH200x8" in head and "#SBATCH -N 1" in head
    assert "#SBATCH --gpus-per-node=8" in head


def test_a_job_too_big_for_the_node_type_stays_and_the_note_says_why() -> None:
    r = port(_job("#SBATCH --gres=gpu:a100_80gb:4", nodes=3), "delta")["delta"]  # 12 GPUs
    assert "#SBATCH -p gpuA100x4" in _header(r.script)
    said = [n for n in r.notes if "gpuH200x8" in n]
    assert said and "at most 1 node(s) a job" in said[0] and "stays on" in said[0]
    assert any("LESS" in n for n in r.notes)  # and the smaller GPUs are named as such


def test_an_h100_job_lands_on_lonestar6s_gpu_h100_queue() -> None:
    r = port(_job("#SBATCH --partition=gpu-h100\n#SBATCH --gres=gpu:h100:1", gpus=1,
                  launch="python eval.py"), "lonestar6")["lonestar6"]
    assert r.status == "generated", r.notes
    assert "#SBATCH -p gpu-h100" in _header(r.script)
    assert "CUDA_VISIBLE_DEVICES=0" in r.script  # 1 of the node's 2 H100s


def test_four_h100s_do_not_fit_lonestar6s_two_gpu_h100_node() -> None:
    r = port(_job("#SBATCH --gres=gpu:h100:4"), "lonestar6")["lonestar6"]
    assert "#SBATCH -p gpu-a100" in _header(r.script)
    assert any("gpu-h100" in n and "at most 1 node(s) a job" in n for n in r.notes)


def test_a_cuda_job_naming_nvidia_gpus_lands_on_stampede3s_h100_nodes() -> None:
    r = port(_job("#SBATCH --gres=gpu:h100:4"), "stampede3")["stampede3"]
    assert r.status == "generated", r.notes
    assert "#SBATCH -p h100" in _header(r.script)
    assert "ZE_FLAT_DEVICE_HIERARCHY" not in r.script and "xpu" not in r.script.lower()
    assert "backend nccl" in r.script
    profile = get_profile("stampede3").on_node_type("h100")
    assert profile.gpu.device_api == "cuda" and profile.container is not None
    assert profile.container.gpu_flag == "--nv"


def test_the_closest_memory_that_is_enough_is_chosen_when_the_model_is_not_there() -> None:
    r = port(_job("#SBATCH --gres=gpu:a100:4"), "bridges2")["bridges2"]  # 40 GB at least
    assert "#SBATCH --gpus=l40s-48:4" in _header(r.script)
    r = port(_job("#SBATCH --gres=gpu:a100_80gb:4"), "bridges2")["bridges2"]
    assert "#SBATCH --gpus=h100-80:4" in _header(r.script)


def test_bridges2_types_the_gpus_of_its_h100_nodes_and_keeps_v100_jobs_on_v100s() -> None:
    r = port(_job("#SBATCH --gres=gpu:h100:2", gpus=2), "bridges2")["bridges2"]
    assert "#SBATCH --gpus=h100-80:2" in _header(r.script)
    r = port(_job("#SBATCH --gres=gpu:v100l:2", gpus=2), "bridges2")["bridges2"]
    assert "#SBATCH --gpus=v100-32:2" in _header(r.script)
    assert not any(n.startswith("GPU nodes:") for n in r.notes)


def test_anvils_ai_partition_takes_h100_jobs_with_its_own_account() -> None:
    r = port(_job("#SBATCH --gres=gpu:h100:4"), "anvil")["anvil"]
    head = _header(r.script)
    assert "#SBATCH -p ai" in head and "#SBATCH -A REPLACE_WITH_ANVIL_ALLOCATION-ai" in head
    assert any("-ai" in n and "account" in n for n in r.notes)


def test_a_pbs_gpu_model_request_is_read_too() -> None:
    src = ("#!/bin/bash\n#PBS -N t\n#PBS -l select=1:ncpus=16:ngpus=1:gpu_model=h100:mem=64gb\n"
           "#PBS -l walltime=02:00:00\ncd $PBS_O_WORKDIR\npython train.py\n")
    r = port(src, "lonestar6")["lonestar6"]
    assert "#SBATCH -p gpu-h100" in _header(r.script)


def test_a_queue_the_user_names_picks_its_node_type() -> None:
    r = port(_job("#SBATCH --gres=gpu:4"), "delta", queue="gpuA40x4")["delta"]
    assert "#SBATCH -p gpuA40x4" in _header(r.script)
    with on_node_type(get_profile("delta").on_node_type("gpuA40x4")):
        assert get_profile("delta").gpu.model == "A40"
    assert get_profile("delta").gpu.model == "A100-SXM4-40GB"  # outside the port: the default


def test_every_node_type_is_sourced_and_its_profile_is_consistent() -> None:
    for profile in all_profiles().values():
        for t in profile.node_types:
            seen = profile.on_node_type(t.id)
            assert seen.queues.default_queue.name in {q.name for q in t.queues.items}
            assert seen.gpu.per_node >= 1 and seen.gpu.sources
            groups = profile.fact_sources()
            assert f"node_types.{t.id}.gpu" in groups and f"node_types.{t.id}.queues" in groups


def test_a_node_type_citing_an_unknown_source_is_rejected() -> None:
    path = Path(__file__).resolve().parents[1] / "templates" / "clusters" / "lonestar6.yaml"
    data = load_yaml(path.read_text(encoding="utf-8"))
    data["node_types"][0]["gpu"]["sources"] = ["NO-SUCH-SOURCE"]
    with pytest.raises(ValidationError, match="NO-SUCH-SOURCE"):
        ClusterProfile.model_validate(data)


def test_documented_facts_of_the_tacc_profiles() -> None:
    s3 = get_profile("stampede3")
    assert s3.gpu.memory_gb == get_profile("aurora").gpu.memory_gb == 64  # one part, one size
    assert any("62 GB per tile" in d for d in s3.gpu.doubts)  # TACC's usable figure, noted
    h100 = s3.node_type("h100")
    assert h100 is not None and (h100.gpu.per_node, h100.gpu.memory_gb) == (4, 96)
    ls6 = get_profile("lonestar6")
    assert "3 SU" in (ls6.queues.get("gpu-a100").notes or "")
    gpu_h100 = ls6.node_type("gpu-h100")
    assert gpu_h100 is not None and gpu_h100.queues.default_queue.max_nodes == 1
    delta = get_profile("delta")
    assert {t.id for t in delta.node_types} == {"gpuA40x4", "gpuA100x8", "gpuH200x8"}
    assert delta.node_type("gpuA100x8").gpu.memory_gb == 40  # NCSA's table: 40 GB


def test_an_lsf_gpu_model_is_read_and_lands_on_the_80gb_nodes() -> None:
    src = ("#!/bin/bash\n#BSUB -J t\n#BSUB -nnodes 1\n#BSUB -W 60\n"
           '#BSUB -gpu "num=4:gmodel=NVIDIAA100_SXM4_80GB"\n'
           "jsrun -n 1 -g 4 python train.py\n")
    r = port(src, "perlmutter")["perlmutter"]
    assert "#SBATCH -C gpu&hbm80g" in _header(r.script), r.notes
