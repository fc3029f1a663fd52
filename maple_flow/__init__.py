"""maple_flow: write, check and repair launch scripts for distributed training on HPC clusters."""

__version__ = "0.1.0"

from maple_flow.errors import MissingInformation
from maple_flow.extract import extract
from maple_flow.generate import GenerateResult, generate, generate_from_spec
from maple_flow.models import JobSpec
from maple_flow.port import PortResult, port
from maple_flow.render import render

__all__ = [
    "GenerateResult",
    "JobSpec",
    "MissingInformation",
    "PortResult",
    "__version__",
    "extract",
    "generate",
    "generate_from_spec",
    "port",
    "render",
]
