// wasi.js - the WASI preview1 imports that our WebAssembly modules need, with
// an in-memory file system, for node, a Web Worker and a page alike (no
// node-only API: performance, crypto.getRandomValues, TextEncoder/Decoder).
//
//   import { Wasi, MemFS } from './wasi.js';
//   const wasi = new Wasi({
//     args: ['awale-lab', 'perft', '8'],   // argv (argv[0] included)
//     env: { LANG: 'C' },                   // environment
//     stdout: (text) => ...,                // each chunk written to fd 1 (default:
//     stderr: (text) => ...,                //   console.log / console.error by line)
//     stdin: 'text' or Uint8Array,          // what fd 0 reads (default: nothing)
//     fs: new MemFS(),                      // the file system (default: a new one)
//     files: { '/tables/x': Uint8Array },   // files to put in it first
//   });
//   const { instance } = await WebAssembly.instantiate(bytes,
//       { wasi_snapshot_preview1: wasi.imports });
//   const status = wasi.start(instance);    // a command: runs _start, returns the exit
//                                           // status (proc_exit or 0)
//   wasi.initialize(instance);              // a reactor: runs _initialize once; then call
//                                           // instance.exports.* (a proc_exit inside
//                                           // one throws a WasiExit with .code)
//
// The file system: one preopened directory "/" (fd 3) under which the C
// library's unchanged file code works (open, read, write, lseek, pread,
// ftruncate, fstat, stat, rename, unlink, mkdir, rmdir, opendir/readdir, and
// wasi-libc's mmap emulation, which reads). From JavaScript:
//   fs.readFile(path) -> Uint8Array | null     fs.writeFile(path, bytes|string)
//   fs.list(dir) -> [{name, type: 'file'|'dir', size}]   fs.mkdir(path) (with parents)
//   fs.stat(path) -> {type, size, mtime} | null   fs.remove(path) (recursive)
//   fs.files(dir) -> [path, ...] every file under dir (to save them elsewhere)
// A MemFS can be shared by several Wasi objects of the same thread (one module
// instance after another).
//
// Not there: sockets, symbolic and hard links, threads; poll_oneoff answers clock
// subscriptions at once (a sleep returns immediately: the engine never sleeps).

const E = {
  SUCCESS: 0, BADF: 8, EXIST: 20, FAULT: 21, INVAL: 28, IO: 29, ISDIR: 31,
  NAMETOOLONG: 37, NOENT: 44, NOSYS: 52, NOTDIR: 54, NOTEMPTY: 55, NOTSUP: 58,
  PERM: 63, SPIPE: 70, NOTCAPABLE: 76,
};
const FT = { UNKNOWN: 0, CHAR: 2, DIR: 3, FILE: 4 };
const O = { CREAT: 1, DIRECTORY: 2, EXCL: 4, TRUNC: 8 };
const FDFLAG_APPEND = 1;
const RIGHTS_ALL = (1n << 30n) - 1n;

/** Thrown by proc_exit: the module asked to stop with this status. */
export class WasiExit extends Error {
  constructor(code) {
    super(`exit ${code}`);
    this.code = code;
  }
}

let nextIno = 1;
const now = () => BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6));

function dirNode() {
  const t = now();
  return { type: 'dir', entries: new Map(), ino: nextIno++, mtim: t };
}
function fileNode(bytes) {
  const data = bytes ? new Uint8Array(bytes) : new Uint8Array(0);
  return { type: 'file', data, size: data.length, ino: nextIno++, mtim: now() };
}

/** A file system in memory: directories are maps, files growable byte arrays. */
export class MemFS {
  constructor() {
    this.root = dirNode();
  }

  // The parts of a path (absolute, or relative to the root), '.' and '..'
  // resolved without leaving the root.
  static parts(path) {
    const out = [];
    for (const p of String(path).split('/')) {
      if (p === '' || p === '.') continue;
      if (p === '..') out.pop();
      else out.push(p);
    }
    return out;
  }

