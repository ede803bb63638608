// For tests that need a service as users run it: its entry point started with tsx in a process of
// its own, ready once it logs that it listens (pino's `listening…` line with the port), stopped with
// SIGTERM as a process manager stops it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const START_TIMEOUT_MS = 180_000;
/** The last lines kept to explain a service that did not start. */
const KEPT_LINES = 50;

export type ServiceLogLine = { msg?: string; port?: number; [field: string]: unknown };

export type ServiceProcess = {
  /** The port the service said it listens on. */
  port: number;
  child: ChildProcess;
  /** Its last lines of output, for a failure's message. */
  output(): string[];
  /** SIGTERM, then resolves once it has exited; safe to call again. */
  stop(): Promise<void>;
};

export async function startServiceProcess(options: {
  /** Its entry point (a .ts file). */
  entry: string;
  cwd: string;
  /** Its whole environment: nothing else is inherited. */
  env: NodeJS.ProcessEnv;
  /** How the service is named in errors. */
  name: string;
  /** Each JSON log line, as it comes. */
  onLogLine?: (line: ServiceLogLine) => void;
}): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (line: string) => {
    output.push(line);
    if (output.length > KEPT_LINES) output.shift();
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  child.stderr?.on('data', (chunk: Buffer) => keep(chunk.toString()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${options.name} did not start:\n${output.join('\n')}`)),
        START_TIMEOUT_MS,
      );
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => {
        keep(text);
        let line: ServiceLogLine;
        try {
          line = JSON.parse(text) as ServiceLogLine;
        } catch {
          return; // not a log line
        }
        options.onLogLine?.(line);
        if (line.msg?.startsWith('listening') && typeof line.port === 'number') {
          clearTimeout(timer);
          resolve(line.port);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${options.name} exited with code ${code}:\n${output.join('\n')}`));
      });
    });
    return { port, child, output: () => [...output], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
