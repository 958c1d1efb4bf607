import { type ChildProcess, fork } from 'node:child_process';

// Child processes of a benchmark: forked with tsx's loader (fork() inherits process.execArgv, so
// the children run TypeScript too), tracked so the bench can stop exactly its own, and awaited
// message by message over their IPC channel.

export interface ChildSet {
  fork(file: string, env?: NodeJS.ProcessEnv, cwd?: string): ChildProcess;
  /** Every child still running. */
  running(): ChildProcess[];
}

export function createChildSet(): ChildSet {
  const children = new Set<ChildProcess>();
  return {
    fork(file, env, cwd) {
      const child = fork(file, [], { cwd, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.add(child);
      child.on('exit', () => children.delete(child));
      // send() to a child that died emits 'error'; the waiting nextMessage() reports the death instead.
      child.on('error', (error) => console.error(`child ${child.pid}: ${error.message}`));
      return child;
    },
    running: () => [...children],
  };
}

/** The child's next message of `type`; fails when it exits first or stays silent for `timeoutMs`. */
export function nextMessage<T>(child: ChildProcess, type: string, timeoutMs: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`${what}: no '${type}' within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: { type?: string }) => message.type === type && done(null, message as T);
    const onExit = (code: number | null) => done(new Error(`${what}: exited (${code}) before '${type}'`));
    const done = (error: Error | null, value?: T) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(value!);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode);
  });
}
