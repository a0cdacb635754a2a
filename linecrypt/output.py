# SPDX-License-Identifier: Apache-2.0
"""Where `--out` puts the bytes (the output rules of docs/cli.md).

- `-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: the bytes go to that open
  file descriptor (duplicated, so its offset and append flag are honoured and it is never
  truncated or replaced). This is what `--out >(cmd)` passes.
- A path that names something other than a regular file after following symlinks (a FIFO, a
  character device such as /dev/null): opened for writing and written through; no temporary file.
- A regular file, a symlink to one, or a new path: the bytes go to a temporary file in the
  directory of the final target, which is then renamed over the target. A symlink stays a
  symlink (its target is replaced). On every failure the temporary file is removed, so either
  the whole output is there or the target is untouched.
"""
from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
import sys
from typing import BinaryIO, Iterator

TMP_SUFFIX = ".linecrypt-tmp"

_FD_PATH = re.compile(r"/dev/fd/(\d+)|/proc/(self|\d+)/fd/(\d+)")
_STD_PATH = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}


class OutputError(Exception):
    """The output could not be written; the message names the path and the reason."""


def _fd_of(path: str) -> int | None:
    """The descriptor number a path such as /dev/fd/3 or /dev/stdout stands for, else None."""
    if path == "-":
        return 1
    if path in _STD_PATH:
        return _STD_PATH[path]
    m = _FD_PATH.fullmatch(path)
    if m is None or m.group(2) not in (None, "self", str(os.getpid())):
        return None
    return int(m.group(1) or m.group(3))


def _fail(path: str, e: OSError) -> OutputError:
    return OutputError(f"cannot write output file {path}: {e.strerror or e}")


@contextlib.contextmanager
def open_output(path: str) -> Iterator[BinaryIO]:
    """A binary file to write the whole output to; see the module docstring for what it is.

    For a regular file nothing is visible at ``path`` until the ``with`` block ends without an
    exception; an exception in the block (or a failed write, flush or rename) removes the
    temporary file. Raises OutputError for an OSError on the output side.
    """
    fd = _fd_of(path)
    if fd is not None:
        with _write_through_fd(path, fd) as f:
            yield f
        return
    try:
        st = os.stat(path)             # follows symlinks
    except FileNotFoundError:
        st = None                      # a new file (or a dangling symlink's target)
    except OSError as e:
        raise _fail(path, e) from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        try:
            f = open(path, "wb")
        except OSError as e:
            raise _fail(path, e) from None
        with f:
            yield f
            _flush(path, f)
        return
    with _atomic(path, st) as f:
        yield f


@contextlib.contextmanager
def _write_through_fd(path: str, fd: int) -> Iterator[BinaryIO]:
    for s in (sys.stdout, sys.stderr):
        if s is not None and fd == _fileno(s):
            s.flush()                  # keep order with anything Python already buffered
    try:
        f = os.fdopen(os.dup(fd), "wb")
    except OSError as e:
        raise _fail(path, e) from None
    with f:
        yield f
        _flush(path, f)


def _fileno(s) -> int | None:
    try:
        return s.fileno()
    except (OSError, ValueError, AttributeError):
        return None


def _flush(path: str, f: BinaryIO) -> None:
    try:
        f.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise _fail(path, e) from None


@contextlib.contextmanager
def _atomic(path: str, st: os.stat_result | None) -> Iterator[BinaryIO]:
    target = os.path.realpath(path)    # a symlink's final target is what gets replaced
    tdir, base = os.path.split(target)
    # a short random part: concurrent runs never share one; the name stays within NAME_MAX
    tmp = os.path.join(tdir, f".{base[:200]}.{secrets.token_hex(4)}{TMP_SUFFIX}")
    try:
        # O_EXCL: never write through somebody else's file or link; mode 0o666 less the umask,
        # as a plain open() would give a new file
        tfd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
    except OSError as e:
        raise _fail(path, e) from None
    f = os.fdopen(tfd, "wb")
    try:
        try:
            if st is not None:
                os.fchmod(tfd, stat.S_IMODE(st.st_mode))   # replacing a file keeps its mode
        except OSError as e:
            raise _fail(path, e) from None
        yield f                        # an exception in the caller's block lands here
        try:
            f.flush()
            os.fsync(tfd)
            f.close()
            os.replace(tmp, target)
        except OSError as e:
            raise _fail(path, e) from None
    except BaseException:
        with contextlib.suppress(OSError):
            f.close()
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_output(path: str, data: bytes) -> None:
    """Write ``data`` as the whole output named by ``path`` (see open_output)."""
    with open_output(path) as f:
        try:
            f.write(data)
        except BrokenPipeError:
            raise
        except OSError as e:
            raise _fail(path, e) from None
