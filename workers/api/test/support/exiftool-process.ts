/**
 * One exiftool for the whole test run, kept open (`exiftool -stay_open True -@ -`, exiftool's own documented mode for
 * callers that read many files): each command is its arguments, one a line, then `-executeN`. Starting exiftool is
 * what costs (Perl loading its tag tables: about 0.17 s of CPU a run, a few hundred runs a suite), not the reading
 * (ADR 0198). Commands run one at a time, in the order asked; each answers exiftool's stdout for it, the stderr it
 * wrote, and the exit status the same command would have ended with on its own (`-echo4 ${status}`).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';

export interface ExiftoolResult {
  stdout: string;
  stderr: string;
  status: number;
}

/**
 * util-linux's setpriv ends exiftool with the process that started it: a stay-open exiftool reading a closed pipe
 * waits for ever, and a killed vitest would leave it behind.
 */
const SETPRIV = '/usr/bin/setpriv';

/** The child's pipes are sockets, which can stop holding the event loop open (`unref`) and start again. */
const pipe = (stream: unknown) => stream as Socket;

let child: ChildProcessWithoutNullStreams | undefined;
let queue: Promise<unknown> = Promise.resolve();
let counter = 0;

function start(): ChildProcessWithoutNullStreams {
  const args = ['-stay_open', 'True', '-@', '-'];
  const proc = existsSync(SETPRIV)
    ? spawn(SETPRIV, ['--pdeathsig', 'KILL', 'exiftool', ...args])
    : spawn('exiftool', args);
  // Between commands neither the process nor its pipes keep vitest running; it is ended when vitest ends.
  proc.unref();
  for (const stream of [proc.stdin, proc.stdout, proc.stderr]) pipe(stream).unref();
  proc.on('exit', () => {
    if (child === proc) child = undefined;
  });
  return proc;
}

process.on('exit', () => child?.kill());

/**
 * Reads one command's answer: stdout up to `{readyN}`, stderr up to `{statusN S}`. Each marker is the last thing
 * exiftool writes for a command, and the next command is sent only once both are in.
 */
function answer(proc: ChildProcessWithoutNullStreams, n: number): Promise<ExiftoolResult> {
  const ready = `{ready${n}}\n`;
  const statusLine = new RegExp(`\\{status${n} (\\d+)\\}\\n$`);
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let [outTail, errTail] = ['', ''];
    let stdout: string | undefined;
    let stderr: string | undefined;
    let status = 0;
    const finish = () => {
      if (stdout === undefined || stderr === undefined) return;
      proc.stdout.off('data', onOut);
      proc.stderr.off('data', onErr);
      proc.off('exit', onExit);
      resolve({ stdout, stderr, status });
    };
    const onOut = (chunk: Buffer) => {
      out.push(chunk);
      outTail = (outTail + chunk.toString('latin1')).slice(-ready.length);
      if (outTail !== ready) return;
      const all = Buffer.concat(out);
      stdout = all.subarray(0, all.length - ready.length).toString('utf8');
      finish();
    };
    const onErr = (chunk: Buffer) => {
      err.push(chunk);
      errTail = (errTail + chunk.toString('latin1')).slice(-64);
      const m = statusLine.exec(errTail);
      if (!m) return;
      const all = Buffer.concat(err);
      stderr = all.subarray(0, all.length - m[0].length).toString('utf8');
      status = Number(m[1]);
      finish();
    };
    const onExit = (code: number | null) => reject(new Error(`exiftool ended (exit ${code}) during a command`));
    proc.stdout.on('data', onOut);
    proc.stderr.on('data', onErr);
    proc.once('exit', onExit);
  });
}

/** exiftool with these arguments (none may hold a newline), as one run of `exiftool ...args` would answer. */
export function exiftoolRun(args: string[]): Promise<ExiftoolResult> {
  if (args.some((a) => a.includes('\n'))) return Promise.reject(new Error('an exiftool argument holds a newline'));
  const run = async () => {
    child ??= start();
    const n = ++counter;
    // While a command is out, its answer holds the event loop open.
    const reading = [child.stdout, child.stderr].map(pipe);
    for (const stream of reading) stream.ref();
    const answered = answer(child, n);
    child.stdin.write([...args, '-echo4', `{status${n} \${status}}`, `-execute${n}`, ''].join('\n'));
    return answered.finally(() => {
      for (const stream of reading) stream.unref();
    });
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
