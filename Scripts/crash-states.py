#!/usr/bin/env python3
"""Crash-state simulator: every state a power loss may leave after each kind of write, and whether it recovers.

    python3 Scripts/crash-states.py [--binary .build/release/settings] [--kind KIND ...] [--max-states N]
                                    [--block 4096] [--without-fsync] [--keep DIR] [--verbose]

For each write kind (first set, set, multi-set, toggle, reset, load --replace, expand, the compiled cache
build, the etcd store's last-known-good copy) it runs the command once under `strace -f`, reads from the trace every call that changes the
file system under its scratch folder, and builds every state a crash at any point of the trace may leave
on disk under the model below. It writes each state into the scratch folder and runs the next commands on
it: a read (`dump`, `show` or `get`), which must give the value before the command or after it, never a
mix, an error or a lost file; for a store write, `history --json`, which must give the journal of that
same state (every store write appends to the store's journal, `<store>.journal`, before it replaces the
store: an entry whose store write never landed, or a torn line, must not show); then a further write,
which must succeed, leave the store as that value plus its own change, and leave no temporary file behind.

The model (after ALICE's abstract persistence model, Pillai et al., "All File Systems Are Not Created
Equal", OSDI 2014, and ext4's data=ordered guarantees, Documentation/admin-guide/ext4.rst), deliberately
weaker than ext4 so that a write path that holds here holds on ext4, XFS and btrfs:

- the calls are issued in the traced order, and a crash may come after any of them;
- a write that no later fsync of its file covers may be lost, kept, or kept in part: each block of
  BLOCK bytes (4096 by default, the page size) of it independently; a block lost past the end of the
  file leaves it shorter, one lost inside it leaves the old bytes (zeros in a hole);
- the operations on one folder's entries (create, link, unlink, rename, mkdir) persist in the order they
  were issued, but only up to the last fsync of that folder: any later prefix of them may persist;
  folders are independent of each other, and of file data (a rename may persist before the renamed
  file's data: ext4's "zero-length file" case, which only fsync before the rename rules out);
- a rename is atomic: the entry names the old file or the new one;
- fsync of a file makes its data durable; fsync of a folder makes its entries durable.

--without-fsync drops every fsync from the traces before the states are built, as if the writer never
called it: the checks must then fail (a store renamed into place before its data reached the disk), which
shows that they can.

etcd-copy traces the etcd store's last-known-good copy: it starts one etcd member (etcd must be installed;
the kind is skipped, saying so, when it is not), runs `set` against it, and reads each state with etcd
stopped, from the copy: the old copy's values, the new copy's, or, the copy being a cache that is not
flushed, none (the "unreachable" error a machine without a copy gets), never other values. The follow-up
write starts etcd again.

Exit status: 0 when every state recovers, 1 when one does not (each is listed), 2 on a setup error.
"""

import argparse
import hashlib
import itertools
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

KINDS = ["first-set", "set", "multi-set", "toggle", "reset", "load-replace", "expand", "cache-build", "etcd-copy"]

# ---------------------------------------------------------------------------------------------------
# The scenarios: how to prepare the scratch folder, the traced command, the check.

FOLLOW_UP = ["set", "analytics", "on"]


def scenario(kind):
    """(setup commands, the traced command, what the target is, whether the cache is on)."""
    if kind == "first-set":
        return [], ["set", "airplane", "on"], "store", False
    if kind == "set":
        return [["set", "airplane", "on"]], ["set", "hotspot", "off"], "store", False
    if kind == "multi-set":
        return [["set", "airplane", "on"]], ["set", "airplane=off", "dark-mode=on", "true-tone=off"], "store", False
    if kind == "toggle":
        return [["set", "airplane", "on"]], ["toggle", "dark-mode"], "store", False
    if kind == "reset":
        return [["set", "airplane=on", "dark-mode=on"]], ["reset", "airplane"], "store", False
    if kind == "load-replace":
        return ([["set", "hotspot=off", "true-tone=off"], ["@dump", "load.json"], ["reset", "--all"],
                 ["set", "airplane", "on"]], ["load", "@load.json", "--replace"], "store", False)
    if kind == "expand":
        return [["collapse", "network"]], ["expand", "display"], "view", False
    if kind == "cache-build":
        return [], ["get", "airplane"], "cache", True
    raise SystemExit(f"unknown kind {kind}")


