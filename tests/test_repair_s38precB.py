"""Issue 17, s38precB: a taken port whose rendezvous is the program's own tcp:// init URL.

torch's tcp:// init method (``--dist-url tcp://127.0.0.1:23456``, a config's ``dist_url``)
never reads MASTER_PORT, so an exported MASTER_PORT cures nothing there:

- a URL on the launch line gets its port changed where it is written (a literal in place, a
  variable at its assignment);
- a log whose rendezvous is a tcp:// URL the script does not give (the traceback's
  ``_tcp_rendezvous_handler``, a printed ``Process group URL``) gets no port fix, nor does one
  whose printed URL port is none the script gives.
"""

from __future__ import annotations

from pathlib import Path

from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_url_port import set_url_port
from maple_flow.repair.script_port import port_in_log, program_url_elsewhere

BENCH = Path(__file__).resolve().parent.parent / "bench"
SINGLE = (BENCH / "reallogs" / "scripts" / "torchrun_single.sh").read_text(encoding="utf-8")
TORCHRUN = ("torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py "
            "--config configs/small.yaml")
TAKEN = "RuntimeError: Address already in use\n"
TCP_TRACE = ('  File "/opt/conda/lib/python3.6/site-packages/torch/distributed/rendezvous.py", '
             "line 95, in _tcp_rendezvous_handler\n"
             "    store = TCPStore(result.hostname, result.port, start_daemon)\n" + TAKEN)


def _script(line: str) -> str:
    assert TORCHRUN in SINGLE
    return SINGLE.replace(TORCHRUN, line)


def test_literal_url_port_is_set_in_place() -> None:
    script = _script('python3 main.py --dist-url "tcp://127.0.0.1:41947" --world-size 1')
    changed = set_url_port(script, "30509")
    assert changed is not None
    assert '--dist-url "tcp://127.0.0.1:30509"' in changed and "41947" not in changed


def test_url_port_variable_is_set_at_its_assignment() -> None:
    script = _script("PORT=23456\npython train_net.py --dist-url tcp://127.0.0.1:${PORT}")
    changed = set_url_port(script, "30509")
    assert changed is not None and "PORT=30509" in changed and "${PORT}" in changed


def test_url_reading_master_port_or_no_url_is_left_to_the_export() -> None:
    assert set_url_port(_script("python train.py --dist-url tcp://127.0.0.1:$MASTER_PORT"),
                        "30509") is None
    assert set_url_port(_script("python train.py --epochs 3"), "30509") is None


def test_url_already_at_the_new_port_gets_another() -> None:
    changed = set_url_port(_script("python main.py --dist-url tcp://127.0.0.1:30509"), "30509")
    assert changed is not None and "tcp://127.0.0.1:30509" not in changed


def test_log_port_of_a_printed_init_url() -> None:
    assert port_in_log("Process group URL: tcp://127.0.0.1:50152\n" + TAKEN) == "50152"
    assert port_in_log("Namespace(dist_url='tcp://127.0.0.1:50152', opts=['--dist-url', "
                       "'tcp://127.0.0.1:50001'])") == "50152"
    assert port_in_log(TAKEN) is None


def test_tcp_init_the_script_does_not_give_is_elsewhere() -> None:
    assert program_url_elsewhere(TCP_TRACE, _script("python -m multiproc train.py"))
    assert not program_url_elsewhere(
        TCP_TRACE, _script("python main.py --dist-url tcp://127.0.0.1:41947"))
    assert not program_url_elsewhere(TAKEN, _script("python -m multiproc train.py"))


def test_taken_url_port_gets_the_url_edited_not_master_port() -> None:
    script = _script('python3 main.py --dist-url "tcp://127.0.0.1:41947" --world-size 1')
    diff = _diff(diagnose_log(script, TAKEN, "delta", None, False))
    assert "tcp://127.0.0.1:30509" in diff
    assert "MASTER_PORT" not in diff


