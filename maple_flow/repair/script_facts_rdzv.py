"""Script facts of session s38 (helper s38precC): where the rendezvous store of a job lives.

A job on one node whose launch names no rendezvous host (``torchrun --standalone``, or neither a
``MASTER_ADDR`` nor a ``--master_addr`` / ``--rdzv_endpoint`` option) serves its store on that
node: a store timeout there is not an address the script chose (pure functions of the parse)."""

from __future__ import annotations

from maple_flow.repair.script_facts_s37 import job_on_several_nodes
from maple_flow.scriptparse.facts import directive_size
from maple_flow.scriptparse.script import ParsedScript

#: Launcher options that name the rendezvous host.
_HOST_OPTIONS = ("--master_addr", "--master-addr", "--rdzv_endpoint", "--rdzv-endpoint",
                 "--main_process_ip", "--main-process-ip")


def names_rendezvous_host(p: ParsedScript) -> bool:
    """Whether the script chooses a rendezvous host: it sets MASTER_ADDR or a launch stage
    gives a host option."""
    if "MASTER_ADDR" in p.env or "MASTER_ADDR" in p.variables:
        return True
    return any(s.has(*_HOST_OPTIONS) for s in p.launch.stages)


def local_store_on_one_node(p: ParsedScript) -> bool:
    """Whether the job runs on one node by its own word (a node count of one, nothing on the
    launch line spanning more) and its store is the node's own: ``torchrun --standalone``, or
    no rendezvous host named anywhere in the script."""
    if directive_size(p)["nodes"] != 1 or job_on_several_nodes(p):
        return False
    if any(s.name == "torchrun" and s.has("--standalone") for s in p.launch.stages):
        return True
    return not names_rendezvous_host(p)
