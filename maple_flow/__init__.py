"""maple_flow: write, check and repair launch scripts for distributed training on HPC clusters."""

__version__ = "0.1.0"

from maple_flow.generate import GenerateResult, generate, generate_from_spec
from maple_flow.models import JobSpec
from maple_flow.render import render

__all__ = ["GenerateResult", "JobSpec", "__version__", "generate", "generate_from_spec", "render"]
