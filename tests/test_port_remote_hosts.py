"""Lines of a job that reach another machine (issue 14; bench/unseen31 ada-clone-scp-unzip-uv-venv,
bench/s30port_probe): an scp/rsync/sftp/ssh to a host, or curl/wget from the source centre's own
web hosts, is kept as the user wrote it and named in a note with what to do on the target.
Copies on the job's own machine, hosts held by variables (the job's nodes), the machine itself,
the target centre's own hosts and public web addresses are not named. Every fixture is our own
script shape."""

from __future__ import annotations

from maple_flow import port
from maple_flow.knowledge.clusters import get_profile
from maple_flow.port.remote_hosts import remote_hosts_note, remote_reaches

ONE_GPU = "#!/bin/bash\n#SBATCH -N 1 -n 1 --gres=gpu:1\n#SBATCH -t 02:00:00\n"


def _hosts(script: str, target: str = "delta", source: str | None = None) -> list[str]:
    src = get_profile(source) if source else None
    return [r.host for r in remote_reaches(script.split("\n"), get_profile(target), src)]


def test_copies_from_a_login_host_are_found_in_every_form() -> None:
    script = ONE_GPU + "\n".join([
        'scp -r "login.example.edu:/share1/$USER/data.zip" "$D/" || { echo failed; exit 1; }',
        "rsync -aP me@store.example.org:/share3/me/set /ssd/me/",
        "if scp -P 2222 -i ~/.ssh/k lab:~/ckpt.pt . ; then echo ok; fi",
        "rsync -av --exclude cache -e ssh dtn.example.org::data/ ./data/",
        "SRC=files.example.net",
        "rsync -a $SRC:/pub/x ./x",
        "python train.py",
    ])
    assert _hosts(script) == ["login.example.edu", "store.example.org", "lab",
                              "dtn.example.org", "files.example.net"]


def test_what_stays_on_the_machine_or_is_public_is_not_named() -> None:
    script = ONE_GPU + "\n".join([
        "rsync -a /home/me/data/ $TMPDIR/data/",
        "cp -r ~/data $TMPDIR",
        'echo "fetch it with scp login.example.edu:/x ."',
        "# scp login.example.edu:/x .",
        "ssh $node nvidia-smi",
        "ssh -p 2222 $HOST0 \"cd /x && python a.py\" &",
        "scp localhost:/tmp/a .",
        "curl -LsSf https://astral.sh/uv/install.sh | sh",
        "wget https://github.com/x/y/releases/download/v1/w.tar.gz",
        "python train.py",
    ])
    assert _hosts(script) == []


def test_a_host_of_the_targets_own_centre_is_not_named() -> None:
    script = ONE_GPU + "scp dtn01.nersc.gov:/global/cfs/x.tar .\npython train.py\n"
    assert _hosts(script, "perlmutter") == []
    assert _hosts(script, "polaris") == ["dtn01.nersc.gov"]


def test_a_web_host_of_the_source_centre_is_named_and_said_to_be_the_sources() -> None:
    script = ONE_GPU + "wget https://portal.nersc.gov/project/m1/data.tar\npython train.py\n"
    assert _hosts(script, "polaris") == []
    assert _hosts(script, "polaris", "perlmutter") == ["portal.nersc.gov"]
    note = remote_hosts_note(script.split("\n"), get_profile("polaris"), get_profile("perlmutter"))
    assert "nersc.gov), the site you port from" in note and "line 4 of your script" in note


def test_the_port_keeps_the_copy_and_names_it_in_a_note() -> None:
    script = ONE_GPU + ('mkdir -p /ssd/me\n'
                        'scp -r ada.example.ac.in:/share1/$USER/set.zip /ssd/me/\n'
                        'python train.py --data /ssd/me\n')
    r = port(script, "anvil")["anvil"]
    assert "scp -r ada.example.ac.in:/share1/$USER/set.zip /ssd/me/" in r.script
    named = [n for n in r.notes if "reaches other machines" in n]
    assert named and "`ada.example.ac.in`" in named[0] and "line 5 of your script" in named[0]
    assert "not a host of Anvil's centre" in named[0]


def test_a_short_host_name_is_said_to_resolve_only_at_the_source() -> None:
    script = ONE_GPU + "scp -r ada:/share1/me/set /scratch/me\npython train.py\n"
    note = remote_hosts_note(script.split("\n"), get_profile("bridges2"))
    assert "`ada`, a short host name" in note
