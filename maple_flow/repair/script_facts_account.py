"""Script facts about the account a job is charged to, read with the site's profile (pure; s38).

- :func:`account_required_unnamed`: the site charges every job to an account
  (``account.required`` of the profile) and the script names none - no account directive
  (``#SBATCH -A``/``--account``, ``#PBS -A``) and no ``SBATCH_ACCOUNT``/``SALLOC_ACCOUNT``/
  ``PBS_ACCOUNT`` the script sets. Slurm's association check then refuses the job with a
  policy or limit message that never mentions the account (LUMI, CSC: "Job violates
  accounting/QOS policy", ``AssocMaxSubmitJobLimit``).
"""

from __future__ import annotations

import re

from maple_flow.knowledge.directives import directives_once, last_value
from maple_flow.models import ClusterProfile

#: An environment variable the submit commands read the account from, set by the script.
_ACCOUNT_ENV = re.compile(r"(?m)^[ \t]*(?:export[ \t]+)?(?:SBATCH|SALLOC|SRUN|PBS)_ACCOUNT=\S")


def account_required_unnamed(script: str, profile: ClusterProfile | None) -> bool:
    """Whether ``profile``'s site requires an account and ``script`` names none (False
    without a profile: whether one is required is then unknown)."""
    if profile is None or not profile.account.required:
        return False
    named = last_value(directives_once(script, profile.scheduler), "account")
    return not named and not _ACCOUNT_ENV.search(script)
