"""`python -m maple_flow.cli ...` runs the `maple` command."""

from maple_flow.cli import main

main()
