"""A stand-in ``globus_compute_sdk.Executor``: the Globus Compute SDK boundary in tests.

The Globus Compute cloud cannot be reached from where maple_flow is developed and tested
(no network), so a real ``Executor`` can never get a task to an endpoint here. The stand-in
is a real subclass of the SDK's ``Executor`` (Parsl's GlobusComputeExecutor type-checks it)
that does what the cloud plus a remote endpoint worker would do to a task, in this process:
it serializes the function and its arguments with the SDK's own ``ComputeSerializer`` (so what
maple_flow ships must survive the trip), deserializes them and runs them on a thread pool.
Everything past that boundary (staging, submission, waiting, report parsing) runs for real.
"""

from __future__ import annotations

import concurrent.futures
from typing import Any


def _round_trip(fn: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    from globus_compute_sdk.serialize import ComputeSerializer

    serializer = ComputeSerializer()
    payload = serializer.pack_buffers([serializer.serialize(fn), serializer.serialize(args),
                                       serializer.serialize(kwargs)])
    fn2, args2, kwargs2 = (serializer.deserialize(b) for b in serializer.unpack_buffers(payload))
    return fn2(*args2, **kwargs2)


def make_stand_in(workers: int = 2) -> Any:
    """A ``globus_compute_sdk.Executor`` instance that runs tasks locally (see module doc)."""
    from globus_compute_sdk import Executor

    class LocalEndpointExecutor(Executor):  # type: ignore[misc]
        def __init__(self) -> None:  # no Client, no network
            self.resource_specification = None
            self.user_endpoint_config = None
            self.calls: list[str] = []
            self._pool = concurrent.futures.ThreadPoolExecutor(workers)

        def submit(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
            self.calls.append(getattr(fn, "__name__", str(fn)))
            return self._pool.submit(_round_trip, fn, args, kwargs)

        def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
            self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)

        def _get_result_watcher(self) -> Any:
            return self._pool

    return LocalEndpointExecutor()