  // { node } or { errno }, from a directory node and a relative path.
  lookup(path, from = this.root) {
    let node = from;
    for (const p of MemFS.parts(path)) {
      if (node.type !== 'dir') return { errno: E.NOTDIR };
      node = node.entries.get(p);
      if (!node) return { errno: E.NOENT };
    }
    return { node };
  }

  // { dir, name } for the last part of a path, or { errno }.
  parent(path, from = this.root) {
    const parts = MemFS.parts(path);
    const name = parts.pop();
    if (name === undefined) return { errno: E.INVAL };
    let dir = from;
    for (const p of parts) {
      dir = dir.entries.get(p);
      if (!dir) return { errno: E.NOENT };
      if (dir.type !== 'dir') return { errno: E.NOTDIR };
    }
    if (dir.type !== 'dir') return { errno: E.NOTDIR };
    return { dir, name };
  }

  mkdir(path) {
    let dir = this.root;
    for (const p of MemFS.parts(path)) {
      let next = dir.entries.get(p);
      if (!next) {
        next = dirNode();
        dir.entries.set(p, next);
      } else if (next.type !== 'dir') {
        throw new Error(`${path}: not a directory`);
      }
      dir = next;
    }
  }

  writeFile(path, bytes) {
    const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
    const parts = MemFS.parts(path);
    if (!parts.length) throw new Error(`${path}: not a file name`);
    this.mkdir(parts.slice(0, -1).join('/'));
    const { dir, name } = this.parent(path);
    const old = dir.entries.get(name);
    if (old && old.type === 'dir') throw new Error(`${path}: is a directory`);
    dir.entries.set(name, fileNode(data));
  }

  readFile(path) {
    const { node } = this.lookup(path);
    return node && node.type === 'file' ? node.data.slice(0, node.size) : null;
  }

  stat(path) {
    const { node } = this.lookup(path);
    if (!node) return null;
    const mtime = Number(node.mtim / 1000000n); // milliseconds since 1970
    return { type: node.type, size: node.type === 'file' ? node.size : 0, mtime };
  }

  list(path = '/') {
    const { node } = this.lookup(path);
    if (!node || node.type !== 'dir') return [];
    return [...node.entries].map(([name, n]) => ({
      name, type: n.type, size: n.type === 'file' ? n.size : 0,
    }));
  }