class Sandbox:
    """A scratch folder (root, rewritten for every state) and a document beside it that never changes."""

    def __init__(self, base, binary):
        self.base = os.path.realpath(base)
        self.root = os.path.join(self.base, "root")
        self.binary = binary
        self.document = os.path.join(self.base, "doc", "accordion.json")
        os.makedirs(os.path.dirname(self.document), exist_ok=True)
        shutil.copyfile(os.path.join(os.path.dirname(__file__), "..", "Examples", "accordion.json"), self.document)
        old = time.time() - 3600  # older than the cache's 2 s "racy" window
        os.utime(self.document, (old, old))

    def env(self, cache):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "SETTINGS_"))}
        env.update({
            "HOME": os.path.join(self.root, "home"),
            "XDG_CONFIG_HOME": os.path.join(self.root, "config"),
            "XDG_DATA_HOME": os.path.join(self.root, "data"),
            "XDG_STATE_HOME": os.path.join(self.root, "state"),
            "XDG_CACHE_HOME": os.path.join(self.root, "cache"),
            "XDG_CONFIG_DIRS": os.path.join(self.base, "etc"),
            "SETTINGS_FILE": self.document,
            "SETTINGS_CACHE": "on" if cache else "off",
            "LANG": "C.UTF-8", "COLUMNS": "100", "NO_COLOR": "1",
        })
        return env

    def run(self, args, cache=False, prefix=()):
        args = [a.replace("@", self.base + "/", 1) if a.startswith("@") else a for a in args]
        return subprocess.run(list(prefix) + [self.binary] + args, env=self.env(cache), cwd=self.base,
                              capture_output=True, timeout=60)

    def reset(self):
        shutil.rmtree(self.root, ignore_errors=True)
        os.makedirs(os.path.join(self.root, "home"))


# ---------------------------------------------------------------------------------------------------
# Snapshots: the scratch folder as {path: None (a folder) or bytes}.

def snapshot(root):
    tree = {root: None}
    for folder, dirs, files in os.walk(root):
        for d in dirs:
            tree[os.path.join(folder, d)] = None
        for f in files:
            with open(os.path.join(folder, f), "rb") as handle:
                tree[os.path.join(folder, f)] = handle.read()
    return tree


def materialize(root, tree):
    shutil.rmtree(root, ignore_errors=True)
    for path in sorted(tree, key=lambda p: p.count("/")):
        if tree[path] is None:
            os.makedirs(path, exist_ok=True)
    for path, data in tree.items():
        if data is not None:
            with open(path, "wb") as handle:
                handle.write(data)


# ---------------------------------------------------------------------------------------------------
# The trace: strace -f -y -xx lines into file-system operations.

LINE = re.compile(r"^(\d+)\s+(.*)$")
CALL = re.compile(r"^([a-z0-9_]+)\((.*)\)\s+=\s+(-?\d+|\?)(.*)$")


def unescape(text):
    """A C string as strace -xx prints it ("\\x2f\\x74...") to bytes."""
    out = bytearray()
    i = 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            c = text[i + 1]
            if c == "x":
                out.append(int(text[i + 2:i + 4], 16))
                i += 4
                continue
            out.append({"n": 10, "t": 9, "r": 13, "v": 11, "f": 12, "\\": 92, '"': 34}.get(c, ord(c)))
            i += 2
            continue
        out.append(ord(text[i]))
        i += 1
    return bytes(out)


def split_args(text):
    args, depth, quote, current, i = [], 0, False, "", 0
    while i < len(text):
        c = text[i]
        if quote:
            current += c
            if c == "\\":
                current += text[i + 1]
                i += 1
            elif c == '"':
                quote = False
        elif c == '"':
            quote = True
            current += c
        elif c in "{[(<":
            depth += 1
            current += c
        elif c in "}])>":
            depth -= 1
            current += c
        elif c == "," and depth == 0:
            args.append(current.strip())
            current = ""
        else:
            current += c
        i += 1
    if current.strip():
        args.append(current.strip())
    return args


def fd_of(arg):
    """`3</path>` → (3, "/path"); `AT_FDCWD</cwd>` → ("cwd", "/cwd")."""
    m = re.match(r"^(AT_FDCWD|-?\d+)(?:<(.*?)>)?(?:\(deleted\))?$", arg, re.S)
    if not m:
        return None, None
    number, path = m.group(1), m.group(2)
    if path is not None:
        path = unescape(path).decode("utf-8", "surrogateescape")
    return ("cwd" if number == "AT_FDCWD" else int(number)), path


def string_of(arg):
    if arg.startswith('"'):
        end = arg.rfind('"')
        return unescape(arg[1:end]).decode("utf-8", "surrogateescape")
    return None