def test_program_own_tcp_url_gets_no_port_fix() -> None:
    script = _script("python3 -m multiproc train.py --output_directory=outdir")
    assert "MASTER_PORT" not in _diff(diagnose_log(script, TCP_TRACE, "delta", None, False))


def test_printed_url_port_the_script_does_not_give_gets_no_port_fix() -> None:
    script = _script("python tools/train_net.py --num-gpus 4 OUTPUT_DIR out "
                     "--dist-url tcp://127.0.0.1:50001")
    log = "Process group URL: tcp://127.0.0.1:50152\n" + TAKEN
    assert _diff(diagnose_log(script, log, "delta", None, False)) == ""


def test_env_rendezvous_keeps_the_launcher_port_fix() -> None:
    script = _script("python -m torch.distributed.launch --nproc_per_node=4 train.py")
    log = ('  File "x/rendezvous.py", line 172, in _env_rendezvous_handler\n'
           "    store = TCPStore(master_addr, master_port, world_size, start_daemon, timeout)\n"
           + TAKEN)
    assert "MASTER_PORT" in _diff(diagnose_log(script, log, "delta", None, False))


SRUN_SOCKET = ["srun: error: unable to initialize step context socket: Address already in use",
               "srun: error: Unable to create step for job 2539557: Address already in use",
               "srun: error: slurm_init_msg_engine_port error Address already in use"]


def test_srun_own_socket_taken_is_not_the_script() -> None:
    script = (BENCH / "reallogs28" / "scripts" / "srun_python.sh").read_text(encoding="utf-8")
    for line in SRUN_SOCKET:
        result = diagnose_log(script, line + "\n", "delta", None, False)
        assert _diff(result) == ""
        first = result["diagnoses"][0]  # type: ignore[index]
        assert first["record_id"] == "srun-own-socket-address-in-use"
        assert first["verdict"] == "not_script"


def test_privileged_port_gets_an_unprivileged_one() -> None:
    script = _script("deepspeed --master_port 520 train.py --ds_file ds.json")
    log = ("The server socket has failed to listen on any local network address. The server "
           "socket has failed to bind to [::]:520 (errno: 13 - Permission denied).\n")
    result = diagnose_log(script, log, "delta", None, False)
    assert result["diagnoses"][0]["record_id"] == "rendezvous-port-privileged"  # type: ignore[index]
    diff = _diff(result)
    port = int(diff.split("export MASTER_PORT=")[1].split()[0])
    assert 1024 <= port < 32768 and '--master_port "$MASTER_PORT"' in diff


def test_tcp_init_with_a_port_the_script_gives_keeps_the_port_fix() -> None:
    """Programs that build tcp://MASTER_ADDR:MASTER_PORT from the environment (Megatron):
    the script's MASTER_PORT or a launcher's reaches them."""
    sets_port = (BENCH / "reallogs28" / "scripts" / "srun_python.sh").read_text(encoding="utf-8")
    assert not program_url_elsewhere(TCP_TRACE, sets_port)
    assert not program_url_elsewhere(TCP_TRACE, _script("torchrun --nnodes=1 train.py"))
    assert "MASTER_PORT" in _diff(diagnose_log(sets_port, TCP_TRACE, "delta", None, False))


def test_step_wait_the_log_shows_ended_is_not_the_failure() -> None:
    script = (BENCH / "reallogs28" / "scripts" / "srun_python.sh").read_text(encoding="utf-8")
    wait = "srun: Job 77 step creation temporarily disabled, retrying (Requested nodes are busy)\n"
    created = "srun: Step created for StepId=77.1\n"
    assert _diff(diagnose_log(script, wait + created, "delta", None, False)) == ""
    assert "--overlap" in _diff(diagnose_log(script, wait, "delta", None, False))
    assert "--overlap" in _diff(diagnose_log(script, created + wait, "delta", None, False))