  files(path = '/') {
    const out = [];
    const walk = (dir, prefix) => {
      for (const [name, n] of dir.entries) {
        const p = `${prefix}/${name}`;
        if (n.type === 'dir') walk(n, p);
        else out.push(p);
      }
    };
    const { node } = this.lookup(path);
    if (node && node.type === 'dir') walk(node, '/' + MemFS.parts(path).join('/'));
    return out.map((p) => p.replace(/^\/\//, '/'));
  }

  remove(path) {
    const r = this.parent(path);
    if (r.errno) return false;
    return r.dir.entries.delete(r.name);
  }
}

// Grow a file's array to hold at least `size` bytes (doubling, so that
// writing a file piece by piece stays linear).
function reserve(node, size) {
  if (size <= node.data.length) return;
  let cap = Math.max(node.data.length * 2, 4096);
  while (cap < size) cap *= 2;
  const grown = new Uint8Array(cap);
  grown.set(node.data.subarray(0, node.size));
  node.data = grown;
}

function resize(node, size) {
  if (size > node.size) {
    reserve(node, size);
    node.data.fill(0, node.size, size);
  }
  node.size = size;
  node.mtim = now();
}

function lineWriter(log) {
  let pending = '';
  const write = (text) => {
    pending += text;
    let nl;
    while ((nl = pending.indexOf('\n')) >= 0) {
      log(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
    }
  };
  write.flush = () => {
    if (pending) log(pending);
    pending = '';
  };
  return write;
}

export class Wasi {
  constructor(options = {}) {
    this.args = (options.args || ['wasm']).map(String);
    const env = options.env || {};
    this.env = Object.entries(env).map(([k, v]) => `${k}=${v}`);
    this.fs = options.fs || new MemFS();
    for (const [path, bytes] of Object.entries(options.files || {})) this.fs.writeFile(path, bytes);
    this.out = options.stdout || lineWriter((s) => console.log(s));
    this.err = options.stderr || lineWriter((s) => console.error(s));
    const stdin = options.stdin || new Uint8Array(0);
    this.stdin = typeof stdin === 'string' ? new TextEncoder().encode(stdin) : stdin;
    this.stdinPos = 0;
    this.decoders = [new TextDecoder(), new TextDecoder()];
    this.memory = null;
    // Open files: fd -> { node, pos, append, preopen }.
    this.fds = new Map();
    this.fds.set(0, { stdio: 0 });
    this.fds.set(1, { stdio: 1 });
    this.fds.set(2, { stdio: 2 });
    this.fds.set(3, { node: this.fs.root, pos: 0, preopen: '/' });
    this.nextFd = 4;
    this.imports = this.makeImports();
  }

  /** Runs a command module (_start); returns its exit status. */
  start(instance) {
    this.memory = instance.exports.memory;
    try {
      instance.exports._start();
      return 0;
    } catch (e) {
      if (e instanceof WasiExit) return e.code;
      throw e;
    } finally {
      this.flush();
    }
  }

  /** Prepares a reactor module (_initialize, when it has one). */
  initialize(instance) {
    this.memory = instance.exports.memory;
    if (instance.exports._initialize) instance.exports._initialize();
  }

  /** Writes out the last unfinished line of the default stdout/stderr. */
  flush() {
    for (const w of [this.out, this.err]) if (typeof w.flush === 'function') w.flush();
  }

  view() {
    return new DataView(this.memory.buffer);
  }
  bytes(ptr, len) {
    return new Uint8Array(this.memory.buffer, ptr, len);
  }
  string(ptr, len) {
    return new TextDecoder().decode(this.bytes(ptr, len));
  }
  // The iovecs at iovs: [{ptr, len}].
  iovecs(iovs, count) {
    const v = this.view();
    const out = [];
    for (let i = 0; i < count; i++) {
      out.push({ ptr: v.getUint32(iovs + 8 * i, true), len: v.getUint32(iovs + 8 * i + 4, true) });
    }
    return out;
  }
  // A directory fd and a path under it: { node } / { errno } of lookup.
  dirOf(fd) {
    const f = this.fds.get(fd);
    if (!f) return { errno: E.BADF };
    if (!f.node || f.node.type !== 'dir') return { errno: E.NOTDIR };
    return { dir: f.node };
  }
  writeFilestat(ptr, node) {
    const v = this.view();
    for (let i = 0; i < 64; i += 8) v.setBigUint64(ptr + i, 0n, true);
    v.setBigUint64(ptr + 8, BigInt(node.ino), true);
    v.setUint8(ptr + 16, node.type === 'dir' ? FT.DIR : FT.FILE);
    v.setBigUint64(ptr + 24, 1n, true);
    v.setBigUint64(ptr + 32, BigInt(node.type === 'file' ? node.size : 4096), true);
    v.setBigUint64(ptr + 40, node.mtim, true);
    v.setBigUint64(ptr + 48, node.mtim, true);
    v.setBigUint64(ptr + 56, node.mtim, true);
  }

  readInto(f, iovs, count, at) {
    let pos = at;
    let total = 0;
    for (const { ptr, len } of this.iovecs(iovs, count)) {
      const n = Math.max(0, Math.min(len, f.node.size - pos));
      if (n > 0) this.bytes(ptr, n).set(f.node.data.subarray(pos, pos + n));
      pos += n;
      total += n;
      if (n < len) break;
    }
    return total;
  }

  writeFrom(f, iovs, count, at) {
    const list = this.iovecs(iovs, count);
    const total = list.reduce((s, x) => s + x.len, 0);
    const node = f.node;
    if (at + total > node.size) {
      reserve(node, at + total);
      if (at > node.size) node.data.fill(0, node.size, at);
      node.size = at + total;
    }
    let pos = at;
    for (const { ptr, len } of list) {
      node.data.set(this.bytes(ptr, len), pos);
      pos += len;
    }
    node.mtim = now();
    return total;
  }

  makeImports() {
    const self = this;
    const nosys = () => E.NOSYS;
    const strings = (list) => list.map((s) => new TextEncoder().encode(s + '\0'));
    const sizes = (list, countPtr, sizePtr) => {
      const enc = strings(list);
      const v = self.view();
      v.setUint32(countPtr, enc.length, true);
      v.setUint32(sizePtr, enc.reduce((s, b) => s + b.length, 0), true);
      return E.SUCCESS;
    };
    const fill = (list, ptrs, buf) => {
      const v = self.view();
      let at = buf;
      strings(list).forEach((b, i) => {
        v.setUint32(ptrs + 4 * i, at, true);
        self.bytes(at, b.length).set(b);
        at += b.length;
      });
      return E.SUCCESS;
    };
    const file = (fd) => {
      const f = self.fds.get(fd);
      if (!f) return { errno: E.BADF };
      if (f.stdio !== undefined) return { errno: E.SPIPE };
      if (f.node.type !== 'file') return { errno: E.ISDIR };
      return { f };
    };

    return {
      args_sizes_get: (c, s) => sizes(self.args, c, s),
      args_get: (p, b) => fill(self.args, p, b),
      environ_sizes_get: (c, s) => sizes(self.env, c, s),
      environ_get: (p, b) => fill(self.env, p, b),

      clock_res_get(id, ptr) {
        self.view().setBigUint64(ptr, 1000n, true);
        return E.SUCCESS;
      },
      clock_time_get(id, precision, ptr) {
        let t;
        if (id === 0) t = now();
        else if (id <= 3) t = BigInt(Math.round(performance.now() * 1e6));
        else return E.INVAL;
        self.view().setBigUint64(ptr, t, true);
        return E.SUCCESS;
      },
      random_get(ptr, len) {
        const chunk = new Uint8Array(Math.min(len, 65536));
        for (let at = 0; at < len; at += 65536) {
          const n = Math.min(65536, len - at);
          const part = chunk.subarray(0, n);
          crypto.getRandomValues(part);
          self.bytes(ptr + at, n).set(part);
        }
        return E.SUCCESS;
      },
      proc_exit(code) {
        throw new WasiExit(code);
      },
      proc_raise: nosys,
      sched_yield: () => E.SUCCESS,
      poll_oneoff(inPtr, outPtr, count, neventsPtr) {
        // Every subscription fires at once (clock: as if the time had come).
        const v = self.view();
        for (let i = 0; i < count; i++) {
          const sub = inPtr + 48 * i;
          const ev = outPtr + 32 * i;
          v.setBigUint64(ev, v.getBigUint64(sub, true), true); // userdata
          v.setUint16(ev + 8, E.SUCCESS, true);
          v.setUint8(ev + 10, v.getUint8(sub + 8)); // type
          v.setBigUint64(ev + 16, 0n, true);
          v.setUint16(ev + 24, 0, true);
        }
        v.setUint32(neventsPtr, count, true);
        return E.SUCCESS;
      },

      fd_write(fd, iovs, count, nPtr) {
        const f = self.fds.get(fd);
        if (!f) return E.BADF;
        let total;
        if (f.stdio !== undefined) {
          if (f.stdio === 0) return E.BADF;
          total = 0;
          const sink = f.stdio === 1 ? self.out : self.err;
          const dec = self.decoders[f.stdio - 1];
          for (const { ptr, len } of self.iovecs(iovs, count)) {
            const text = dec.decode(self.bytes(ptr, len), { stream: true });
            if (text) sink(text);
            total += len;
          }
        } else {
          if (f.node.type !== 'file') return E.ISDIR;
          const at = f.append ? f.node.size : f.pos;
          total = self.writeFrom(f, iovs, count, at);
          f.pos = at + total;
        }
        self.view().setUint32(nPtr, total, true);
        return E.SUCCESS;
      },
      fd_pwrite(fd, iovs, count, offset, nPtr) {
        const r = file(fd);
        if (r.errno) return r.errno;
        const total = self.writeFrom(r.f, iovs, count, Number(offset));
        self.view().setUint32(nPtr, total, true);
        return E.SUCCESS;
      },
      fd_read(fd, iovs, count, nPtr) {
        const f = self.fds.get(fd);
        if (!f) return E.BADF;
        let total = 0;
        if (f.stdio !== undefined) {
          if (f.stdio !== 0) return E.BADF;
          for (const { ptr, len } of self.iovecs(iovs, count)) {
            const n = Math.min(len, self.stdin.length - self.stdinPos);
            self.bytes(ptr, n).set(self.stdin.subarray(self.stdinPos, self.stdinPos + n));
            self.stdinPos += n;
            total += n;
            if (n < len) break;
          }
        } else {
          if (f.node.type !== 'file') return E.ISDIR;
          total = self.readInto(f, iovs, count, f.pos);
          f.pos += total;
        }
        self.view().setUint32(nPtr, total, true);
        return E.SUCCESS;
      },
      fd_pread(fd, iovs, count, offset, nPtr) {
        const r = file(fd);
        if (r.errno) return r.errno;
        const total = self.readInto(r.f, iovs, count, Number(offset));
        self.view().setUint32(nPtr, total, true);
        return E.SUCCESS;
      },
      fd_seek(fd, offset, whence, ptr) {
        const r = file(fd);
        if (r.errno) return r.errno;
        const base = whence === 0 ? 0 : whence === 1 ? r.f.pos : whence === 2 ? r.f.node.size : -1;
        if (base < 0) return E.INVAL;
        const pos = base + Number(offset);
        if (pos < 0) return E.INVAL;
        r.f.pos = pos;
        self.view().setBigUint64(ptr, BigInt(pos), true);
        return E.SUCCESS;
      },
      fd_tell(fd, ptr) {
        const r = file(fd);
        if (r.errno) return r.errno;
        self.view().setBigUint64(ptr, BigInt(r.f.pos), true);
        return E.SUCCESS;
      },
      fd_close(fd) {
        const f = self.fds.get(fd);
        if (!f) return E.BADF;
        if (f.preopen) return E.NOTSUP;
        self.fds.delete(fd);
        return E.SUCCESS;
      },
      fd_sync: (fd) => (self.fds.has(fd) ? E.SUCCESS : E.BADF),
      fd_datasync: (fd) => (self.fds.has(fd) ? E.SUCCESS : E.BADF),
      fd_advise: (fd) => (self.fds.has(fd) ? E.SUCCESS : E.BADF),
      fd_allocate(fd, offset, len) {
        const r = file(fd);
        if (r.errno) return r.errno;
        const end = Number(offset) + Number(len);
        if (end > r.f.node.size) resize(r.f.node, end);
        return E.SUCCESS;
      },
      fd_fdstat_get(fd, ptr) {
        const f = self.fds.get(fd);
        if (!f) return E.BADF;
        const v = self.view();
        // stdio: a character device with the seek right, so that isatty() says
        // no (the output is not a terminal: no progress bars, no colours).
        const type = f.stdio !== undefined ? FT.CHAR : f.node.type === 'dir' ? FT.DIR : FT.FILE;
        v.setUint8(ptr, type);
        v.setUint16(ptr + 2, f.append ? FDFLAG_APPEND : 0, true);
        v.setBigUint64(ptr + 8, RIGHTS_ALL, true);
        v.setBigUint64(ptr + 16, RIGHTS_ALL, true);
        return E.SUCCESS;
      },
      fd_fdstat_set_flags(fd, flags) {
        const f = self.fds.get(fd);
        if (!f) return E.BADF;
        f.append = (flags & FDFLAG_APPEND) !== 0;
        return E.SUCCESS;
      },
      fd_fdstat_set_rights: (fd) => (self.fds.has(fd) ? E.SUCCESS : E.BADF),
      fd_filestat_get(fd, ptr) {
        const f = self.fds.get(fd);
        if (!f) return E.BADF;
        if (f.stdio !== undefined) {
          const v = self.view();
          for (let i = 0; i < 64; i += 8) v.setBigUint64(ptr + i, 0n, true);
          v.setUint8(ptr + 16, FT.CHAR);
          return E.SUCCESS;
        }
        self.writeFilestat(ptr, f.node);
        return E.SUCCESS;
      },
      fd_filestat_set_size(fd, size) {
        const r = file(fd);
        if (r.errno) return r.errno;
        resize(r.f.node, Number(size));
        return E.SUCCESS;
      },
      fd_filestat_set_times: (fd) => (self.fds.has(fd) ? E.SUCCESS : E.BADF),
      fd_prestat_get(fd, ptr) {
        const f = self.fds.get(fd);
        if (!f || !f.preopen) return E.BADF;
        const v = self.view();
        v.setUint8(ptr, 0);
        v.setUint32(ptr + 4, new TextEncoder().encode(f.preopen).length, true);
        return E.SUCCESS;
      },
      fd_prestat_dir_name(fd, ptr, len) {
        const f = self.fds.get(fd);
        if (!f || !f.preopen) return E.BADF;
        const b = new TextEncoder().encode(f.preopen);
        if (len < b.length) return E.NAMETOOLONG;
        self.bytes(ptr, b.length).set(b);
        return E.SUCCESS;
      },
      fd_readdir(fd, buf, bufLen, cookie, usedPtr) {
        const f = self.fds.get(fd);
        if (!f) return E.BADF;
        if (!f.node || f.node.type !== 'dir') return E.NOTDIR;
        const entries = [...f.node.entries];
        const v = self.view();
        let used = 0;
        for (let i = Number(cookie); i < entries.length && used < bufLen; i++) {
          const [name, node] = entries[i];
          const nameBytes = new TextEncoder().encode(name);
          const head = new Uint8Array(24);
          const hv = new DataView(head.buffer);
          hv.setBigUint64(0, BigInt(i + 1), true);
          hv.setBigUint64(8, BigInt(node.ino), true);
          hv.setUint32(16, nameBytes.length, true);
          hv.setUint8(20, node.type === 'dir' ? FT.DIR : FT.FILE);
          const entry = new Uint8Array(24 + nameBytes.length);
          entry.set(head);
          entry.set(nameBytes, 24);
          const n = Math.min(entry.length, bufLen - used);
          self.bytes(buf + used, n).set(entry.subarray(0, n));
          used += n;
        }
        v.setUint32(usedPtr, used, true);
        return E.SUCCESS;
      },
      fd_renumber(from, to) {
        const f = self.fds.get(from);
        if (!f || !self.fds.has(to)) return E.BADF;
        self.fds.set(to, f);
        self.fds.delete(from);
        return E.SUCCESS;
      },

      path_open(dirfd, dirflags, pathPtr, pathLen, oflags, rightsBase, rightsInh, fdflags, fdPtr) {
        const d = self.dirOf(dirfd);
        if (d.errno) return d.errno;
        const path = self.string(pathPtr, pathLen);
        let { node, errno } = self.fs.lookup(path, d.dir);
        if (errno === E.NOENT && oflags & O.CREAT) {
          const p = self.fs.parent(path, d.dir);
          if (p.errno) return p.errno;
          node = fileNode();
          p.dir.entries.set(p.name, node);
          p.dir.mtim = now();
        } else if (errno) {
          return errno;
        } else if (oflags & O.CREAT && oflags & O.EXCL) {
          return E.EXIST;
        }
        if (oflags & O.DIRECTORY && node.type !== 'dir') return E.NOTDIR;
        const writing = (rightsBase & (1n << 6n)) !== 0n; // FD_WRITE
        if (node.type === 'dir' && (oflags & O.TRUNC || writing)) return E.ISDIR;
        if (node.type === 'file' && oflags & O.TRUNC) resize(node, 0);
        const fd = self.nextFd++;
        self.fds.set(fd, { node, pos: 0, append: (fdflags & FDFLAG_APPEND) !== 0 });
        self.view().setUint32(fdPtr, fd, true);
        return E.SUCCESS;
      },
      path_filestat_get(dirfd, flags, pathPtr, pathLen, ptr) {
        const d = self.dirOf(dirfd);
        if (d.errno) return d.errno;
        const r = self.fs.lookup(self.string(pathPtr, pathLen), d.dir);
        if (r.errno) return r.errno;
        self.writeFilestat(ptr, r.node);
        return E.SUCCESS;
      },
      path_filestat_set_times(dirfd, flags, pathPtr, pathLen) {
        const d = self.dirOf(dirfd);
        if (d.errno) return d.errno;
        const r = self.fs.lookup(self.string(pathPtr, pathLen), d.dir);
        return r.errno || E.SUCCESS;
      },
      path_create_directory(dirfd, pathPtr, pathLen) {
        const d = self.dirOf(dirfd);
        if (d.errno) return d.errno;
        const p = self.fs.parent(self.string(pathPtr, pathLen), d.dir);
        if (p.errno) return p.errno;
        if (p.dir.entries.has(p.name)) return E.EXIST;
        p.dir.entries.set(p.name, dirNode());
        return E.SUCCESS;
      },
      path_remove_directory(dirfd, pathPtr, pathLen) {
        const d = self.dirOf(dirfd);
        if (d.errno) return d.errno;
        const p = self.fs.parent(self.string(pathPtr, pathLen), d.dir);
        if (p.errno) return p.errno;
        const node = p.dir.entries.get(p.name);
        if (!node) return E.NOENT;
        if (node.type !== 'dir') return E.NOTDIR;
        if (node.entries.size) return E.NOTEMPTY;
        p.dir.entries.delete(p.name);
        return E.SUCCESS;
      },
      path_unlink_file(dirfd, pathPtr, pathLen) {
        const d = self.dirOf(dirfd);
        if (d.errno) return d.errno;
        const p = self.fs.parent(self.string(pathPtr, pathLen), d.dir);
        if (p.errno) return p.errno;
        const node = p.dir.entries.get(p.name);
        if (!node) return E.NOENT;
        if (node.type === 'dir') return E.ISDIR;
        p.dir.entries.delete(p.name);
        return E.SUCCESS;
      },
      path_rename(fromFd, fromPtr, fromLen, toFd, toPtr, toLen) {
        const a = self.dirOf(fromFd);
        const b = self.dirOf(toFd);
        if (a.errno || b.errno) return a.errno || b.errno;
        const from = self.fs.parent(self.string(fromPtr, fromLen), a.dir);
        const to = self.fs.parent(self.string(toPtr, toLen), b.dir);
        if (from.errno || to.errno) return from.errno || to.errno;
        const node = from.dir.entries.get(from.name);
        if (!node) return E.NOENT;
        const old = to.dir.entries.get(to.name);
        if (old === node) return E.SUCCESS;
        if (old) {
          if (old.type === 'dir' && node.type !== 'dir') return E.ISDIR;
          if (old.type !== 'dir' && node.type === 'dir') return E.NOTDIR;
          if (old.type === 'dir' && old.entries.size) return E.NOTEMPTY;
        }
        from.dir.entries.delete(from.name);
        to.dir.entries.set(to.name, node);
        return E.SUCCESS;
      },
      path_link: () => E.NOTSUP,
      path_symlink: () => E.NOTSUP,
      path_readlink: () => E.INVAL,

      sock_accept: nosys,
      sock_recv: nosys,
      sock_send: nosys,
      sock_shutdown: nosys,
    };
  }
}
