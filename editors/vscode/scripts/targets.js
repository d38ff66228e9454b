// VS Code platform targets and the mdip binaries that go with them, shared by
// scripts/package.js and test/package.test.js.
'use strict';
const fs = require('fs');

/** The VS Code targets (vsce --target) the extension is packaged for, with Rust's target triples. */
const TARGETS = {
  'linux-x64': { os: 'linux', arch: 'x64', triple: 'x86_64-unknown-linux-gnu' },
  'linux-arm64': { os: 'linux', arch: 'arm64', triple: 'aarch64-unknown-linux-gnu' },
  'linux-armhf': { os: 'linux', arch: 'arm', triple: 'armv7-unknown-linux-gnueabihf' },
  'alpine-x64': { os: 'linux', arch: 'x64', triple: 'x86_64-unknown-linux-musl' },
  'alpine-arm64': { os: 'linux', arch: 'arm64', triple: 'aarch64-unknown-linux-musl' },
  'darwin-x64': { os: 'darwin', arch: 'x64', triple: 'x86_64-apple-darwin' },
  'darwin-arm64': { os: 'darwin', arch: 'arm64', triple: 'aarch64-apple-darwin' },
  'win32-x64': { os: 'win32', arch: 'x64', triple: 'x86_64-pc-windows-msvc' },
  'win32-arm64': { os: 'win32', arch: 'arm64', triple: 'aarch64-pc-windows-msvc' },
};

/** Whether this Linux runs on musl (Alpine) rather than glibc. */
function isMusl() {
  try {
    const report = process.report && process.report.getReport();
    return !(report && report.header && report.header.glibcVersionRuntime);
  } catch {
    return fs.existsSync('/etc/alpine-release');
  }
}

/** The VS Code target of this machine: linux-x64, darwin-arm64, win32-x64, ... */
function hostTarget() {
  const arch = process.arch === 'arm' ? 'armhf' : process.arch;
  let os = process.platform;
  if (os === 'linux' && isMusl()) {
    os = 'alpine';
  }
  const target = `${os}-${arch}`;
  if (!TARGETS[target]) {
    throw new Error(`this machine (${process.platform} ${process.arch}) is not a VS Code target; pass --target`);
  }
  return target;
}

/** The `process.platform` of a target, for the server's file name (see src/server.ts). */
function targetPlatform(target) {
  return TARGETS[target].os;
}

/** The server's file name in a target's package: `mdip`, or `mdip.exe` on Windows. */
function serverFileName(target) {
  return targetPlatform(target) === 'win32' ? 'mdip.exe' : 'mdip';
}

/**
 * What kind of executable a file holds, from its header: { format, os, arch }, with format ELF,
 * Mach-O or PE, os linux / darwin / win32 and arch x64 / arm64 / arm / universal; undefined
 * when it is none of these.
 */
function describeExecutable(buf) {
  if (buf.length >= 20 && buf.readUInt32BE(0) === 0x7f454c46) {
    const little = buf[5] === 1;
    const machine = little ? buf.readUInt16LE(18) : buf.readUInt16BE(18);
    const arch = { 62: 'x64', 183: 'arm64', 40: 'arm' }[machine] || `elf-machine-${machine}`;
    return { format: 'ELF', os: 'linux', arch };
  }
  if (buf.length >= 8 && buf.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = buf.readUInt32LE(4);
    const arch = { 0x01000007: 'x64', 0x0100000c: 'arm64' }[cpu] || `macho-cpu-${cpu.toString(16)}`;
    return { format: 'Mach-O', os: 'darwin', arch };
  }
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0xcafebabe) {
    return { format: 'Mach-O', os: 'darwin', arch: 'universal' };
  }
  if (buf.length >= 0x40 && buf.toString('latin1', 0, 2) === 'MZ') {
    const pe = buf.readUInt32LE(0x3c);
    if (buf.length >= pe + 6 && buf.toString('latin1', pe, pe + 4) === 'PE\0\0') {
      const machine = buf.readUInt16LE(pe + 4);
      const arch = { 0x8664: 'x64', 0xaa64: 'arm64' }[machine] || `pe-machine-${machine.toString(16)}`;
      return { format: 'PE', os: 'win32', arch };
    }
  }
  return undefined;
}

/** The first bytes of a file, enough for describeExecutable. */
function readHeader(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/** Why an executable does not fit a target, or undefined when it does. */
function targetMismatch(target, header) {
  const want = TARGETS[target];
  if (!want) {
    return `${target} is not a known target (${Object.keys(TARGETS).join(', ')})`;
  }
  const got = describeExecutable(header);
  if (!got) {
    return 'it is not an executable (ELF, Mach-O or PE)';
  }
  if (got.os !== want.os || (got.arch !== want.arch && got.arch !== 'universal')) {
    const article = got.format === 'ELF' ? 'an' : 'a';
    return `it is ${article} ${got.format} ${got.arch} executable (${got.os}), not one for ${target}`;
  }
  return undefined;
}

module.exports = { TARGETS, hostTarget, targetPlatform, serverFileName, describeExecutable, readHeader, targetMismatch };
