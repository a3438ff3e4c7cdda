# The start-up suite's launcher (lib/run/shapes/process/launch.js): starts one command N times, one after
# another, each with posix_spawn and reaped with wait4, and prints one JSON line per start: its wall
# (perf_counter_ns around spawn → wait4), its user and sys CPU, peak RSS and page faults from wait4's
# rusage (the runtime and every process it waited for), its exit and what it printed.
#
# Why a launcher, not node's spawn() under GNU time: both add a fixed cost to every start (node
# forks a large process and learns of the exit through its event loop; GNU time is one more exec),
# about 3 ms against hyperfine's 0.8 ms for /usr/bin/true (docs/startup.md). This one is a small
# process that only spawns and waits, the way hyperfine does; it runs once per job, not per start.
#
#   python3 -I -S starts.py '{"bin": …, "args": […], "cwd": …, "starts": 12, "out": "<dir>"}'
#
# The environment is this process's own (the caller sets it). Stops after the first start that does
# not exit 0 (its line says how it ended); the caller judges every line, verify included.
import json
import os
import resource
import sys
import time

KEEP = 64 * 1024  # bytes of each stream kept per start: the tail, as parity keeps a job's output


def kib(maxrss):
    # macOS reports ru_maxrss in bytes, Linux in KiB.
    return maxrss // 1024 if sys.platform == 'darwin' else maxrss


def tail(path):
    with open(path, 'rb') as f:
        size = os.fstat(f.fileno()).st_size
        f.seek(max(0, size - KEEP))
        return f.read().decode('utf-8', 'replace')


def start(spec, out_path, err_path, null_fd):
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    out = os.open(out_path, flags, 0o600)
    err = os.open(err_path, flags, 0o600)
    actions = [
        (os.POSIX_SPAWN_DUP2, null_fd, 0),
        (os.POSIX_SPAWN_DUP2, out, 1),
        (os.POSIX_SPAWN_DUP2, err, 2),
    ]
    argv = [spec['bin'], *spec['args']]
    try:
        t0 = time.perf_counter_ns()
        pid = os.posix_spawn(spec['bin'], argv, os.environ, file_actions=actions)
        _, status, ru = os.wait4(pid, 0)
        t1 = time.perf_counter_ns()
    except OSError as e:
        return {'spawn_error': str(e)}
    finally:
        os.close(out)
        os.close(err)
    line = {
        'wall_ns': t1 - t0,
        'user_us': round(ru.ru_utime * 1e6),
        'sys_us': round(ru.ru_stime * 1e6),
        'maxrss_kib': kib(ru.ru_maxrss),
        # posix_spawn starts the child in this process's memory (vfork), and Linux keeps that memory's
        # peak as the child's ru_maxrss floor at exec: a start can read no less than this.
        'floor_kib': kib(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss),
        'minflt': ru.ru_minflt,
        'majflt': ru.ru_majflt,
        'exit': os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
        'signal': os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
    }
    line['stdout'] = tail(out_path)
    line['stderr'] = tail(err_path)
    return line


def main():
    spec = json.loads(sys.argv[1])
    os.chdir(spec['cwd'])
    out_path = os.path.join(spec['out'], '.parity-stdout')
    err_path = os.path.join(spec['out'], '.parity-stderr')
    null_fd = os.open(os.devnull, os.O_RDONLY)
    for _ in range(spec['starts']):
        line = start(spec, out_path, err_path, null_fd)
        sys.stdout.write(json.dumps(line) + '\n')
        sys.stdout.flush()
        if line.get('exit') != 0:
            break


main()
