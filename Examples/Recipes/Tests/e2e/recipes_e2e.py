"""Helpers of the Recipes end-to-end scripts (recipes-stall.py, recipes-soak.py, recipes-web.py):
checks, clean-ups, a throwaway PostgreSQL cluster and `recipes serve`."""
import atexit
import glob
import os
import selectors
import shutil
import signal
import subprocess
import sys

# The DiffableWeb browser tests' helpers, which recipes-web.py uses too.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../Tests/e2e/web"))
from lib import free_port, stop_process  # noqa: E402

DATABASE = "recipes"  # the database a Cluster makes

# MARK: Checks

passed = 0
failed = 0


def check(name, condition, why=""):
    global passed, failed
    if condition:
        passed += 1
        print(f"PASS: {name}", flush=True)
    else:
        failed += 1
        print(f"FAIL: {name}" + (f": {why}" if why else ""), flush=True)
    return condition


def note(text):
    print(f"   {text}", flush=True)


def summary():
    """Prints "N passed, N failed"; returns the exit status."""
    print(f"{passed} passed, {failed} failed", flush=True)
    return 1 if failed else 0


def ensure_websockets():
    """The page clients use websockets' current API (13 or later), newer than Debian's."""
    try:
        import websockets
        if int(websockets.__version__.split(".")[0]) >= 13:
            return websockets
    except ImportError:
        pass
    install = [sys.executable, "-m", "pip", "install", "-q", "websockets>=13"]
    # A Debian Python refuses pip without the flag (PEP 668); run.sh's machines have a pip that takes it.
    if subprocess.run(install, stderr=subprocess.DEVNULL).returncode != 0:
        subprocess.run(install + ["--break-system-packages"], check=True)
    import importlib
    import websockets
    return importlib.reload(websockets)


# MARK: What a script starts, stopped on exit whatever happens

cleanups = []


def cleanup():
    """Runs the clean-ups, newest first; one that fails does not keep the others from running."""
    while cleanups:
        try:
            cleanups.pop()()
        except Exception as error:
            print(f"   cleanup: {error}", file=sys.stderr)


def clean_up_on_exit():
    """Runs the clean-ups at exit, and at once on SIGTERM (a CI time-out) or SIGINT, whatever the
    run waits for: a failure, then the summary."""
    atexit.register(cleanup)

    def stopped(number, _frame):
        check("the script ran to the end", False, f"stopped by signal {number}")
        cleanup()
        summary()
        os._exit(128 + number)
    signal.signal(signal.SIGTERM, stopped)
    signal.signal(signal.SIGINT, stopped)