class Trace:
    """Replays the traced calls on a model of the folder and records the operations that change it."""

    def __init__(self, root, before):
        self.root = root
        self.ops = []
        self.names = {}  # live namespace: path → inode id
        self.kinds = {}  # inode id → "dir" | "file"
        self.content = {}  # inode id → bytes before the command (existing files)
        self.sizes = {}  # inode id → its length as the calls so far left it (where O_APPEND writes go)
        self.tables = {}  # pid → {fd: description}; a description is {"inode", "pos", "append"}
        self.pending_clone = {}  # pid → flags text of an unfinished clone
        self.unfinished = {}
        self.next_inode = 0
        for path, data in before.items():
            inode = self.new_inode("dir" if data is None else "file")
            self.names[path] = inode
            if data is not None:
                self.content[inode] = data
                self.sizes[inode] = len(data)
        self.pre_names = dict(self.names)

    def new_inode(self, kind):
        self.next_inode += 1
        self.kinds[self.next_inode] = kind
        return self.next_inode

    def inside(self, path):
        return path == self.root or path.startswith(self.root + "/")

    def table(self, pid):
        if pid not in self.tables:
            # A child whose clone has not returned yet in the trace: it starts from its parent's table.
            parent = next(iter(self.pending_clone), None)
            if parent is not None:
                flags = self.pending_clone[parent]
                self.tables[pid] = self.tables.setdefault(parent, {}) if "CLONE_FILES" in flags \
                    else dict(self.tables.setdefault(parent, {}))
            else:
                self.tables[pid] = {}
        return self.tables[pid]

    def resolve(self, pid, dirfd_arg, path):
        if path.startswith("/"):
            full = path
        else:
            _, base = fd_of(dirfd_arg)
            if base is None:
                return None
            full = os.path.join(base, path)
        full = os.path.normpath(full)
        if full.startswith("/proc/self/fd/"):
            description = self.table(pid).get(int(full.rsplit("/", 1)[1]))
            return ("inode", description["inode"]) if description else None
        return full

    def parse(self, text):
        for raw in text.splitlines():
            m = LINE.match(raw)
            if not m:
                continue
            pid, rest = int(m.group(1)), m.group(2)
            if rest.startswith(("+++", "---")):
                continue
            if rest.endswith("<unfinished ...>"):
                self.unfinished[pid] = rest[: -len("<unfinished ...>")].rstrip()
                name = rest.split("(", 1)[0]
                if name in ("clone", "clone3", "fork", "vfork"):
                    self.pending_clone[pid] = rest
                continue
            resumed = re.match(r"^<\.\.\. ([a-z0-9_]+) resumed>(.*)$", rest)
            if resumed:
                rest = self.unfinished.pop(pid, resumed.group(1) + "(") + resumed.group(2)
            call = CALL.match(rest)
            if not call:
                continue
            name, args, result = call.group(1), split_args(call.group(2)), call.group(3)
            if name in ("clone", "clone3", "fork", "vfork"):
                self.pending_clone.pop(pid, None)
                if result.isdigit():
                    child = int(result)
                    if child not in self.tables:
                        parent = self.tables.setdefault(pid, {})
                        self.tables[child] = parent if "CLONE_FILES" in call.group(2) else dict(parent)
                continue
            if result == "?" or result.startswith("-"):
                continue
            self.call(pid, name, args, int(result), call.group(4))

    def call(self, pid, name, args, result, annotation):
        table = self.table(pid)
        if name in ("open", "openat", "creat"):
            dirfd, path = ("AT_FDCWD", args[0]) if name != "openat" else (args[0], args[1])
            flags = args[1] if name == "open" else ("O_CREAT|O_WRONLY|O_TRUNC" if name == "creat" else args[2])
            full = self.resolve(pid, dirfd, string_of(path))
            if not isinstance(full, str) or not self.inside(full):
                table.pop(result, None)
                return
            if "O_TMPFILE" in flags:
                inode = self.new_inode("file")
            elif full in self.names:
                inode = self.names[full]
                if "O_TRUNC" in flags and self.kinds[inode] == "file":
                    self.ops.append(("trunc", inode, 0))
                    self.sizes[inode] = 0
            else:
                inode = self.new_inode("file")
                self.names[full] = inode
                self.ops.append(("link", os.path.dirname(full), os.path.basename(full), inode))
            table[result] = {"inode": inode, "pos": 0, "append": "O_APPEND" in flags}
        elif name in ("write", "pwrite64"):
            fd, _ = fd_of(args[0])
            description = table.get(fd)
            if description is None:
                return
            data = unescape(args[1][1: args[1].rfind('"')])[:result]
            inode = description["inode"]
            if name == "pwrite64":
                offset = int(args[3])
            elif description["append"]:
                # O_APPEND: each write goes at the file's end, wherever the position stood.
                offset = self.sizes.get(inode, 0)
                description["pos"] = offset + result
            else:
                offset = description["pos"]
                description["pos"] += result
            self.sizes[inode] = max(self.sizes.get(inode, 0), offset + result)
            self.ops.append(("data", inode, offset, data))
        elif name in ("fsync", "fdatasync"):
            fd, _ = fd_of(args[0])
            description = table.get(fd)
            if description is not None:
                self.ops.append(("sync", description["inode"]))
        elif name == "ftruncate":
            fd, _ = fd_of(args[0])
            description = table.get(fd)
            if description is not None:
                self.ops.append(("trunc", description["inode"], int(args[1])))
                self.sizes[description["inode"]] = int(args[1])
        elif name in ("close",):
            fd, _ = fd_of(args[0])
            table.pop(fd, None)
        elif name in ("dup", "dup2", "dup3", "fcntl"):
            fd, _ = fd_of(args[0])
            if name == "fcntl" and "F_DUPFD" not in args[1]:
                return
            if fd in table:
                table[result] = table[fd]
        elif name in ("mkdir", "mkdirat"):
            dirfd, path = ("AT_FDCWD", args[0]) if name == "mkdir" else (args[0], args[1])
            full = self.resolve(pid, dirfd, string_of(path))
            if isinstance(full, str) and self.inside(full):
                inode = self.new_inode("dir")
                self.names[full] = inode
                self.ops.append(("link", os.path.dirname(full), os.path.basename(full), inode))
        elif name in ("link", "linkat"):
            if name == "link":
                source, target = self.resolve(pid, "AT_FDCWD", string_of(args[0])), \
                    self.resolve(pid, "AT_FDCWD", string_of(args[1]))
            else:
                source = self.resolve(pid, args[0], string_of(args[1]))
                target = self.resolve(pid, args[2], string_of(args[3]))
            inode = source[1] if isinstance(source, tuple) else self.names.get(source)
            if inode is not None and isinstance(target, str) and self.inside(target):
                self.names[target] = inode
                self.ops.append(("link", os.path.dirname(target), os.path.basename(target), inode))
        elif name in ("unlink", "unlinkat", "rmdir"):
            dirfd, path = ("AT_FDCWD", args[0]) if name != "unlinkat" else (args[0], args[1])
            full = self.resolve(pid, dirfd, string_of(path))
            if isinstance(full, str) and self.inside(full) and full in self.names:
                del self.names[full]
                self.ops.append(("unlink", os.path.dirname(full), os.path.basename(full)))
        elif name in ("rename", "renameat", "renameat2"):
            if name == "rename":
                source = self.resolve(pid, "AT_FDCWD", string_of(args[0]))
                target = self.resolve(pid, "AT_FDCWD", string_of(args[1]))
            else:
                source = self.resolve(pid, args[0], string_of(args[1]))
                target = self.resolve(pid, args[2], string_of(args[3]))
            if isinstance(source, str) and self.inside(source) and source in self.names:
                if os.path.dirname(source) != os.path.dirname(target):
                    raise SystemExit(f"a rename across folders is not modelled: {source} → {target}")
                self.names[target] = self.names.pop(source)
                self.ops.append(("rename", os.path.dirname(source), os.path.basename(source),
                                 os.path.basename(target)))


