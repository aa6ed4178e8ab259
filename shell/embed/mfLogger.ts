// The stand-in for @module-federation/sdk's logger (webpack.config.ts swaps it in for the embed
// runtime and every remote's entry): the same names and methods, printing to the console with the
// prefix, without the library's stack capture and method fallbacks for delegates other than the
// console, and without debug output (a restaurant's page gets no federation debug log). ≈ 0.4 KB
// gzip in each file that carries it. shell/embed/mfLogger.test.ts checks it exports what the library exports.

type Delegate = Partial<Pick<Console, 'log' | 'info' | 'warn' | 'error' | 'debug'>>;

class Logger {
  constructor(
    public prefix: string,
    public delegate: Delegate = console,
  ) {}
  setPrefix(prefix: string): void {
    this.prefix = prefix;
  }
  setDelegate(delegate?: Delegate): void {
    this.delegate = delegate ?? console;
  }
  private emit(method: 'log' | 'info' | 'warn' | 'error', args: unknown[]): void {
    (this.delegate[method] ?? console[method]).call(this.delegate, this.prefix, ...args);
  }
  log(...args: unknown[]): void {
    this.emit('log', args);
  }
  warn(...args: unknown[]): void {
    this.emit('warn', args);
  }
  error(...args: unknown[]): void {
    this.emit('error', args);
  }
  success(...args: unknown[]): void {
    this.emit('info', args);
  }
  info(...args: unknown[]): void {
    this.emit('info', args);
  }
  ready(...args: unknown[]): void {
    this.emit('info', args);
  }
  debug(): void {}
}

export function createLogger(prefix: string): Logger {
  return new Logger(prefix);
}
export const createInfrastructureLogger = createLogger;
/** A build-time hook of the library (a compiler's logger): nothing to bind in a browser. */
export function bindLoggerToCompiler(): void {}
export const logger = createLogger('[ Module Federation ]');
export const infrastructureLogger = logger;
