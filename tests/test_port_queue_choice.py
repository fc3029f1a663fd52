"""port picks queues with the one chooser (knowledge.policy.choose_queue): never a queue that
is only given on request (issue 16: a 12-node Polaris job got `demand`, a 47-hour Perlmutter
job `premium`)."""

from __future__ import annotations

from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.policy import ResourceRequest
from maple_flow.knowledge.policy import choose_queue as policy_queue
from maple_flow.port.rules import choose_queue


def test_a_twelve_node_polaris_job_gets_the_queue_generate_would_pick() -> None:
    profile = get_profile("polaris")
    queue, seconds, note = choose_queue(profile, 12, 3600, 4)
    picked = policy_queue(ResourceRequest(nodes=12, gpus_per_node=4, walltime_s=3600), profile)
    assert picked.queue is not None and (queue, seconds, note) == (picked.queue.name, 3600, "")
    assert all(q.auto for q in profile.queues.items if q.name == queue)


def test_a_long_perlmutter_job_is_clamped_not_sent_to_a_by_request_queue() -> None:
    profile = get_profile("perlmutter")
    queue, seconds, note = choose_queue(profile, 2, 47 * 3600, 4)
    chosen = next(q for q in profile.queues.items if q.name == queue)
    assert chosen.auto and seconds == chosen.max_walltime_seconds < 47 * 3600
    assert "clamped" in note


def test_a_long_whole_node_job_is_clamped_to_a_queue_that_takes_its_gpus() -> None:
    # 1 node x 4 GPUs for 120 h on Perlmutter: shared (48 h) takes at most 2 GPUs, so the
    # clamp is regular's 24 h, not shared's 48 h (which then refused for a GPU count)
    profile = get_profile("perlmutter")
    queue, seconds, note = choose_queue(profile, 1, 120 * 3600, 4)
    assert (queue, seconds) == ("regular", 24 * 3600)
    assert "clamped to 24:00:00" in note and "premium (48:00:00)" in note