class Cluster:
    """A throwaway PostgreSQL cluster with one database, `recipes`: initdb'd in `folder` (as the
    `postgres` user when root), wal_level = logical, on loopback with a password
    (scram-sha-256), its socket in the folder for psql (trusted), as
    Tests/DiffablePostgresTests/TestCluster.swift makes its own. `settings` are the server's
    further options (`{"max_connections": 300}`)."""

    def __init__(self, folder, password, settings=None):
        self.folder = folder
        self.bin = self.binaries()
        # PostgreSQL's programs refuse to run as root.
        self.as_server = ([shutil.which("runuser") or "/usr/sbin/runuser", "-u", "postgres", "--"]
                          if os.getuid() == 0 else [])
        os.makedirs(folder)
        os.chmod(os.path.dirname(folder), 0o711)  # the postgres user reaches its folder,
        os.chmod(folder, 0o777)  # and writes its data and socket there
        password_file = os.path.join(folder, "password")
        with open(password_file, "w") as file:
            file.write(password)
        os.chmod(password_file, 0o644)
        self.data = os.path.join(folder, "data")
        self.log = os.path.join(folder, "postgres.log")
        self.run(["initdb", "-D", self.data, "-U", "postgres", "--auth-local=trust",
                  "--auth-host=scram-sha-256", f"--pwfile={password_file}", "--no-sync"])
        cleanups.append(self.stop)
        further = "".join(f" -c {name}={value}" for name, value in (settings or {}).items())
        for _ in range(5):  # a port taken between free_port() and the start: another one
            self.port = free_port()
            options = (f"-c wal_level=logical -c listen_addresses=127.0.0.1 -p {self.port} -k {folder} "
                       f"-c fsync=off{further}")
            # With its log named: the server started without one would hold pg_ctl's output open.
            started = self.run(["pg_ctl", "-D", self.data, "-l", self.log, "-w", "-o", options, "start"],
                               check=False)
            if started.returncode == 0:
                break
        else:
            raise RuntimeError(f"PostgreSQL did not start: {started.stdout}{started.stderr} {self.log_tail()}")
        self.psql("postgres", f"CREATE DATABASE {DATABASE}")
        self.url = f"postgres://postgres:{password}@127.0.0.1:{self.port}/{DATABASE}"

    @staticmethod
    def binaries():
        """Debian's newest PostgreSQL."""
        found = glob.glob("/usr/lib/postgresql/*/bin/initdb")
        if not found:
            raise RuntimeError("no PostgreSQL server programs in /usr/lib/postgresql: "
                               "apt-get install postgresql-15")
        newest = max(found, key=lambda path: [int(part) for part in path.split("/")[4].split(".")])
        return os.path.dirname(newest)

    def run(self, arguments, check=True):
        """One of the server's programs, as the user the server runs as."""
        result = subprocess.run(self.as_server + [f"{self.bin}/{arguments[0]}", *arguments[1:]],
                                capture_output=True, text=True, timeout=120)
        if check and result.returncode != 0:
            raise RuntimeError(f"{arguments[0]} failed: {result.stdout}{result.stderr}")
        return result

    def psql_command(self, database=DATABASE):
        """psql through the folder's socket (trusted), stopping at an error; add `-c SQL`."""
        return [f"{self.bin}/psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-F", "\x1f", "-R", "\x1e",
                "-h", self.folder, "-p", str(self.port), "-U", "postgres", "-d", database]

    def psql(self, database, sql):
        """Runs SQL (one transaction); returns its rows as lists of fields."""
        result = subprocess.run(self.psql_command(database) + ["-c", sql], capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"psql failed: {result.stderr.strip()} in {sql[:200]}")
        return rows_of(result.stdout)

    def processes(self):
        """The postmaster and every process it started (what `pgrep -P` lists, read from /proc,
        which a fresh machine has even without procps)."""
        with open(os.path.join(self.data, "postmaster.pid")) as file:
            postmaster = int(file.readline())
        children = []
        for stat in glob.glob("/proc/[0-9]*/stat"):
            try:
                with open(stat) as file:
                    # The parent's id follows the command's name, which may hold spaces.
                    fields = file.read().rsplit(")", 1)[1].split()
            except OSError:
                continue  # ended meanwhile
            if int(fields[1]) == postmaster:
                children.append(int(stat.split("/")[2]))
        return [postmaster] + children

    def signal(self, number):
        for pid in self.processes():
            try:
                os.kill(pid, number)
            except ProcessLookupError:
                pass  # a backend that ended meanwhile

    def restart(self):
        return self.run(["pg_ctl", "-D", self.data, "-l", self.log, "-m", "fast", "-w", "restart"], check=False)

    def stop(self):
        if os.path.exists(os.path.join(self.data, "postmaster.pid")):
            self.signal(signal.SIGCONT)  # a stopped server cannot stop
            self.run(["pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop"], check=False)

    def log_tail(self):
        try:
            with open(self.log) as file:
                return " | ".join(file.read().splitlines()[-5:])
        except OSError:
            return ""


def rows_of(output):
    """psql's unaligned rows (fields split by \\x1f, records by \\x1e; the last ends in a newline)."""
    return [record.strip("\n").split("\x1f") for record in output.split("\x1e") if record.strip("\n")]


class Server:
    """`recipes serve` on a database, in a process of its own, its log in a file in `folder` (a
    pipe nobody reads would fill). `store` is the command line's database options:
    `["--database", PATH]` or `["--postgres", URL]`; `namespace` runs the server on another host,
    serving at `host`."""

    def __init__(self, binary, store, folder, namespace=None, host=None):
        self.binary, self.store, self.folder = binary, store, folder
        self.port = free_port()
        self.prefix = ["ip", "netns", "exec", namespace] if namespace else []
        self.host = ["--host", host] if host else []
        self.starts = 0
        cleanups.append(self.stop)
        self.start()

    def start(self):
        """Starts the server (again after a stop or a kill, on its port), with a log of its own."""
        self.starts += 1
        self.log = open(os.path.join(self.folder, f"server-{self.port}-{self.starts}.log"), "w")
        self.process = subprocess.Popen(
            self.prefix + [self.binary, *self.store, "serve", "--port", str(self.port), *self.host],
            stdout=subprocess.PIPE, stderr=self.log, text=True)
        # The database is made and seeded first: a minute at most, not forever.
        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            line = self.process.stdout.readline() if selector.select(timeout=60) else ""
        if "Serving" not in line:
            raise RuntimeError(f"the server did not start: {line!r} {self.log_text()}")
        self.url = line.split(" at ", 1)[1].strip()

    def kill(self):
        """SIGKILL: no chance to drop its replication slot or to close its pages' connections."""
        self.process.kill()
        self.process.wait()
        self.log.close()

    def stop(self):
        stop_process(self.process)
        self.log.close()

    def alive(self):
        return self.process.poll() is None

    def log_text(self):
        with open(self.log.name) as log:
            return log.read()[-2000:]

    def rss_kib(self):
        """Its resident memory, or None once it has ended."""
        try:
            with open(f"/proc/{self.process.pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None
