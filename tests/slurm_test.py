#!/usr/bin/env python3
"""slurm_test.py - simt-sweep's Slurm path against a real Slurm: starts
munged, slurmctld and slurmd on this machine (one node with its CPUs, every
state, spool, pid and log file in a scratch directory, ports found free),
submits a small sweep's job array with sbatch, waits for it, collects, and
checks the CSV equals the same sweep run locally (but for host_seconds).
Stops every daemon it started. Needs root (the daemons run as root and
munge) and Debian's slurm-wlm and munge (scripts/setup.sh with SIMT_SLURM=1).

usage: slurm_test.py SIMT_SIM SRCDIR
"""
import csv
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time

SIM, SRC = (os.path.abspath(a) for a in sys.argv[1:3])
SWEEP = os.path.join(SRC, "scripts", "simt-sweep")

GRID = """
[sweep]
configs = g80 h100
schedulers = lrr gto two_level

[workload vecadd]
file = workloads/vecadd.s
N = 1024 4096

[workload tiled_mm]
file = workloads/tiled_mm.s
M,N,K = 32
TILE = 32
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rows(path):
    with open(path) as f:
        return [{k: v for k, v in r.items() if k != "host_seconds"} for r in csv.DictReader(f)]


def wait_for(what, check, seconds):
    t0 = time.time()
    while time.time() - t0 < seconds:
        if check():
            return
        time.sleep(0.2)
    raise SystemExit(f"slurm_test: timed out waiting for {what}")


def main():
    if os.geteuid() != 0:
        sys.exit("slurm_test: needs root (it starts munged, slurmctld and slurmd)")
    for prog in ("munged", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo"):
        if not shutil.which(prog) and not os.path.exists("/usr/sbin/" + prog):
            sys.exit(f"slurm_test: {prog} not found (apt-get install slurm-wlm munge)")
    tmp = tempfile.mkdtemp(prefix="simt-slurm-")
    os.chmod(tmp, 0o755)
    started = []  # pid files of the daemons this test started
    try:
        # munged as the munge user, its socket and files in the scratch dir
        m = os.path.join(tmp, "munge")
        os.mkdir(m)
        os.chmod(m, 0o755)  # munged wants its socket directory searchable by all
        mu = pwd.getpwnam("munge")
        os.chown(m, mu.pw_uid, mu.pw_gid)
        sock = os.path.join(m, "munge.socket")
        subprocess.run(["runuser", "-u", "munge", "--", "/usr/sbin/munged", f"--socket={sock}",
                        f"--pid-file={m}/munged.pid", f"--log-file={m}/munged.log", f"--seed-file={m}/munged.seed"],
                       check=True, timeout=60)
        started.append(f"{m}/munged.pid")
        host = socket.gethostname().split(".")[0]
        conf = os.path.join(tmp, "slurm.conf")
        for d in ("state", "spool", "log"):
            os.mkdir(os.path.join(tmp, d))
        with open(conf, "w") as f:
            f.write(f"""ClusterName=simttest
SlurmctldHost={host}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket={sock}
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SchedulerType=sched/backfill
StateSaveLocation={tmp}/state
SlurmdSpoolDir={tmp}/spool
SlurmctldPidFile={tmp}/slurmctld.pid
SlurmdPidFile={tmp}/slurmd.pid
SlurmctldLogFile={tmp}/log/slurmctld.log
SlurmdLogFile={tmp}/log/slurmd.log
SlurmctldPort={free_port()}
SlurmdPort={free_port()}
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName={host} CPUs={os.cpu_count()} State=UNKNOWN
PartitionName=simt Nodes={host} Default=YES MaxTime=INFINITE State=UP
""")
        env = dict(os.environ, SLURM_CONF=conf)
        subprocess.run(["/usr/sbin/slurmctld", "-f", conf], env=env, check=True, timeout=60)
        started.append(f"{tmp}/slurmctld.pid")
        subprocess.run(["/usr/sbin/slurmd", "-f", conf], env=env, check=True, timeout=60)
        started.append(f"{tmp}/slurmd.pid")

        def idle():
            p = subprocess.run(["sinfo", "-h", "-o", "%t"], env=env, capture_output=True, text=True)
            return p.returncode == 0 and p.stdout.strip() == "idle"
        wait_for("the node to come up idle", idle, 120)
        print(f"slurm: slurmctld and slurmd up, node {host} idle")

        ini = os.path.join(tmp, "grid.ini")
        with open(ini, "w") as f:
            f.write(GRID)
        local, remote = os.path.join(tmp, "local"), os.path.join(tmp, "slurm")
        subprocess.run([SWEEP, "run", ini, "-o", local, "--sim", SIM], check=True, capture_output=True, timeout=1200)
        subprocess.run([SWEEP, "slurm", ini, "-o", remote, "--per-task", "4", "--sim", SIM], check=True,
                       capture_output=True, timeout=600)
        p = subprocess.run(["sbatch", "--parsable", os.path.join(remote, "sweep.sbatch")], env=env,
                           capture_output=True, text=True, timeout=60)
        assert p.returncode == 0, p.stderr
        job = p.stdout.strip().split(";")[0]

        def finished():
            q = subprocess.run(["squeue", "-h", "-j", job], env=env, capture_output=True, text=True)
            return q.returncode == 0 and not q.stdout.strip()
        wait_for(f"job {job}", finished, 1200)
        subprocess.run([SWEEP, "collect", remote], check=True, capture_output=True, timeout=600)
        a, b = rows(os.path.join(local, "results.csv")), rows(os.path.join(remote, "results.csv"))
        assert len(a) == 18 and a == b, (len(a), len(b))
        logs = [f for f in os.listdir(remote) if f.startswith(f"slurm-{job}_")]
        assert len(logs) == 5, logs  # 18 points, 4 per task: 5 array tasks ran
        print(f"slurm: job array {job} ran {len(logs)} tasks; its CSV equals the local run's ({len(a)} rows)")
    finally:
        for pidfile in reversed(started):
            try:
                with open(pidfile) as f:
                    pid = int(f.read().split()[0])
                os.kill(pid, 15)
                for _ in range(100):
                    os.kill(pid, 0)
                    time.sleep(0.1)
            except (OSError, ValueError):
                pass
        shutil.rmtree(tmp, ignore_errors=True)
    print("slurm: the daemons this test started are stopped")


if __name__ == "__main__":
    main()
