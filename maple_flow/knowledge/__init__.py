"""What maple_flow knows about the clusters: profiles, the template library, the site policy
and the scheduler directives, all read from the YAML under ``templates/``."""
