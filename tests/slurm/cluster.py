#!/usr/bin/env python3
"""tests/slurm/cluster.py - a real single-node Slurm for the tests of `qpipe slurm`.

Brings up Debian's slurm-wlm and munge (scripts/deps.sh) without systemd, everything under
a temporary folder of its own: munged with a private key and socket, then slurmctld and
slurmd with a minimal slurm.conf (one node at 127.0.0.1, proctrack/linuxproc, task/none,
select/cons_tres, no accounting, SchedulerParameters=batch_sched_delay=0,sched_interval=1),
on two TCP ports found free. start() waits until the node is idle and the controller has
started its scheduler; stop() cancels every job, then stops the daemons by their pid files
(a zombie counts as stopped) and removes the folder. Clients (sbatch, scontrol, qpipe
slurm) find the cluster through the environment of env(): SLURM_CONF.

Needs root (slurmd runs jobs as their user, and SlurmUser is root) as CI has it.

    with Cluster() as c:                # or c = Cluster(); c.start(); ... c.stop()
        subprocess.run(["sbatch", ...], env=c.env())

Run alone (python3 tests/slurm/cluster.py) it starts, prints sinfo and stops.
Standard library only.
"""

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

DAEMONS = ("slurmd", "slurmctld", "munged")     # stopped in this order


def missing():
    """What this machine lacks to run the cluster ('' when nothing)."""
    need = ["munged", "slurmctld", "slurmd", "sbatch", "scontrol", "scancel"]
    lack = [t for t in need if not shutil.which(t) and not os.path.exists("/usr/sbin/" + t)]
    if lack:
        return "not installed: %s (sh scripts/deps.sh)" % " ".join(lack)
    if os.geteuid() != 0:
        return "needs root (slurmd runs the jobs as their user)"
    return ""


def free_ports(n):
    socks, ports = [], []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
        ports.append(s.getsockname()[1])
    for s in socks:
        s.close()
    return ports


def _tool(name):
    return shutil.which(name) or "/usr/sbin/" + name


def _alive(pid):
    """Is pid a live process (not gone, not a zombie)?"""
    try:
        with open("/proc/%d/stat" % pid) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


class Cluster:
    def __init__(self, cpus=None):
        self.dir = None
        self.cpus = cpus or max(2, os.cpu_count() or 2)

    def path(self, *names):
        return os.path.join(self.dir, *names)

    def env(self):
        e = dict(os.environ)
        e["SLURM_CONF"] = self.path("slurm.conf")
        return e

    def _config(self, ctld_port, slurmd_port):
        node = "qpipenode"
        host = socket.gethostname().split(".")[0]     # slurmctld runs where its host's name says
        text = """# written by tests/slurm/cluster.py
ClusterName=qpipetest
SlurmctldHost={host}(127.0.0.1)
SlurmctldPort={ctld}
SlurmdPort={slurmd}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={dir}/munge/munge.socket
StateSaveLocation={dir}/state
SlurmdSpoolDir={dir}/spool
SlurmctldPidFile={dir}/slurmctld.pid
SlurmdPidFile={dir}/slurmd.pid
SlurmctldLogFile={dir}/slurmctld.log
SlurmdLogFile={dir}/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0,sched_interval=1
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
MailProg=/bin/true
MinJobAge=600
PlugStackConfig={dir}/plugstack.conf
NodeName={node} NodeAddr=127.0.0.1 NodeHostname={node} CPUs={cpus} State=UNKNOWN
PartitionName=test Nodes={node} Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
""".format(node=node, host=host, ctld=ctld_port, slurmd=slurmd_port, dir=self.dir, cpus=self.cpus)
        with open(self.path("slurm.conf"), "w") as f:
            f.write(text)
        open(self.path("plugstack.conf"), "w").close()
        self.node = node

    def _munge(self):
        os.makedirs(self.path("munge"))
        os.chmod(self.path("munge"), 0o711)       # the socket reachable, the key not
        key = self.path("munge", "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(1024))
        os.chmod(key, 0o600)
        subprocess.run([_tool("munged"), "--socket=" + self.path("munge", "munge.socket"),
                        "--key-file=" + key, "--pid-file=" + self.path("munged.pid"),
                        "--log-file=" + self.path("munged.log"),
                        "--seed-file=" + self.path("munge", "munge.seed"), "--force"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=20)

    def _log(self, name):
        try:
            with open(self.path(name), errors="replace") as f:
                return f.read()[-1500:]
        except OSError:
            return ""

    def start(self, timeout=60):
        why = missing()
        if why:
            raise RuntimeError(why)
        self.dir = tempfile.mkdtemp(prefix="qpipe-slurm-")
        os.chmod(self.dir, 0o755)       # jobs of other users would need to read the config
        for d in ("state", "spool"):
            os.makedirs(self.path(d))
        try:
            self._munge()
            self._config(*free_ports(2))
            env = self.env()
            subprocess.run([_tool("slurmctld"), "-c", "-f", self.path("slurm.conf")], env=env, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=30)
            subprocess.run([_tool("slurmd"), "-N", self.node, "-f", self.path("slurm.conf")], env=env,
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=30)
            self._wait_ready(timeout)
        except BaseException:
            logs = "\n".join("--- %s\n%s" % (n, self._log(n)) for n in ("slurmctld.log", "slurmd.log", "munged.log"))
            self.stop()
            raise RuntimeError("the Slurm test cluster did not start:\n" + logs)
        return self

    def _wait_ready(self, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            p = subprocess.run(["scontrol", "-o", "show", "node", self.node], env=self.env(),
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=10)
            state = p.stdout.decode(errors="replace")
            idle = "State=IDLE" in state and "NOT_RESPONDING" not in state
            # the controller logs this once its scheduling loop runs
            sched = "sched: Backfill" in self._log("slurmctld.log") or "Running as primary controller" in \
                self._log("slurmctld.log")
            if idle and sched:
                return
            time.sleep(0.2)
        raise RuntimeError("node not idle after %d s: %s" % (timeout, state.strip()[:300]))

    def _pid(self, name):
        try:
            with open(self.path(name + ".pid")) as f:
                return int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def stop(self):
        if not self.dir:
            return
        if os.path.exists(self.path("slurm.conf")):
            subprocess.run(["scancel", "--full", "--partition=test"], env=self.env(), stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=20)
        for name in DAEMONS:
            pid = self._pid(name)
            if not pid or not _alive(pid):
                continue
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                continue
            end = time.monotonic() + 15
            while _alive(pid) and time.monotonic() < end:
                time.sleep(0.05)
            if _alive(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


if __name__ == "__main__":
    t0 = time.monotonic()
    with Cluster() as c:
        print("started in %.1f s" % (time.monotonic() - t0))
        print(subprocess.run(["sinfo"], env=c.env(), stdout=subprocess.PIPE).stdout.decode())