# ---------------------------------------------------------------------------------------------------
# Crash states.

def crash_states(trace, before, block, limit):
    """Every distinct tree a crash may leave (up to `limit`), as (tree, description)."""
    ops = trace.ops
    pre_names = trace.pre_names
    pre_inodes = trace.content
    dir_path_of = {}
    for path, inode in trace.names.items():
        if trace.kinds[inode] == "dir":
            dir_path_of[inode] = path
    for path, inode in pre_names.items():
        if trace.kinds[inode] == "dir":
            dir_path_of[inode] = path
    # Folders created during the command: their inode ↔ path from the mkdir ops.
    for op in ops:
        if op[0] == "link" and trace.kinds[op[3]] == "dir":
            dir_path_of[op[3]] = os.path.join(op[1], op[2])

    seen = {}
    sampled = [False]
    for crash in range(len(ops) + 1):
        issued = ops[:crash]
        synced_dirs = {}
        synced_files = {}
        for index, op in enumerate(issued):
            if op[0] == "sync":
                if trace.kinds[op[1]] == "dir":
                    synced_dirs[dir_path_of.get(op[1])] = index
                else:
                    synced_files[op[1]] = index
        # Folder operations: per folder, the ones up to its last fsync, then any prefix of the rest.
        folder_ops = {}
        for index, op in enumerate(issued):
            if op[0] in ("link", "unlink", "rename"):
                folder_ops.setdefault(op[1], []).append(index)
        folder_choices = []
        for folder, indices in sorted(folder_ops.items()):
            forced = [i for i in indices if i < synced_dirs.get(folder, -1)]
            free = [i for i in indices if i not in forced]
            folder_choices.append([forced + free[:n] for n in range(len(free) + 1)])
        # File data: each block of a write no later fsync covers is kept or lost.
        pieces = []  # (op index, start, end) of free blocks
        for index, op in enumerate(issued):
            if op[0] == "data" and synced_files.get(op[1], -1) < index:
                offset, data = op[2], op[3]
                start = 0
                while start < len(data):
                    end = min(len(data), ((offset + start) // block + 1) * block - offset)
                    pieces.append((index, start, end))
                    start = end
            elif op[0] == "trunc" and synced_files.get(op[1], -1) < index:
                pieces.append((index, 0, 0))
        for folders in itertools.product(*folder_choices):
            kept_folder_ops = set(i for choice in folders for i in choice)
            # Only the blocks of files this state's folders still reach can make a difference.
            reachable = reachable_inodes(trace, issued, pre_names, kept_folder_ops)
            free = [piece for piece in pieces if issued[piece[0]][1] in reachable]
            for mask in masks(len(free)):
                kept = {}
                for (index, start, end), keep in zip(free, mask):
                    if keep:
                        kept.setdefault(index, []).append((start, end))
                tree = build(trace, issued, before, pre_names, pre_inodes, kept_folder_ops, kept, synced_files)
                key = hashlib.sha256(repr(sorted((p, d) for p, d in tree.items())).encode()).hexdigest()
                if key not in seen:
                    seen[key] = (tree, f"crash after call {crash} of {len(ops)}")
                    if len(seen) >= limit:
                        return list(seen.values()), True
                if len(free) > EXHAUSTIVE_BLOCKS:
                    sampled[0] = True
    return list(seen.values()), sampled[0]


EXHAUSTIVE_BLOCKS = 10


def masks(count):
    """Which free blocks are kept: every combination up to EXHAUSTIVE_BLOCKS blocks; beyond, all kept,
    none kept, every prefix kept (a torn append), every single block lost, and 200 random choices
    (a fixed seed, so runs repeat)."""
    if count <= EXHAUSTIVE_BLOCKS:
        yield from itertools.product((True, False), repeat=count)
        return
    yield (True,) * count
    for n in range(count):
        yield (True,) * n + (False,) * (count - n)
    for n in range(count):
        yield tuple(i != n for i in range(count))
    chooser = random.Random(count)
    for _ in range(200):
        yield tuple(chooser.random() < 0.5 for _ in range(count))


def reachable_inodes(trace, issued, pre_names, kept_folder_ops):
    names = dict(pre_names)
    for index, op in enumerate(issued):
        if index not in kept_folder_ops:
            continue
        if op[0] == "link":
            names[os.path.join(op[1], op[2])] = op[3]
        elif op[0] == "unlink":
            names.pop(os.path.join(op[1], op[2]), None)
        elif op[0] == "rename" and os.path.join(op[1], op[2]) in names:
            names[os.path.join(op[1], op[3])] = names.pop(os.path.join(op[1], op[2]))
    return set(names.values())


def build(trace, issued, before, pre_names, pre_inodes, kept_folder_ops, kept_data, synced_files):
    names = dict(pre_names)
    contents = {inode: bytearray(data) for inode, data in pre_inodes.items() if data is not None}
    for index, op in enumerate(issued):
        kind = op[0]
        if kind in ("link", "unlink", "rename"):
            if index not in kept_folder_ops:
                continue
            if kind == "link":
                names[os.path.join(op[1], op[2])] = op[3]
            elif kind == "unlink":
                names.pop(os.path.join(op[1], op[2]), None)
            else:
                source = os.path.join(op[1], op[2])
                if source in names:
                    names[os.path.join(op[1], op[3])] = names.pop(source)
        elif kind == "data":
            durable = synced_files.get(op[1], -1) > index
            ranges = [(0, len(op[3]))] if durable else kept_data.get(index, [])
            content = contents.setdefault(op[1], bytearray())
            for start, end in ranges:
                at = op[2] + start
                if len(content) < at:
                    content.extend(b"\0" * (at - len(content)))
                content[at: at + end - start] = op[3][start:end]
        elif kind == "trunc":
            durable = synced_files.get(op[1], -1) > index
            if durable or index in kept_data:
                content = contents.setdefault(op[1], bytearray())
                del content[op[2]:]
    tree = {}
    for path, inode in names.items():
        parent = os.path.dirname(path)
        # Reachable only through folders that exist in this state.
        if path != trace.root and (parent not in names or trace.kinds[names[parent]] != "dir"):
            continue
        tree[path] = None if trace.kinds[inode] == "dir" else bytes(contents.get(inode, b""))
    # A folder whose own entry was lost takes what is under it along.
    changed = True
    while changed:
        changed = False
        for path in list(tree):
            if path != trace.root and os.path.dirname(path) not in tree:
                del tree[path]
                changed = True
    return tree


# ---------------------------------------------------------------------------------------------------
# Checks.

TEMPORARY = re.compile(r"(^\..*\.tmp-\d+-[0-9a-fA-F]+$)|(\.\d+\.\d+\.tmp$)")


def leftovers(tree):
    return sorted(p for p in tree if tree[p] is not None and TEMPORARY.search(os.path.basename(p)))


def read_command(target):
    return {"store": ["dump"], "view": ["show"], "cache": ["get", "airplane"]}[target]


def follow_up(target):
    return {"store": FOLLOW_UP, "view": ["collapse", "privacy"], "cache": ["get", "hotspot"]}[target]


def history_command():
    return ["history", "--json"]


def outcome_of(box, target, cache, reads, afters, changed_paths, before, after, tree, histories=None):
    """'old', 'new', or a failure: 'mix', 'error', 'lost', 'follow-up failed', 'left behind',
    'journal disagrees' (the history a reader gets is not the one of the store's state)."""
    for path in changed_paths:
        old, new, now = before.get(path), after.get(path), tree.get(path)
        if target == "cache":
            continue  # a cache file may be anything: it is checked by what the commands answer
        if path.endswith(".journal"):
            continue  # an entry may be torn or not yet matched by the store: checked by `history` below
        if now != old and now != new:
            if now is None:
                return "lost", path
            return "mix", path
    materialize(box.root, tree)
    read = box.run(read_command(target), cache=cache)
    if read.returncode != 0 or read.stderr:
        return "error", (read.stdout + read.stderr).decode(errors="replace").strip()[:300]
    if read.stdout == reads["old"]:
        which = "old"
    elif read.stdout == reads["new"]:
        which = "new"
    else:
        return "mix", read.stdout.decode(errors="replace")[:300]
    if histories is not None:
        # The journal must agree with the store: the history of the old state or of the new one,
        # whichever the store holds (an entry whose write never landed, or a torn line, not shown).
        history = box.run(history_command(), cache=cache)
        if history.returncode != 0 or history.stderr or history.stdout != histories[which]:
            return "journal disagrees", (history.stdout + history.stderr).decode(errors="replace")[:300]
    more = box.run(follow_up(target), cache=cache)
    if more.returncode != 0 or more.stderr:
        return "follow-up failed", (more.stdout + more.stderr).decode(errors="replace").strip()[:300]
    again = box.run(read_command(target), cache=cache)
    if again.stdout != afters[which]:
        return "follow-up failed", again.stdout.decode(errors="replace")[:300]
    rest = leftovers(snapshot(box.root))
    if rest:
        return "left behind", ", ".join(os.path.relpath(p, box.root) for p in rest)
    if target == "cache":
        # The answer is the same with the old cache and the new; what counts is that it is right.
        return "right answer", None
    return which, None


def run_kind(box, kind, block, limit, verbose, without_fsync=False):
    setup, command, target, cache = scenario(kind)
    box.reset()
    if cache:
        # The cache is written only for a document whose change time is over 2 s old (its "racy" window).
        time.sleep(max(0.0, 2.5 - (time.time() - os.stat(box.document).st_ctime)))

    def prepare():
        box.reset()
        for step in setup:
            if step[0] == "@dump":
                out = box.run(["dump"])
                with open(os.path.join(box.base, step[1]), "wb") as handle:
                    handle.write(out.stdout)
                continue
            result = box.run(step)
            if result.returncode != 0:
                raise SystemExit(f"setup {step} failed: {result.stderr.decode()}")

    # The values to expect: what the read and the follow-up give before and after the command.
    prepare()
    reads, afters = {}, {}
    reads["old"] = box.run(read_command(target), cache=cache).stdout
    box.run(follow_up(target), cache=cache)
    afters["old"] = box.run(read_command(target), cache=cache).stdout
    prepare()
    # The states are built from this preparation's files (its journal's times are its own).
    before = snapshot(box.root)
    histories = {"old": box.run(history_command()).stdout} if target == "store" else None
    if histories is not None and snapshot(box.root) != before:
        raise SystemExit(f"{kind}: `history` changed the scratch folder")
    trace_file = os.path.join(box.base, f"{kind}.strace")
    traced = box.run(command, cache=cache, prefix=[
        "strace", "-f", "-qq", "-y", "-xx", "-s", "1048576", "-o", trace_file, "-e",
        "trace=open,openat,creat,write,pwrite64,fsync,fdatasync,ftruncate,close,dup,dup2,dup3,fcntl,"
        "mkdir,mkdirat,link,linkat,unlink,unlinkat,rmdir,rename,renameat,renameat2,clone,clone3,fork,vfork"])
    if traced.returncode != 0:
        raise SystemExit(f"{kind}: {command} failed under strace: {traced.stderr.decode()}")
    after = snapshot(box.root)
    reads["new"] = box.run(read_command(target), cache=cache).stdout
    if histories is not None:
        histories["new"] = box.run(history_command()).stdout
    box.run(follow_up(target), cache=cache)
    afters["new"] = box.run(read_command(target), cache=cache).stdout
    if reads["old"] == reads["new"] and target != "cache":
        raise SystemExit(f"{kind}: the command changed nothing the read shows")
    changed = sorted(p for p in set(before) | set(after)
                     if before.get(p) != after.get(p) and not p.endswith(".lock"))

    trace = Trace(box.root, before)
    with open(trace_file, encoding="utf-8", errors="surrogateescape") as handle:
        trace.parse(handle.read())
    if not any(op[0] in ("data", "rename") for op in trace.ops):
        raise SystemExit(f"{kind}: the trace of `{' '.join(command)}` holds no write under {box.root}")
    if without_fsync:
        trace.ops = [op for op in trace.ops if op[0] != "sync"]
    states, truncated = crash_states(trace, before, block, limit)
    counts = {}
    failures = []
    for tree, where in states:
        outcome, detail = outcome_of(box, target, cache, reads, afters, changed, before, after, tree, histories)
        counts[outcome] = counts.get(outcome, 0) + 1
        if outcome not in ("old", "new", "right answer"):
            failures.append((outcome, where, detail))
        if verbose:
            print(f"  {kind}: {where}: {outcome}" + (f" ({detail})" if detail else ""))
    calls = {}
    for op in trace.ops:
        calls[op[0]] = calls.get(op[0], 0) + 1
    return {"kind": kind, "command": " ".join(command), "ops": len(trace.ops), "calls": calls,
            "states": len(states), "truncated": truncated, "counts": counts, "failures": failures}


def free_port():
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Etcd:
    """One etcd member on loopback ports, its data outside the scratch folder."""

    def __init__(self, base):
        self.data = os.path.join(base, "etcd-data")
        self.client, self.peer = free_port(), free_port()
        self.process = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.client}"

    def start(self):
        import socket
        self.process = subprocess.Popen(
            ["etcd", "--name", "m", "--data-dir", self.data, "--listen-client-urls", self.url,
             "--advertise-client-urls", self.url, "--listen-peer-urls", f"http://127.0.0.1:{self.peer}",
             "--initial-advertise-peer-urls", f"http://127.0.0.1:{self.peer}",
             "--initial-cluster", f"m=http://127.0.0.1:{self.peer}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while time.time() < deadline:
            result = subprocess.run(["etcdctl", "--endpoints", self.url, "endpoint", "health"],
                                    capture_output=True)
            if result.returncode == 0:
                return
            time.sleep(0.1)
        raise SystemExit("etcd-copy: the etcd member did not start in 20 s")

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=20)
            self.process = None


def run_etcd_copy(box, block, limit, verbose, without_fsync=False):
    """The last-known-good copy: `set hotspot off` over etcd, each state read with etcd stopped."""
    etcd = Etcd(box.base)
    box.reset()
    shutil.rmtree(etcd.data, ignore_errors=True)
    prefix = ["--etcd", etcd.url]
    read = prefix + ["get", "hotspot"]
    command = prefix + ["set", "hotspot", "off"]
    etcd.start()
    try:
        for step in (prefix + ["set", "airplane", "on"], prefix + ["get", "airplane"]):
            result = box.run(step)
            if result.returncode != 0:
                raise SystemExit(f"etcd-copy: setup {step} failed: {result.stderr.decode()}")
        before = snapshot(box.root)
        trace_file = os.path.join(box.base, "etcd-copy.strace")
        traced = box.run(command, prefix=[
            "strace", "-f", "-qq", "-y", "-xx", "-s", "1048576", "-o", trace_file, "-e",
            "trace=open,openat,creat,write,pwrite64,fsync,fdatasync,ftruncate,close,dup,dup2,dup3,fcntl,"
            "mkdir,mkdirat,link,linkat,unlink,unlinkat,rmdir,rename,renameat,renameat2,clone,clone3,fork,vfork"])
        if traced.returncode != 0:
            raise SystemExit(f"etcd-copy: {command} failed under strace: {traced.stderr.decode()}")
        after = snapshot(box.root)
    finally:
        etcd.stop()
    copies = sorted(p for p in after if "/settings/etcd/" in p and p.endswith(".json") and after[p] is not None)
    if len(copies) != 1 or before.get(copies[0]) == after[copies[0]]:
        raise SystemExit(f"etcd-copy: expected one changed copy, found {copies}")
    copy = copies[0]

    def outcome(tree):
        materialize(box.root, tree)
        result = box.run(read)
        return (result.returncode, result.stdout, result.stderr)

    expected = {"old": outcome(before), "new": outcome(after),
                "no copy": outcome({p: d for p, d in before.items() if p != copy})}
    if len(set(expected.values())) != 3:
        raise SystemExit(f"etcd-copy: the old copy, the new one and none read alike: {expected}")
    trace = Trace(box.root, before)
    with open(trace_file, encoding="utf-8", errors="surrogateescape") as handle:
        trace.parse(handle.read())
    if not any(op[0] == "rename" for op in trace.ops):
        raise SystemExit(f"etcd-copy: the trace holds no rename under {box.root}")
    if without_fsync:
        trace.ops = [op for op in trace.ops if op[0] != "sync"]
    states, truncated = crash_states(trace, before, block, limit)
    counts, failures = {}, []
    # The follow-up needs etcd up (a second or two to start): states with the same files and the same
    # read (they differ only in a torn file's bytes) share one.
    follow_ups = {}
    for tree, where in states:
        got = outcome(tree)
        which = next((name for name, value in expected.items() if value == got), None)
        detail = None
        if which is None:
            which, detail = "wrong values", (got[1] + got[2]).decode(errors="replace")[:300]
        else:
            shape = (which, tuple(sorted(tree)))
            if shape not in follow_ups:
                # The follow-up write, with etcd up again: it succeeds and leaves no temporary file.
                etcd.start()
                try:
                    more = box.run(prefix + FOLLOW_UP)
                finally:
                    etcd.stop()
                rest = leftovers(snapshot(box.root))
                follow_ups[shape] = (None, None)
                if more.returncode != 0:
                    follow_ups[shape] = ("follow-up failed", more.stderr.decode(errors="replace")[:300])
                elif rest:
                    follow_ups[shape] = ("left behind", ", ".join(os.path.relpath(p, box.root) for p in rest))
            if follow_ups[shape][0]:
                which, detail = follow_ups[shape]
        counts[which] = counts.get(which, 0) + 1
        if which not in ("old", "new", "no copy"):
            failures.append((which, where, detail))
        if verbose:
            print(f"  etcd-copy: {where}: {which}" + (f" ({detail})" if detail else ""))
    calls = {}
    for op in trace.ops:
        calls[op[0]] = calls.get(op[0], 0) + 1
    return {"kind": "etcd-copy", "command": " ".join(["--etcd", "URL"] + command[2:]), "ops": len(trace.ops),
            "calls": calls, "states": len(states), "truncated": truncated, "counts": counts, "failures": failures}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/release/settings")
    parser.add_argument("--kind", action="append", choices=KINDS)
    parser.add_argument("--max-states", type=int, default=5000, help="per kind (default 5000)")
    parser.add_argument("--block", type=int, default=4096)
    parser.add_argument("--without-fsync", action="store_true", help="drop the traced fsyncs (shows the checks fail)")
    parser.add_argument("--keep", help="a folder to work in and keep (default: a temporary one, removed)")
    parser.add_argument("--verbose", action="store_true")
    options = parser.parse_args()
    if shutil.which("strace") is None:
        print("crash-states: strace is not installed (apt-get install strace)", file=sys.stderr)
        return 2
    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        print(f"crash-states: no binary at {binary} (swift build -c release)", file=sys.stderr)
        return 2
    base = options.keep or tempfile.mkdtemp(prefix="settings-crash-")
    os.makedirs(base, exist_ok=True)
    box = Sandbox(base, binary)
    status = 0
    try:
        print(f"model: ALICE-style abstract persistence (unsynced data lost, kept or kept in part per "
              f"{options.block}-byte block; folder entries persist in order up to the folder's last fsync; "
              f"rename atomic)", flush=True)
        for kind in options.kind or KINDS:
            if kind == "etcd-copy":
                if shutil.which("etcd") is None or shutil.which("etcdctl") is None:
                    print("etcd-copy     skipped: etcd and etcdctl are not installed (etcd-server, etcd-client)")
                    continue
                report = run_etcd_copy(box, options.block, options.max_states, options.verbose,
                                       options.without_fsync)
            else:
                report = run_kind(box, kind, options.block, options.max_states, options.verbose,
                                  options.without_fsync)
            summary = ", ".join(f"{n} {o}" for o, n in sorted(report["counts"].items()))
            calls = " ".join(f"{k}={v}" for k, v in sorted(report["calls"].items()))
            print(f"{kind:13} `settings {report['command']}`: {report['ops']} calls ({calls}), "
                  f"{report['states']} states{' (sampled)' if report['truncated'] else ''}: {summary}", flush=True)
            for outcome, where, detail in report["failures"][:10]:
                print(f"  FAIL {outcome}: {where}: {detail}")
            if report["failures"]:
                status = 1
    finally:
        if not options.keep:
            shutil.rmtree(base, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
